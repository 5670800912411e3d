/*
 * shannon_kernel.c -- the compiled Shannon-game solver (driver: verify/solve/compiled.py).
 *
 * The vertex Shannon game of
 *   A. M. Steane, Threat, support and dead edges in the Shannon game, §2:
 * a graph and two terminals; Short colours (shorts) a non-terminal vertex, Cut deletes
 * one; Short wins when a path of coloured vertices joins the terminals, Cut when no
 * path joins them in the graph that is left.
 *
 * Input: one game per line, "<graph6> <t1> <t2>" (vertices 0..n-1 in graph6 order,
 * n <= 32; the graph6 reader is the shared verify/include/graph6.h).  Output: one line
 * per game,
 *   <W(Short first)> <W(Cut first)> <Short's winning first moves> <Cut's winning first moves>
 * the winners as S or C, the moves as decimal bit masks of vertices (0 when the game is
 * settled before any move, as in verify/solve/minimax.py).  Output is flushed after
 * every line, so one process answers queries one at a time or streams many games.
 * Exit status 2, with one sentence on stderr, on a malformed line; -b BITS sets the
 * transposition table to 2^BITS entries (default 20).
 *
 * The search: a position is (S, D), the shorted and the deleted vertices, and the player
 * to move.  Vertices outside the component of t1 in G - D can never lie on a terminal
 * path; they are counted as deleted (a move there is a pass, never better than a real
 * move), which also lets positions that differ only there share a table entry.  Two
 * elementary shortcuts, nothing from the papers: Short to move wins at once with a free
 * vertex adjacent to both terminals' shorted components; with two such vertices Short
 * wins whoever moves.  Everything else is plain negamax, memoised on (S, D) with a
 * generation stamp (a new game needs no clearing).  The kernel is cross-checked against
 * verify/solve/minimax.py on every game of tests/test_solve_compiled.py.
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

static set ADJ[MAXN];
static int N, T1, T2;
static set ALL, FREE0; /* every vertex; the non-terminals */

/* ------------------------------------------------------------------ the table */
typedef struct {
    uint64_t key;  /* S | D << 32 */
    uint32_t gen;  /* entry valid when gen == GEN */
    uint8_t known; /* bit 0: Short-to-move value known, bit 1: Cut-to-move value known */
    uint8_t value; /* bit 0 / bit 1: Short wins with Short / Cut to move */
} entry;

static entry *TABLE;
static uint64_t MASK, USED, LIMIT;
static uint32_t GEN = 1;

static void new_generation(void) {
    GEN++;
    USED = 0;
    if (GEN == 0) { /* wrapped: clear for real */
        memset(TABLE, 0, (MASK + 1) * sizeof(entry));
        GEN = 1;
    }
}

static entry *slot(uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    for (uint64_t i = h & MASK;; i = (i + 1) & MASK) {
        entry *e = &TABLE[i];
        if (e->gen != GEN) {
            if (USED >= LIMIT) { /* full: forget everything (a cache, never an answer) */
                new_generation();
                return slot(key);
            }
            USED++;
            e->gen = GEN;
            e->key = key;
            e->known = e->value = 0;
            return e;
        }
        if (e->key == key) return e;
    }
}

/* ------------------------------------------------------------------ the game */
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

/* Short wins (S, D) with Short (short_to_move) or Cut to move. */
static int short_wins(set S, set D, int short_to_move) {
    set comp = reach(BIT(T1), ALL & ~D);
    if (!(comp & BIT(T2))) return 0;            /* separated: Cut has won */
    set a1 = reach(BIT(T1), S | BIT(T1));        /* t1's shorted component */
    set n1 = 0;
    for (set t = a1; t; t &= t - 1) n1 |= ADJ[__builtin_ctz(t)];
    if (n1 & BIT(T2)) return 1;                  /* joined: Short has won */
    S &= comp;
    D = ALL & ~comp;                             /* what cannot be on a terminal path */
    set free = FREE0 & ~S & ~D;
    set a2 = reach(BIT(T2), S | BIT(T2));
    set n2 = 0;
    for (set t = a2; t; t &= t - 1) n2 |= ADJ[__builtin_ctz(t)];
    set both = n1 & n2 & free;                   /* a move that joins the terminals */
    if (both && (short_to_move || (both & (both - 1)))) return 1;
    uint64_t key = (uint64_t)S | (uint64_t)D << 32;
    entry *e = slot(key);
    int side = short_to_move ? 1 : 2;
    if (e->known & side) return (e->value & side) != 0;
    int win;
    if (short_to_move) {
        win = 0;
        for (set t = free; t && !win; t &= t - 1) win = short_wins(S | (t & -t), D, 0);
    } else {
        win = 1;
        for (set t = free; t && win; t &= t - 1) win = short_wins(S, D | (t & -t), 1);
    }
    e = slot(key); /* the table may have been renewed below */
    e->known |= side;
    if (win) e->value |= side;
    return win;
}

static int settled(void) {
    set comp = reach(BIT(T1), ALL);
    return !(comp & BIT(T2)) || (ADJ[T1] & BIT(T2));
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
    new_generation();
    int w_short = short_wins(0, 0, 1), w_cut = short_wins(0, 0, 0);
    set ms = 0, mc = 0;
    if (!settled())
        for (set t = FREE0; t; t &= t - 1) {
            set v = t & -t;
            if (short_wins(v, 0, 0)) ms |= v;
            if (!short_wins(0, v, 1)) mc |= v;
        }
    printf("%c %c %lu %lu\n", w_short ? 'S' : 'C', w_cut ? 'S' : 'C', (unsigned long)ms, (unsigned long)mc);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    int bits = 20;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) {
            bits = atoi(argv[++i]);
            if (bits < 4 || bits > 30) {
                fprintf(stderr, "The table size -b must be between 4 and 30.\n");
                return 2;
            }
        } else {
            fprintf(stderr, "Unknown option %s (use -b BITS).\n", argv[i]);
            return 2;
        }
    }
    MASK = ((uint64_t)1 << bits) - 1;
    LIMIT = (MASK + 1) / 4 * 3;
    TABLE = calloc(MASK + 1, sizeof(entry));
    if (!TABLE) {
        fprintf(stderr, "No memory for a table of 2^%d entries.\n", bits);
        return 2;
    }
    return graph6_lines(one_line, MAXN);
}
