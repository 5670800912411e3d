/* The Hex proof builder's kernel (verify/papers/hex/proof_build.py; Python side:
 * verify.papers.hex.solver.BuilderKernel).
 *
 * hexsolve.c is included unchanged (its solver, tables and switches, and its start-up
 * and query reading, kernel_start() and read_query(); its own main renamed away), so the
 * stored opening maps, which name the hash of hexsolve.c, stay valid.  This main answers
 * hexsolve.c's value queries exactly as it does (same line format, same answers: the
 * same functions on the same tables) and two commands of the
 * builder, each replacing a loop of Python queries by one line:
 *   flag bit 16, exhaust in bits 17-21: shrink_query -> "X carrier nodes black white";
 *   flag bit 22, exhaust in bits 17-21: best_query   -> "M cell nodes" (-1: no winning
 *   move, -2: df-pn and the carrier search disagreed).
 * hexsolve.c's debug hooks (bits 12-14) are refused here ("? 0 0").  Nothing here is
 * trusted: every proof is re-verified by proof_check.py, which shares no code with it.
 */
#define main hexsolve_main
#include "hexsolve.c"
#undef main

/* One query: 1 when the player to move wins, 0 when it loses, -1 when df-pn and the
   carrier search disagree; *car gets the carrier (with value_only df-pn's proof set, or
   every vacant cell without proof sets). */
static int solve_query(bb b, bb w, int btm, int value_only, bb *car) {
    if (dfpn_on) {
        bb fb = b, fw = w, pr = 0;
        bb later = fill_in(&fb, &fw);
        uint32_t phi = 1, delta = 1;
        while (phi && delta) mid(fb, fw, btm, PINF, PINF, &phi, &delta, &pr);
        int mover = phi == 0;
        if (value_only) *car = shrink_on ? pr | later : FULL & ~(b | w);
        else if (winvalue(b, w, btm, car) != mover) return -1;
        return mover;
    }
    return winvalue(b, w, btm, car);
}

/* The proof builder's node preparation (verify/papers/hex/proof_build.py, ``shrunk``),
   done here to save a pipe round trip per query; the builder is not trusted (every
   proof is re-verified by proof_check.py), and the Python loop it replaces stays as
   the switch-off route, tested to give the same proofs.  The position (*b, *w) with
   the player btm to move is solved: winner X (1 Black), carrier *car.  The vacant
   cells off the carrier are given to the loser; when more than `exhaust` carrier
   cells are vacant, each remaining vacant cell is then offered to the loser in turn
   (cell order), kept when X still wins (its smaller carrier's complement filled too,
   and the offers restarted), refused for good when X then loses (more loser stones
   never help X).  Returns X, or -1 on a solver disagreement or a loser chain. */
static int shrink_query(bb *b, bb *w, int btm, int exhaust, bb *car) {
    int m = solve_query(*b, *w, btm, 0, car);
    if (m < 0) return -1;
    int xb = (m == btm);                         /* X is Black */
    bb *lose = xb ? w : b;
    bb vac = FULL & ~(*b | *w);
    int shrink = bb_popcount(*car & vac) > exhaust;
    bb rejected = 0;
    for (;;) {
        vac = FULL & ~(*b | *w);
        *lose |= vac & ~*car;
        if (chain(*lose, !xb)) return -1;
        if (!shrink) return xb;
        bb cells = FULL & ~(*b | *w), restart = 0;
        while (cells) {
            bb low = cells & (~cells + 1);
            cells ^= low;
            if (!(low & ~(*b | *w)) || (rejected & low)) continue;
            if (chain(*lose | low, !xb)) continue;
            bb car2;
            bb nb = xb ? *b : *b | low, nw = xb ? *w | low : *w;
            int m2 = solve_query(nb, nw, btm, 0, &car2);
            if (m2 < 0) return -1;
            if ((m2 == btm) != xb) { rejected |= low; continue; }
            *b = nb; *w = nw;
            if ((FULL & ~(*b | *w)) & ~car2) { *car = car2; restart = 1; break; }
        }
        if (!restart) return xb;
    }
}

/* The proof builder's choice of X's move (proof_build.py, ``node`` at X's turn), done
   here for the same reason as shrink_query: X (the player to move, btm) tries each
   vacant cell in order; a cell completing X's chain is taken at once; otherwise the
   child (the loser to move) is solved, and among the children X wins the one whose
   carrier has the fewest vacant cells is kept, the first with at most `exhaust` taken
   at once.  Returns the cell, -1 when no move wins, -2 on a solver disagreement. */
static int best_query(bb b, bb w, int btm, int exhaust) {
    bb vac = FULL & ~(b | w);
    int best = -1, best_size = 0;
    while (vac) {
        bb low = vac & (~vac + 1);
        vac ^= low;
        int m = bb_ctz(low);
        bb nb = btm ? b | low : b, nw = btm ? w : w | low;
        if (chain(btm ? nb : nw, btm)) return m;
        bb car2;
        int r = solve_query(nb, nw, !btm, 0, &car2);
        if (r < 0) return -2;
        if (r) continue;                         /* the loser, to move, wins */
        int size = bb_popcount(car2 & ~(nb | nw) & FULL);
        if (best < 0 || size < best_size) {
            best = m; best_size = size;
            if (size <= exhaust) break;
        }
    }
    return best;
}

int main(int argc, char **argv) {
    if (kernel_start(argc, argv)) return 1;
    unsigned long long mp;
    int btm, q;
    bb b, w;
    while ((q = read_query(&b, &w, &btm, &mp)) != 0) {
        if (q < 0) continue;
        int value_only = (mp >> 7) & 1;
        /* value-only, the hooks and the builder's own command bits share answers */
        flags = switch_key(mp) & ~(uint32_t)0x7F0000u;
        if (mp & 0x7000) { printf("? 0 0\n"); fflush(stdout); continue; } /* hexsolve.c's debug hooks: not here */
        nodes = 0;
        bb car;
        if (mp >> 16 & 1) { /* the builder's node preparation: see shrink_query */
            bb sb = b, sw = w;
            int x = shrink_query(&sb, &sw, btm, (mp >> 17) & 31, &car);
            if (x < 0) { printf("? 0 0\n"); fflush(stdout); continue; }
            printf("%c ", x ? 'B' : 'W'); bb_print(stdout, car); printf(" %lld ", nodes);
            bb_print(stdout, sb); printf(" "); bb_print(stdout, sw); printf("\n");
            fflush(stdout);
            continue;
        }
        if (mp >> 22 & 1) { /* the builder's move choice: see best_query */
            int m = best_query(b, w, btm, (mp >> 17) & 31);
            printf("M %d %lld\n", m, nodes);
            fflush(stdout);
            continue;
        }
        int mover = solve_query(b, w, btm, value_only, &car);
        if (mover < 0) { printf("? 0 0\n"); fflush(stdout); continue; }
        char winner = (mover == btm) ? 'B' : 'W';
        printf("%c ", winner); bb_print(stdout, car); printf(" %lld\n", nodes);
        fflush(stdout);
    }
    return 0;
}
