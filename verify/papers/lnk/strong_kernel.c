/*
 * strong_kernel.c -- a compiled direct search for minimal strong links, the second way
 * to Table 3 beside pendant removal from minimal weak links (verify/papers/lnk/kernel.py).
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §3, Table 3.
 *
 * Reads graph6 lines on standard input.  For n >= 5 a terminal pair is skipped by the
 * elementary conditions of search.candidate_pairs(strong=True) (adjacent terminals, two
 * common neighbours, an edge inside a border, a non-terminal pendant, two pendants); no
 * theorem of the paper is used.  Each remaining pair is solved by the same exact solver as
 * links_kernel.c: strong (Short wins moving second) and every single-edge deletion not
 * strong.  Output: "L <graph6> <s> <t>" per minimal strong link, then
 * "S <graphs> <graphs with a pair> <games> <links>".  Every link is re-solved in Python.
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

/* 1 when (G, s, t) is a minimal strong link */
static int minimal_strong(int n, const set *adj, int s, int t) {
    solver_setup(n, adj, s, t);
    if (!short_wins(0)) return 0;
    for (int u = 0; u < n; u++)
        for (set x = adj[u] >> (u + 1) << (u + 1); x; x &= x - 1) {
            int v = lowbit(x);
            SADJ[u] &= ~((set)1 << v);
            SADJ[v] &= ~((set)1 << u);
            int win = short_wins(0);
            SADJ[u] = adj[u];
            SADJ[v] = adj[v];
            if (win) return 0;
        }
    return 1;
}

static unsigned long long graphs, kept, games, links;

static int one_line(char *line, size_t ll, int unused) {
    (void)unused;
    set adj[MAXN];
    if (ll && line[ll - 1] == '\r') ll--;
    if (ll == 0) return 0;
    int n = parse_graph6(line, ll, adj);
    if (n < 0) return n;
    graphs++;
    set pend = 0, border_ok = 0;
    for (int v = 0; v < n; v++) {
        if (popc(adj[v]) == 1) pend |= (set)1 << v;
        int ok = 1;
        for (set x = adj[v]; x; x &= x - 1)
            if (adj[lowbit(x)] & adj[v]) { ok = 0; break; }
        if (ok) border_ok |= (set)1 << v;
    }
    int any = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (n >= 5) {
                if (popc(pend) > 2 || popc(pend) == 2) continue;
                if (!(border_ok >> s & 1) || !(border_ok >> t & 1) || (adj[s] >> t & 1)) continue;
                if (popc(adj[s] & adj[t]) >= 2) continue;
                if (pend & ~(((set)1 << s) | ((set)1 << t))) continue;
            }
            any = 1;
            games++;
            if (minimal_strong(n, adj, s, t)) {
                links++;
                printf("L %.*s %d %d\n", (int)ll, line, s, t);
            }
        }
    kept += any;
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
    printf("S %llu %llu %llu %llu\n", graphs, kept, games, links);
    return 0;
}
