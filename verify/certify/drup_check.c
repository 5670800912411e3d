/*
 * drup_check: an independent checker of clausal UNSAT proofs (DRUP: RUP lemmas and
 * deletions, in the text DRAT format) for a DIMACS CNF.
 *
 *     drup_check FORMULA.cnf PROOF.drup
 *
 * prints one line and exits 0 ("VERIFIED ..."), 1 ("REJECTED <reason>": the proof does
 * not show the formula unsatisfiable) or 2 ("ERROR <reason>": a file is missing,
 * unreadable or not in the format).  It shares no code with any SAT solver.
 *
 * What is checked.  Every lemma the refutation depends on must be RUP (reverse unit
 * propagation) with respect to the formula plus the earlier lemmas that are not deleted:
 * asserting the negation of its literals and unit-propagating gives a conflict.  The
 * proof must end in a conflict by unit propagation (normally after the empty clause).
 * RAT lemmas (DRAT's extension, needed for some preprocessing steps) are NOT supported:
 * a lemma that is RAT but not RUP is rejected.  Glucose (the project's solver) writes
 * DRUP only.  Binary DRAT is not supported.  Deleting a clause that is the reason of a
 * top-level unit is ignored (as drat-trim does by default), and so is deleting a
 * clause that is not present; ignoring a deletion keeps more clauses, which is always
 * sound for RUP (every kept clause is implied by the formula).
 *
 * How.  Backward checking with core marking (as drat-trim):
 *   forward:  add the formula, then the proof items in order, keeping the top-level
 *             unit-propagation fixpoint (a trail) and the trail length after each item,
 *             until propagation conflicts;
 *   backward: mark the clauses of that conflict's derivation as core; walk the items
 *             back, restoring each step's clause set (remove lemmas, re-add deleted
 *             clauses) and cutting the trail back to that step's length (the unit fixpoint
 *             of a clause set is unique, so the forward trail's prefix is exactly the
 *             fixpoint then); RUP-check each core lemma against it and mark the clauses
 *             its conflict used as core.
 * Core-first propagation: clauses already marked core propagate first (fewer lemmas end
 * up core).  Two watched literals per clause.  A false watched literal is only kept when the clause
 * is satisfied by a literal assigned *earlier* in the trail, or every other literal was
 * falsified earlier (then the other watch is true, propagated, or the clause conflicts),
 * so the watches stay valid when the trail is cut back to any step's length.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXVAR (1 << 26)
#define HDR 4 /* size, flags, line, id */
#define F_CORE 1
#define F_LEMMA 2
#define F_ACTIVE 4
#define F_TAUT 8

#define K_ADD 0
#define K_DEL 1
#define K_DEL_IGNORED 2 /* a reason of a top-level unit: kept */
#define K_DEL_MISSING 3 /* no such clause: nothing to delete */

typedef struct {
    int64_t ref;
    int blk;
} Watch;
typedef struct {
    Watch *a;
    int64_t n, cap;
} WList;

static int *db;
static int64_t db_n, db_cap;
static int64_t *cref; /* clause id -> arena offset */
static int *hnext;    /* clause id -> next id in its hash bucket */
static int64_t ncl, ncl_cap;
static int *hhead;
static uint64_t hmask;
static int64_t hcount;

static int64_t *iref;
static unsigned char *ikind;
static int64_t *ilen;
static int64_t nitems, items_cap;

static int maxvar;
static signed char *val; /* per literal code: 1 true, -1 false, 0 unassigned */
static int *pos;         /* per variable: trail position */
static int64_t *reason;  /* per variable: clause offset, -1 for none */
static char *seen;
static int *trail;
static int64_t trail_len, hc, hn; /* hc, hn: see propagate() */
static WList *wl;

#define SIZE(r) db[(r)]
#define FLAGS(r) db[(r) + 1]
#define LINE(r) db[(r) + 2]
#define LITS(r) (db + (r) + HDR)
#define VAR(l) ((l) >> 1)

static void die2(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("ERROR ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    exit(2);
}
static void reject(const char *msg) {
    printf("REJECTED %s\n", msg);
    exit(1);
}
static void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        printf("ERROR out of memory (%zu bytes)\n", n);
        exit(2);
    }
    return q;
}

/* ------------------------------------------------------------------ reading */
typedef struct {
    FILE *f;
    const char *name;
    unsigned char *buf;
    size_t len, at;
    long long line;
    int eof;
} Reader;

static int rd_peek(Reader *r) {
    if (r->at == r->len) {
        if (r->eof) return -1;
        r->len = fread(r->buf, 1, 1 << 20, r->f);
        r->at = 0;
        if (r->len == 0) {
            r->eof = 1;
            if (ferror(r->f)) die2("cannot read %s", r->name);
            return -1;
        }
    }
    return r->buf[r->at];
}
static void rd_skip(Reader *r) {
    if (r->buf[r->at] == '\n') r->line++;
    r->at++;
}
static void rd_skip_line(Reader *r) {
    int c;
    while ((c = rd_peek(r)) != -1) {
        rd_skip(r);
        if (c == '\n') break;
    }
}
/* skip blanks; returns next byte, -1 at end */
static int rd_blank(Reader *r) {
    int c;
    while ((c = rd_peek(r)) == ' ' || c == '\t' || c == '\n' || c == '\r') rd_skip(r);
    return c;
}
/* an integer at the current byte; *ok = 0 when it is not one */
static long long rd_int(Reader *r, int *ok) {
    int c = rd_peek(r), neg = 0, digits = 0;
    long long v = 0;
    if (c == '-') {
        neg = 1;
        rd_skip(r);
        c = rd_peek(r);
    }
    while (c >= '0' && c <= '9') {
        v = v * 10 + (c - '0');
        if (v > 2147483647LL) {
            *ok = 0;
            return 0;
        }
        digits++;
        rd_skip(r);
        c = rd_peek(r);
    }
    if (!digits || !(c == -1 || c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
        *ok = 0;
        return 0;
    }
    *ok = 1;
    return neg ? -v : v;
}

/* ------------------------------------------------------------------ clauses */
static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static uint64_t hash_lits(const int *l, int n) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)n;
    for (int i = 0; i < n; i++) {
        h ^= (uint64_t)(unsigned)l[i];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}
static void hash_insert(int id);
static void hash_grow(void) {
    uint64_t size = hmask ? (hmask + 1) * 2 : (1 << 16);
    free(hhead);
    hhead = xrealloc(NULL, size * sizeof(int));
    for (uint64_t i = 0; i < size; i++) hhead[i] = -1;
    hmask = size - 1;
    hcount = 0;
    for (int64_t id = 0; id < ncl; id++)
        if (hnext[id] != -2) hash_insert((int)id);
}
static void hash_insert(int id) {
    int64_t r = cref[id];
    if (!hhead || hcount + 1 > (int64_t)(hmask + 1)) hash_grow(); /* re-inserts the others */
    uint64_t b = hash_lits(LITS(r), SIZE(r)) & hmask;
    hnext[id] = hhead[b];
    hhead[b] = id;
    hcount++;
}
/* find and unlink an identical clause (sorted literals); -1 if none */
static int64_t hash_take(const int *l, int n) {
    uint64_t b = hash_lits(l, n) & hmask;
    int *link = &hhead[b];
    while (*link != -1) {
        int id = *link;
        int64_t r = cref[id];
        if (SIZE(r) == n && !memcmp(LITS(r), l, (size_t)n * sizeof(int))) {
            *link = hnext[id];
            hnext[id] = -2;
            hcount--;
            return r;
        }
        link = &hnext[id];
    }
    return -1;
}

/* store a clause (literal codes in tmp[0..n)); returns its offset */
static void sort_lits(int *a, int n) {
    if (n > 16) {
        qsort(a, (size_t)n, sizeof(int), cmp_int);
        return;
    }
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i;
        while (j > 0 && a[j - 1] > x) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

static int64_t store(int *tmp, int n, int flags, long long line) {
    sort_lits(tmp, n);
    int m = 0, taut = 0;
    for (int i = 0; i < n; i++) {
        if (m && tmp[m - 1] == tmp[i]) continue;
        if (m && tmp[m - 1] == (tmp[i] ^ 1)) taut = 1;
        tmp[m++] = tmp[i];
    }
    if (db_n + HDR + m > db_cap) {
        while (db_n + HDR + m > db_cap) db_cap = db_cap ? db_cap * 2 : (1 << 20);
        db = xrealloc(db, (size_t)db_cap * sizeof(int));
    }
    if (ncl == ncl_cap) {
        ncl_cap = ncl_cap ? ncl_cap * 2 : (1 << 16);
        cref = xrealloc(cref, (size_t)ncl_cap * sizeof(int64_t));
        hnext = xrealloc(hnext, (size_t)ncl_cap * sizeof(int));
    }
    int64_t r = db_n;
    db[r] = m;
    db[r + 1] = flags | (taut ? F_TAUT : 0);
    db[r + 2] = line > 2147483647LL ? 2147483647 : (int)line;
    db[r + 3] = (int)ncl;
    memcpy(db + r + HDR, tmp, (size_t)m * sizeof(int));
    db_n += HDR + m;
    cref[ncl] = r;
    hnext[ncl] = -2;
    ncl++;
    hash_insert((int)(ncl - 1));
    return r;
}

static void add_item(int64_t r, int kind) {
    if (nitems == items_cap) {
        items_cap = items_cap ? items_cap * 2 : (1 << 16);
        iref = xrealloc(iref, (size_t)items_cap * sizeof(int64_t));
        ikind = xrealloc(ikind, (size_t)items_cap);
        ilen = xrealloc(ilen, (size_t)items_cap * sizeof(int64_t));
    }
    iref[nitems] = r;
    ikind[nitems] = (unsigned char)kind;
    nitems++;
}

static int *tmp;
static int tmp_cap;
static void tmp_push(int n, int code) {
    if (n == tmp_cap) {
        tmp_cap = tmp_cap ? tmp_cap * 2 : 1024;
        tmp = xrealloc(tmp, (size_t)tmp_cap * sizeof(int));
    }
    tmp[n] = code;
}
static int code_of(long long lit) { return (int)(lit > 0 ? 2 * lit : -2 * lit + 1); }

static int64_t cnf_clauses;
static int cnf_vars;

static void parse_cnf(const char *path) {
    Reader r = {0};
    r.f = fopen(path, "rb");
    r.name = path;
    r.line = 1;
    if (!r.f) die2("cannot open %s", path);
    r.buf = xrealloc(NULL, 1 << 20);
    int c, ok;
    long long declared = -1;
    for (;;) { /* header */
        c = rd_blank(&r);
        if (c == 'c') {
            rd_skip_line(&r);
            continue;
        }
        if (c != 'p') die2("%s: no 'p cnf' header before line %lld", path, r.line);
        rd_skip(&r);
        rd_blank(&r);
        if (rd_peek(&r) != 'c') die2("%s: malformed 'p cnf' header at line %lld", path, r.line);
        rd_skip(&r);
        if (rd_peek(&r) != 'n') die2("%s: malformed 'p cnf' header at line %lld", path, r.line);
        rd_skip(&r);
        if (rd_peek(&r) != 'f') die2("%s: malformed 'p cnf' header at line %lld", path, r.line);
        rd_skip(&r);
        rd_blank(&r);
        long long v = rd_int(&r, &ok);
        if (!ok || v < 0 || v > MAXVAR) die2("%s: bad variable count in the header (line %lld)", path, r.line);
        rd_blank(&r);
        declared = rd_int(&r, &ok);
        if (!ok || declared < 0) die2("%s: bad clause count in the header (line %lld)", path, r.line);
        cnf_vars = (int)v;
        break;
    }
    int n = 0;
    long long start = r.line;
    for (;;) {
        c = rd_blank(&r);
        if (c == -1) break;
        if (c == 'c' && n == 0) {
            rd_skip_line(&r);
            continue;
        }
        if (n == 0) start = r.line;
        long long lit = rd_int(&r, &ok);
        if (!ok) die2("%s: not a literal at line %lld", path, r.line);
        if (lit == 0) {
            store(tmp, n, F_ACTIVE, start);
            cnf_clauses++;
            n = 0;
            continue;
        }
        if (lit > cnf_vars || -lit > cnf_vars) die2("%s: literal beyond the header's variable count at line %lld", path, r.line);
        tmp_push(n, code_of(lit));
        n++;
    }
    if (n) die2("%s: the file ends inside a clause (line %lld): truncated?", path, r.line);
    if (cnf_clauses != declared) {
        printf("ERROR %s has %lld clauses but its header declares %lld\n", path, (long long)cnf_clauses, declared);
        exit(2);
    }
    free(r.buf);
    fclose(r.f);
}

static int64_t n_lemmas, n_dels;

static void parse_proof(const char *path) {
    Reader r = {0};
    r.f = fopen(path, "rb");
    r.name = path;
    r.line = 1;
    if (!r.f) die2("cannot open %s", path);
    r.buf = xrealloc(NULL, 1 << 20);
    int c, ok, n = 0, del = 0;
    long long start = 1;
    maxvar = cnf_vars;
    for (;;) {
        c = rd_blank(&r);
        if (c == -1) break;
        if (n == 0 && !del) {
            start = r.line;
            if (c == 'c') {
                rd_skip_line(&r);
                continue;
            }
            if (c == 'd') {
                rd_skip(&r);
                del = 1;
                c = rd_peek(&r);
                if (c != ' ' && c != '\t') {
                    printf("REJECTED %s line %lld: 'd' must be followed by a space\n", path, r.line);
                    exit(1);
                }
                continue;
            }
        }
        if (!((c >= '0' && c <= '9') || c == '-')) {
            if (c == 'a' || c < 32 || c > 126) {
                printf("REJECTED %s is not a text DRUP proof (binary DRAT is not supported; byte 0x%02x at line %lld)\n", path, c, r.line);
                exit(1);
            }
            printf("REJECTED %s line %lld: unexpected '%c'\n", path, r.line, c);
            exit(1);
        }
        long long lit = rd_int(&r, &ok);
        if (!ok) {
            printf("REJECTED %s line %lld: not a literal\n", path, r.line);
            exit(1);
        }
        if (lit == 0) {
            if (del) {
                sort_lits(tmp, n);
                int m = 0;
                for (int i = 0; i < n; i++)
                    if (!m || tmp[m - 1] != tmp[i]) tmp[m++] = tmp[i];
                int64_t ref = hash_take(tmp, m);
                add_item(ref, ref < 0 ? K_DEL_MISSING : K_DEL);
                n_dels++;
            } else {
                add_item(store(tmp, n, F_LEMMA, start), K_ADD);
                n_lemmas++;
            }
            n = 0;
            del = 0;
            continue;
        }
        if (lit > MAXVAR || -lit > MAXVAR) {
            printf("REJECTED %s line %lld: variable %lld is too large\n", path, r.line, lit < 0 ? -lit : lit);
            exit(1);
        }
        if ((lit < 0 ? -lit : lit) > maxvar) maxvar = (int)(lit < 0 ? -lit : lit);
        tmp_push(n, code_of(lit));
        n++;
    }
    if (n || del) {
        printf("REJECTED %s ends inside a clause at line %lld (truncated?)\n", path, r.line);
        exit(1);
    }
    free(r.buf);
    fclose(r.f);
}

/* ------------------------------------------------------------- propagation */
static void wpush(int lit, int64_t ref, int blk) {
    WList *w = &wl[lit];
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 4;
        w->a = xrealloc(w->a, (size_t)w->cap * sizeof(Watch));
    }
    w->a[w->n].ref = ref;
    w->a[w->n].blk = blk;
    w->n++;
}
static void wremove(int lit, int64_t ref) {
    WList *w = &wl[lit];
    for (int64_t i = 0; i < w->n; i++)
        if (w->a[i].ref == ref) {
            w->a[i] = w->a[--w->n];
            return;
        }
}
static void watch(int64_t r) {
    int *c = LITS(r);
    wpush(c[0], r, c[1]);
    wpush(c[1], r, c[0]);
}
static void unwatch(int64_t r) {
    int *c = LITS(r);
    wremove(c[0], r);
    wremove(c[1], r);
}
static void assign(int lit, int64_t r) {
    int v = VAR(lit);
    val[lit] = 1;
    val[lit ^ 1] = -1;
    pos[v] = (int)trail_len;
    reason[v] = r;
    trail[trail_len++] = lit;
}
static void truncate_to(int64_t len) {
    while (trail_len > len) {
        int lit = trail[--trail_len];
        val[lit] = val[lit ^ 1] = 0;
        reason[VAR(lit)] = -1;
    }
    hc = hn = len;
}
/* Core-first propagation (as drat-trim): clauses already marked core propagate first,
 * the others one trail literal at a time in between, so a conflict tends to reuse the
 * core and fewer lemmas need checking.  Each class has its own head (hc, hn): a clause's
 * watches are processed in trail order by its class, and "processed" below means up to
 * the position that class is visiting. */
#define DONE_FALSE(l, h) (val[l] == -1 && pos[VAR(l)] <= (h))
#define EARLY_TRUE(l, h) (val[l] == 1 && pos[VAR(l)] < (h))

/* the watches of the literal falsified at trail position h, clauses of class `core` only */
static int64_t visit(int64_t h, int core) {
    int fl = trail[h] ^ 1;
    WList *w = &wl[fl];
    Watch *ws = w->a;
    int64_t n = w->n, i, j;
    for (i = j = 0; i < n; i++) {
        Watch wt = ws[i];
        if (EARLY_TRUE(wt.blk, h)) {
            ws[j++] = wt;
            continue;
        }
        int64_t r = wt.ref;
        int f = FLAGS(r);
        if (!(f & F_ACTIVE)) continue; /* a lemma removed in the backward pass */
        if (((f & F_CORE) != 0) != core) {
            ws[j++] = wt;
            continue;
        }
        int *c = LITS(r);
        if (c[0] == fl) {
            c[0] = c[1];
            c[1] = fl;
        }
        int first = c[0];
        if (EARLY_TRUE(first, h)) {
            wt.blk = first;
            ws[j++] = wt;
            continue;
        }
        int sz = SIZE(r), k;
        for (k = 2; k < sz; k++)
            if (!DONE_FALSE(c[k], h)) break;
        if (k < sz) {
            c[1] = c[k];
            c[k] = fl;
            wpush(c[1], r, first);
            continue;
        }
        ws[j++] = wt;
        if (val[first] == -1) {
            for (i++; i < n; i++) ws[j++] = ws[i];
            w->n = j;
            return r;
        }
        if (val[first] == 0) assign(first, r);
    }
    w->n = j;
    return -1;
}

static int64_t propagate(void) {
    int64_t r;
    for (;;) {
        while (hc < trail_len)
            if ((r = visit(hc++, 1)) >= 0) return r;
        if (hn == trail_len) return -1;
        if ((r = visit(hn++, 0)) >= 0) return r;
    }
}

/* mark as core every clause the derivation of the seen variables uses; literals below
 * trail position `prefix` whose reason is already core were expanded before */
static int64_t n_core;
static void mark(int64_t r) {
    if (!(FLAGS(r) & F_CORE)) {
        FLAGS(r) |= F_CORE;
        n_core++;
    }
}
static void expand(int64_t cnt, int64_t prefix) {
    for (int64_t i = trail_len - 1; cnt > 0 && i >= 0; i--) {
        int v = VAR(trail[i]);
        if (!seen[v]) continue;
        seen[v] = 0;
        cnt--;
        int64_t r = reason[v];
        if (r < 0) continue;
        if (i < prefix && (FLAGS(r) & F_CORE)) continue;
        mark(r);
        int *c = LITS(r);
        for (int k = 0; k < SIZE(r); k++) {
            int u = VAR(c[k]);
            if (u != v && !seen[u]) {
                seen[u] = 1;
                cnt++;
            }
        }
    }
}
static void analyze(int64_t confl, int64_t prefix) {
    mark(confl);
    int64_t cnt = 0;
    int *c = LITS(confl);
    for (int k = 0; k < SIZE(confl); k++) {
        int u = VAR(c[k]);
        if (!seen[u]) {
            seen[u] = 1;
            cnt++;
        }
    }
    expand(cnt, prefix);
}

/* RUP check of the clause at r against the current clause set and trail */
static int rup(int64_t r) {
    int64_t L = trail_len;
    int *c = LITS(r);
    for (int k = 0; k < SIZE(r); k++) {
        int l = c[k];
        if (val[l] == 1) {
            seen[VAR(l)] = 1;
            expand(1, L);
            truncate_to(L);
            return 1;
        }
        if (val[l] == 0) assign(l ^ 1, -1);
    }
    int64_t confl = propagate();
    if (confl >= 0) analyze(confl, L);
    truncate_to(L);
    return confl >= 0;
}

static int is_reason(int64_t r) {
    int *c = LITS(r);
    int m = SIZE(r) < 2 ? SIZE(r) : 2;
    for (int k = 0; k < m; k++)
        if (val[c[k]] == 1 && reason[VAR(c[k])] == r) return 1;
    return 0;
}

/* ---------------------------------------------------------------------- main */
int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: drup_check FORMULA.cnf PROOF.drup\n");
        printf("ERROR usage: drup_check FORMULA.cnf PROOF.drup\n");
        return 2;
    }
    clock_t t0 = clock();
    parse_cnf(argv[1]);
    parse_proof(argv[2]);
    double parse_s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    clock_t t1 = clock();

    size_t nl = 2 * (size_t)maxvar + 2;
    val = calloc(nl, 1);
    wl = calloc(nl, sizeof(WList));
    pos = calloc((size_t)maxvar + 1, sizeof(int));
    reason = xrealloc(NULL, ((size_t)maxvar + 1) * sizeof(int64_t));
    seen = calloc((size_t)maxvar + 1, 1);
    trail = calloc((size_t)maxvar + 1, sizeof(int));
    if (!val || !wl || !pos || !seen || !trail) {
        printf("ERROR out of memory\n");
        return 2;
    }
    for (int v = 0; v <= maxvar; v++) reason[v] = -1;

    /* forward: the formula */
    int64_t confl = -1, end = -1;
    int found = 0;
    for (int64_t id = 0; id < cnf_clauses && !found; id++) {
        int64_t r = cref[id];
        if (SIZE(r) == 0) {
            printf("VERIFIED the formula contains the empty clause (clause %lld); lemmas=0 checked=0\n", (long long)id + 1);
            return 0;
        }
        if (SIZE(r) >= 2 && !(FLAGS(r) & F_TAUT)) watch(r);
    }
    for (int64_t id = 0; id < cnf_clauses && !found; id++) {
        int64_t r = cref[id];
        if (SIZE(r) != 1) continue;
        int l = LITS(r)[0];
        if (val[l] == 1) continue;
        if (val[l] == -1) {
            confl = r;
            found = 1;
            break;
        }
        assign(l, r);
    }
    if (!found && (confl = propagate()) >= 0) found = 1;
    int64_t len0 = trail_len;

    /* forward: the proof */
    int64_t i;
    for (i = 0; i < nitems && !found; i++) {
        int64_t r = iref[i];
        if (ikind[i] == K_DEL_MISSING) {
            ilen[i] = trail_len;
            continue;
        }
        if (ikind[i] == K_DEL) {
            if (is_reason(r)) {
                ikind[i] = K_DEL_IGNORED;
            } else {
                if (SIZE(r) >= 2 && !(FLAGS(r) & F_TAUT)) unwatch(r);
                FLAGS(r) &= ~F_ACTIVE;
            }
            ilen[i] = trail_len;
            continue;
        }
        FLAGS(r) |= F_ACTIVE;
        int sz = SIZE(r);
        int *c = LITS(r);
        if (sz == 0) {
            char msg[200];
            snprintf(msg, sizeof msg, "the empty clause at proof line %d is not implied: unit propagation finds no conflict there", LINE(r));
            reject(msg);
        }
        if (FLAGS(r) & F_TAUT) {
            ilen[i] = trail_len;
            continue;
        }
        if (sz == 1) {
            if (val[c[0]] == -1) {
                confl = r;
                found = 1;
                end = i;
                break;
            }
            if (val[c[0]] == 0) assign(c[0], r);
        } else {
            /* watches: two non-false literals, else the non-false one and the last falsified */
            int nf = 0;
            for (int k = 0; k < sz && nf < 2; k++)
                if (val[c[k]] != -1) {
                    int t = c[nf];
                    c[nf] = c[k];
                    c[k] = t;
                    nf++;
                }
            for (int w = nf; w < 2; w++) {
                int best = w;
                for (int k = w + 1; k < sz; k++)
                    if (pos[VAR(c[k])] > pos[VAR(c[best])]) best = k;
                int t = c[w];
                c[w] = c[best];
                c[best] = t;
            }
            watch(r);
            if (nf == 0) {
                confl = r;
                found = 1;
                end = i;
                break;
            }
            if (nf == 1 && val[c[0]] == 0) assign(c[0], r);
        }
        if ((confl = propagate()) >= 0) {
            found = 1;
            end = i;
            break;
        }
        ilen[i] = trail_len;
    }
    if (!found) {
        char msg[300];
        snprintf(msg, sizeof msg,
                 "no conflict: after all %lld lemmas unit propagation does not refute the formula (the proof is incomplete or truncated, or is for another formula)",
                 (long long)n_lemmas);
        reject(msg);
    }

    /* backward */
    analyze(confl, trail_len);
    int64_t checked = 0, ignored = 0, missing = 0, used_lemmas = 0;
    for (i = end; i >= 0; i--) {
        int64_t r = iref[i];
        switch (ikind[i]) {
        case K_ADD:
            FLAGS(r) &= ~F_ACTIVE; /* left in its watch lists, dropped when met */
            truncate_to(i ? ilen[i - 1] : len0);
            if ((FLAGS(r) & F_CORE) && !(FLAGS(r) & F_TAUT)) {
                checked++;
                if (!rup(r)) {
                    char msg[300];
                    snprintf(msg, sizeof msg, "the lemma at proof line %d is not implied by unit propagation (not RUP; RAT lemmas are not supported)", LINE(r));
                    reject(msg);
                }
            }
            break;
        case K_DEL:
            if (SIZE(r) >= 2 && !(FLAGS(r) & F_TAUT)) watch(r);
            FLAGS(r) |= F_ACTIVE;
            break;
        case K_DEL_IGNORED:
            ignored++;
            break;
        default:
            missing++;
        }
    }
    for (i = end + 1; i < nitems; i++)
        if (ikind[i] == K_DEL_MISSING) missing++;
    int64_t core_cnf = 0;
    for (int64_t id = 0; id < ncl; id++) {
        int64_t r = cref[id];
        if (FLAGS(r) & F_CORE) {
            if (FLAGS(r) & F_LEMMA)
                used_lemmas++;
            else
                core_cnf++;
        }
    }
    double check_s = (double)(clock() - t1) / CLOCKS_PER_SEC;
    printf("VERIFIED vars=%d clauses=%lld lemmas=%lld deletions=%lld checked=%lld core_lemmas=%lld core_clauses=%lld "
           "ignored_deletions=%lld missing_deletions=%lld unused_items=%lld parse_s=%.3f check_s=%.3f\n",
           cnf_vars, (long long)cnf_clauses, (long long)n_lemmas, (long long)n_dels, (long long)checked,
           (long long)used_lemmas, (long long)core_cnf, (long long)ignored, (long long)missing,
           (long long)(nitems - end - 1), parse_s, check_s);
    return 0;
}
