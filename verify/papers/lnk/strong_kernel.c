/*
 * strong_kernel.c -- a compiled direct search for minimal strong links, the second way
 * to Table 3 beside pendant removal from minimal weak links (verify/papers/lnk/kernel.py).
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §3, Table 3.
 *
 * Reads graph6 lines on standard input.  For n >= 5 a terminal pair is skipped by the
 * elementary conditions of search.candidate_pairs(strong=True) (lnk_pairs.h: adjacent
 * terminals, two common neighbours, an edge inside a border, a non-terminal pendant, two
 * pendants); no theorem of the paper is used.  Each remaining pair is solved by the exact
 * solver of lnk_solver.h: strong (Short wins moving second) and every single-edge
 * deletion not strong.  Output: "L <graph6> <s> <t>" per minimal strong link, then
 * "S <graphs> <graphs with a pair> <games> <links>".  Every link is re-solved in Python,
 * and every candidate of n = 10 was decided again by the independent solver of plain.py.
 */
#include "lnk_graph6.h"
#include "lnk_pairs.h"
#include "lnk_solver.h"

static unsigned long long graphs, kept, games, links;

static int one_line(char *line, size_t ll) {
    set adj[MAXN];
    int n = graph6_parse(line, ll, MAXN, adj);
    if (n < 0) return n;
    graphs++;
    pair_info pi;
    pair_info_init(n, adj, &pi);
    int any = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (n >= 5 && !candidate_pair(&pi, adj, s, t, 1)) continue;
            any = 1;
            games++;
            if (link_status(n, adj, s, t, 1) == 2) {
                links++;
                printf("L %.*s %d %d\n", (int)ll, line, s, t);
            }
        }
    kept += any;
    return 0;
}

int main(void) {
    if (solver_init()) return 2;
    int rc = graph6_lines(one_line, MAXN);
    if (rc) return rc;
    printf("S %llu %llu %llu %llu\n", graphs, kept, games, links);
    return 0;
}
