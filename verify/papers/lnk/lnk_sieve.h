/*
 * lnk_sieve.h -- the fourteen sieve conditions of LNK §3.1, in the paper's order,
 * exactly as verify/papers/lnk/sieve.py states them (condition 1 without constraint
 * (10), the bridge reduction of condition 6 recursive, conditions 10, 13, 14 narrowing
 * the candidate terminal pairs).  Used by links_kernel.c; include lnk_graph6.h first.
 *
 * sieve(n, adj, &g) is 0 when the graph is kept (its candidate pairs in g.ps, g.pt,
 * g.npairs), else the number 1..14 of the first condition that rejects it.  The stores
 * of kernel.py are keyed by a hash of this file (what decides which games are solved),
 * not of the kernels: a change here invalidates stored runs, a change of the solver or
 * of the driver code does not (the solver is exact; links are re-solved in Python).
 */
#ifndef LNK_SIEVE_H
#define LNK_SIEVE_H

#define NCOND 14

typedef struct {
    int n, w;
    set adj[MAXN];
    int deg[MAXN];
    set trifree;          /* vertices in no triangle */
    set pendants;         /* degree-1 vertices */
    int npairs;
    int ps[MAXN * MAXN], pt[MAXN * MAXN];
} ctx;

/* u surrounds v: Γ(v) ⊆ Γ[u] */
static int surrounds(const ctx *g, int u, int v) { return (g->adj[v] & ~(g->adj[u] | ((set)1 << u))) == 0; }

static int is_clique(const set *adj, set m) {
    for (set t = m; t; t &= t - 1) {
        int i = lowbit(t);
        if (((adj[i] | ((set)1 << i)) & m) != m) return 0;
    }
    return 1;
}
/* a threatens b: Γ(b) \ {a} is a clique (TSD Theorem 7(i)) */
static int threatens(const ctx *g, int a, int b) { return is_clique(g->adj, g->adj[b] & ~((set)1 << a)); }
static int mutually_threatening(const ctx *g, int a, int b) { return threatens(g, a, b) && threatens(g, b, a); }

static void init_ctx(ctx *g, int n, const set *adj) {
    g->n = n;
    g->w = n - 2;
    g->trifree = 0;
    g->pendants = 0;
    g->npairs = 0;
    for (int v = 0; v < n; v++) {
        g->adj[v] = adj[v];
        g->deg[v] = popc(adj[v]);
        if (g->deg[v] == 1) g->pendants |= (set)1 << v;
    }
    for (int v = 0; v < n; v++) {
        int tri = 0;
        for (set t = adj[v]; t; t &= t - 1)
            if (adj[v] & adj[lowbit(t)]) { tri = 1; break; }
        if (!tri) g->trifree |= (set)1 << v;
    }
}

static int sieve(int n, const set *adj, ctx *out);

static int c01(ctx *g) {
    int d[MAXN] = {0}, n = g->n;
    for (int i = 0; i < n; i++) d[i] = g->deg[i];
    for (int i = 1; i < n; i++) { /* insertion sort */
        int x = d[i], j = i - 1;
        while (j >= 0 && d[j] > x) { d[j + 1] = d[j]; j--; }
        d[j + 1] = x;
    }
    if (n <= 9 && 2 * (d[0] + d[1]) > n + 1) return 0;
    if (n > 7 && d[0] + d[1] > n - 4) return 0;
    if (n > 5 && d[0] + d[1] + d[2] > n) return 0;
    if (n > 7 && d[0] + d[1] + d[2] > n - 1) return 0;
    if (n > 3 && d[0] + d[1] < 3) return 0;
    return 1;
}

static int c02(ctx *g) {
    set all = ((set)1 << g->n) - 1, r = 1, old = 0;
    while (r != old) {
        old = r;
        for (set t = old; t; t &= t - 1) r |= g->adj[lowbit(t)];
    }
    return r == all;
}

/* transverse edges uv: u surrounds v or v surrounds u */
static int c03(ctx *g) {
    if (g->n <= 3) return 1;
    int count = 0;
    for (int u = 0; u < g->n; u++)
        for (set t = g->adj[u] >> (u + 1) << (u + 1); t; t &= t - 1) {
            int v = lowbit(t);
            if (surrounds(g, u, v) || surrounds(g, v, u)) count++;
        }
    return count <= 1;
}

static int c04(ctx *g) {
    if (g->n <= 3) return 1;
    for (int u = 0; u < g->n; u++)
        for (set t = g->adj[u] >> (u + 1) << (u + 1); t; t &= t - 1) {
            int v = lowbit(t);
            if ((surrounds(g, u, v) || surrounds(g, v, u)) && g->deg[u] != 1 && g->deg[v] != 1) return 0;
        }
    return 1;
}

static int c05(ctx *g) { return popc(g->trifree) >= 3; }

static int c06(ctx *g) {
    int n = g->n;
    for (int a = 0; a < n; a++) {
        if (g->deg[a] != 2) continue;
        for (int b = a + 1; b < n; b++) {
            if (g->deg[b] == 2 && g->adj[a] == g->adj[b] && !(g->adj[a] >> b & 1)) {
                int x = lowbit(g->adj[a]);
                int y = lowbit(g->adj[a] & (g->adj[a] - 1));
                if (g->adj[x] >> y & 1) return 0;
                int pos[MAXN], k = 0;
                for (int v = 0; v < n; v++) pos[v] = (v == a || v == b) ? -1 : k++;
                set nw[MAXN];
                for (int v = 0; v < n; v++) {
                    if (pos[v] < 0) continue;
                    set m = 0;
                    for (set t = g->adj[v] & ~((set)1 << a) & ~((set)1 << b); t; t &= t - 1) m |= (set)1 << pos[lowbit(t)];
                    if (v == x) m |= (set)1 << pos[y];
                    if (v == y) m |= (set)1 << pos[x];
                    nw[pos[v]] = m;
                }
                ctx sub;
                return sieve(n - 2, nw, &sub) == 0;
            }
        }
    }
    return 1;
}

static int c07(ctx *g) {
    if (g->n <= 3) return 1;
    for (set t = g->pendants; t; t &= t - 1) {
        int v = lowbit(g->adj[lowbit(t)]);
        if (!(g->trifree >> v & 1) || g->deg[v] <= 2) return 0;
    }
    return 1;
}

static int c08(ctx *g) {
    if (g->n <= 3) return 1;
    int count[MAXN] = {0};
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (surrounds(g, u, v) && surrounds(g, v, u)) {
                if (++count[u] > 1 || ++count[v] > 1) return 0;
            }
    return 1;
}

static int c09(ctx *g) {
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (surrounds(g, u, v) && surrounds(g, v, u) && !((g->trifree >> u & 1) && (g->trifree >> v & 1))) return 0;
    return 1;
}

static int c10(ctx *g) {
    int n = g->n, w = g->w;
    g->npairs = 0;
    for (int s = 0; s < n; s++)
        for (int t = s + 1; t < n; t++) {
            if (!((g->trifree >> s & 1) && (g->trifree >> t & 1)) || (g->adj[s] >> t & 1)) continue;
            int bad = 0;
            for (int v = 0; v < n && !bad; v++)
                if (v != s && v != t && (surrounds(g, s, v) || surrounds(g, t, v))) bad = 1;
            if (bad) continue;
            if (n > 3) {
                if (g->pendants & ~(((set)1 << s) | ((set)1 << t))) continue;
                if (g->deg[s] == 1 && g->deg[t] == 1) continue;
                if (g->adj[s] & g->adj[t]) continue;
            }
            int ds = g->deg[s] + g->deg[t];
            if (w <= 7 && 2 * ds > w + 3) continue;
            int p = w - ds;
            if ((w > 3 && p < 1) || (w > 5 && p < 2)) continue;
            g->ps[g->npairs] = s;
            g->pt[g->npairs] = t;
            g->npairs++;
        }
    return g->npairs > 0;
}

static set never_terminal(const ctx *g) {
    set in = 0;
    for (int i = 0; i < g->npairs; i++) in |= ((set)1 << g->ps[i]) | ((set)1 << g->pt[i]);
    return (((set)1 << g->n) - 1) & ~in;
}

static int c11(ctx *g) {
    set nv = never_terminal(g);
    for (set ta = nv; ta; ta &= ta - 1) {
        int a = lowbit(ta);
        for (set tb = ta & (ta - 1); tb; tb &= tb - 1)
            if (mutually_threatening(g, a, lowbit(tb))) return 0;
    }
    return 1;
}

static int c12(ctx *g) {
    int n = g->n;
    if (n <= 3 || g->pendants) return 1;
    set always = ((set)1 << n) - 1;
    for (int i = 0; i < g->npairs; i++) always &= ((set)1 << g->ps[i]) | ((set)1 << g->pt[i]);
    set nv = never_terminal(g);
    for (int v = 0; v < n; v++) {
        if ((always >> v & 1) || !(g->trifree >> v & 1) || g->deg[v] < 3) continue;
        int bad = 0;
        for (int u = 0; u < n && !bad; u++)
            if (u != v && surrounds(g, u, v)) bad = 1;
        for (set t = nv; t && !bad; t &= t - 1) {
            int u = lowbit(t);
            if (u != v && surrounds(g, v, u)) bad = 1;
        }
        if (!bad) return 1;
    }
    return 0;
}

static int pair_ok_13(const ctx *g, int s, int t) {
    int n = g->n, w = g->w;
    const set *adj = g->adj;
    if (n > 5) {
        int ab[2][2] = {{s, t}, {t, s}};
        for (int k = 0; k < 2; k++)
            for (set x = adj[ab[k][0]]; x; x &= x - 1)
                if (popc(adj[lowbit(x)] & adj[ab[k][1]]) > 1) return 0;
    }
    if (n > 7)
        for (int v = 0; v < n; v++)
            if (v != s && v != t && popc(adj[v] & adj[s]) > 1 && popc(adj[v] & adj[t]) > 1) return 0;
    int p = w - g->deg[s] - g->deg[t];
    if (w > 3) {
        int bound = w > 5 ? p + 1 : p + 2;
        for (set b = adj[s] | adj[t]; b; b &= b - 1)
            if (g->deg[lowbit(b)] > bound) return 0;
    }
    return 1;
}

static int c13(ctx *g) {
    int k = 0;
    for (int i = 0; i < g->npairs; i++)
        if (pair_ok_13(g, g->ps[i], g->pt[i])) { g->ps[k] = g->ps[i]; g->pt[k] = g->pt[i]; k++; }
    g->npairs = k;
    return k > 0;
}

static int pair_ok_14(const ctx *g, int s, int t) {
    set vs = (((set)1 << g->n) - 1) & ~(((set)1 << s) | ((set)1 << t));
    for (set ta = vs; ta; ta &= ta - 1) {
        int a = lowbit(ta);
        for (set tb = ta & (ta - 1); tb; tb &= tb - 1)
            if (mutually_threatening(g, a, lowbit(tb))) return 0;
    }
    return 1;
}

static int c14(ctx *g) {
    int k = 0;
    for (int i = 0; i < g->npairs; i++)
        if (pair_ok_14(g, g->ps[i], g->pt[i])) { g->ps[k] = g->ps[i]; g->pt[k] = g->pt[i]; k++; }
    g->npairs = k;
    return k > 0;
}

typedef int (*cond_fn)(ctx *);
static const cond_fn CONDS[NCOND] = {c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14};

/* 0 when kept (pairs in *g), else the number (1..14) of the first rejecting condition */
static int sieve(int n, const set *adj, ctx *g) {
    if (n < 3) return 1;
    init_ctx(g, n, adj);
    for (int k = 0; k < NCOND; k++)
        if (!CONDS[k](g)) return k + 1;
    return 0;
}

#endif
