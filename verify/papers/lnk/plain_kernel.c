/*
 * plain_kernel.c -- the plain compiled search for minimal weak (or, with -S, strong)
 * links: every graph read, every terminal pair, the exact solver; no sieve of §3.1, no
 * theorem of the paper, no geng bound (driver: verify/papers/lnk/plain.py).
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.
 *
 * Reads graph6 lines (geng -c -q n res/mod) on standard input.  A terminal pair is
 * skipped only by the elementary conditions of search.candidate_pairs (lnk_pairs.h,
 * each proved there from the rules of the game; applied for n >= 4 weak, n >= 5
 * strong), and with -a not at all.  Every other pair (s < t; not reduced up to
 * automorphism) is decided by the exact solver of lnk_solver.h: weak link and every
 * single-edge deletion not a first-player win (strong: strong link and every deletion
 * not strong).
 *
 * Options: -S strong links; -a every pair (no pair condition); -c print the candidate
 * pairs ("C <graph6> <s> <t>") instead of solving them.
 * Output: "L <graph6> <s> <t>" per link found, then
 *   S <graphs> <graphs with a candidate pair> <pairs solved> <minimal links> <links>
 * (links: pairs that are weak links -- Short wins first, not second -- or with -S strong
 * links, minimal or not).
 * Every link is re-solved in Python; exit status 2 on a malformed line.
 */
#include "lnk_graph6.h"
#include "lnk_pairs.h"
#include "lnk_solver.h"

static unsigned long long graphs, kept, games, links, wins;
static int strong, all_pairs, list_only;

static int one_line(char *line, size_t ll) {
    set adj[MAXN];
    int n = graph6_parse(line, ll, MAXN, adj);
    if (n < 0) return n;
    graphs++;
    int prune = !all_pairs && n >= (strong ? 5 : 4);
    pair_info pi;
    if (prune) pair_info_init(n, adj, &pi);
    int any = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (prune && !candidate_pair(&pi, adj, s, t, strong)) continue;
            any = 1;
            games++;
            if (list_only) {
                printf("C %.*s %d %d\n", (int)ll, line, s, t);
                continue;
            }
            int status = link_status(n, adj, s, t, strong);
            wins += status > 0;
            if (status == 2) {
                links++;
                printf("L %.*s %d %d\n", (int)ll, line, s, t);
                fflush(stdout);
            }
        }
    kept += any;
    return 0;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-S") == 0) strong = 1;
        else if (strcmp(argv[i], "-a") == 0) all_pairs = 1;
        else if (strcmp(argv[i], "-c") == 0) list_only = 1;
        else {
            fprintf(stderr, "Unknown option %s (use -S, -a, -c).\n", argv[i]);
            return 2;
        }
    }
    if (solver_init()) return 2;
    int rc = graph6_lines(one_line, MAXN);
    if (rc) return rc;
    printf("S %llu %llu %llu %llu %llu\n", graphs, kept, games, links, wins);
    return 0;
}
