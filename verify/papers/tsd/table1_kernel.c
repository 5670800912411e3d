/*
 * table1_kernel.c -- the fast counter behind `shannon-verify table TSD.TAB1`.
 *
 * Reads graph6 lines (as written by `geng -q`) on standard input and classifies
 * each graph by four flags, the conditions of Table 1 of
 *   A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.
 *
 *   bit 0  S-free        no simplicial vertex (open neighbourhood a clique;
 *                        an isolated vertex is simplicial)
 *   bit 1  perp-free/R1  no edge vw with Γ(v) ⊆ Γ[w]  (w surrounds the single
 *                        vertex v: Corollary I of Theorem 14)
 *   bit 2  perp-free/R2  no edge vw with v in the largest set U ∌ w such that
 *                        Γ(U) ⊆ Γ[w]  (w surrounds a set containing v: the
 *                        definition before Theorem 14, no terminals)
 *   bit 3  tf2           at least two triangle-free vertices (in no triangle)
 *
 * Output, by default: one line per vertex count n seen,
 *   n graphs h0 h1 ... h15
 * where h[f] is the number of graphs whose flags are exactly f.  With -g, one
 * line per graph instead: "<graph6> <flags>".  The Python side
 * (verify/tables/tab1.py) derives every column from the histogram and checks this
 * program against a pure-Python classifier graph by graph.
 *
 * Exit status 2, with one sentence on stderr, on a malformed line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 62
typedef uint64_t set;

static int lowbit(set s) { return __builtin_ctzll(s); }

/* the graph6 reader shared by the kernels: verify/include/graph6.h */
#define G6_SET set
#define G6_NOT_GRAPH6 "is not a graph6 string on at most 62 vertices."
#include "graph6.h"

static int is_clique(const set *adj, set s) {
    for (set t = s; t; t &= t - 1) {
        int u = lowbit(t);
        if ((s & ~((set)1 << u)) & ~adj[u]) return 0;
    }
    return 1;
}

static int flags_of(int n, const set *adj) {
    set all = ((set)1 << n) - 1;
    int s_free = 1, perp1 = 1, perp2 = 1, tf = 0;
    for (int v = 0; v < n; v++) {
        if (s_free && is_clique(adj, adj[v])) s_free = 0;
        if (tf >= 2 && !perp1) continue;  /* nothing left to learn from v's edges */
        set triangle = 0;
        for (set t = adj[v]; t; t &= t - 1) {
            int w = lowbit(t);
            triangle |= adj[w] & adj[v];
            /* R1: w surrounds v, i.e. Γ(v) ⊆ Γ[w] */
            if (perp1 && !(adj[v] & ~adj[w] & ~((set)1 << w))) perp1 = 0;
            if (triangle && !perp1) break;
        }
        tf += !triangle;
    }
    /* R2: greatest U ∌ w with Γ(U) ⊆ Γ[w]; an edge from w into U is transverse.
       Start from U = V - w and drop, breadth first, every vertex of U adjacent to an
       "escape" vertex (outside U and outside Γ[w]); dropped vertices outside Γ[w]
       escape in turn.  What remains is the greatest fixed point. */
    for (int w = 0; w < n && perp2; w++) {
        set closed = adj[w] | ((set)1 << w);
        set u = all & ~((set)1 << w);
        set frontier = all & ~u & ~closed;
        while (frontier) {
            set reach = 0;
            for (set t = frontier; t; t &= t - 1) reach |= adj[lowbit(t)];
            set drop = u & reach;
            u &= ~drop;
            frontier = drop & ~closed;
        }
        if (u & adj[w]) perp2 = 0;
    }
    return s_free | (perp1 << 1) | (perp2 << 2) | ((tf >= 2) << 3);
}

static unsigned long long hist[MAXN + 1][16], total[MAXN + 1];

static int per_graph;

/* Classify one line (no final '\r', not empty); returns 0, or -1 if it is not graph6 on
   at most MAXN vertices. */
static int one_line(char *line, size_t ll) {
    set adj[MAXN];
    int n = graph6_parse(line, ll, MAXN, adj);
    if (n < 0) return -1;
    int f = flags_of(n, adj);
    if (per_graph) printf("%.*s %d\n", (int)ll, line, f);
    hist[n][f]++;
    total[n]++;
    return 0;
}

int main(int argc, char **argv) {
    per_graph = argc > 1 && strcmp(argv[1], "-g") == 0;
    int rc = graph6_lines(one_line, MAXN);
    if (rc) return rc;
    if (!per_graph)
        for (int n = 0; n <= MAXN; n++) {
            if (!total[n]) continue;
            printf("%d %llu", n, total[n]);
            for (int f = 0; f < 16; f++) printf(" %llu", hist[n][f]);
            printf("\n");
        }
    return 0;
}
