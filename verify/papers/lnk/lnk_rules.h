/*
 * lnk_rules.h -- the pair rules of the class search (class_kernel.c) beyond the five
 * of lnk_pairs.h, each proved from the rules of the game alone in
 * verify/papers/lnk/rules.py (no theorem of the paper), which also states them in
 * Python.  Include lnk_graph6.h first.
 *
 *   R6  every edge of the graph lies on an induced s-t path;
 *   R7  no two adjacent non-terminal vertices both have degree 2.
 *
 * rules_ok(n, adj, s, t) is 1 when (s, t) passes both, else 0; the counters
 * RULE6_REJECTED and RULE7_REJECTED count the pairs each rejected (R7 is tested first).
 */
#ifndef LNK_RULES_H
#define LNK_RULES_H

static set IP_COVER[MAXN]; /* edges on an induced s-t path found so far, as neighbourhoods */
static int IP_PATH[MAXN], IP_LEN;
static unsigned long long RULE6_REJECTED, RULE7_REJECTED;

/* Extend the induced path IP_PATH[0..IP_LEN-1] (from s) towards t in every way.
   `banned` holds the neighbours of every path vertex but the last: a next vertex there
   would make a chord.  A vertex next to t can only be followed by t. */
static void ip_extend(const set *adj, int t, set on_path, set banned) {
    int last = IP_PATH[IP_LEN - 1];
    set next = adj[last] & ~on_path & ~banned;
    if (adj[last] >> t & 1) next &= BIT(t);
    for (set x = next; x; x &= x - 1) {
        int w = lowbit(x);
        IP_PATH[IP_LEN++] = w;
        if (w == t) {
            for (int i = 0; i + 1 < IP_LEN; i++) {
                IP_COVER[IP_PATH[i]] |= BIT(IP_PATH[i + 1]);
                IP_COVER[IP_PATH[i + 1]] |= BIT(IP_PATH[i]);
            }
        } else {
            ip_extend(adj, t, on_path | BIT(w), banned | adj[last]);
        }
        IP_LEN--;
    }
}

/* R6: is every edge on some induced s-t path? */
static int every_edge_on_induced_path(int n, const set *adj, int s, int t) {
    for (int v = 0; v < n; v++) IP_COVER[v] = 0;
    IP_LEN = 0;
    IP_PATH[IP_LEN++] = s;
    ip_extend(adj, t, BIT(s), 0);
    for (int v = 0; v < n; v++)
        if (IP_COVER[v] != adj[v]) return 0;
    return 1;
}

/* R7: two adjacent non-terminal vertices of degree 2? */
static int adjacent_degree_two(int n, const set *adj, int s, int t) {
    set two = 0;
    for (int v = 0; v < n; v++)
        if (v != s && v != t && popc(adj[v]) == 2) two |= BIT(v);
    for (set x = two; x; x &= x - 1)
        if (adj[lowbit(x)] & two) return 1;
    return 0;
}

static int rules_ok(int n, const set *adj, int s, int t) {
    if (adjacent_degree_two(n, adj, s, t)) {
        RULE7_REJECTED++;
        return 0;
    }
    if (!every_edge_on_induced_path(n, adj, s, t)) {
        RULE6_REJECTED++;
        return 0;
    }
    return 1;
}

#endif
