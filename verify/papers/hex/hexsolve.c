/* Hex solver kernel: WINVALUE of HEX Fig. 13 (van Rijswijck's must-play search) on
 * bitboards, with a bounded transposition table (always-replace, fixed size).
 *
 * Board: R rows x C columns, R*C <= 64; bit r*C+c is cell (r, c).  Black joins the top
 * and bottom rows, White the left and right columns.  Cell (r, c) touches (r, c+-1),
 * (r+-1, c), (r-1, c+1), (r+1, c-1).
 *
 * Input (stdin), one query per line:   R C black white tomove flags
 *   black, white: stone bitmasks in hex; tomove: B or W; flags: bit 0 = must-play
 *   update M <- M & S of Fig. 13 (else plain game-tree search over every vacant cell,
 *   same recursion); bit 1 = one-move threats (a cell completing the mover's chain
 *   wins at once; two opponent completing cells lose; one must be played; a move
 *   making two completing cells wins, and each such opponent move narrows M to its
 *   three cells).
 * Output, one line per query:   winner carrier nodes
 *   winner: B or W; carrier: hex bitmask of vacant cells carrying the winner's win
 *   (the loser may be given every other vacant cell in advance); nodes searched.
 * The table is cleared between queries of different board sizes; entries record the
 * switch setting they were found with.
 * argv[1] (optional): log2 of the table size (default 22).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

static int R, C, N;
static u64 FULL, TOP, BOTTOM, LEFT, RIGHT, NOTLEFT, NOTRIGHT;
static int order[64];
static long long nodes;

typedef struct { u64 b, w, carrier; uint8_t used, tomove, win, flags; } Entry;
static Entry *table;
static u64 tmask;

static u64 dilate(u64 m) {
    u64 d = m;
    d |= (m << 1) & NOTLEFT;        /* (r, c+1) */
    d |= (m >> 1) & NOTRIGHT;       /* (r, c-1) */
    d |= m << C;                    /* (r+1, c) */
    d |= m >> C;                    /* (r-1, c) */
    d |= (m >> (C - 1)) & NOTLEFT;  /* (r-1, c+1) */
    d |= (m << (C - 1)) & NOTRIGHT; /* (r+1, c-1) */
    return d & FULL;
}

static int chain(u64 stones, int black) {
    u64 start = black ? TOP : LEFT, goal = black ? BOTTOM : RIGHT;
    u64 reach = stones & start, prev = 0;
    while (reach != prev) {
        if (reach & goal) return 1;
        prev = reach;
        reach = dilate(reach) & stones;
    }
    return (reach & goal) != 0;
}

static u64 hash(u64 b, u64 w, int t) {
    u64 h = b * 0x9E3779B97F4A7C15ULL ^ (w + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL ^ (u64)t;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

static int mustplay_on = 1, threats_on = 1;
static uint8_t flags = 3; /* entries are kept per switch setting, so switches never share answers */

/* cells where one more stone of this colour completes a chain (no chain yet) */
static u64 threats(u64 stones, u64 vacant, int black) {
    u64 start = black ? TOP : LEFT, goal = black ? BOTTOM : RIGHT;
    u64 a = stones & start, p = 0;
    while (a != p) { p = a; a = dilate(a) & stones; }
    u64 z = stones & goal; p = 0;
    while (z != p) { p = z; z = dilate(z) & stones; }
    return vacant & (dilate(a) | start) & (dilate(z) | goal);
}

/* Returns 1 when the player to move wins; *carrier gets the winner's carrier. */
static int winvalue(u64 b, u64 w, int black_to_move, u64 *carrier) {
    nodes++;
    /* the player who just moved may have a chain: it is the opponent of the mover */
    if (chain(black_to_move ? w : b, !black_to_move)) { *carrier = 0; return 0; }
    if (chain(black_to_move ? b : w, black_to_move)) { *carrier = 0; return 1; }
    u64 h = hash(b, w, black_to_move ^ (flags << 1)) & tmask;
    Entry *e = &table[h];
    if (e->used && e->b == b && e->w == w && e->tomove == black_to_move && e->flags == flags) { *carrier = e->carrier; return e->win; }
    u64 vacant = FULL & ~(b | w);
    u64 M = vacant, W = 0;
    if (threats_on) {
        /* one-move wins (plain consequence of the rules): the mover wins at once with a
           cell joining its two sides; if the opponent has two such cells the mover
           loses (carrier: the two cells); with one, the mover must play it. */
        u64 mine = black_to_move ? b : w, theirs = black_to_move ? w : b;
        u64 t = threats(mine, vacant, black_to_move);
        if (t) { *carrier = t & -t; return 1; }
        u64 o = threats(theirs, vacant, !black_to_move);
        if (o & (o - 1)) { u64 lo = o & -o; o &= o - 1; *carrier = lo | (o & -o); return 0; }
        if (o) { M = o; W = o; }  /* the threat cell carries the opponent's semi-connection */
        /* two-move wins: a move after which the player has two completing cells wins
           (carrier: the move and the two cells).  For the mover that is a win; each such
           move of the opponent is an opponent semi-connection, so the mover must play
           inside its carrier (the must-play rule, HEX.MUSTPLAY). */
        if (!o) {
            u64 v = vacant;
            while (v) {
                u64 m = v & -v; v &= v - 1;
                u64 t2 = threats(mine | m, vacant & ~m, black_to_move);
                if (t2 & (t2 - 1)) { u64 lo = t2 & -t2; t2 &= t2 - 1; *carrier = m | lo | (t2 & -t2); return 1; }
            }
            v = vacant;
            while (v && M) {
                u64 m = v & -v; v &= v - 1;
                u64 t2 = threats(theirs | m, vacant & ~m, !black_to_move);
                if (t2 & (t2 - 1)) { u64 lo = t2 & -t2; t2 &= t2 - 1; u64 car = m | lo | (t2 & -t2); M &= car; W |= car; }
            }
            if (!M) { *carrier = W; return 0; }
        }
    }
    int win = 0;
    u64 result = 0;
    for (int k = 0; k < N && M; k++) {
        int m = order[k];
        u64 bit = 1ULL << m;
        if (!(M & bit)) continue;
        u64 S;
        int child = black_to_move ? winvalue(b | bit, w, 0, &S) : winvalue(b, w | bit, 1, &S);
        if (!child) { win = 1; result = S | bit; break; }
        W |= S;
        if (mustplay_on) M &= S; else M &= ~bit;
    }
    if (!win) result = W;
    e = &table[h];
    e->used = 1; e->b = b; e->w = w; e->tomove = (uint8_t)black_to_move; e->win = (uint8_t)win; e->carrier = result; e->flags = flags;
    *carrier = result;
    return win;
}

static void setup(int r, int c) {
    R = r; C = c; N = r * c;
    FULL = N == 64 ? ~0ULL : ((1ULL << N) - 1);
    TOP = (1ULL << C) - 1;
    BOTTOM = TOP << ((R - 1) * C);
    LEFT = 0;
    for (int i = 0; i < R; i++) LEFT |= 1ULL << (i * C);
    RIGHT = LEFT << (C - 1);
    NOTLEFT = FULL & ~LEFT;
    NOTRIGHT = FULL & ~RIGHT;
    /* static order: cells nearest the board's centre first (hex distance) */
    double cr = (R - 1) / 2.0, cc = (C - 1) / 2.0;
    double key[64];
    for (int i = 0; i < N; i++) {
        double dr = i / C - cr, dc = i % C - cc;
        double ds = -(dr + dc);
        double d = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) + (ds < 0 ? -ds : ds);
        key[i] = d;
        order[i] = i;
    }
    for (int i = 1; i < N; i++) {
        int x = order[i]; int j = i;
        while (j > 0 && key[order[j - 1]] > key[x]) { order[j] = order[j - 1]; j--; }
        order[j] = x;
    }
}

int main(int argc, char **argv) {
    int bits = argc > 1 ? atoi(argv[1]) : 22;
    if (bits < 10 || bits > 30) bits = 22;
    tmask = (1ULL << bits) - 1;
    table = calloc((size_t)1 << bits, sizeof(Entry));
    if (!table) { fprintf(stderr, "no memory\n"); return 1; }
    int r, c, mp, lastr = -1, lastc = -1;
    unsigned long long b, w;
    char t[4];
    while (scanf("%d %d %llx %llx %3s %d", &r, &c, &b, &w, t, &mp) == 6) {
        if (r < 1 || c < 1 || r * c > 64) { printf("? 0 0\n"); fflush(stdout); continue; }
        if (r != lastr || c != lastc) {
            memset(table, 0, ((size_t)1 << bits) * sizeof(Entry));
            setup(r, c);
            lastr = r; lastc = c;
        }
        mustplay_on = mp & 1;
        threats_on = (mp >> 1) & 1;
        flags = (uint8_t)(mp & 3);
        nodes = 0;
        int btm = t[0] == 'B';
        u64 car;
        int mover = winvalue(b, w, btm, &car);
        char winner = (mover == btm) ? 'B' : 'W';
        printf("%c %llx %lld\n", winner, (unsigned long long)car, nodes);
        fflush(stdout);
    }
    return 0;
}
