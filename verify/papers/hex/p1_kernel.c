/* HEX.P1 exhaustively: every full colouring of an R x C board (R*C <= 36).
 * Input: "R C [debug]" on stdin (debug, mutation testing only: bit 0 drops the
 * (r-1, c+1) / (r+1, c-1) neighbour direction from the board rule).  Output: "total neither both first_bad" where neither/both count
 * the colourings with no winning chain / with chains of both colours (first_bad: the
 * Black bitmask of the first such colouring in increasing order, or -1).
 * Chains: Black joins the top and bottom rows, White the left and right columns; cell
 * (r, c) touches (r, c+-1), (r+-1, c), (r-1, c+1), (r+1, c-1).  Flood fill on bitmasks.
 */
#include <stdint.h>
#include <stdio.h>

typedef uint64_t u64;
static int R, C;
static u64 FULL, TOP, BOTTOM, LEFT, RIGHT, NL, NR;
static int DIAG = 1; /* the (r-1, c+1) / (r+1, c-1) direction (off only under debug bit 0) */

static u64 dilate(u64 m) {
    u64 d = m | ((m << 1) & NL) | ((m >> 1) & NR) | (m << C) | (m >> C);
    if (DIAG) d |= ((m >> (C - 1)) & NL) | ((m << (C - 1)) & NR);
    return d & FULL;
}

static int chain(u64 s, u64 start, u64 goal) {
    u64 a = s & start, p = 0;
    while (a != p) { if (a & goal) return 1; p = a; a = dilate(a) & s; }
    return (a & goal) != 0;
}

int main(void) {
    int debug = 0;
    if (scanf("%d %d", &R, &C) != 2 || R < 1 || C < 1 || R * C > 36) { printf("? 0 0 -1\n"); return 1; }
    if (scanf("%d", &debug) == 1 && (debug & 1)) DIAG = 0;
    int n = R * C;
    FULL = (1ULL << n) - 1;
    TOP = (1ULL << C) - 1;
    BOTTOM = TOP << ((R - 1) * C);
    LEFT = 0;
    for (int i = 0; i < R; i++) LEFT |= 1ULL << (i * C);
    RIGHT = LEFT << (C - 1);
    NL = FULL & ~LEFT;
    NR = FULL & ~RIGHT;
    long long neither = 0, both = 0, bad = -1;
    for (u64 b = 0; b <= FULL; b++) {
        int x = chain(b, TOP, BOTTOM), y = chain(FULL & ~b, LEFT, RIGHT);
        if (x == y) {
            if (x) both++; else neither++;
            if (bad < 0) bad = (long long)b;
        }
        if (b == FULL) break;
    }
    printf("%llu %lld %lld %lld\n", (unsigned long long)FULL + 1, neither, both, bad);
    return 0;
}
