/*
 * links_kernel.c -- the compiled minimal-weak-link search behind
 * `shannon-verify links --engine c` (verify/papers/lnk/kernel.py).
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.1.
 *
 * Reads graph6 lines (as written by `geng -q`) on standard input.  Each graph goes
 * through the fourteen sieve conditions of §3.1 (lnk_sieve.h).  For every candidate
 * pair (s, t) of a kept graph the exact solver of lnk_solver.h decides: Short wins
 * moving first, Short does not win moving second, and no single edge deletion keeps
 * the first-player win.  Pairs are not reduced up to automorphism: an isomorphic pair
 * is solved again and the Python side keeps one link per isomorphism class.
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
 * every graph for n <= 8 (n = 9 deep), and with the plain search (plain_kernel.c, no
 * sieve) at n = 10 and 11, so a bug here can only lose links, and those comparisons
 * are what catch it.
 *
 * Exit status 2, with one sentence on stderr, on a malformed line or n > MAXN.
 */
#include "lnk_graph6.h"
#include "lnk_sieve.h"
#include "lnk_solver.h"

static unsigned long long graphs, kept, games, links, rejected[NCOND + 1];
static int sieve_only;

static int one_line(char *line, size_t ll) {
    set adj[MAXN];
    int n = graph6_parse(line, ll, MAXN, adj);
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
        if (link_status(n, adj, g.ps[i], g.pt[i], 0) == 2) {
            links++;
            printf("L %.*s %d %d\n", (int)ll, line, g.ps[i], g.pt[i]);
            fflush(stdout);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    sieve_only = argc > 1 && strcmp(argv[1], "-s") == 0;
    if (solver_init()) return 2;
    int rc = graph6_lines(one_line, MAXN);
    if (rc) return rc;
    printf("S %llu %llu %llu %llu", graphs, kept, games, links);
    for (int k = 1; k <= NCOND; k++) printf(" %llu", rejected[k]);
    printf("\n");
    return 0;
}
