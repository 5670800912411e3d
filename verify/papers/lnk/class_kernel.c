/*
 * class_kernel.c -- minimal weak (or, with -S, strong) links of maximum degree <= D on
 * up to 17 vertices (driver: verify/papers/lnk/classes.py).  No sieve of §3.1 and no
 * theorem of the paper: the pairs solved are cut down only by rules proved from the
 * rules of the game (lnk_pairs.h: R1-R5; lnk_rules.h: R6, R7; proofs in
 * verify/papers/lnk/rules.py), and the exact solver of lnk_solver.h decides the rest.
 *
 *   A. M. Steane, "Minimal and irreducible links in the Shannon game", §5.1.
 *
 * Reads graph6 lines on standard input:
 *   default   geng -c -d2 -DD n: every pair s < t of each graph;
 *   -p D      geng -c -d2 -DD (n-1): each graph gets a new last vertex s, a pendant
 *             joined to one vertex a of degree < D, for every such a in turn; only the
 *             pairs (s, t) are solved (by R3 no other pair of a graph with a pendant can
 *             carry a minimal link).  Rules R3, R5 and R8 of rules.py show that these two
 *             inputs together hold every graph that can carry a minimal weak link of
 *             maximum degree <= D on n vertices.
 * Options: -S strong links; -a no pair rule (R1-R7) at all; -c print the candidate pairs
 * ("C <graph6> <s> <t>") instead of solving them.
 * Output: "L <graph6> <s> <t>" per minimal link found (graph6 of the graph solved, the
 * pendant included), then
 *   S <graphs> <graphs with a candidate pair> <pairs solved> <minimal links> <links>
 *     <pairs rejected by R1-R5> <by R7> <by R6>
 * (links: pairs that are weak -- resp. strong -- links, minimal or not).
 * Every link is re-solved in Python; exit status 2 on a malformed line.
 */
#define MAXN 17 /* play area <= 15 vertices: 3^15 memo states */
#include "lnk_graph6.h"
#include "lnk_pairs.h"
#include "lnk_rules.h"
#include "lnk_solver.h"

static unsigned long long graphs, kept, games, links, wins, pair_rejected;
static int strong, all_pairs, list_only, pendant_degree;

/* Solve the pairs of one graph; only_s >= 0 keeps the pairs with that terminal */
static void one_graph(int n, const set *adj, int only_s) {
    char g6[G6_MAX_BYTES + 1];
    graph6_write(n, adj, g6);
    graphs++;
    int prune = !all_pairs && n >= (strong ? 5 : 4);
    pair_info pi;
    if (prune) pair_info_init(n, adj, &pi);
    int any = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (only_s >= 0 && s != only_s && t != only_s) continue;
            if (prune && !candidate_pair(&pi, adj, s, t, strong)) {
                pair_rejected++;
                continue;
            }
            if (prune && !rules_ok(n, adj, s, t)) continue;
            any = 1;
            games++;
            if (list_only) {
                printf("C %s %d %d\n", g6, s, t);
                continue;
            }
            int status = link_status(n, adj, s, t, strong);
            wins += status > 0;
            if (status == 2) {
                links++;
                printf("L %s %d %d\n", g6, s, t);
                fflush(stdout);
            }
        }
    kept += any;
}

static int one_line(char *line, size_t ll) {
    set adj[MAXN];
    int n = graph6_parse(line, ll, pendant_degree ? MAXN - 1 : MAXN, adj);
    if (n < 0) return n;
    if (!pendant_degree) {
        one_graph(n, adj, -1);
        return 0;
    }
    for (int a = 0; a < n; a++) {
        if (popc(adj[a]) >= pendant_degree) continue;
        adj[n] = BIT(a);
        adj[a] |= BIT(n);
        one_graph(n + 1, adj, n);
        adj[a] &= ~BIT(n);
    }
    return 0;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-S") == 0) strong = 1;
        else if (strcmp(argv[i], "-a") == 0) all_pairs = 1;
        else if (strcmp(argv[i], "-c") == 0) list_only = 1;
        else if (strcmp(argv[i], "-p") == 0 && i + 1 < argc && atoi(argv[i + 1]) >= 2) pendant_degree = atoi(argv[++i]);
        else {
            fprintf(stderr, "Unknown option %s (use -S, -a, -c, -p D with D >= 2).\n", argv[i]);
            return 2;
        }
    }
    if (solver_init()) return 2;
    int rc = graph6_lines(one_line, pendant_degree ? MAXN - 1 : MAXN);
    if (rc) return rc;
    printf("S %llu %llu %llu %llu %llu %llu %llu %llu\n", graphs, kept, games, links, wins, pair_rejected,
           RULE7_REJECTED, RULE6_REJECTED);
    return 0;
}
