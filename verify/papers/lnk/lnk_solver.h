/*
 * lnk_solver.h -- the exact Shannon-game solver of the LNK kernels (links_kernel.c,
 * strong_kernel.c, plain_kernel.c).  Include lnk_graph6.h first.
 *
 * Minimax with a memo on the colouring of the play area (each non-terminal free,
 * short or cut: a base-3 key), whose turn it is being part of the key.  Short has won
 * when s and t are joined through shorted vertices; Cut has won when every s-t path
 * meets a cut vertex.  Speed-ups, each by elementary play (those of the Python
 * FastSolver's `immediate` option and its live-vertex restriction):
 * - a free vertex joining Short's s-blob to his t-blob wins at once for Short to move;
 *   two of them win for Short whoever moves, and one of them is Cut's only move;
 * - a free vertex whose cutting separates s from t wins at once for Cut to move (such
 *   vertices are looked for on one shortest s-t path only: they lie on every path);
 *   two of them win for Cut whoever moves (Short, to move and with no joining vertex,
 *   can take only one), and one of them is Short's only move;
 * - Cut's moves next to the Short blob (of s's, t's) with fewer free neighbours are
 *   tried first, then those next to the other (an order only);
 * - a free vertex with at most one neighbour on the play area, or with every such
 *   neighbour in one of Short's two blobs, is not played (peeled off, repeatedly): any
 *   s-t path through it can avoid it;
 * - only free vertices reachable from both s and t avoiding cut vertices are played
 *   (no other vertex lies on an s-t path, so colouring it never matters, and a move
 *   that does not matter is never better than one that does: more vertices of one's
 *   own colour never hurt).
 *
 * Use: solver_init() once; solver_setup(n, adj, s, t) per game; then short_wins(first)
 * any number of times, changing SADJ in between (edge deletions) if wanted, followed
 * each time by solver_forget().  The
 * answers are checked: every link a kernel reports is re-solved in Python, and the
 * kernels' searches are compared with the Python searches and, for every candidate of
 * the n = 10 strong search, with an independent solver (verify/papers/lnk/plain.py).
 */
#ifndef LNK_SOLVER_H
#define LNK_SOLVER_H

static int SN, SS, ST;
static set SADJ[MAXN];
static int SIDX[MAXN], POW3[MAXN + 1];
static uint32_t *STAMP;
static uint8_t *VAL;
static uint32_t CUR;

static set reach(set start, set allowed) {
    set r = start, old = 0;
    while (r != old) {
        old = r;
        for (set t = old; t; t &= t - 1) r |= SADJ[lowbit(t)] & allowed;
    }
    return r;
}
static set nbrs(set x) {
    set r = 0;
    for (set t = x; t; t &= t - 1) r |= SADJ[lowbit(t)];
    return r;
}
static int short_joined(set S) { return reach(BIT(SS), S | BIT(ST)) >> ST & 1; }
static int cut_separated(set C) { return !(reach(BIT(SS), (BIT(SN) - 1) & ~C) >> ST & 1); }

/* The inner vertices of one shortest s-t path avoiding C (0 when there is none): a
   vertex whose cutting separates s from t lies on every s-t path, so on this one. */
static set one_path(set C) {
    set open = (BIT(SN) - 1) & ~C, layer[MAXN], seen = BIT(SS);
    int d = 0;
    layer[0] = BIT(SS);
    while (!(seen >> ST & 1)) {
        set next = nbrs(layer[d]) & open & ~seen;
        if (!next) return 0;
        layer[++d] = next;
        seen |= next;
    }
    set path = 0, cur = BIT(ST);
    for (int i = d - 1; i >= 1; i--) {
        set back = layer[i] & nbrs(cur);
        cur = back & -back;
        path |= cur;
    }
    return path;
}

/* 1 when Short wins from (S, C) with `short_move` to play; neither side has won yet */
static int solve_rec(set S, set C, int key, int short_move) {
    size_t slot = (size_t)key * 2 + short_move;
    if (STAMP[slot] == CUR) return VAL[slot];
    set all = BIT(SN) - 1, term = BIT(SS) | BIT(ST);
    set open = all & ~C;
    set live = reach(BIT(SS), open); /* t is in it: Cut has not won */
    set A = reach(BIT(SS), S | BIT(SS)), B = reach(BIT(ST), S | BIT(ST));
    /* peel: a free vertex with at most one neighbour left on the play area, or with all
       of them in Short's s-blob A (or all in his t-blob B), is on no s-t path that
       matters (a path entering and leaving A through it can stay in A) */
    for (;;) {
        set dead = 0;
        for (set x = live & ~S & ~term; x; x &= x - 1) {
            set nb = SADJ[lowbit(x)] & live;
            if (!(nb & (nb - 1)) || !(nb & ~A) || !(nb & ~B)) dead |= x & -x;
        }
        if (!dead) break;
        live &= ~dead;
    }
    set free_ = live & ~S & ~term;
    set join = free_ & nbrs(A) & nbrs(B);
    int res;
    if (short_move) {
        if (join) res = 1;
        else {
            /* Cut's immediate wins: two end the game, one is Short's only move */
            set must = 0;
            int nmust = 0;
            for (set t = free_ & one_path(C); t && nmust < 2; t &= t - 1)
                if (cut_separated(C | (t & -t))) { must |= t & -t; nmust++; }
            res = 0;
            if (nmust == 1) res = solve_rec(S | must, C, key + POW3[SIDX[lowbit(must)]], 0);
            /* vertices next to a blob first: an order only */
            set near = free_ & (nbrs(A) | nbrs(B));
            for (int pass = 0; pass < 2 && !res && !nmust; pass++)
                for (set t = pass ? free_ & ~near : near; t && !res; t &= t - 1) {
                    int v = lowbit(t);
                    if (solve_rec(S | BIT(v), C, key + POW3[SIDX[v]], 0)) res = 1;
                }
        }
    } else if (join & (join - 1)) {
        res = 1;
    } else {
        res = 1;
        for (set t = free_ & one_path(C); t && res; t &= t - 1)
            if (cut_separated(C | (t & -t))) res = 0;
        if (res) {
            set moves = join ? join : free_;
            /* the frontier of the blob with fewer free neighbours first, then the other's */
            set fa = moves & nbrs(A), fb = moves & nbrs(B);
            if (popc(fb) < popc(fa)) { set x = fa; fa = fb; fb = x; }
            fb &= ~fa;
            set order[3] = {fa, fb, moves & ~fa & ~fb};
            for (int pass = 0; pass < 3 && res; pass++)
                for (set t = order[pass]; t && res; t &= t - 1) {
                    int v = lowbit(t);
                    if (!solve_rec(S, C | BIT(v), key + 2 * POW3[SIDX[v]], 1)) res = 0;
                }
        }
    }
    STAMP[slot] = CUR;
    VAL[slot] = (uint8_t)res;
    return res;
}

/* 0, or 2 after a sentence on stderr when memory runs out */
/* Mutation testing only (verify/mutants/lnk.py): $SHANNON_VERIFY_LNK_DEBUG holds bits
   that plant a known bug, so the mutants can show that the checks consuming this solver
   fail when it errs.  0 (unset) in every real run. */
#define LNK_BUG_MINIMALITY 1 /* link_status: every link reported minimal */
static int LNK_DEBUG;

static int solver_init(void) {
    const char *dbg = getenv("SHANNON_VERIFY_LNK_DEBUG");
    LNK_DEBUG = dbg ? atoi(dbg) : 0;
    POW3[0] = 1;
    for (int i = 1; i <= MAXN; i++) POW3[i] = 3 * POW3[i - 1];
    size_t states = 2 * (size_t)POW3[MAXN - 2];
    STAMP = calloc(states, sizeof(uint32_t));
    VAL = calloc(states, 1);
    if (!STAMP || !VAL) {
        fprintf(stderr, "Out of memory for the solver's table.\n");
        return 2;
    }
    return 0;
}

/* Forget every stored value: call whenever SADJ changes (solver_setup does) */
static void solver_forget(void) {
    CUR++;
    if (CUR == 0) { /* stamp wrapped: clear */
        memset(STAMP, 0, sizeof(uint32_t) * 2 * (size_t)POW3[MAXN - 2]);
        CUR = 1;
    }
}

static void solver_setup(int n, const set *adj, int s, int t) {
    SN = n;
    SS = s;
    ST = t;
    int k = 0;
    for (int v = 0; v < n; v++) {
        SADJ[v] = adj[v];
        SIDX[v] = (v == s || v == t) ? -1 : k++;
    }
    solver_forget();
}

/* Does Short win (SADJ, s, t) moving first (short_first = 1) or second?  The stored
   values of earlier calls on the same graph are used (the turn is part of the key). */
static int short_wins(int short_first) {
    if (short_joined(0)) return 1;
    if (cut_separated(0)) return 0;
    return solve_rec(0, 0, 0, short_first);
}

/* Is (G, s, t) a weak link (strong = 0: Short wins first, not second) or a strong link
   (strong = 1: Short wins second), and is it minimal (no single edge deletion keeps
   the first-player win, resp. the second-player win)?  0: not a link of that kind,
   1: such a link but not minimal, 2: a minimal one.  Edges are tried triangle edges
   first for weak links (an order only). */
static inline int link_status(int n, const set *adj, int s, int t, int strong) {
    solver_setup(n, adj, s, t);
    if (strong ? !short_wins(0) : !short_wins(1) || short_wins(0)) return 0;
    if (LNK_DEBUG & LNK_BUG_MINIMALITY) return 2;
    int eu[MAXN * MAXN], ev[MAXN * MAXN], ne = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < n; u++)
            for (set x = adj[u] >> (u + 1) << (u + 1); x; x &= x - 1) {
                int v = lowbit(x);
                if (strong ? pass == 0 : (pass == 0) == ((adj[u] & adj[v]) != 0)) { eu[ne] = u; ev[ne] = v; ne++; }
            }
    for (int i = 0; i < ne; i++) {
        SADJ[eu[i]] &= ~BIT(ev[i]);
        SADJ[ev[i]] &= ~BIT(eu[i]);
        solver_forget();
        int win = short_wins(!strong);
        SADJ[eu[i]] = adj[eu[i]];
        SADJ[ev[i]] = adj[ev[i]];
        if (win) return 1;
    }
    return 2;
}

#endif
