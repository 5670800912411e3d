/*
 * links_kernel.c -- the compiled minimal-weak-link search behind
 * `shannon-verify links --engine c` (verify/papers/lnk/kernel.py).
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.1.
 *
 * Reads graph6 lines (as written by `geng -q`) on standard input.  Each graph goes
 * through the fourteen sieve conditions of §3.1, in the paper's order, exactly as
 * verify/papers/lnk/sieve.py states them (condition 1 without constraint (10), the
 * bridge reduction of condition 6 recursive, conditions 10, 13, 14 narrowing the
 * candidate terminal pairs).  For every candidate pair (s, t) of a kept graph an exact
 * minimax solver (bitmask adjacency, memoised on the colouring of the play area)
 * decides: Short wins moving first, Short does not win moving second, and no single
 * edge deletion keeps the first-player win (triangle edges tried first: an order only).
 * Pairs are not reduced up to automorphism: an isomorphic pair is solved again and the
 * Python side keeps one link per isomorphism class.
 *
 * Output:
 *   L <graph6> <s> <t>        one line per minimal weak link found (pair as labelled
 *                             in the input graph), in input order;
 *   K <graph6> <s>:<t> ...    with -s, instead: every kept graph and its candidate
 *                             pairs (no solving);
 *   S <graphs> <kept> <games> <links> <r1> ... <r14>
 *                             last line: graphs read, graphs kept by the sieve,
 *                             pairs solved, links found, rejections per condition.
 *
 * Nothing here is trusted: every link is re-solved in Python by the exact solver
 * before it is reported, and the C search is compared with the Python searches on
 * every graph for n <= 8 (n = 9 deep), so a bug here can only lose links, and that
 * comparison is what catches it.
 *
 * Exit status 2, with one sentence on stderr, on a malformed line or n > MAXN.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 13            /* play area <= 11 vertices: 3^11 memo states */
#define NCOND 14
typedef uint32_t set;

static int popc(set s) { return __builtin_popcount(s); }
static int lowbit(set s) { return __builtin_ctz(s); }

/* ------------------------------------------------------------------ graph6 */
static int parse_graph6(const char *s, size_t len, set *adj) {
    if (len < 1 || s[0] < 63) return -1;
    int n = s[0] - 63;
    if (n > MAXN) return -2;
    size_t nbits = (size_t)n * (n - 1) / 2, need = 1 + (nbits + 5) / 6;
    if (len != need) return -1;
    for (int i = 0; i < n; i++) adj[i] = 0;
    size_t k = 0;
    int bitstream = 0, nb = 0;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++) {
            if (nb == 0) {
                k++;
                bitstream = s[k] - 63;
                if (bitstream < 0 || bitstream > 63) return -1;
                nb = 6;
            }
            nb--;
            if (bitstream >> nb & 1) {
                adj[i] |= (set)1 << j;
                adj[j] |= (set)1 << i;
            }
        }
    return n;
}

/* ------------------------------------------------------------------ the sieve */
typedef struct {
    int n, w;
    set adj[MAXN];
    int deg[MAXN];
    set trifree;          /* vertices in no triangle */
    set pendants;         /* degree-1 vertices */
    int npairs;
    int ps[MAXN * MAXN], pt[MAXN * MAXN];
} ctx;

/* u surrounds v: Γ(v) ⊆ Γ[u] */
static int surrounds(const ctx *g, int u, int v) { return (g->adj[v] & ~(g->adj[u] | ((set)1 << u))) == 0; }

static int is_clique(const set *adj, set m) {
    for (set t = m; t; t &= t - 1) {
        int i = lowbit(t);
        if (((adj[i] | ((set)1 << i)) & m) != m) return 0;
    }
    return 1;
}
/* a threatens b: Γ(b) \ {a} is a clique (TSD Theorem 7(i)) */
static int threatens(const ctx *g, int a, int b) { return is_clique(g->adj, g->adj[b] & ~((set)1 << a)); }
static int mutually_threatening(const ctx *g, int a, int b) { return threatens(g, a, b) && threatens(g, b, a); }

static void init_ctx(ctx *g, int n, const set *adj) {
    g->n = n;
    g->w = n - 2;
    g->trifree = 0;
    g->pendants = 0;
    g->npairs = 0;
    for (int v = 0; v < n; v++) {
        g->adj[v] = adj[v];
        g->deg[v] = popc(adj[v]);
        if (g->deg[v] == 1) g->pendants |= (set)1 << v;
    }
    for (int v = 0; v < n; v++) {
        int tri = 0;
        for (set t = adj[v]; t; t &= t - 1)
            if (adj[v] & adj[lowbit(t)]) { tri = 1; break; }
        if (!tri) g->trifree |= (set)1 << v;
    }
}

static int sieve(int n, const set *adj, ctx *out);

static int c01(ctx *g) {
    int d[MAXN] = {0}, n = g->n;
    for (int i = 0; i < n; i++) d[i] = g->deg[i];
    for (int i = 1; i < n; i++) { /* insertion sort */
        int x = d[i], j = i - 1;
        while (j >= 0 && d[j] > x) { d[j + 1] = d[j]; j--; }
        d[j + 1] = x;
    }
    if (n <= 9 && 2 * (d[0] + d[1]) > n + 1) return 0;
    if (n > 7 && d[0] + d[1] > n - 4) return 0;
    if (n > 5 && d[0] + d[1] + d[2] > n) return 0;
    if (n > 7 && d[0] + d[1] + d[2] > n - 1) return 0;
    if (n > 3 && d[0] + d[1] < 3) return 0;
    return 1;
}

static int c02(ctx *g) {
    set all = ((set)1 << g->n) - 1, r = 1, old = 0;
    while (r != old) {
        old = r;
        for (set t = old; t; t &= t - 1) r |= g->adj[lowbit(t)];
    }
    return r == all;
}

/* transverse edges uv: u surrounds v or v surrounds u */
static int c03(ctx *g) {
    if (g->n <= 3) return 1;
    int count = 0;
    for (int u = 0; u < g->n; u++)
        for (set t = g->adj[u] >> (u + 1) << (u + 1); t; t &= t - 1) {
            int v = lowbit(t);
            if (surrounds(g, u, v) || surrounds(g, v, u)) count++;
        }
    return count <= 1;
}

static int c04(ctx *g) {
    if (g->n <= 3) return 1;
    for (int u = 0; u < g->n; u++)
        for (set t = g->adj[u] >> (u + 1) << (u + 1); t; t &= t - 1) {
            int v = lowbit(t);
            if ((surrounds(g, u, v) || surrounds(g, v, u)) && g->deg[u] != 1 && g->deg[v] != 1) return 0;
        }
    return 1;
}

static int c05(ctx *g) { return popc(g->trifree) >= 3; }

static int c06(ctx *g) {
    int n = g->n;
    for (int a = 0; a < n; a++) {
        if (g->deg[a] != 2) continue;
        for (int b = a + 1; b < n; b++) {
            if (g->deg[b] == 2 && g->adj[a] == g->adj[b] && !(g->adj[a] >> b & 1)) {
                int x = lowbit(g->adj[a]);
                int y = lowbit(g->adj[a] & (g->adj[a] - 1));
                if (g->adj[x] >> y & 1) return 0;
                int pos[MAXN], k = 0;
                for (int v = 0; v < n; v++) pos[v] = (v == a || v == b) ? -1 : k++;
                set nw[MAXN];
                for (int v = 0; v < n; v++) {
                    if (pos[v] < 0) continue;
                    set m = 0;
                    for (set t = g->adj[v] & ~((set)1 << a) & ~((set)1 << b); t; t &= t - 1) m |= (set)1 << pos[lowbit(t)];
                    if (v == x) m |= (set)1 << pos[y];
                    if (v == y) m |= (set)1 << pos[x];
                    nw[pos[v]] = m;
                }
                ctx sub;
                return sieve(n - 2, nw, &sub) == 0;
            }
        }
    }
    return 1;
}

static int c07(ctx *g) {
    if (g->n <= 3) return 1;
    for (set t = g->pendants; t; t &= t - 1) {
        int v = lowbit(g->adj[lowbit(t)]);
        if (!(g->trifree >> v & 1) || g->deg[v] <= 2) return 0;
    }
    return 1;
}

static int c08(ctx *g) {
    if (g->n <= 3) return 1;
    int count[MAXN] = {0};
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (surrounds(g, u, v) && surrounds(g, v, u)) {
                if (++count[u] > 1 || ++count[v] > 1) return 0;
            }
    return 1;
}

static int c09(ctx *g) {
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (surrounds(g, u, v) && surrounds(g, v, u) && !((g->trifree >> u & 1) && (g->trifree >> v & 1))) return 0;
    return 1;
}

static int c10(ctx *g) {
    int n = g->n, w = g->w;
    g->npairs = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (!((g->trifree >> s & 1) && (g->trifree >> t & 1)) || (g->adj[s] >> t & 1)) continue;
            int bad = 0;
            for (int v = 0; v < n && !bad; v++)
                if (v != s && v != t && (surrounds(g, s, v) || surrounds(g, t, v))) bad = 1;
            if (bad) continue;
            if (n > 3) {
                if (g->pendants & ~(((set)1 << s) | ((set)1 << t))) continue;
                if (g->deg[s] == 1 && g->deg[t] == 1) continue;
                if (g->adj[s] & g->adj[t]) continue;
            }
            int ds = g->deg[s] + g->deg[t];
            if (w <= 7 && 2 * ds > w + 3) continue;
            int p = w - ds;
            if ((w > 3 && p < 1) || (w > 5 && p < 2)) continue;
            g->ps[g->npairs] = s;
            g->pt[g->npairs] = t;
            g->npairs++;
        }
    return g->npairs > 0;
}

static set never_terminal(const ctx *g) {
    set in = 0;
    for (int i = 0; i < g->npairs; i++) in |= ((set)1 << g->ps[i]) | ((set)1 << g->pt[i]);
    return (((set)1 << g->n) - 1) & ~in;
}

static int c11(ctx *g) {
    set nv = never_terminal(g);
    for (set ta = nv; ta; ta &= ta - 1) {
        int a = lowbit(ta);
        for (set tb = ta & (ta - 1); tb; tb &= tb - 1)
            if (mutually_threatening(g, a, lowbit(tb))) return 0;
    }
    return 1;
}

static int c12(ctx *g) {
    int n = g->n;
    if (n <= 3 || g->pendants) return 1;
    set always = ((set)1 << n) - 1;
    for (int i = 0; i < g->npairs; i++) always &= ((set)1 << g->ps[i]) | ((set)1 << g->pt[i]);
    set nv = never_terminal(g);
    for (int v = 0; v < n; v++) {
        if ((always >> v & 1) || !(g->trifree >> v & 1) || g->deg[v] < 3) continue;
        int bad = 0;
        for (int u = 0; u < n && !bad; u++)
            if (u != v && surrounds(g, u, v)) bad = 1;
        for (set t = nv; t && !bad; t &= t - 1) {
            int u = lowbit(t);
            if (u != v && surrounds(g, v, u)) bad = 1;
        }
        if (!bad) return 1;
    }
    return 0;
}

static int pair_ok_13(const ctx *g, int s, int t) {
    int n = g->n, w = g->w;
    const set *adj = g->adj;
    if (n > 5) {
        int ab[2][2] = {{s, t}, {t, s}};
        for (int k = 0; k < 2; k++)
            for (set x = adj[ab[k][0]]; x; x &= x - 1)
                if (popc(adj[lowbit(x)] & adj[ab[k][1]]) > 1) return 0;
    }
    if (n > 7)
        for (int v = 0; v < n; v++)
            if (v != s && v != t && popc(adj[v] & adj[s]) > 1 && popc(adj[v] & adj[t]) > 1) return 0;
    int p = w - g->deg[s] - g->deg[t];
    if (w > 3) {
        int bound = w > 5 ? p + 1 : p + 2;
        for (set b = adj[s] | adj[t]; b; b &= b - 1)
            if (g->deg[lowbit(b)] > bound) return 0;
    }
    return 1;
}

static int c13(ctx *g) {
    int k = 0;
    for (int i = 0; i < g->npairs; i++)
        if (pair_ok_13(g, g->ps[i], g->pt[i])) { g->ps[k] = g->ps[i]; g->pt[k] = g->pt[i]; k++; }
    g->npairs = k;
    return k > 0;
}

static int pair_ok_14(const ctx *g, int s, int t) {
    set vs = (((set)1 << g->n) - 1) & ~(((set)1 << s) | ((set)1 << t));
    for (set ta = vs; ta; ta &= ta - 1) {
        int a = lowbit(ta);
        for (set tb = ta & (ta - 1); tb; tb &= tb - 1)
            if (mutually_threatening(g, a, lowbit(tb))) return 0;
    }
    return 1;
}

static int c14(ctx *g) {
    int k = 0;
    for (int i = 0; i < g->npairs; i++)
        if (pair_ok_14(g, g->ps[i], g->pt[i])) { g->ps[k] = g->ps[i]; g->pt[k] = g->pt[i]; k++; }
    g->npairs = k;
    return k > 0;
}

typedef int (*cond_fn)(ctx *);
static const cond_fn CONDS[NCOND] = {c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14};

/* 0 when kept (pairs in *g), else the number (1..14) of the first rejecting condition */
static int sieve(int n, const set *adj, ctx *g) {
    if (n < 3) return 1;
    init_ctx(g, n, adj);
    for (int k = 0; k < NCOND; k++)
        if (!CONDS[k](g)) return k + 1;
    return 0;
}

/* ------------------------------------------------------------------ the solver */
/* Minimax with a memo on the colouring of the play area (each non-terminal free,
   short or cut: a base-3 key), whose turn it is being part of the key.  Short has won
   when s and t are joined through shorted vertices; Cut has won when every s-t path
   meets a cut vertex.  Speed-ups, each by elementary play (those of the Python
   FastSolver's `immediate` option and its live-vertex restriction):
   - a free vertex joining Short's s-blob to his t-blob wins at once for Short to move;
     two of them win for Short whoever moves, and one of them is Cut's only move;
   - a free vertex whose cutting separates s from t wins at once for Cut to move;
   - only free vertices reachable from both s and t avoiding cut vertices are played
     (no other vertex lies on an s-t path, so colouring it never matters, and a move
     that does not matter is never better than one that does: more vertices of one's
     own colour never hurt). */
static int SN, SS, ST;
static set SADJ[MAXN];
static int SIDX[MAXN], POW3[MAXN + 1];
static uint32_t *STAMP;
static uint8_t *VAL;
static uint32_t CUR;

static set reach(set start, set allowed) {
    set r = start, old = 0;
    while (r != old) {
        old = r;
        for (set t = old; t; t &= t - 1) r |= SADJ[lowbit(t)] & allowed;
    }
    return r;
}
static set nbrs(set x) {
    set r = 0;
    for (set t = x; t; t &= t - 1) r |= SADJ[lowbit(t)];
    return r;
}
static int short_joined(set S) { return reach((set)1 << SS, S | ((set)1 << ST)) >> ST & 1; }
static int cut_separated(set C) { return !(reach((set)1 << SS, (((set)1 << SN) - 1) & ~C) >> ST & 1); }

/* 1 when Short wins from (S, C) with `short_move` to play; neither side has won yet */
static int solve_rec(set S, set C, int key, int short_move) {
    size_t slot = (size_t)key * 2 + short_move;
    if (STAMP[slot] == CUR) return VAL[slot];
    set all = ((set)1 << SN) - 1, term = ((set)1 << SS) | ((set)1 << ST);
    set open = all & ~C;
    set live = reach((set)1 << SS, open) & reach((set)1 << ST, open);
    set free_ = live & ~S & ~term;
    set A = reach((set)1 << SS, S | ((set)1 << SS)), B = reach((set)1 << ST, S | ((set)1 << ST));
    set join = free_ & nbrs(A) & nbrs(B);
    int res;
    if (short_move) {
        if (join) res = 1;
        else {
            res = 0;
            /* vertices next to a blob first: an order only */
            set near = free_ & (nbrs(A) | nbrs(B));
            for (int pass = 0; pass < 2 && !res; pass++)
                for (set t = pass ? free_ & ~near : near; t && !res; t &= t - 1) {
                    int v = lowbit(t);
                    if (solve_rec(S | ((set)1 << v), C, key + POW3[SIDX[v]], 0)) res = 1;
                }
        }
    } else if (join & (join - 1)) {
        res = 1;
    } else {
        res = 1;
        for (set t = free_; t && res; t &= t - 1)
            if (cut_separated(C | (t & -t))) res = 0;
        if (res) {
            set moves = join ? join : free_;
            for (set t = moves; t && res; t &= t - 1) {
                int v = lowbit(t);
                if (!solve_rec(S, C | ((set)1 << v), key + 2 * POW3[SIDX[v]], 1)) res = 0;
            }
        }
    }
    STAMP[slot] = CUR;
    VAL[slot] = (uint8_t)res;
    return res;
}

static void solver_setup(int n, const set *adj, int s, int t) {
    SN = n;
    SS = s;
    ST = t;
    int k = 0;
    for (int v = 0; v < n; v++) {
        SADJ[v] = adj[v];
        SIDX[v] = (v == s || v == t) ? -1 : k++;
    }
}

/* Does Short win (G, s, t) moving first (short_first = 1) or second? */
static int short_wins(int short_first) {
    CUR++;
    if (CUR == 0) { /* stamp wrapped: clear */
        memset(STAMP, 0, sizeof(uint32_t) * 2 * (size_t)POW3[MAXN - 2]);
        CUR = 1;
    }
    if (short_joined(0)) return 1;
    if (cut_separated(0)) return 0;
    return solve_rec(0, 0, 0, short_first);
}

/* 1 when (G, s, t) is a minimal weak link */
static int minimal_weak(int n, const set *adj, int s, int t) {
    solver_setup(n, adj, s, t);
    if (!short_wins(1) || short_wins(0)) return 0;
    int eu[MAXN * MAXN], ev[MAXN * MAXN], ne = 0;
    for (int pass = 0; pass < 2; pass++) /* triangle edges first: an order only */
        for (int u = 0; u < n; u++)
            for (set x = adj[u] >> (u + 1) << (u + 1); x; x &= x - 1) {
                int v = lowbit(x);
                if ((pass == 0) == ((adj[u] & adj[v]) != 0)) { eu[ne] = u; ev[ne] = v; ne++; }
            }
    for (int i = 0; i < ne; i++) {
        SADJ[eu[i]] &= ~((set)1 << ev[i]);
        SADJ[ev[i]] &= ~((set)1 << eu[i]);
        int win = short_wins(1);
        SADJ[eu[i]] = adj[eu[i]];
        SADJ[ev[i]] = adj[ev[i]];
        if (win) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ main */
static unsigned long long graphs, kept, games, links, rejected[NCOND + 1];

static int one_line(char *line, size_t ll, int sieve_only) {
    set adj[MAXN];
    if (ll && line[ll - 1] == '\r') ll--;
    if (ll == 0) return 0;
    int n = parse_graph6(line, ll, adj);
    if (n < 0) return n;
    graphs++;
    ctx g;
    int r = sieve(n, adj, &g);
    if (r) {
        rejected[r]++;
        return 0;
    }
    kept++;
    if (sieve_only) {
        printf("K %.*s", (int)ll, line);
        for (int i = 0; i < g.npairs; i++) printf(" %d:%d", g.ps[i], g.pt[i]);
        printf("\n");
        return 0;
    }
    for (int i = 0; i < g.npairs; i++) {
        games++;
        if (minimal_weak(n, adj, g.ps[i], g.pt[i])) {
            links++;
            printf("L %.*s %d %d\n", (int)ll, line, g.ps[i], g.pt[i]);
            fflush(stdout);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    int sieve_only = argc > 1 && strcmp(argv[1], "-s") == 0;
    POW3[0] = 1;
    for (int i = 1; i <= MAXN; i++) POW3[i] = 3 * POW3[i - 1];
    size_t states = 2 * (size_t)POW3[MAXN - 2];
    STAMP = calloc(states, sizeof(uint32_t));
    VAL = calloc(states, 1);
    if (!STAMP || !VAL) {
        fprintf(stderr, "Out of memory for the solver's table.\n");
        return 2;
    }
    static char buf[1 << 20];
    size_t have = 0;
    unsigned long long lineno = 0;
    for (;;) {
        size_t got = fread(buf + have, 1, sizeof buf - have, stdin);
        int eof = got == 0;
        have += got;
        size_t p = 0;
        while (p < have) {
            char *nl = memchr(buf + p, '\n', have - p);
            if (!nl && !eof) break;
            size_t ll = nl ? (size_t)(nl - (buf + p)) : have - p;
            lineno++;
            int rc = one_line(buf + p, ll, sieve_only);
            if (rc == -2) {
                fprintf(stderr, "Line %llu has more than %d vertices.\n", lineno, MAXN);
                return 2;
            }
            if (rc < 0) {
                fprintf(stderr, "Line %llu is not a graph6 string.\n", lineno);
                return 2;
            }
            p += ll + 1;
        }
        if (eof) break;
        memmove(buf, buf + p, have - p);
        have -= p;
        if (have == sizeof buf) {
            fprintf(stderr, "Line %llu is too long for graph6.\n", lineno + 1);
            return 2;
        }
    }
    printf("S %llu %llu %llu %llu", graphs, kept, games, links);
    for (int k = 1; k <= NCOND; k++) printf(" %llu", rejected[k]);
    printf("\n");
    return 0;
}
