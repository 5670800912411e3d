/*
 * dead_kernel.c -- the compiled dead-vertex oracle (driver: verify/dead/compiled.py).
 *
 * A non-terminal vertex of a Shannon game is dead when no complete colouring's winner
 * depends on its colour (A. M. Steane, Threat, support and dead edges in the Shannon
 * game, §5); by the project's lemma PROJ.INDUCED_PATH (docs/tools/dead.md) it is live
 * iff it lies on an induced (chordless) path between the terminals.
 *
 * Input: one game per line, "<graph6> <t1> <t2>" (vertices 0..n-1 in graph6 order,
 * n <= 32; the graph6 reader is the shared verify/include/graph6.h).  Output: one line
 * per game, the dead non-terminal vertices as a decimal bit mask.  Output is flushed
 * after every line, so one process answers queries one at a time or streams many games.
 * Exit status 2, with one sentence on stderr, on a malformed line or an option.
 *
 * The search: a depth-first search grows an induced path from t1.  A vertex x may be
 * appended when it is adjacent to the last vertex and to no earlier one (x outside
 * `blocked`, the closed neighbourhoods of every path vertex but the last); a path that
 * reaches t2 this way is induced, and its inner vertices are recorded live.  A branch is
 * cut when t2 is adjacent to a path vertex other than the last (the path could only
 * reach it through a chord), when t2 is not reachable from the path's end avoiding
 * `blocked`, or when every vertex the branch could still put on a path (the path and
 * what its end reaches) is already known live: the cuts discard no induced path that
 * carries a vertex not yet known live, so the answer is exact.  Nothing from the papers
 * is used.  The kernel is cross-checked against verify/dead/brute.py (the definition by
 * colourings) in tests/test_dead_compiled.py.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 32
typedef uint32_t set;

#define G6_SET set
#define G6_NOT_GRAPH6 "is not a game \"graph6 t1 t2\" (two different vertices of a graph on at most 32 vertices)."
#include "graph6.h"

#define BIT(v) ((set)1 << (v))

static set ADJ[MAXN], CLOSED[MAXN];
static int N, T1, T2;
static set ALL, FREE0, LIVE; /* every vertex; the non-terminals; the non-terminals found live */

static set reach(set from, set through) { /* vertices reachable from `from` inside `through` */
    set seen = from, frontier = from;
    while (frontier) {
        set grow = 0;
        for (set t = frontier; t; t &= t - 1) grow |= ADJ[__builtin_ctz(t)];
        frontier = grow & through & ~seen;
        seen |= frontier;
    }
    return seen;
}

/* The path is `path` (a mask) ending at `last`; `blocked`: the path and the closed
   neighbourhoods of its vertices before the last. */
static void extend(set path, int last, set blocked) {
    set nb = blocked | CLOSED[last]; /* blocked once a vertex follows `last` */
    for (set t = ADJ[last] & ~blocked; t; t &= t - 1) {
        int x = __builtin_ctz(t);
        if (x == T2) {
            LIVE |= path & FREE0;
            continue;
        }
        if (nb & BIT(T2)) continue; /* t2 next to a path vertex before x: a chord */
        set r = reach(BIT(x), (ALL & ~nb) | BIT(x));
        if (!(r & BIT(T2))) continue;
        if (!((path | r) & FREE0 & ~LIVE)) continue; /* nothing new to find here */
        extend(path | BIT(x), x, nb);
        if (!(FREE0 & ~LIVE)) return; /* every vertex is live */
    }
}

static int parse_int(const char **p, const char *end, int *out) {
    const char *s = *p;
    while (s < end && *s == ' ') s++;
    if (s == end || *s < '0' || *s > '9') return -1;
    long v = 0;
    while (s < end && *s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (v > 1000) return -1;
    }
    *p = s;
    *out = (int)v;
    return 0;
}

static int one_line(char *line, size_t ll) {
    const char *sp = memchr(line, ' ', ll), *end = line + ll;
    if (!sp) return -1;
    int n = graph6_parse(line, (size_t)(sp - line), MAXN, ADJ);
    if (n < 0) return n;
    const char *p = sp;
    if (parse_int(&p, end, &T1) || parse_int(&p, end, &T2)) return -1;
    while (p < end && *p == ' ') p++;
    if (p != end || T1 >= n || T2 >= n || T1 == T2) return -1;
    N = n;
    ALL = n == 32 ? ~(set)0 : BIT(n) - 1;
    FREE0 = ALL & ~BIT(T1) & ~BIT(T2);
    for (int v = 0; v < n; v++) CLOSED[v] = ADJ[v] | BIT(v);
    LIVE = 0;
    if (FREE0) extend(BIT(T1), T1, 0);
    printf("%lu\n", (unsigned long)(FREE0 & ~LIVE));
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        fprintf(stderr, "Unknown option %s (the dead kernel takes none).\n", argv[1]);
        return 2;
    }
    return graph6_lines(one_line, MAXN);
}
