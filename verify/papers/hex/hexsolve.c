/* Hex solver kernel: WINVALUE of HEX Fig. 13 (van Rijswijck's must-play search) on
 * bitboards, with bounded transposition tables (fixed size; df-pn's two-way, keeping
 * the costlier entry of a bucket, the carrier search's always-replace).
 *
 * Board: R rows x C columns, R*C <= BB_BITS (64, or 128 compiled with HEX_WIDE=1;
 * HEX_VM128=1 widens only the H-search's vertex masks: hexbits.h, the types bb and vm
 * and their helpers); bit r*C+c is cell (r, c).  Black
 * joins the top and bottom rows, White the left and right columns.  Cell (r, c) touches (r, c+-1),
 * (r+-1, c), (r-1, c+1), (r+1, c-1).
 *
 * Input (stdin), one query per line:   R C black white tomove flags
 *   black, white: stone bitmasks in hex (a stone off the board, or R*C > BB_BITS,
 *   answers "? 0 0"); tomove: B or W; flags: bit 0 = the must-play
 *   rule: the update M <- M & S of Fig. 13 and every narrowing of M by the reductions
 *   below (an opponent threat cell, its two-move threats, its semi-connections of bits
 *   2 and 8); off, every vacant cell is searched, in df-pn and in the carrier search
 *   alike (plain game-tree search, same recursion); bit 1 = one-move threats (a cell completing the mover's chain
 *   wins at once; two opponent completing cells lose; one must be played; a move
 *   making two completing cells wins, and each such opponent move narrows M to its
 *   three cells); bit 2 = virtual connections (vc_plus(), below: a pairing path of bridges
 *   and edge pairs between a player's sides; the opponent's loses at once, the mover's
 *   one-stone extension wins at once, the opponent's one-stone extension narrows M);
 *   bit 3 = dead-cell fill-in (dead_cells(), below); bit 4 = move ordering: cells in
 *   the most carriers of the opponent's semi-connections found by bit 2 first, then
 *   the largest gain in shortest-path distance (dist(), below: the opponent's after
 *   the move minus the mover's); ties, and with the bit off: nearest the centre
 *   first — changes only the order;
 *   bit 5 = OR links inside the virtual-connection search (or_link(), below);
 *   bit 6 = df-pn (mid(), below) decides the value first; bit 7 = value only (with
 *   bit 6: no carrier search; the carrier printed is df-pn's proof set with bit 23,
 *   every vacant cell without); bit 8 =
 *   H-search (hsearch(), below) for the opponent of the mover at every node; bit 12 = test hook:
 *   instead of solving, print "H v K n key:carrier ..." — the H-search read-out for the
 *   player named in `tomove`: v = 1 and carrier K when it finds a virtual connection
 *   between that player's sides, and every one of the n semi-connections between them
 *   that the closure met and the solver's read-out counts (before the subsumption
 *   de-duplication and the HV_KS cap of the kept lists; n = -1: more than the log holds).
 *   bit 9 = captured-pair fill-in (captured_fill(), below: mutually supporting /
 *   mutually threatening pairs of either player's Shannon graph, TSD.PAIRS), repeated
 *   with the dead-cell fill-in until nothing changes;
 *   bit 10 = df-pn drops moves threatened by another cell (prune_threatened(), below,
 *   the third clause of TSD.PAIRS);
 *   bit 26 = df-pn drops moves dominated through a pair: cells y that a move x leaves in
 *   a pair lost for the opponent (pair_dominators(), below; TSD.PAIRS, HEX.P2);
 *   bit 23 = proof sets in df-pn (mid(), below): every solved entry keeps the cells its
 *   value rests on, and a child lost for the mover drops every move off that child's
 *   proof set (the must-play rule, HEX.MUSTPLAY, inside df-pn);
 *   bit 24 = lazy fill-in in df-pn: a child is filled in only when it is searched, and
 *   df-pn's table is keyed by the position before that fill-in (the value is the same,
 *   the node counts differ);
 *   bit 29 = permanently inferior fill-in (pinf_cells(), below), alternating with the
 *   dead cells and the captured pairs;
 *   bit 31 = dead cells by a clique neighbourhood in either player's Shannon graph
 *   (clique_dead(), below), after the run-of-four dead cells;
 *   bits 11, 15, 25, 27, 30 and 32 = deliberate bugs, for mutation testing only (never set in a
 *   real run): bit 11, the H-search's OR rule joins two semi-connections whatever their
 *   common part; bit 15, captured pairs are filled with the wrong colour; bit 25, a
 *   loss's proof set leaves out the opponent's semi-connection carriers W; bit 27, a
 *   pair dominates without its second half (Γ(z) - {x, y} a clique) tested; bit 30, the
 *   permanently inferior pattern without its ends' condition (x, w or b); bit 32, the
 *   clique neighbourhood tested without its terminals;
 *   the word is read as an unsigned 64-bit number;
 *   bit 14 = debug query, no search: prints  F black white later n a1 b1 k1 ...
 *   (the stones after fill-in with the flags' bits 3, 9, 29 and 31, the filled cells added to
 *   carriers, then every captured pair of the given position: k = 0 mutually
 *   supporting in Black's graph, 1 mutually threatening there, 2 / 3 the same in
 *   White's graph); with bit 13 too a second line  T x tb tw ...: per vacant cell x the
 *   cells threatening it in Black's (tb) and White's (tw) graph.
 * Output, one line per query:   winner carrier nodes
 *   winner: B or W; carrier: hex bitmask of vacant cells carrying the winner's win
 *   (the loser may be given every other vacant cell in advance); nodes searched.
 * The tables are cleared between queries of different board sizes; entries record the
 * switch setting they were found with.
 * argv[1] (optional): log2 of the two tables' size (default 22; entries of 32 and 64
 * bytes, 64 and 112 in the 128-bit build); the fill-in cache has 1/16 of that (2^10 to
 * 2^20 entries).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexbits.h"

typedef uint64_t u64; /* hashes only: bitboards are bb (hexbits.h) */

static int R, C, N;
static bb FULL, TOP, BOTTOM, LEFT, RIGHT, NOTLEFT, NOTRIGHT;
static int order[BB_BITS];
static long long nodes;

typedef struct { bb b, w, carrier; uint32_t flags; uint8_t used, tomove, win; } Entry;
static Entry *table;
static u64 tmask; /* table index mask */

static bb dilate(bb m) {
    bb d = m, up = m << (C - 1), dn = m >> (C - 1); /* shifts by C - 1 < BB_BITS: C may be BB_BITS (1 x 64) */
    d |= (m << 1) & NOTLEFT;        /* (r, c+1) */
    d |= (m >> 1) & NOTRIGHT;       /* (r, c-1) */
    d |= up << 1;                   /* (r+1, c) */
    d |= dn >> 1;                   /* (r-1, c) */
    d |= dn & NOTLEFT;              /* (r-1, c+1) */
    d |= up & NOTRIGHT;             /* (r+1, c-1) */
    return d & FULL;
}

static int chain(bb stones, int black) {
    bb start = black ? TOP : LEFT, goal = black ? BOTTOM : RIGHT;
    bb reach = stones & start, prev = 0;
    while (reach != prev) {
        if (reach & goal) return 1;
        prev = reach;
        reach = dilate(reach) & stones;
    }
    return (reach & goal) != 0;
}

static u64 hash(bb b0, bb w0, int t) {
    u64 b = bb_fold(b0), w = bb_fold(w0);
    u64 h = b * 0x9E3779B97F4A7C15ULL ^ (w + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL ^ (u64)t;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

static int mustplay_on = 1, threats_on = 1, vc_on = 1, fill_on = 1, order_on = 1, hs_on = 1;
static uint32_t flags = 127; /* entries are kept per switch setting, so switches never share answers */
static int bug_or = 0, bug_cap = 0, bug_proof = 0, bug_dom = 0, bug_pinf = 0; /* the deliberate bugs of bits 11, 15, 25, 27, 30 (mutation testing) */

/* cells where one more stone of this colour completes a chain (no chain yet) */
static bb threats(bb stones, bb vacant, int black) {
    bb start = black ? TOP : LEFT, goal = black ? BOTTOM : RIGHT;
    bb a = stones & start, p = 0;
    while (a != p) { p = a; a = dilate(a) & stones; }
    bb z = stones & goal; p = 0;
    while (z != p) { p = z; z = dilate(z) & stones; }
    return vacant & (dilate(a) | start) & (dilate(z) | goal);
}

/* ---- virtual connections (flag bit 2) ------------------------------------------
 * vc_plus(S + x, V - x, black, &K): 1 when the player with stones S (Black if black) joins its two
 * sides however the opponent plays, found as a path  side = g0 - g1 - ... - gk = side
 * of groups (the side together with the chains touching it, or a chain) where
 * consecutive groups share two vacant neighbours {x, y} (a bridge; for a side: two
 * vacant cells of its row, the edge template of the second row), the pairs being
 * pairwise disjoint.  Strategy: when the opponent takes one cell of a pair, take the
 * other — each link survives, so the path becomes a chain.  K (the union of the pairs)
 * is a carrier: the opponent may own every vacant cell off K in advance.  The path
 * search is a depth-first search over simple paths choosing, per link, the two lowest
 * unused common cells, with a step budget: it may miss a connection (then nothing is
 * claimed), never invent one.  Relies only on the rules (a chain wins) and the pairing
 * argument (HEX.ANDOR's AND rule through groups, checked in hsearch.py); no TSD statement. */
#define VC_BUDGET 400
static bb G_nb[BB_BITS + 6];
static int G_n, vc_steps;
static bb vc_car;

static bb NBR[BB_BITS], G_V;

/* Semi-connections between groups i and j off `used` (HEX.ANDOR's AND rule through a
 * vacant key cell x: x next to each group or joined to it by two common vacant cells,
 * the pairs disjoint); the single common cell is one.  Two of them with disjoint
 * carriers make a virtual connection (the OR rule): when the opponent plays into one,
 * play the other's key.  Returns the union of two disjoint carriers, or 0. */
static bb or_link(int i, int j, bb used) {
    bb sc[24]; int ns = 0;
    bb c = G_nb[i] & G_nb[j] & ~used;
    if (c) sc[ns++] = c & -c;
    bb xs = G_V & ~used & ~c;
    while (xs && ns < 24) {
        int x = bb_ctz(xs); bb xb = xs & -xs; xs &= xs - 1;
        bb ci = 0, cj;
        if (!(G_nb[i] & xb)) {
            bb t = G_nb[i] & NBR[x] & ~used;
            if (!(t & (t - 1))) continue;
            bb a = t & -t; t &= t - 1; ci = a | (t & -t);
        }
        if (G_nb[j] & xb) cj = 0;
        else {
            bb t = G_nb[j] & NBR[x] & ~used & ~ci;
            if (!(t & (t - 1))) continue;
            bb a = t & -t; t &= t - 1; cj = a | (t & -t);
        }
        sc[ns++] = xb | ci | cj;
    }
    for (int a = 0; a < ns; a++)
        for (int q = a + 1; q < ns; q++)
            if (!(sc[a] & sc[q])) return sc[a] | sc[q];
    return 0;
}

static int or_on = 1;

static int vc_dfs(int i, bb used, bb visited) {
    if (i == 1) { vc_car = used; return 1; }
    if (++vc_steps > VC_BUDGET) return 0;
    /* bridges first (the goal side first), then OR links */
    for (int j = 1; j < G_n; j++) {
        if (visited >> j & 1) continue;
        bb c = G_nb[i] & G_nb[j] & ~used;
        if (!(c & (c - 1))) continue;
        bb a = c & -c; c &= c - 1;
        if (vc_dfs(j, used | a | (c & -c), visited | BIT(j))) return 1;
        if (vc_steps > VC_BUDGET) return 0;
    }
    if (!or_on) return 0;
    for (int j = 1; j < G_n; j++) {
        if (visited >> j & 1) continue;
        bb c = G_nb[i] & G_nb[j] & ~used;
        if (c & (c - 1)) continue;
        bb k = or_link(i, j, used);
        if (!k) continue;
        if (vc_dfs(j, used | k, visited | BIT(j))) return 1;
        if (vc_steps > VC_BUDGET) return 0;
    }
    return 0;
}

/* The chains of S are found once (vc_base); vc_plus(x) then asks for S plus a stone on
 * the vacant cell x (x = 0: none), merging the chains next to x without a new flood. */
typedef struct { int n, black; bb S, V, ch[BB_BITS], dil[BB_BITS]; } VCBase;

static void vc_base(VCBase *B, bb S, bb V, int black) {
    B->n = 0; B->S = S; B->V = V; B->black = black;
    bb rest = S;
    while (rest && B->n < BB_BITS) {
        bb g = rest & -rest, p = 0;
        while (g != p) { p = g; g = dilate(g) & S; }
        rest &= ~g;
        B->ch[B->n] = g; B->dil[B->n] = dilate(g); B->n++;
    }
    if (rest) B->n = -1; /* too many chains: claim nothing */
}

static int vc_plus(const VCBase *B, bb x, bb *K) {
    if (B->n < 0) return 0;
    bb row0 = B->black ? TOP : LEFT, row1 = B->black ? BOTTOM : RIGHT;
    bb V = B->V & ~x;
    bb xg = x, xd = x ? dilate(x) : 0;
    bb g0 = 0, g1 = 0, d0 = 0, d1 = 0;
    int n = 2;
    for (int i = 0; i < B->n; i++) {
        bb g = B->ch[i];
        if (g & xd) { xg |= g; xd |= B->dil[i]; continue; }
        if (g & row0) { if (g & row1) { *K = 0; return 1; } g0 |= g; d0 |= B->dil[i]; }
        else if (g & row1) { g1 |= g; d1 |= B->dil[i]; }
        else G_nb[n++] = B->dil[i] & V;
    }
    if (x) {
        int t0 = (xg & row0) != 0, t1 = (xg & row1) != 0;
        if (t0 && t1) { *K = 0; return 1; }
        if (t0) { g0 |= xg; d0 |= xd; }
        else if (t1) { g1 |= xg; d1 |= xd; }
        else G_nb[n++] = xd & V;
    }
    G_nb[0] = (row0 | d0) & V;
    G_nb[1] = (row1 | d1) & V;
    G_n = n; vc_steps = 0; G_V = V;
    if (n > BB_BITS) return 0; /* group indices are bits of vc_dfs's visited mask */
    if (vc_dfs(0, 0, 1)) { *K = vc_car; return 1; }
    return 0;
}

/* ---- H-search (flag bit 8) -------------------------------------------------------
 * Anshelevich's AND/OR closure (HEX.ANDOR; the rules are checked against the exact
 * solver in hsearch.py) for one player on the position, with carriers as bitboards.
 * Vertices: 0 and 1 the player's two sides (each with the chains touching it), then the
 * other chains, then every vacant cell.  Base: adjacent vertices have a virtual
 * connection (VC) with the empty carrier.  AND: VC(o, m) and VC(m, y) with disjoint
 * carriers missing o and y give VC(o, y) when m is a chain and a semi-connection
 * SC(o, y) with key m when m is vacant (carrier: both carriers and m); a side is never
 * the middle.  OR: two or three SCs of one pair whose carriers have an empty common
 * part give a VC on their union.  Limits keep it cheap (hv_kv VCs and HV_KS SCs kept
 * per pair, subsumed ones dropped, connections between two vacant cells only with at
 * most EE_VC = 4 carrier cells (semi-connections EE_SC = 3; 2 and 1 until 2026-11-26,
 * measured on 7x7: the larger limits cut a7 from 273k to 121k df-pn nodes), at most
 * HS_QMAX AND steps): a limit can only lose
 * connections, never invent one.  Read-out in prelude(), for the opponent of the
 * player to move: a VC between its sides wins for it as second player; its SCs
 * between its sides make the mover play in the common
 * part of their carriers (HEX.MUSTPLAY), and when that is empty the mover loses, the
 * union of the carriers carrying the opponent's win. */
#define HV VM_BITS /* vertex masks: vm (hexbits.h) */
#ifndef EE_VC
#define EE_VC 4
#define EE_SC 3
#endif
#ifndef HV_KV
#define HV_KV 16 /* room for the lists; hv_kv of them kept */
#endif
#ifndef HV_KV_SMALL
#define HV_KV_SMALL 8
#endif
/* VCs kept per pair: 8 on boards of at most 62 cells, 16 on larger ones (set in setup();
 * by board size, not by build, so every build takes the same steps on one board).
 * Measured 2026-11-27, 8x8 openings (mid build, 2^24 table): 16 instead of 8 cut f3 from
 * 688k to 383k nodes (49 -> 36 s CPU), d2 1.45M -> 1.06M (80 -> 71 s), e4, g2, c4
 * 1.41M -> 0.97M (95 -> 90 s); 12 and 24 did less.  On 7x7 (a4, a3, g2, d2, c4) 16 cut
 * nodes by 6 % but cost 9 % more CPU, hence 8 there. */
static int hv_kv = HV_KV_SMALL;
#ifndef HV_KS
#define HV_KS 16
#endif
#if HV_KS > 32
#error "HV_KS must be at most 32 (the OR rule's third-SC mask is 32 bits)"
#endif
#ifndef HS_QMAX
#define HS_QMAX 6000
#endif
static bb hvc[HV][HV][HV_KV], hsc[HV][HV][HV_KS];
static uint8_t hnv[HV][HV], hns[HV][HV], hkey[HV][HV][HV_KS];
static vm hhas[HV];
static bb hcell[HV];
static int hng, hn, hstop;
static int hq_a[HS_QMAX], hq_b[HS_QMAX];
static bb hq_c[HS_QMAX];
static int hq_len;
static bb h_vc01, h_sc_and, h_sc_or;
static int h_has_vc, h_nsc;
static bb h_region = 0; /* when set, hsearch() stops once its SCs leave no cell of it */
/* the test hook's log of every SC between the sides that the read-out counts */
#define HS_LOGMAX (1 << 17)
static int h_log_on = 0, h_log_n = 0;
static bb h_log_c[HS_LOGMAX];
static uint8_t h_log_k[HS_LOGMAX];

static inline int more_than(bb c, int k) { /* popcount(c) > k, for small k */
    while (k-- > 0 && c) c &= c - 1;
    return c != 0;
}

static void hs_add_vc(int a, int b, bb c) {
    if (a == b || hstop) return;
    if (a >= hng && b >= hng && more_than(c, EE_VC)) return;
    bb *l = hvc[a][b];
    int n = hnv[a][b], j = 0;
    for (int k = 0; k < n; k++) if (!(l[k] & ~c)) return;
    for (int k = 0; k < n; k++) if (c & ~l[k]) l[j++] = l[k];
    if (j >= hv_kv) return;
    l[j++] = c;
    hnv[a][b] = hnv[b][a] = (uint8_t)j;
    memcpy(hvc[b][a], l, (size_t)j * sizeof(bb));
    hhas[a] |= VBIT(b); hhas[b] |= VBIT(a);
    if (a + b == 1) { h_has_vc = 1; h_vc01 = c; hstop = 1; return; }
    if (hq_len < HS_QMAX) { hq_a[hq_len] = a; hq_b[hq_len] = b; hq_c[hq_len] = c; hq_len++; }
}

static void hs_add_sc(int a, int b, int key, bb c) {
    if (a == b || hstop) return;
    if (a > b) { int t = a; a = b; b = t; } /* one list per pair */
    if (a >= hng && b >= hng && more_than(c, EE_SC)) return;
    for (int k = 0; k < hnv[a][b]; k++) if (!(hvc[a][b][k] & ~c)) return;
    if (a + b == 1) { /* every SC between the sides counts, kept in the list or not */
        h_nsc++; h_sc_and &= c; h_sc_or |= c;
        if (h_log_on) {
            if (h_log_n < HS_LOGMAX) { h_log_c[h_log_n] = c; h_log_k[h_log_n] = (uint8_t)key; }
            h_log_n++;
        }
        /* the must-play region is empty: the read-out is decided (a loss), stop */
        if (h_region && !(h_sc_and & h_region)) { hstop = 1; return; }
    }
    bb *l = hsc[a][b];
    uint8_t *ky = hkey[a][b];
    int n = hns[a][b], j = 0;
    for (int k = 0; k < n; k++) if (!(l[k] & ~c)) return;
    for (int k = 0; k < n; k++) if (c & ~l[k]) { l[j] = l[k]; ky[j] = ky[k]; j++; }
    hns[a][b] = (uint8_t)j;
    /* the OR rule: c with one, two or three kept SCs of the pair whose carriers have no
       cell in common gives a VC (each minimal: a set that already has none is not
       extended); three kept ones only where an end is a group or a side (measured on
       7x7: between two vacant cells they add nothing) */
    /* suf[k]: the cells every kept SC from the k-th on holds; a common part meeting it
       cannot be emptied by SCs from there on, so those loops are skipped (they would
       make no call: the calls and their order are unchanged) */
    bb suf[HV_KS + 1];
    suf[j] = BB_ALL;
    for (int k = j - 1; k >= 0; k--) suf[k] = suf[k + 1] & l[k];
    for (int k = 0; k < j && !hstop; k++) {
        bb ik = l[k] & c;
        if (!ik || bug_or) { hs_add_vc(a, b, l[k] | c); continue; }
        if (ik & suf[k + 1]) continue;
        for (int q = k + 1; q < j && !hstop; q++) {
            bb iq = ik & l[q];
            if (!iq) { hs_add_vc(a, b, l[k] | l[q] | c); continue; }
            if (a >= hng || (iq & suf[q + 1])) continue;
            /* the third SCs missing the common part, as a mask first (no branch per r:
               measured faster; the calls are made in the same order) */
            uint32_t hit = 0;
            for (int r = q + 1; r < j; r++) hit |= (uint32_t)!(iq & l[r]) << r;
            for (; hit && !hstop; hit &= hit - 1) hs_add_vc(a, b, l[k] | l[q] | l[__builtin_ctz(hit)] | c);
        }
    }
    if (hstop || j >= HV_KS) return;
    l[j] = c; ky[j] = (uint8_t)key; j++;
    hns[a][b] = (uint8_t)j;
}

/* Edge templates (switch bit 28): base connections of the H-search beside the
 * adjacencies.  A template of row k (edge_templates.h, generated from
 * edge_templates.json by verify/papers/hex/edge_templates.py) is an anchor cell k rows
 * from the player's side, the player's stones and a carrier of cells, as offsets
 * (dr, dc) from the anchor towards Black's bottom side; when the stones are there and
 * the carrier is vacant, the anchor (a stone of the player, or a vacant cell taken as
 * the player's, as every vacant end of an H-search connection is) is joined to the side
 * through the carrier, the opponent moving first: a full connection.  Each template is
 * proved by its strip (a win there, found by this kernel and certified by a proof
 * object the independent checker accepts; the module's docstring gives why a win on the
 * strip is a connection on every board: every cell off the carrier is at worst the
 * opponent's, HEX.P2).  Here each is turned onto the four sides by the board's
 * symmetries — the 180-degree turn (Black's top side) and the transpose, which swaps
 * the colours (White's right and left sides) — and placed at every anchor whose cells
 * all lie on the board; an instance off the table's room is dropped (a limit only loses
 * connections).  Measured (2026-11-27, benchmarks/hex_kernel_ab.py): 7x7, all 25 openings,
 * -21 % nodes and -18 % CPU; 8x8 d1, f3, d5, b7, g2, e4 -22 % nodes, -21 % CPU. */
#include "edge_templates.h"
static int tpl_on = 0;
typedef struct { bb car, st; int anchor, side; } TplInst;
#define TPI_MAX (N_ETPL * 4 * 12)
static TplInst tpi[2][TPI_MAX]; /* [black] */
static int ntpi[2];
static void tpl_setup(void) {
    ntpi[0] = ntpi[1] = 0;
    for (int t = 0; t < N_ETPL; t++) {
        const ETpl *e = &ETPL[t];
        int k = e->k;
        for (int o = 0; o < 4; o++) { /* Black bottom, Black top, White right, White left */
            int black = o < 2, side = o == 0 || o == 2; /* hsearch(): vertex 1 is the bottom / right side */
            for (int at = 0; at < (black ? C : R); at++) {
                int ar = o == 0 ? R - k : o == 1 ? k - 1 : at, ac = o == 2 ? C - k : o == 3 ? k - 1 : at, ok = 1;
                if (ar < 0 || ar >= R || ac < 0 || ac >= C) continue;
                bb car = 0, st = 0;
                for (int q = 0; q < e->nc + e->ns; q++) {
                    int dr = e->d[q][0], dc = e->d[q][1];
                    int r = o == 0 ? ar + dr : o == 1 ? ar - dr : o == 2 ? ar + dc : ar - dc;
                    int c = o == 0 ? ac + dc : o == 1 ? ac - dc : o == 2 ? ac + dr : ac - dr;
                    if (r < 0 || r >= R || c < 0 || c >= C) { ok = 0; break; }
                    if (q < e->nc) car |= BIT(r * C + c); else st |= BIT(r * C + c);
                }
                if (!ok || ntpi[black] >= TPI_MAX) continue;
                TplInst *p = &tpi[black][ntpi[black]++];
                p->car = car; p->st = st; p->anchor = ar * C + ac; p->side = side;
            }
        }
    }
}

/* The closure for the player with stones S (Black if black) on vacant V; stops at a VC
 * between the sides, or once its SCs between the sides have no cell of h_region in
 * common (the read-out is then decided).  Returns 0 when the board is
 * too large for the vertex masks (nothing is claimed). */
static int hsearch(bb S, bb V, int black) {
    bb row0 = black ? TOP : LEFT, row1 = black ? BOTTOM : RIGHT;
    bb gadj[HV];
    int vcell[BB_BITS];
    h_has_vc = 0; h_nsc = 0; h_sc_and = BB_ALL; h_sc_or = 0; hstop = 0; hq_len = 0; h_log_n = 0;
    gadj[0] = row0 & V; gadj[1] = row1 & V;
    hng = 2;
    bb rest = S, others[BB_BITS], gv_mask[BB_BITS + 2];
    gv_mask[0] = gv_mask[1] = 0;
    int no = 0;
    while (rest) {
        bb g = rest & -rest, p = 0;
        while (g != p) { p = g; g = dilate(g) & S; }
        rest &= ~g;
        bb d = dilate(g) & V;
        if (g & row0) { gadj[0] |= d; gv_mask[0] |= g; }
        else if (g & row1) { gadj[1] |= d; gv_mask[1] |= g; }
        else { gv_mask[2 + no] = g; others[no++] = d; }
    }
    if (2 + no + bb_popcount(V) > HV) return 0;
    for (int i = 0; i < no; i++) gadj[hng++] = others[i];
    hn = hng;
    for (bb v = V; v; v &= v - 1) { int x = bb_ctz(v); vcell[x] = hn; hcell[hn++] = v & -v; }
    for (int i = 0; i < hng; i++) hcell[i] = 0;
    for (int i = 0; i < hn; i++) { hhas[i] = 0; memset(hnv[i], 0, (size_t)hn); memset(hns[i], 0, (size_t)hn); }
    /* base: adjacency */
    for (int i = 0; i < hng; i++)
        for (bb v = gadj[i]; v; v &= v - 1) hs_add_vc(i, vcell[bb_ctz(v)], 0);
    for (bb v = V; v; v &= v - 1) {
        int x = bb_ctz(v);
        for (bb q = NBR[x] & V & ~((BIT(x) << 1) - 1); q; q &= q - 1) hs_add_vc(vcell[x], vcell[bb_ctz(q)], 0);
    }
    if (tpl_on) /* edge templates: the anchor (a vacant cell or a group) joined to a side */
        for (int t = 0; t < ntpi[black] && !hstop; t++) {
            const TplInst *p = &tpi[black][t];
            if ((p->car & ~V) || (p->st & ~S)) continue;
            bb ab = BIT(p->anchor);
            int va = -1;
            if (V & ab) va = vcell[p->anchor];
            else if (S & ab) for (int i = 0; i < 2 + no; i++) if (gv_mask[i] & ab) { va = i; break; }
            if (va >= 0) hs_add_vc(va, p->side, p->car);
        }
    /* AND closure over the queue of new VCs */
    for (int h = 0; h < hq_len && !hstop; h++) {
        int a = hq_a[h], b = hq_b[h];
        bb c = hq_c[h];
        vm cv = 0; /* the vertices of the carrier's cells: partners y that are such a cell
                      are skipped at once (they were tested one by one: same steps) */
        for (bb q = c; q; q &= q - 1) cv |= VBIT(vcell[bb_ctz(q)]);
        for (int side = 0; side < 2 && !hstop; side++) {
            int m = side ? a : b, o = side ? b : a;
            if (m < 2) continue;
            bb ocell = hcell[o];
            vm ys = hhas[m] & ~VBIT(o) & ~cv;
            /* a result joining two vacant cells is kept only when small (hs_add_vc/sc):
               skip the vacant partners y that cannot give one, and through a vacant middle
               m those of a non-empty first carrier (measured on 7x7: faster, same or fewer
               nodes; a limit only loses connections) */
            if (o >= hng && (m >= hng ? c != 0 : more_than(c, EE_VC))) ys &= VBIT(hng) - 1;
            for (; ys && !hstop; ys &= ys - 1) {
                int y = vm_ctz(ys);
                int n2 = hnv[m][y];
                for (int k = 0; k < n2 && !hstop; k++) {
                    bb c2 = hvc[m][y][k];
                    if ((c2 & c) || (c2 & ocell)) continue;
                    if (m < hng) hs_add_vc(o, y, c | c2);
                    else hs_add_sc(o, y, m, c | c2 | hcell[m]);
                }
            }
        }
    }
    return 1;
}

/* Shortest-path distance of a player: the fewest vacant cells whose stones would join
 * its two sides (own stones free, the opponent's walls); 99 when none.  For ordering. */
static int dist(bb S, bb V, int black) {
    bb row0 = black ? TOP : LEFT, row1 = black ? BOTTOM : RIGHT;
    bb open = S | V, a = 0, p;
    bb frontier = row0 & S;
    for (int k = 0; k <= N; k++) {
        a |= frontier;
        p = 0;
        while (a != p) { p = a; a |= dilate(a) & S; }
        if (a & row1) return k;
        bb nxt = ((dilate(a) | row0) & V) & ~a;
        if (!nxt) return 99;
        frontier = nxt;
        (void)open;
    }
    return 99;
}

/* ---- dead-cell fill-in (flag bit 3) ----------------------------------------------
 * A vacant cell four of whose six neighbours, consecutive around it, have one colour
 * (a stone of that colour, or that colour's side beyond the board) is dead: any chain
 * of either colour through it can step around it — the four form one chain of that
 * colour adjacent to the remaining two neighbours, which are adjacent to each other.
 * A dead cell is a spectator (TSD.SPEC: W(G-v) = W(G*v), i.e. filling it with either
 * colour keeps the value, with either player to move); it is filled with the run's
 * colour and the fill is repeated while new dead cells appear.  Dead cells stay dead
 * when stones are added (every completion of the larger position completes the
 * smaller), so a carrier K found after fill-in, plus the filled cells, carries the win
 * in the original position.  Cells dead in the given position P0 (the first round D1)
 * need not be added: give the loser every vacant cell off K (D1 included); each cell of
 * D1 is dead in P0, so dead in this extension, and recolouring D1 one cell at a time to
 * its fill colour keeps the value; the later rounds D2, ... are in the carrier, vacant,
 * and dead in the extension of the filled position, so filling them gives the searched
 * position plus loser stones off K, which the winner wins.  Moves on dead cells are
 * never needed: after fill-in none are vacant. */
static int ring[BB_BITS][6]; /* neighbour index, or -1 Black side, -2 White side, -3 corner */
static int outer[BB_BITS][6]; /* the common neighbour of ring[i][k] and ring[i][k+1] other than i, coded alike */
static int beyond[BB_BITS][6]; /* the cell two steps from i in ring[i][k]'s direction, coded alike */

static void setup_ring(void) {
    static const int dr[6] = {0, -1, -1, 0, 1, 1}, dc[6] = {1, 1, 0, -1, -1, 0};
    for (int i = 0; i < N; i++) {
        int r = i / C, c = i % C;
        for (int k = 0; k < 6; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            int offr = rr < 0 || rr >= R, offc = cc < 0 || cc >= C;
            ring[i][k] = (offr && offc) ? -3 : offr ? -1 : offc ? -2 : rr * C + cc;
            rr += dr[(k + 1) % 6]; cc += dc[(k + 1) % 6];
            offr = rr < 0 || rr >= R; offc = cc < 0 || cc >= C;
            outer[i][k] = (offr && offc) ? -3 : offr ? -1 : offc ? -2 : rr * C + cc;
            rr = r + 2 * dr[k]; cc = c + 2 * dc[k];
            offr = rr < 0 || rr >= R; offc = cc < 0 || cc >= C;
            beyond[i][k] = (offr && offc) ? -3 : offr ? -1 : offc ? -2 : rr * C + cc;
        }
    }
}

static int run4(unsigned m) { /* four consecutive of six, circularly */
    m |= m << 6;
    return (m & m >> 1 & m >> 2 & m >> 3 & 63) != 0;
}

/* dead cells of the position; *black_fill gets those to fill with Black */
static bb dead_cells(bb b, bb w, bb *black_fill) {
    bb v = FULL & ~(b | w), d = 0, bf = 0;
    while (v) {
        int i = bb_ctz(v); v &= v - 1;
        unsigned mb = 0, mw = 0;
        for (int k = 0; k < 6; k++) {
            int j = ring[i][k];
            if (j == -1 || (j >= 0 && (b >> j & 1))) mb |= 1u << k;
            else if (j == -2 || (j >= 0 && (w >> j & 1))) mw |= 1u << k;
        }
        if (run4(mb)) { d |= BIT(i); bf |= BIT(i); }
        else if (run4(mw)) d |= BIT(i);
    }
    *black_fill = bf;
    return d;
}


/* ---- permanently inferior fill-in (flag bit 29) ----------------------------------
 * A vacant cell c whose six neighbours, in order around it, are p0 p1 p2 u1 u2 u3 with
 * p0, p1, p2 of one player P (P's stones or P's side beyond the board) and u1, u2, u3
 * vacant is filled with a P stone when each end of the vacant run, u1 and u3, is held
 * in one of three ways: x, the common neighbour of the end and its p (o1 between p2 and
 * u1, o2 between u3 and p0) is P's; w, the common neighbour of the end and u2 besides c
 * is P's; b, the cell straight beyond the end (two steps from c) is the opponent's.
 * These are Benzene's "permanently inferior" fill-in patterns (pinf-xx, xb, xw, bb, bw,
 * ww); the value stays, with either player to move.  The argument below is for xx only.
 * There the p's, o's and P's side form one P group g (consecutive ring cells are
 * adjacent), which touches u1 and u3 and, through o1 and o2, every neighbour of u1 and
 * of u3 but c, u2 and the cells m12, m23 that u1 and u3 share with u2.  Play P's winning
 * strategy of the position with c filled; on an answer in {c, u1, u2, u3}:
 *   O plays c: P plays u2.  Then {u1, u3} is a captured pair for P (after O takes one, P
 *     takes the other, and g, u2 and that cell form one group touching every neighbour
 *     the two would have: G*a-b = G*a*b in P's graph), and c, with every neighbour P's,
 *     is dead: the position equals the filled one plus P's stone on u2;
 *   O plays u2: c touches only g, u1, u3, and u1, u3 touch g: c is on no minimal
 *     winning set for P (g can stand in for it), so dead (TSD.SPEC);
 *   P plays u2: {c, u1, u3} is captured for P as {u1, u3} above;
 *   P plays u1 (or u3): Γ(c) = {g ∪ u1, u2, u3} is a clique of P's graph: c is dead;
 *   O plays u1 (or u3): not proved here.  After a reply at u2, {c, u3} is a captured
 *     pair for P, but that reply costs P the move its strategy wanted.  That c stays
 *     fillable after O's move rests on the checks below and on Benzene using the same
 *     patterns.
 * In the other cases the position is worth as much to P as the filled one after the
 * same moves (an extra P stone never hurts, HEX.P2), and no less than the position
 * itself (monotonicity), so the values are equal.  The ends held by w or b (instead of
 * x) are not argued here at all: they rest on the same checks (forced positions against
 * the search without the rule, 0 differ) and on Benzene.  The rule reads stones only
 * outside {c, u1, u2, u3}: the fill stays valid with any stone added elsewhere, or with
 * one on u1, u2 or u3 (the cases above), but not with two of the opponent's on u1 and
 * u3, so c, u1, u2 and u3 join the carrier of a value found after the fill
 * (fill_in_compute's `later`).  One cell is filled at a time, then the fills run again.
 * A cell with a corner beyond the board around it, or with an end held only through a
 * corner, is not filled.  Checked against the plain search on every small position, as
 * the other fills are; without the ends' condition (the mutant of bit 30) the rule gives
 * wrong values, which the tests catch. */
static int pinf_on = 0;

/* the first permanently inferior cell (a one-cell mask, or 0); *black_fill gets it when
 * it is filled with Black, *touched the cells (c and its u's) to add to a carrier */
static bb pinf_cells(bb b, bb w, bb *black_fill, bb *touched) {
    bb v = FULL & ~(b | w), d = 0, bf = 0, t = 0;
    while (v) {
        int i = bb_ctz(v); v &= v - 1;
        unsigned mb = 0, mw = 0, me = 0, ob = 0, ow = 0, yb = 0, yw = 0;
        int corner = 0;
        for (int k = 0; k < 6; k++) {
            int j = ring[i][k], o = outer[i][k], y = beyond[i][k];
            if (j == -3) corner = 1;
            else if (j == -1 || (j >= 0 && (b >> j & 1))) mb |= 1u << k;
            else if (j == -2 || (j >= 0 && (w >> j & 1))) mw |= 1u << k;
            else me |= 1u << k;
            if (o == -1 || (o >= 0 && (b >> o & 1))) ob |= 1u << k;
            else if (o == -2 || (o >= 0 && (w >> o & 1))) ow |= 1u << k;
            if (y == -1 || (y >= 0 && (b >> y & 1))) yb |= 1u << k;
            else if (y == -2 || (y >= 0 && (w >> y & 1))) yw |= 1u << k;
        }
        if (corner || !me) continue;
        for (int black = 1; black >= 0; black--) {
            unsigned mp = black ? mb : mw, op = black ? ob : ow, yo = black ? yw : yb;
            int hit = 0;
            for (int k = 0; k < 6 && !hit; k++) {
                /* p0 p1 p2 = ring k, k+1, k+2; u1 u2 u3 = k+3, k+4, k+5; o1 between k+2 and
                   k+3 (outer index k+2), o2 between k+5 and k (outer index k+5) */
                unsigned pr = 7u << k, ur = 7u << (k + 3);
                pr = (pr | pr >> 6) & 63; ur = (ur | ur >> 6) & 63;
                if ((mp & pr) != pr || (me & ur) != ur) continue;
                /* each end of the vacant run: x (P between it and its p), w (P between it
                   and u2) or b (O straight beyond it) */
                int end1 = ((op >> ((k + 2) % 6)) | (op >> ((k + 3) % 6)) | (yo >> ((k + 3) % 6))) & 1;
                int end3 = ((op >> ((k + 5) % 6)) | (op >> ((k + 4) % 6)) | (yo >> ((k + 5) % 6))) & 1;
                if (!bug_pinf && !(end1 && end3)) continue;
                hit = 1;
                t |= BIT(i);
                for (int q = 3; q < 6; q++) t |= BIT(ring[i][(k + q) % 6]);
            }
            if (hit) { d |= BIT(i); if (black) bf |= BIT(i); break; }
        }
        if (d) break;
    }
    *black_fill = bf; *touched = t;
    return d;
}


/* ---- captured-pair fill-in (flag bit 9) ------------------------------------------
 * Black's Shannon graph G of the position (HEX.GRAPH; Game.from_hex): vertices the
 * vacant cells and two terminals (Black's sides), Black stones shorted (each Black
 * chain contracted: the vacant cells around it become pairwise adjacent, and adjacent
 * to a side it touches), White stones deleted.  White's graph is the same with the
 * colours and sides swapped.  Either player's Hex goal is that player's Shannon goal on
 * its own graph, with the same player to move, so the Hex value is the Shannon value
 * on either graph; a stone is a short in its owner's graph and a deletion in the other.
 *
 * TSD.PAIRS (TSD §4.1, Theorem 6 corollary): for vacant a, b of a graph G,
 *   a, b mutually supporting (G*a-b = G*a*b and G*b-a = G*b*a)   => W(G,x) = W(G*a*b,x),
 *   a, b mutually threatening (G-a*b = G-a-b and G-b*a = G-b-a)  => W(G,x) = W(G-a-b,x),
 * for either player x to move.  In Black's graph a supported pair is filled with two
 * Black stones and a threatened one with two White stones; in White's graph the
 * colours swap.  With Γ the neighbourhood (terminals included) and TSD.L2(i) (shorting
 * a connected set changes nothing iff its neighbourhood is a clique) the definitions
 * read, for single vertices:
 *   a threatens b  <=>  Γ(b) - a is a clique of G (deleting a changes no other edge);
 *   a supports b   <=>  Γ(b) in G*a is a clique of G*a, where x, y are adjacent in G*a
 *                       iff they are adjacent in G or both are in Γ(a).  So:
 *     a ~ b: Γ_{G*a}(b) = U = Γ(a) ∪ Γ(b) - {a, b}, and the pairs of U not both in Γ(a)
 *            meet Γ(b) - Γ[a]: a supports b iff every x of Γ(b) - Γ[a] is adjacent in G
 *            to all of U - x; mutual support: every x of Γ(a) Δ Γ(b) - {a, b} is;
 *     a !~ b: Γ_{G*a}(b) = Γ(b): a supports b iff every x of Γ(b) - Γ(a) is adjacent in
 *            G to all of Γ(b) - x.
 * These are tested on bitboards: per vacant cell x, A[x] = its vacant neighbours in G
 * (board neighbours, and the vacant cells around each chain of the player next to x)
 * and t[x] = its terminal neighbours (bit 0: first side, bit 1: second side; x is on
 * the side's row, or next to a chain touching it); the terminals are adjacent when a
 * chain touches both sides.  The tests are exact (see captured(); checked against the
 * definitions in tests/test_hex_captured.py).
 * Fill: the dead cells first (above), then captured pairs, disjoint from each other
 * (across both graphs too), and again until nothing changes.  Each fill step is valid
 * in the position it is made in; filling the pairs of one round one after another is
 * valid because the relations are equalities of graphs, G*a-b = G*a*b, kept by shorting
 * or deleting any further vertex c on both sides (operations on distinct vertices
 * commute) — so a pair stays captured (and a dead cell dead) when stones of either
 * colour are added elsewhere.
 * Carrier: let P0 be the position, P1 = P0 + F after fill-in, and let the winner win P1
 * with carrier K (the loser may own every vacant cell of P1 off K).  Give the loser
 * every vacant cell of P0 off K ∪ F', where F' = F minus the first round of dead cells
 * D1 (dead in P0).  Each D1 cell is dead in P0, so in this extension: recolouring it to
 * its fill colour keeps the value (TSD.SPEC); every later fill step (dead cells,
 * captured pairs) was valid where it was made and stays valid with the loser's extra
 * stones (they are on other cells), so replaying them gives P1 plus the loser's stones
 * off K, which the winner wins.  So K ∪ F' carries the win in P0: F' is the `later`
 * mask fill_in() returns. */
static int cap_on = 0;

/* A[x], t[x]: the cell and terminal neighbours of vacant x; N0, N1: the terminals' cell
 * neighbours; tt: the terminals adjacent.  local(): nu[x], nut[x] = the members of Γ(x)
 * (cells, terminals) with a non-neighbour in Γ(x); thr[x] = the vacant cells a with
 * Γ(x) - a a clique (a threatens x). */
typedef struct { bb A[BB_BITS]; uint8_t t[BB_BITS]; bb N0, N1; int tt; bb nu[BB_BITS], thr[BB_BITS]; uint8_t nut[BB_BITS]; } SGraph;

/* the Shannon graph of the player with stones S (black: Black) on the vacant cells V */
static void shannon_graph(bb S, bb V, int black, SGraph *g) {
    bb row0 = black ? TOP : LEFT, row1 = black ? BOTTOM : RIGHT;
    g->N0 = row0 & V; g->N1 = row1 & V; g->tt = 0;
    for (bb v = V; v; v &= v - 1) {
        int x = bb_ctz(v);
        g->A[x] = NBR[x] & V;
        g->t[x] = (uint8_t)((row0 >> x & 1) | (row1 >> x & 1) << 1);
    }
    bb rest = S;
    while (rest) {
        bb c = rest & -rest, p = 0;
        while (c != p) { p = c; c = dilate(c) & S; }
        rest &= ~c;
        bb D = dilate(c) & V;
        int t0 = (c & row0) != 0, t1 = (c & row1) != 0;
        if (t0 && t1) g->tt = 1;
        if (t0) g->N0 |= D;
        if (t1) g->N1 |= D;
        uint8_t tb = (uint8_t)(t0 | t1 << 1);
        for (bb q = D; q; q &= q - 1) { int x = bb_ctz(q); g->A[x] |= D; g->t[x] |= tb; }
    }
    for (bb v = V; v; v &= v - 1) {
        int x = bb_ctz(v);
        g->A[x] &= ~BIT(x);
    }
}

/* each member of X (cells Xc, terminals Xt) adjacent to every other member of S */
static int adj_all(const SGraph *g, bb Xc, int Xt, bb Sc, int St) {
    for (bb q = Xc; q; q &= q - 1) {
        int x = bb_ctz(q);
        if ((Sc & ~BIT(x) & ~g->A[x]) || (St & ~g->t[x])) return 0;
    }
    if ((Xt & 1) && ((Sc & ~g->N0) || ((St & 2) && !g->tt))) return 0;
    if ((Xt & 2) && ((Sc & ~g->N1) || ((St & 1) && !g->tt))) return 0;
    return 1;
}

/* ---- dead cells by a clique neighbourhood (flag bit 31) ------------------------
 * A vacant cell x whose neighbourhood Γ(x) (cells and terminals) is a clique of either
 * player's Shannon graph is dead: an induced terminal-to-terminal path through x would
 * enter and leave it through two members of Γ(x), which are adjacent, a chord
 * (PROJ.INDUCED_PATH: dead iff on no induced path; TSD.L2(i): shorting or deleting x
 * changes no other edge).  A Hex cell is dead in Black's graph iff it is dead in White's
 * (a cell matters to one player's chain iff it matters to the other's), so either graph
 * may show it.  This is the run of four above (its four are one chain next to the other
 * two, which are adjacent) and more: Benzene's dead-1-3 and dead-2-2 patterns (three
 * consecutive of one colour and the fourth opposite), and any cell whose vacant
 * neighbours all touch one chain.  Cells dead in the given position need no carrier
 * (see dead_cells() above); found after another fill, they join `later`.  The fill
 * colour is the graph's owner's (either keeps the value).  The deliberate bug of bit 32
 * leaves the terminals out of the test (a cell next to a side whose vacant neighbours
 * are pairwise adjacent, but not all next to that side, is then called dead). */
static int clq_on = 0, bug_clq = 0;

/* the cells of V whose Γ is a clique of g; with bug_clq the terminals are not tested */
static bb clique_cells(const SGraph *g, bb V) {
    bb out = 0;
    for (bb v = V; v; v &= v - 1) {
        int x = bb_ctz(v), tx = g->t[x], ok = 1;
        bb Ax = g->A[x];
        for (bb q = Ax; q && ok; q &= q - 1) {
            int y = bb_ctz(q);
            if ((Ax & ~g->A[y] & ~BIT(y)) || (!bug_clq && (tx & ~g->t[y]))) ok = 0;
        }
        if (!ok) continue;
        if (!bug_clq && (((tx & 1) && (Ax & ~g->N0)) || ((tx & 2) && (Ax & ~g->N1)) || ((tx & 3) == 3 && !g->tt))) continue;
        out |= BIT(x);
    }
    return out;
}

/* dead cells of the position by a clique Γ in Black's graph (filled Black) or White's
 * (filled White); *black_fill gets the former */
static bb clique_dead(bb b, bb w, bb *black_fill) {
    static SGraph g;
    bb V = FULL & ~(b | w), bf;
    shannon_graph(b, V, 1, &g);
    bf = clique_cells(&g, V);
    shannon_graph(w, V, 0, &g);
    *black_fill = bf;
    return bf | clique_cells(&g, V & ~bf);
}

/* nu, nut and thr of the vacant cell x (see SGraph) */
static void local(SGraph *g, int x, bb V) {
    bb Ax = g->A[x];
    int tx = g->t[x];
    bb bad = 0, miss[BB_BITS];
    for (bb q = Ax; q; q &= q - 1) {
        int y = bb_ctz(q);
        miss[y] = Ax & ~g->A[y] & ~BIT(y);
        if (tx & ~g->t[y]) miss[y] = BB_ALL; /* misses a terminal: only a = y mends that */
        if (miss[y]) bad |= BIT(y);
    }
    bb m0 = (tx & 1) ? Ax & ~g->N0 : 0, m1 = (tx & 2) ? Ax & ~g->N1 : 0; /* the terminals' misses */
    int tpair = (tx & 3) == 3 && !g->tt;  /* two non-adjacent terminals in Γ(x) */
    g->nu[x] = bad;
    g->nut[x] = (uint8_t)((m0 || tpair ? 1 : 0) | (m1 || tpair ? 2 : 0));
    if (!bad && !g->nut[x]) { g->thr[x] = V & ~BIT(x); return; } /* Γ(x) a clique */
    /* a threatener a meets every non-adjacent pair of Γ(x), so with y the lowest cell of
       bad, a = y or miss[y] = {a} */
    bb out = 0, y0 = bad & -bad, c = y0 ? miss[bb_ctz(y0)] : 0, cands = y0;
    if (!(c & (c - 1))) cands |= c & Ax;
    if (!tpair)
        for (bb q = cands; q; q &= q - 1) {
            int a = bb_ctz(q);
            bb abit = BIT(a);
            if ((m0 | m1) & ~abit) continue;
            int ok = 1;
            for (bb r = bad & ~abit; r; r &= r - 1)
                if (miss[bb_ctz(r)] & ~abit) { ok = 0; break; }
            if (ok) out |= abit;
        }
    g->thr[x] = out;
}

static void local_all(SGraph *g, bb V) {
    for (bb v = V; v; v &= v - 1) local(g, bb_ctz(v), V);
}

/* Captured pairs of the position in both graphs.  all = 0: disjoint pairs, first found
 * first, their fill stones added to *fb / *fw (returns 1 when any); all = 1 (debug):
 * every pair printed as " a b k".  With nu/thr (local()) the tests are:
 *   mutual threat:  b in thr[a] and a in thr[b];
 *   a !~ b, mutual support:  nu[b] ⊆ Γ(a) and nu[a] ⊆ Γ(b) (the members of Γ(b) off
 *     Γ(a) must be adjacent to all of Γ(b) - x: not in nu[b]) — so b is adjacent to
 *     every member of nu[a], which narrows the candidates;
 *   a ~ b, mutual support:  adj_all() on U = Γ(a) ∪ Γ(b) - {a, b} with X = Γ(a) Δ Γ(b)
 *     - {a, b}. */
static int captured(bb b, bb w, bb *fb, bb *fw, int all) {
    bb V = FULL & ~(b | w), used = 0, addb = 0, addw = 0;
    static SGraph g;
    for (int view = 0; view < 2; view++) {
        int black = view == 0;
        shannon_graph(black ? b : w, V, black, &g);
        local_all(&g, V);
        for (bb va = V; va; va &= va - 1) {
            int a = bb_ctz(va);
            if (!all && (used >> a & 1)) continue;
            bb higher = V & ~((BIT(a) << 1) - 1) & (all ? BB_ALL : ~used);
            bb Aa = g.A[a];
            int ta = g.t[a];
            /* adjacent partners first, then the others */
            bb cand2 = higher & ~Aa;
            for (bb q = g.nu[a]; q; q &= q - 1) cand2 &= g.A[bb_ctz(q)];
            if (g.nut[a] & 1) cand2 &= g.N0;
            if (g.nut[a] & 2) cand2 &= g.N1;
            bb cand = (higher & Aa) | cand2;
            for (; cand; cand &= cand - 1) {
                int x = bb_ctz(cand);
                bb ab = BIT(a) | BIT(x);
                int k = 0;
                if (Aa >> x & 1) {
                    if (adj_all(&g, (Aa ^ g.A[x]) & ~ab, ta ^ g.t[x], (Aa | g.A[x]) & ~ab, ta | g.t[x])) k |= 1;
                } else if (!(g.nu[x] & ~Aa) && !(g.nut[x] & ~ta) && !(g.nut[a] & ~g.t[x])) k |= 1;
                if ((g.thr[x] >> a & 1) && (g.thr[a] >> x & 1)) k |= 2;
                if (!k) continue;
                if (all) {
                    if (k & 1) printf(" %d %d %d", a, x, 2 * view);
                    if (k & 2) printf(" %d %d %d", a, x, 2 * view + 1);
                    continue;
                }
                /* supporting: the graph's owner's stones; threatening: the other's */
                int fill_black = (k & 1) ? black : !black;
                if (bug_cap) fill_black = !fill_black;
                if (fill_black) addb |= ab; else addw |= ab;
                used |= ab;
                break;
            }
        }
    }
    *fb = addb; *fw = addw;
    return (addb | addw) != 0;
}

/* Fill-in before a node is searched: dead cells (bit 3), repeated, then captured pairs
 * (bit 9), and again until nothing changes.  Returns the filled cells to add to a
 * carrier found after it: all but the first round of dead cells (see above). */
static bb fill_in_compute(bb *b, bb *w) {
    bb later = 0, bf, d, cb, cw, t;
    int first = 1;
    for (;;) {
        if (fill_on)
            while ((d = dead_cells(*b, *w, &bf)) != 0) { *b |= bf; *w |= d & ~bf; if (!first) later |= d; first = 0; }
        if (clq_on && (d = clique_dead(*b, *w, &bf)) != 0) {
            *b |= bf; *w |= d & ~bf; if (!first) later |= d; /* dead in the given position when first */
            first = 0;
            continue;
        }
        first = 0;
        if (pinf_on && (d = pinf_cells(*b, *w, &bf, &t)) != 0) {
            *b |= bf; *w |= d & ~bf; later |= t; /* one cell, valid where it is made; then again */
            continue;
        }
        if (!cap_on || !captured(*b, *w, &cb, &cw, 0)) break;
        *b |= cb; *w |= cw; later |= cb | cw;
    }
    return later;
}

/* fill_in_compute()'s answers are cached (direct-mapped, 2^fc_bits entries, keyed by the
 * stones, the switch word and the board's generation, always-replace): df-pn fills every
 * child of a node again each time it re-enters the node, and the captured-pair test is
 * the kernel's costliest step.  Only a cache: the fills, carriers and node counts are
 * those computed without it. */
typedef struct { bb b, w, fb, fw, later; uint32_t flags, gen; } FEntry;
static FEntry *fcache;
static u64 fcmask;
static uint32_t fgen = 1; /* bumped when the board size changes (entries of 0 are unused) */

static bb fill_in(bb *b, bb *w) {
    if (!fill_on && !cap_on && !pinf_on && !clq_on) return 0;
    FEntry *e = &fcache[hash(*b, *w, 0x200 ^ (int)(flags << 1)) & fcmask];
    if (e->gen == fgen && e->b == *b && e->w == *w && e->flags == flags) { *b = e->fb; *w = e->fw; return e->later; }
    bb b0 = *b, w0 = *w, later = fill_in_compute(b, w);
    e->b = b0; e->w = w0; e->fb = *b; e->fw = *w; e->later = later; e->flags = flags; e->gen = fgen;
    return later;
}


/* ---- threatened moves pruned in df-pn (flag bit 10) ------------------------------
 * TSD.PAIRS, third clause: if a threatens b in a Shannon graph (G-a*b = G-a-b), a move
 * at b wins only if the move at a wins, for either player to move (checked for Short
 * and for Cut).  Through HEX.GRAPH (a stone is a short in its owner's graph and a
 * deletion in the other's, and the Hex value is the Shannon value on either graph, with
 * the same player to move) this holds in Hex with "threatens" taken in Black's or in
 * White's graph.  By TSD.L2(i), a threatens b iff Γ(b) - a is a clique (a non-clique
 * Γ(b) needs a in Γ(b), every non-adjacent pair of Γ(b) meeting a; a clique Γ(b) is
 * threatened by every other vacant cell).  In mid() the cells of the must-play region M
 * are visited in order and b is dropped when some vacant a != b threatens it that is
 * either off M (a loses, by the must-play rule, so b loses) or in M and not dropped
 * yet.  A dropped cell's witness is kept, or dropped later with a witness kept at that
 * time, so following witnesses ends at a kept cell or a cell off M: every dropped cell
 * wins only if a kept cell wins, so the node's value is unchanged (when every cell is
 * dropped, none wins: the mover loses).  Only df-pn's tree is pruned; the carrier
 * search (winvalue_core) tries every cell of M. */
static int prune_on = 0;

/* ---- pair-domination pruned in df-pn (flag bit 26) --------------------------------
 * Let G be the opponent's Shannon graph and y a vacant cell.  If for vacant x, z (x, y, z
 * distinct) both Γ(y) - {x, z} and Γ(z) - {x, y} are cliques of G, then after the mover
 * plays x (x deleted from G: G - x) z threatens y and y threatens z (TSD.L2(i): a
 * threatens b iff Γ(b) - a is a clique; deleting x changes no other adjacency), so
 * {y, z} is a mutually threatening pair of G - x, lost for the opponent (TSD.PAIRS):
 * the position after x has the value of the position after x with mover stones on y
 * and z (HEX.GRAPH: a mover stone is a deletion in the opponent's graph).  That
 * position has every stone the position after y has and more, so (HEX.P2) a move at y
 * wins only if the move at x wins: x dominates y (and z).  In mid() y is then dropped
 * like a threatened cell, when its witness x is off M or not dropped yet (see above),
 * and the node's loss keeps those cells (see proof sets, below).  The pairs {x, z} are the vacant
 * two-cell covers of the non-adjacent pairs of Γ(y) (terminals cannot be removed, so a
 * pair with a terminal is covered by its cell); a one-cell cover is a threat, pruned
 * as such. */
static int dom_on = 0;

/* Γ(y) - S a clique of g (S: vacant cells) */
static int clique_without(const SGraph *g, int y, bb S) {
    bb Ay = g->A[y] & ~S;
    return adj_all(g, Ay, g->t[y], Ay, g->t[y]);
}

/* the cells x dominating y by a pair {y, z} as above, in the opponent's graph g */
static bb pair_dominators(const SGraph *g, int y, bb *zs) {
    bb Ay = g->A[y];
    int ty = g->t[y];
    if ((ty & 3) == 3 && !g->tt) return 0;
    /* cells that must be removed: those missing a terminal of Γ(y) */
    bb forced = 0;
    if (ty & 1) forced |= Ay & ~g->N0;
    if (ty & 2) forced |= Ay & ~g->N1;
    for (bb q = Ay & ~forced; q; q &= q - 1) { int u = bb_ctz(q); if (ty & ~g->t[u]) forced |= BIT(u); }
    if (more_than(forced, 2)) return 0;
    /* the first non-adjacent pair of cells not met by forced */
    int u = -1, v = -1;
    for (bb q = Ay & ~forced; q && u < 0; q &= q - 1) {
        int a = bb_ctz(q);
        bb m = Ay & ~forced & ~g->A[a] & ~BIT(a);
        if (m) { u = a; v = bb_ctz(m); }
    }
    bb cands[4]; int nc = 0;
    if (forced & (forced - 1)) cands[nc++] = forced;
    else if (forced) {
        if (u < 0) return 0;                 /* Γ(y) - forced a clique: a threat */
        cands[nc++] = forced | BIT(u); cands[nc++] = forced | BIT(v);
    } else {
        if (u < 0) return 0;                 /* Γ(y) a clique: y dead */
        /* u in the cover, with one more cell meeting every pair left; or v likewise */
        for (int k = 0; k < 2; k++) {
            int a = k ? v : u;
            bb rest = Ay & ~BIT(a), need = rest;
            int any = 0;
            for (bb q = rest; q; q &= q - 1) {
                int c = bb_ctz(q);
                bb m = rest & ~g->A[c] & ~BIT(c);
                if (m) { need &= m | BIT(c); any = 1; }
            }
            if (!any) continue;              /* {a} covers: a threat */
            for (bb q = need; q && nc < 4; q &= q - 1) cands[nc++] = BIT(a) | (q & -q);
        }
    }
    bb out = 0;
    for (int i = 0; i < nc; i++) {
        bb S = cands[i];
        if (!(S & (S - 1)) || more_than(S, 2) || !clique_without(g, y, S)) continue;
        int p = bb_ctz(S), q = bb_ctz(S & (S - 1));
        if (bug_dom || clique_without(g, q, BIT(p) | BIT(y))) { out |= BIT(p); *zs |= BIT(q); }
        if (bug_dom || clique_without(g, p, BIT(q) | BIT(y))) { out |= BIT(q); *zs |= BIT(p); }
    }
    return out;
}

static bb prune_keep; /* the cells dropped, their witnesses and the pairs' partners (for proof sets: mid()) */
static bb prune_threatened(bb b, bb w, bb M, int btm) {
    static SGraph gb, gw;
    bb V = FULL & ~(b | w), dropped = 0, keep = 0;
    shannon_graph(b, V, 1, &gb);
    shannon_graph(w, V, 0, &gw);
    const SGraph *go = btm ? &gw : &gb;
    for (bb q = M; q; q &= q - 1) {
        int x = bb_ctz(q);
        if (prune_on) { local(&gb, x, V); local(&gw, x, V); }
        bb wit = prune_on ? (gb.thr[x] | gw.thr[x]) & ~dropped & ~BIT(x) : 0;
        bb zs = 0;
        if (!wit && dom_on) wit = pair_dominators(go, x, &zs) & ~dropped;
        if (wit) { dropped |= BIT(x); keep |= BIT(x) | wit | zs; }
    }
    prune_keep = keep;
    return M & ~dropped;
}

static int winvalue(bb b, bb w, int black_to_move, bb *carrier);

/* WINVALUE on a position without dead cells (after fill-in). */
/* The node's reductions before any move is searched (threats, virtual connections):
 * 1 = the mover wins, 0 = it loses (*carrier set), -1 = search the cells of *Mout
 * (W: the union of the opponent's semi-connection carriers met so far), best
 * score first. */
static int prelude(bb b, bb w, int black_to_move, bb *Mout, bb *Wout, bb *carrier, int *score) {
    bb vacant = FULL & ~(b | w);
    bb M = vacant, W = 0;
    if (threats_on) {
        /* one-move wins (plain consequence of the rules): the mover wins at once with a
           cell joining its two sides; if the opponent has two such cells the mover
           loses (carrier: the two cells); with one, the mover must play it. */
        bb mine = black_to_move ? b : w, theirs = black_to_move ? w : b;
        bb t = threats(mine, vacant, black_to_move);
        if (t) { *carrier = t & -t; return 1; }
        bb o = threats(theirs, vacant, !black_to_move);
        if (o & (o - 1)) { bb lo = o & -o; o &= o - 1; *carrier = lo | (o & -o); return 0; }
        if (o && mustplay_on) { M = o; W = o; }  /* the threat cell carries the opponent's semi-connection */
        /* two-move wins: a move after which the player has two completing cells wins
           (carrier: the move and the two cells).  For the mover that is a win; each such
           move of the opponent is an opponent semi-connection, so the mover must play
           inside its carrier (the must-play rule, HEX.MUSTPLAY). */
        if (!o) {
            bb v = vacant;
            while (v) {
                bb m = v & -v; v &= v - 1;
                bb t2 = threats(mine | m, vacant & ~m, black_to_move);
                if (t2 & (t2 - 1)) { bb lo = t2 & -t2; t2 &= t2 - 1; *carrier = m | lo | (t2 & -t2); return 1; }
            }
            v = mustplay_on ? vacant : 0;
            while (v && M) {
                bb m = v & -v; v &= v - 1;
                bb t2 = threats(theirs | m, vacant & ~m, !black_to_move);
                if (t2 & (t2 - 1)) { bb lo = t2 & -t2; t2 &= t2 - 1; bb car = m | lo | (t2 & -t2); M &= car; W |= car; }
            }
            if (!M) { *carrier = W; return 0; }
        }
    }
    int cnt[BB_BITS] = {0};
    if (hs_on) {
        /* the opponent's closure only: the mover's own (its SC between the sides would
           win at once) costs a closure per node and, measured on 6x6, saves no nodes —
           the one- and two-move threats above and the child's check find those wins */
        bb theirs = black_to_move ? w : b;
        h_region = mustplay_on ? M : 0; /* the early stop is a must-play conclusion */
        int ok = hsearch(theirs, vacant, !black_to_move);
        h_region = 0;
        if (ok) {
            if (h_has_vc) { *carrier = h_vc01; return 0; }
            if (h_nsc) {
                if (mustplay_on) { M &= h_sc_and; W |= h_sc_or; }
                for (int k = 0; k < hns[0][1]; k++)
                    for (bb q = hsc[0][1][k]; q; q &= q - 1) cnt[bb_ctz(q)]++;
                if (!M) { *carrier = W; return 0; }
            }
        }
    }
    if (vc_on) {
        bb mine = black_to_move ? b : w, theirs = black_to_move ? w : b, K;
        VCBase bm, bt;
        vc_base(&bt, theirs, vacant, !black_to_move);
        /* the opponent's virtual connection: the mover loses, whatever it plays */
        if (vc_plus(&bt, 0, &K)) { *carrier = K; return 0; }
        /* a cell after which the mover has a virtual connection wins (carrier: the
           cell and the pairs); the same for the opponent is a semi-connection whose
           carrier the mover must play in (HEX.MUSTPLAY) */
        vc_base(&bm, mine, vacant, black_to_move);
        bb v = vacant & M;
        while (v) {
            bb m = v & -v; v &= v - 1;
            if (vc_plus(&bm, m, &K)) { *carrier = K | m; return 1; }
        }
        v = mustplay_on ? vacant : 0;
        while (v && M) {
            bb m = v & -v; v &= v - 1;
            if (vc_plus(&bt, m, &K)) {
                M &= K | m; W |= K | m;
                for (bb q = K | m; q; q &= q - 1) cnt[bb_ctz(q)]++;
            }
        }
        if (!M) { *carrier = W; return 0; }
    }
    if (order_on && (M & (M - 1))) {
        bb mine = black_to_move ? b : w, theirs = black_to_move ? w : b;
        for (bb v = M; v; v &= v - 1) {
            int x = bb_ctz(v); bb xb = v & -v;
            score[x] = cnt[x] * 64 + dist(theirs, vacant & ~xb, !black_to_move) - dist(mine | xb, vacant & ~xb, black_to_move);
        }
    } else for (int q = 0; q < N; q++) score[q] = cnt[q] * 64;
    *Mout = M; *Wout = W;
    return -1;
}

/* ---- depth-first proof-number search (flag bit 6) ---------------------------------
 * Nagai's df-pn in negamax form: phi = proof number of "the mover wins", delta = its
 * disproof number; phi(n) = min over children of delta(c), delta(n) = sum of phi(c);
 * a node is expanded into the cells of the must-play region the prelude leaves (every
 * reduction above applies: a win or loss found there is a proved leaf), children first
 * met get phi = 1 and delta = 1, or 2 past the three best-scored cells; the child
 * with the least delta is searched with thresholds (thdelta - delta + phi(c),
 * min(thphi, 5/4 delta2 + 1)), delta2 the second least (the 1 + epsilon trick).  Hex
 * has no repeated positions (stones are only added), so no cycle handling is needed.
 * df-pn only decides the value: the carrier is then found by the must-play search of
 * winvalue_core, whose move order puts first every cell df-pn proved winning (guide());
 * with bit 7 (value only) the carrier is every vacant cell, which always carries.
 *
 * Proof sets (bit 23).  Each solved entry keeps P, a set of vacant cells such that the
 * value holds even when the loser is given every other vacant cell in advance (the
 * carrier of winvalue_core, for df-pn): a prelude decision keeps its carrier; a win by
 * the move m keeps m, the child's P and the cells filled in the child; a loss keeps the
 * union of its children's P (with their filled cells) and W, the opponent's
 * semi-connection carriers the prelude narrowed the must-play region by.  When a child
 * after the move m is proved lost for the mover with the set S (its P and filled
 * cells; m is not in S), every move x off S loses too: in the position after x the
 * opponent answers as in the child, where the mover was given every cell off S, x and
 * m among them, and more stones never hurt the opponent's chain inside S (Fig. 13's
 * update M <- M & S, HEX.MUSTPLAY).  So df-pn drops those children.  When bits 10 or
 * 26 dropped moves, the node's loss also keeps the dropped cells, their witnesses and
 * the pairs' partners (prune_keep): in the position P' where the loser (the mover) is
 * given every cell off the set, all of them are still vacant, and each relation
 * survives the loser's extra stones — a threat survives play elsewhere (TSD.L2(iii)),
 * and a mover stone deletes a vertex of the opponent's graph, which keeps the cliques
 * of bit 26 — while a witness off the must-play region still loses in P' (its
 * semi-connection carriers are in W).  So each dropped move still wins only if its
 * witness wins, and the kept moves lose by their children's sets.  With bit 23 off
 * every loss keeps every vacant cell and no child is dropped.
 *
 * Lazy fill-in (bit 24).  Expanding a node used to fill in every child to look it up
 * in the table, though df-pn searches few of them.  With bit 24 a child is keyed by
 * the position before its fill-in and filled only when searched; the fill-in keeps the
 * value (bits 3 and 9), so a key before fill-in and the filled position have the same
 * value, and the cells filled are added to P as in winvalue().  Transpositions that
 * meet only after different fill-ins are no longer shared: node counts differ, values
 * do not. */
#define PINF 0x3fffffffu
typedef struct { bb b, w, M, top, P; uint32_t phi, delta; uint32_t flags, work; uint8_t used, tomove, expanded; } PEntry;
static PEntry *ptable;
static int dfpn_on = 0, table_dirty = 0, ptable_dirty = 0, shrink_on = 0;

/* The table is two-way: a position's entry is in one of the two slots of its bucket, and a
 * new entry replaces the one of the two that took less work to find (df-pn nodes searched
 * under it; an unused slot first) — a long search keeps its costly entries.  Only a
 * table policy: values are those of the search, node counts differ. */
static PEntry *pbucket(bb b, bb w, int btm) {
    return &ptable[hash(b, w, btm ^ (flags << 1) ^ 0x100) & tmask & ~(u64)1];
}

static int pmatch(const PEntry *e, bb b, bb w, int btm) {
    return e->used && e->b == b && e->w == w && e->tomove == btm && e->flags == flags;
}

static PEntry *pfind(bb b, bb w, int btm) {
    PEntry *e = pbucket(b, w, btm);
    if (pmatch(e, b, w, btm)) return e;
    if (pmatch(e + 1, b, w, btm)) return e + 1;
    return 0;
}

static void pstore(bb b, bb w, int btm, uint32_t phi, uint32_t delta, bb M, int expanded, bb top, bb P, uint32_t work) {
    PEntry *e = pbucket(b, w, btm);
    if (pmatch(e + 1, b, w, btm) || (!pmatch(e, b, w, btm) && (!e[1].used || (e->used && e[1].work < e->work)))) e++;
    ptable_dirty = 1;
    e->used = 1; e->b = b; e->w = w; e->tomove = (uint8_t)btm; e->flags = flags;
    e->phi = phi; e->delta = delta; e->M = M; e->expanded = (uint8_t)expanded; e->top = top; e->P = P; e->work = work;
}

/* an entry's work: its earlier work plus the nodes searched now, saturated */
static inline uint32_t work_of(uint32_t w0, long long d) {
    unsigned long long t = (unsigned long long)w0 + (unsigned long long)d;
    return t > 0xffffffffull ? 0xffffffffu : (uint32_t)t;
}

static int lazy_on = 0;
static void mid(bb b, bb w, int btm, uint32_t thphi, uint32_t thdelta, uint32_t *ophi, uint32_t *odelta, bb *oproof) {
    long long n0 = nodes++;
    PEntry *e = pfind(b, w, btm);
    uint32_t work0 = e ? e->work : 0;
#define WORK work_of(work0, nodes - n0)
    bb M, acc = 0, F = 0, b0 = b, w0 = w;
    bb vac = FULL & ~(b | w);
    int score[BB_BITS];
    if (e && (e->phi == 0 || e->delta == 0)) { *ophi = e->phi; *odelta = e->delta; *oproof = e->P; return; }
    if (lazy_on) F = fill_in(&b, &w);
    if (e && e->expanded) { /* re-entry: the three best-scored cells first, as before */
        M = e->M; acc = e->P;
        for (int q = 0; q < N; q++) score[q] = (e->top >> q & 1) ? 1 : 0;
    } else {
        if (chain(btm ? w : b, !btm)) { pstore(b0, w0, btm, PINF, 0, 0, 0, 0, F, WORK); *ophi = PINF; *odelta = 0; *oproof = F; return; }
        if (chain(btm ? b : w, btm)) { pstore(b0, w0, btm, 0, PINF, 0, 0, 0, F, WORK); *ophi = 0; *odelta = PINF; *oproof = F; return; }
        bb W, car;
        int r = prelude(b, w, btm, &M, &W, &car, score);
        if (r == 1) { pstore(b0, w0, btm, 0, PINF, 0, 0, 0, car | F, WORK); *ophi = 0; *odelta = PINF; *oproof = car | F; return; }
        if (r == 0) { pstore(b0, w0, btm, PINF, 0, 0, 0, 0, car | F, WORK); *ophi = PINF; *odelta = 0; *oproof = car | F; return; }
        acc = mustplay_on && !bug_proof ? W : 0;
        if (prune_on || dom_on) { bb M2 = prune_threatened(b, w, M, btm); if (M2 != M) acc |= prune_keep; M = M2; }
    }
    /* children, best score first */
    int nc = 0, cell[BB_BITS];
    bb cb[BB_BITS], cw[BB_BITS], cf[BB_BITS], cpr[BB_BITS];
    for (bb v = M; v; v &= v - 1) cell[nc++] = bb_ctz(v);
    for (int i = 1; i < nc; i++) {
        int x = cell[i], j = i;
        while (j > 0 && score[cell[j - 1]] < score[x]) { cell[j] = cell[j - 1]; j--; }
        cell[j] = x;
    }
    for (int i = 0; i < nc; i++) {
        bb bit = BIT(cell[i]);
        cb[i] = btm ? b | bit : b; cw[i] = btm ? w : w | bit;
        cf[i] = lazy_on ? 0 : fill_in(&cb[i], &cw[i]);
    }
    bb top = 0;
    for (int i = 0; i < nc && i < 3; i++) top |= BIT(cell[i]);
    uint32_t cp[BB_BITS], cd[BB_BITS];
    for (int i = 0; i < nc; i++) {
        PEntry *c = pfind(cb[i], cw[i], !btm);
        cp[i] = c ? c->phi : 1; cd[i] = c ? c->delta : (i < 3 ? 1 : 2);
        cpr[i] = c ? c->P : 0;
    }
    int live = nc;
    uint8_t alive[BB_BITS];
    for (int i = 0; i < nc; i++) alive[i] = 1;
    for (;;) {
        if (shrink_on) {
            /* a child lost for the mover: every move off its proof loses too */
            for (int i = 0; i < nc; i++) {
                if (!alive[i] || cp[i] != 0) continue;
                bb S = cpr[i] | cf[i];
                acc |= S; M &= S;
                for (int j = 0; j < nc; j++) if (alive[j] && !(M >> cell[j] & 1)) { alive[j] = 0; live--; }
            }
        }
        uint32_t d1 = PINF, d2 = PINF, phib = 1, sum = 0;
        int best = -1;
        for (int i = 0; i < nc; i++) {
            if (!alive[i]) continue;
            if (cd[i] < d1 || best < 0) { d2 = d1; d1 = cd[i]; best = i; phib = cp[i]; }
            else if (cd[i] < d2) d2 = cd[i];
            sum += cp[i]; if (sum > PINF) sum = PINF;
        }
        uint32_t phi = live ? d1 : PINF, delta = live ? sum : 0;
        if (phi >= thphi || delta >= thdelta || phi == 0 || delta == 0) {
            bb P;
            if (phi == 0) P = cpr[best] | cf[best] | BIT(cell[best]) | F;
            else if (delta == 0) { P = acc | F; for (int i = 0; i < nc; i++) if (alive[i]) P |= cpr[i] | cf[i]; if (!shrink_on) P = vac; }
            else P = acc;
            pstore(b0, w0, btm, phi, delta, M, 1, top, P, WORK);
            *ophi = phi; *odelta = delta; *oproof = P;
            return;
        }
        uint32_t cthphi = thdelta - delta + phib;
        if (cthphi > PINF) cthphi = PINF;
        uint64_t t = (uint64_t)d2 + d2 / 4 + 1;
        uint32_t cthdelta = thphi < t ? thphi : (uint32_t)t;
        mid(cb[best], cw[best], !btm, cthphi, cthdelta, &cp[best], &cd[best], &cpr[best]);
    }
}

#undef WORK

/* Move order for the carrier search after df-pn: cells whose child df-pn proved lost
 * for the opponent first. */
static void guide(bb b, bb w, int btm, bb M, int *score) {
    for (bb v = M; v; v &= v - 1) {
        int x = bb_ctz(v); bb bit = v & -v;
        bb nb = btm ? b | bit : b, nw = btm ? w : w | bit;
        if (!lazy_on) fill_in(&nb, &nw); /* df-pn's key of the child (bit 24: before fill-in) */
        PEntry *c = pfind(nb, nw, !btm);
        if (c && c->delta == 0) score[x] += 1 << 20;
    }
}

static int winvalue_core(bb b, bb w, int black_to_move, bb *carrier) {
    nodes++;
    /* the player who just moved may have a chain: it is the opponent of the mover */
    if (chain(black_to_move ? w : b, !black_to_move)) { *carrier = 0; return 0; }
    if (chain(black_to_move ? b : w, black_to_move)) { *carrier = 0; return 1; }
    u64 h = hash(b, w, black_to_move ^ (flags << 1)) & tmask;
    Entry *e = &table[h];
    if (e->used && e->b == b && e->w == w && e->tomove == black_to_move && e->flags == flags) { *carrier = e->carrier; return e->win; }
    bb M, W;
    int score[BB_BITS];
    { int r = prelude(b, w, black_to_move, &M, &W, carrier, score); if (r >= 0) return r; }
    if (dfpn_on) guide(b, w, black_to_move, M, score);
    int win = 0;
    bb result = 0;
    bb tried = 0;
    for (int k = 0; k < N && M; k++) {
        int m = order[k];
        if (order_on || dfpn_on) { /* best score first: opponent semi carriers, then distances */
            bb cand = M & ~tried;
            if (!cand) break;
            int best = -(1 << 30);
            for (int q = 0; q < N; q++) {
                int x = order[q];
                if ((cand >> x & 1) && score[x] > best) { best = score[x]; m = x; }
            }
            tried |= BIT(m);
        }
        bb bit = BIT(m);
        if (!(M & bit)) continue;
        bb S;
        int child = black_to_move ? winvalue(b | bit, w, 0, &S) : winvalue(b, w | bit, 1, &S);
        if (!child) {
            win = 1; result = S | bit;
            break;
        }
        W |= S;
        if (mustplay_on) M &= S; else M &= ~bit;
    }
    if (!win) result = W;
    e = &table[h];
    table_dirty = 1;
    e->used = 1; e->b = b; e->w = w; e->tomove = (uint8_t)black_to_move; e->win = (uint8_t)win; e->carrier = result; e->flags = flags;
    *carrier = result;
    return win;
}

/* Returns 1 when the player to move wins; *carrier gets the winner's carrier. */
static int winvalue(bb b, bb w, int black_to_move, bb *carrier) {
    if (!fill_on && !cap_on && !pinf_on && !clq_on) return winvalue_core(b, w, black_to_move, carrier);
    bb filled = fill_in(&b, &w);
    int r = winvalue_core(b, w, black_to_move, carrier);
    *carrier |= filled;
    return r;
}

static void setup(int r, int c) {
    R = r; C = c; N = r * c;
    hv_kv = N <= 62 ? HV_KV_SMALL : HV_KV;
    FULL = N == BB_BITS ? BB_ALL : BIT(N) - 1;
    TOP = C == BB_BITS ? BB_ALL : BIT(C) - 1;
    BOTTOM = TOP << ((R - 1) * C);
    LEFT = 0;
    for (int i = 0; i < R; i++) LEFT |= BIT(i * C);
    RIGHT = LEFT << (C - 1);
    NOTLEFT = FULL & ~LEFT;
    NOTRIGHT = FULL & ~RIGHT;
    setup_ring();
    tpl_setup();
    for (int i = 0; i < N; i++) NBR[i] = dilate(BIT(i)) & ~BIT(i);
    /* static order: cells nearest the board's centre first (hex distance) */
    double cr = (R - 1) / 2.0, cc = (C - 1) / 2.0;
    double key[BB_BITS];
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

/* The start-up and the query reading shared with proof_kernel.c's main: the tables
 * (argv[1], see above; 1 = no memory), then each query line parsed into the board
 * (cleared tables when its size changes), the player to move and the switches the
 * flag word sets; 0 at the end of input, -1 after answering a malformed line. */
static int qbits;

static int kernel_start(int argc, char **argv) {
    qbits = argc > 1 ? atoi(argv[1]) : 22;
    if (qbits < 10 || qbits > 30) qbits = 22;
    tmask = (1ULL << qbits) - 1;
    int fc_bits = qbits - 4 < 10 ? 10 : qbits - 4 > 20 ? 20 : qbits - 4;
    fcmask = (1ULL << fc_bits) - 1;
    fcache = calloc((size_t)1 << fc_bits, sizeof(FEntry));
    table = calloc((size_t)1 << qbits, sizeof(Entry));
    ptable = calloc((size_t)1 << qbits, sizeof(PEntry));
    if (!table || !ptable || !fcache) { fprintf(stderr, "no memory\n"); return 1; }
    return 0;
}

static int read_query(bb *b, bb *w, int *btm, unsigned long long *mp) {
    static int lastr = -1, lastc = -1;
    int r, c;
    char bs[48], ws[48], t[4];
    if (scanf("%d %d %47s %47s %3s %llu", &r, &c, bs, ws, t, mp) != 6) return 0;
    if (r < 1 || c < 1 || r * c > BB_BITS || !bb_parse(bs, b) || !bb_parse(ws, w) || ((*b | *w) >> (r * c - 1) >> 1)) {
        printf("? 0 0\n"); fflush(stdout); return -1;
    }
    if (r != lastr || c != lastc) {
        /* only a table written since it was cleared (a value-only run never writes the
           carrier table: its pages are never touched) */
        if (table_dirty) memset(table, 0, ((size_t)1 << qbits) * sizeof(Entry));
        if (ptable_dirty) memset(ptable, 0, ((size_t)1 << qbits) * sizeof(PEntry));
        table_dirty = ptable_dirty = 0;
        setup(r, c);
        fgen++;
        lastr = r; lastc = c;
    }
    *btm = t[0] == 'B';
    unsigned long long f = *mp;
    mustplay_on = f & 1;
    threats_on = (f >> 1) & 1;
    vc_on = (f >> 2) & 1;
    fill_on = (f >> 3) & 1;
    order_on = (f >> 4) & 1;
    or_on = (f >> 5) & 1;
    dfpn_on = (f >> 6) & 1;
    hs_on = (f >> 8) & 1;
    cap_on = (f >> 9) & 1;
    prune_on = (f >> 10) & 1;
    dom_on = (f >> 26) & 1;
    pinf_on = (f >> 29) & 1;
    tpl_on = (f >> 28) & 1;
    shrink_on = (f >> 23) & 1;
    lazy_on = (f >> 24) & 1;
    bug_or = (f >> 11) & 1;
    bug_cap = (f >> 15) & 1;
    bug_proof = (f >> 25) & 1;
    bug_dom = (f >> 27) & 1;
    bug_pinf = (f >> 30) & 1;
    clq_on = (f >> 31) & 1;
    bug_clq = (f >> 32) & 1;
    return 1;
}

/* the switch word as a table key: bits 7 (value only) and 12-14 (hooks) dropped, bit 32
 * (the clique rule's bug) moved into bit 12, so no two settings share a key */
static uint32_t switch_key(unsigned long long mp) {
    return ((uint32_t)mp & ~(uint32_t)(128 | 0x7000)) | (uint32_t)((mp >> 32) & 1) << 12;
}

int main(int argc, char **argv) {
    if (kernel_start(argc, argv)) return 1;
    unsigned long long mp;
    int btm, q;
    bb b, w;
    while ((q = read_query(&b, &w, &btm, &mp)) != 0) {
        if (q < 0) continue;
        int value_only = (mp >> 7) & 1;
        flags = switch_key(mp); /* value-only and the hooks share answers */
        if (mp >> 14 & 1) { /* debug: fill-in and the captured pairs, no search */
            bb fb = b, fw = w, cb, cw;
            bb later = fill_in(&fb, &fw);
            printf("F "); bb_print(stdout, fb); printf(" "); bb_print(stdout, fw); printf(" "); bb_print(stdout, later);
            captured(b, w, &cb, &cw, 1);
            printf("\n");
            if (mp >> 13 & 1) { /* and the threateners of each cell: "T" then per cell, both graphs */
                static SGraph gb, gw;
                bb V = FULL & ~(b | w);
                shannon_graph(b, V, 1, &gb);
                shannon_graph(w, V, 0, &gw);
                local_all(&gb, V);
                local_all(&gw, V);
                printf("T");
                for (int x = 0; x < N; x++)
                    if (V >> x & 1) { printf(" %d ", x); bb_print(stdout, gb.thr[x]); printf(" "); bb_print(stdout, gw.thr[x]); }
                printf("\n");
            }
            fflush(stdout);
            continue;
        }
        nodes = 0;
        if (mp & 4096) { /* test hook: the H-search closure of the player named, read out */
            bb V = FULL & ~(b | w);
            h_log_on = 1;
            int ok = !chain(btm ? b : w, btm) && hsearch(btm ? b : w, V, btm);
            h_log_on = 0;
            if (!ok) { printf("H 0 0 0\n"); fflush(stdout); continue; }
            /* the virtual connection (the solver's loss read-out) and every SC the read-out
               counted before it (the solver, stopping earlier, counts a prefix of them) */
            printf("H %d ", h_has_vc); bb_print(stdout, h_has_vc ? h_vc01 : 0); printf(" %d", h_log_n > HS_LOGMAX ? -1 : h_log_n);
            for (int k = 0; k < h_log_n && k < HS_LOGMAX; k++)
                { printf(" %d:", bb_ctz(hcell[h_log_k[k]])); bb_print(stdout, h_log_c[k]); }
            printf("\n"); fflush(stdout); continue;
        }
        bb car;
        int mover;
        if (dfpn_on) {
            bb fb = b, fw = w, pr = 0;
            bb later = fill_in(&fb, &fw);
            uint32_t phi = 1, delta = 1;
            while (phi && delta) mid(fb, fw, btm, PINF, PINF, &phi, &delta, &pr);
            mover = phi == 0;
            /* value only: the proof set with bit 23 (a carrier, as winvalue()'s), else every vacant cell */
            if (value_only) car = shrink_on ? pr | later : FULL & ~(b | w);
            else if (winvalue(b, w, btm, &car) != mover) { printf("? 0 0\n"); fflush(stdout); continue; }
        } else {
            mover = winvalue(b, w, btm, &car);
        }
        char winner = (mover == btm) ? 'B' : 'W';
        printf("%c ", winner); bb_print(stdout, car); printf(" %lld\n", nodes);
        fflush(stdout);
    }
    return 0;
}
