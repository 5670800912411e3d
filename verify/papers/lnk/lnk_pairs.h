/*
 * lnk_pairs.h -- the elementary terminal-pair conditions of search.candidate_pairs
 * (verify/papers/lnk/search.py, where each is proved from the rules of the game alone;
 * no theorem of the paper).  Include lnk_graph6.h first.
 *
 * pair_info(n, adj, &info) once per graph; candidate_pair(&info, adj, s, t, strong)
 * then says whether (s, t) can carry a minimal weak (strong) link.  A pair is rejected
 * when s ~ t; when s and t have a common neighbour (weak) or two (strong); when a
 * neighbour of s (of t) has another neighbour in Γ(s) (Γ(t)): an edge inside a border;
 * when a non-terminal vertex has degree 1; when both terminals have degree 1.  The
 * conditions hold for n >= 4 (weak) and n >= 5 (strong); callers apply them only there.
 */
#ifndef LNK_PAIRS_H
#define LNK_PAIRS_H

typedef struct {
    set pendants;  /* degree-1 vertices */
    set border_ok; /* vertices whose neighbourhood is independent */
} pair_info;

static void pair_info_init(int n, const set *adj, pair_info *pi) {
    pi->pendants = 0;
    pi->border_ok = 0;
    for (int v = 0; v < n; v++) {
        if (popc(adj[v]) == 1) pi->pendants |= BIT(v);
        int ok = 1;
        for (set x = adj[v]; x; x &= x - 1)
            if (adj[lowbit(x)] & adj[v]) { ok = 0; break; }
        if (ok) pi->border_ok |= BIT(v);
    }
}

static int candidate_pair(const pair_info *pi, const set *adj, int s, int t, int strong) {
    if (adj[s] >> t & 1) return 0;
    if (!(pi->border_ok >> s & 1) || !(pi->border_ok >> t & 1)) return 0;
    set common = adj[s] & adj[t];
    if (strong ? popc(common) >= 2 : common != 0) return 0;
    if (pi->pendants & ~(BIT(s) | BIT(t))) return 0; /* a non-terminal pendant */
    if (popc(pi->pendants) == 2) return 0;           /* both terminals pendant */
    return 1;
}

#endif
