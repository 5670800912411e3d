"""Lehman's criterion in polynomial time, by matroid partition, with checkable certificates.

Lehman's theorem ([2]_, SSG.LEHMAN): CONNECT wins moving second exactly when some
vertex set ``S`` containing both terminals is spanned by two edge-disjoint trees;
CONNECT wins moving first exactly when the same holds after adding one extra
terminal–terminal edge.  So the class of a game is

* ``"connect"`` — two edge-disjoint trees span some ``S ∋ a, b`` in ``G``;
* ``"first"``  — not in ``G``, but in ``G + ab``;
* ``"cut"``    — not even in ``G + ab``.

**Algorithm.**  Let ``r2(H)`` be the largest ``|F1| + |F2|`` over edge-disjoint
forests ``F1, F2`` of ``H`` (the rank of the union of two graphic matroids).
:class:`TwoForests` computes it by Edmonds' matroid-partition algorithm: a greedy
start, then for every uncovered edge a breadth-first search for a shortest augmenting
path in the exchange graph (edge ``y`` points to every edge of the tree path of ``y``
in the forest that does not hold it; an edge whose ends lie in different trees of a
forest can enter it).  A failed search from ``x`` labels a set ``R`` that both
``F1 ∩ R`` and ``F2 ∩ R`` span, so every component ``S`` of ``R`` is *tight*
(``|(F1 ∪ F2) ∩ E(S)| = 2(|S| - 1)``); tight sets that meet stay tight and merge
(kept in a union–find: later edges inside a tight set are skipped at once, and searches
do not explore edges inside one, whose tree paths cannot leave it).  After
``MULTI_AFTER_FAILS`` failed searches the rest is done by one multi-source search per
augmentation (from every edge still out); its failure settles all of them at once.
Speed-ups that change no answer: :func:`classify` first removes, one after another,
non-terminal vertices with at most two edges (:func:`peel` proves this harmless and
says how the certificates are extended to them); the greedy start takes the edges in
reverse degeneracy order (:func:`greedy_order`); an edge is checked for a free place
when labelled; after an augmentation only the vertices below a moved edge (or in the
smaller of two joined trees) are re-rooted.  Then ``ab`` is inserted as a virtual edge: if its search fails, the component of its
labelled set containing ``a`` and ``b`` is spanned by ``F1 ∩ R`` and by ``F2 ∩ R`` —
the two trees of the certificate.  If it succeeds, a second virtual ``ab`` decides the
first-player case the same way (as in Chase's Step 1, [1]_).

**Certificates** (checked by :func:`check_certificate`, which shares no code with the
algorithm):

``{"kind": "trees", "graph": "G" or "G+ab", "vertices": S, "tree1": [...], "tree2": [...]}``
    two edge-disjoint trees (lists of ``[u, v, i]``, ``i`` the edge's index in ``G``,
    ``i = "ab"`` for the extra edge) each spanning ``S``, with ``a, b ∈ S``.
    By Lehman's theorem CONNECT wins moving second on that graph.

``{"kind": "rank", "graph": "G" or "G+ab", "forest1": [...], "forest2": [...], "partition": [[...], ...]}``
    two edge-disjoint forests of ``graph + ab`` (the added copy named ``"ab+"``) of
    total size ``s``, and a partition ``P`` of the vertices with
    ``cross(P) + 2 (n - |P|) = s - 1``, where ``cross(P)`` counts the edges of
    ``graph`` between different classes.  Any two forests of ``graph`` have at most
    ``cross(P) + 2 (n - |P|)`` edges (each class ``C`` holds at most ``|C| - 1`` edges of
    each forest), so adding ``ab`` raises ``r2``.  That rules out every ``S ∋ a, b``
    spanned by two trees: such an ``S`` has ``r2(E(S) + ab) = 2(|S| - 1) = r2(E(S))``,
    so ``ab`` would lie in the span of ``E(S)`` in the union matroid and ``r2`` could
    not rise (Nash-Williams, Edmonds: the union of matroids is a matroid).

References
----------
.. [1] S. M. Chase, CACM 15(4), 1972, Step 1 (two unplayable terminal edges).
.. [2] A. Lehman, "A solution of the Shannon switching game", J. SIAM 12 (1964);
   ``shared/papers/004_e42d52c966a4492b.txt``.

>>> from verify.papers.ssg.multigraph import SwitchGame, gale
>>> classify(SwitchGame.parse("0-1,0-1", (0, 1))).cls
'connect'
>>> g = SwitchGame.parse("0-2,2-1,0-1", (0, 1))
>>> r = classify(g)
>>> r.cls, r.certificate["first"]["kind"], r.certificate["second"]["kind"], check_certificate(g, r.certificate)
('first', 'trees', 'rank', 'first')
>>> classify(gale(5)).cls
'first'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ...errors import InputError
from .multigraph import SwitchGame

__all__ = ["CONNECT", "CUT", "LehmanResult", "TwoForests", "check_certificate", "classify", "winning_moves"]

CONNECT, CUT = "connect", "cut"


class _UF:
    def __init__(self, n: int):
        self.p = list(range(n))

    def find(self, x: int) -> int:
        p = self.p
        while p[x] != x:
            p[x] = p[p[x]]
            x = p[x]
        return x

    def union(self, x: int, y: int) -> bool:
        x, y = self.find(x), self.find(y)
        if x == y:
            return False
        self.p[x] = y
        return True


class TwoForests:
    """A maximum pair of edge-disjoint forests of a multigraph, by matroid partition.

    ``ends[i]`` are the ends of edge ``i``; ``where[i]`` is 0 (in neither), 1 or 2.
    :meth:`insert` adds one more edge and tries to place it; the return value is
    ``None`` when it was placed, else the labelled set of the failed search.

    >>> tf = TwoForests(3, [(0, 1), (1, 2), (0, 2), (0, 1), (1, 2)])
    >>> tf.size, sorted(tf.insert((0, 2)))
    (4, [0, 1, 2, 3, 5])
    """

    def __init__(self, n: int, edges, *, greedy: bool = True, order=None):
        self.n = n
        self.ends: list[tuple[int, int]] = []
        self.where: list[int] = []
        self.adj = [None, [[] for _ in range(n)], [[] for _ in range(n)]]  # forest k: vertex -> edge ids
        self.tight = _UF(n)
        self.augmentations = 0
        self.fsize = [0, 0, 0]  # edges in forest k
        self.troot = list(range(n))  # tight.find of every vertex, refreshed after each failed search
        edges = list(edges)
        self.ends = [tuple(e) for e in edges]
        self.where = [0] * len(edges)
        if greedy and order is not None:
            # greedy start in the given edge order (a heuristic only), two ways: each edge
            # into forest 1, else 2 ("plain"); or first into the forest in which its two
            # ends have fewer edges (sum, then the larger count; ties: forest 1).  The
            # balanced start leaves far fewer edges out on regular and grid-like graphs
            # (random 4-regular: ~25x) but its forests make each augmentation dearer on
            # Gale boards and near-threshold random graphs, so it is taken only when it
            # leaves out fewer than half as many edges (measured, benchmarks/lehman_scaling.py).
            plain, balanced = self._greedy(order, False), self._greedy(order, True)
            pick = balanced if 2 * (len(self.ends) - len(balanced)) < len(self.ends) - len(plain) else plain
            for i, k in pick:
                self._put(i, k)
        elif greedy:
            # greedy start: each edge into a forest where it closes no cycle, preferring
            # the forest with fewer edges at its lower-degree end (a heuristic only)
            deg = [0] * n
            for u, v in self.ends:
                deg[u] += 1
                deg[v] += 1
            ufs = [None, _UF(n), _UF(n)]
            cnt = [None, [0] * n, [0] * n]
            for i, (u, v) in enumerate(self.ends):
                w = u if deg[u] <= deg[v] else v
                for k in ((1, 2) if cnt[1][w] <= cnt[2][w] else (2, 1)):
                    if ufs[k].union(u, v):
                        self._put(i, k)
                        cnt[k][u] += 1
                        cnt[k][v] += 1
                        break
        self._rebuild()
        # single-source searches while they mostly succeed; once failures dominate, one
        # multi-source search per augmentation (a failed one settles every remaining edge)
        fails = 0
        for i in range(len(edges)):
            if fails > self.MULTI_AFTER_FAILS:
                break
            if self.where[i] == 0:
                u, v = self.ends[i]
                if self.troot[u] != self.troot[v]:  # else i lies in a tight set
                    fails += self._search([i], prune=True) is not None
        while fails > self.MULTI_AFTER_FAILS:
            tr = self.troot
            free = [i for i, w in enumerate(self.where) if w == 0 and tr[self.ends[i][0]] != tr[self.ends[i][1]]]
            if not free or self._search(free, prune=True) is not None:
                break

    MULTI_AFTER_FAILS = 50

    def _greedy(self, order, balanced: bool) -> list[tuple[int, int]]:
        """Edges placed greedily in ``order``: ``(edge, forest)`` pairs (see ``__init__``)."""
        n, ends = self.n, self.ends
        ufs = [None, _UF(n), _UF(n)]
        c1, c2 = [0] * n, [0] * n
        out = []
        for i in order:
            u, v = ends[i]
            first = 1
            if balanced:
                x1, y1, x2, y2 = c1[u], c1[v], c2[u], c2[v]
                first = 1 if (x1 + y1, max(x1, y1)) <= (x2 + y2, max(x2, y2)) else 2
            for k in (first, 3 - first):
                if ufs[k].union(u, v):
                    out.append((i, k))
                    cnt = c1 if k == 1 else c2
                    cnt[u] += 1
                    cnt[v] += 1
                    break
        return out

    # ------------------------------------------------------------ structure
    @property
    def size(self) -> int:
        return self.fsize[1] + self.fsize[2]

    def forest(self, k: int) -> list[int]:
        return [i for i, w in enumerate(self.where) if w == k]

    def _put(self, i: int, k: int) -> None:
        u, v = self.ends[i]
        self.where[i] = k
        self.adj[k][u].append(i)
        self.adj[k][v].append(i)
        self.fsize[k] += 1

    def _take(self, i: int) -> None:
        k = self.where[i]
        u, v = self.ends[i]
        self.adj[k][u].remove(i)
        self.adj[k][v].remove(i)
        self.where[i] = 0
        self.fsize[k] -= 1

    NUMPY_FROM = 100_000  # full rebuilds with scipy from this many vertices on (its import alone costs ~0.3 s)

    def _rebuild(self) -> None:
        """Root every tree of both forests (parent edge, depth, tree id); checks acyclicity."""
        if self.n >= self.NUMPY_FROM:
            return self._rebuild_np()
        self._rebuild_py()

    def _rebuild_np(self) -> None:
        """The same as :meth:`_rebuild_py`, vectorised: components, BFS predecessors from a
        super-root joined to one vertex per tree, depths by pointer doubling."""
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import breadth_first_order, connected_components

        n = self.n
        if getattr(self, "_ends_np", None) is None or len(self._ends_np) != len(self.ends):
            self._ends_np = np.asarray(self.ends, dtype=np.int64).reshape(-1, 2)
        ends = self._ends_np
        where = np.fromiter(self.where, dtype=np.int8, count=len(self.where))
        self.par, self.dep, self.tree = [None, None, None], [None, None, None], [None, None, None]
        self.tsize = [None, None, None]
        for k in (1, 2):
            ids = np.flatnonzero(where == k)
            U, V = ends[ids, 0], ends[ids, 1]
            f = csr_matrix((np.ones(len(ids)), (U, V)), shape=(n, n))
            ncomp, labels = connected_components(f, directed=False)
            if len(ids) != n - ncomp:
                raise AssertionError("matroid partition produced a cycle (bug)")
            _, roots = np.unique(labels, return_index=True)
            rows = np.concatenate([U, V, np.full(len(roots), n)])
            cols = np.concatenate([V, U, roots])
            g = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n + 1, n + 1))
            _, pred = breadth_first_order(g, n, directed=True, return_predecessors=True)
            pred = pred[:n].copy()
            isroot = pred == n
            pred[isroot] = np.flatnonzero(isroot)
            par = np.full(n, -1, dtype=np.int64)
            m1 = pred[U] == V
            par[U[m1]] = ids[m1]
            m2 = pred[V] == U
            par[V[m2]] = ids[m2]
            d = (~isroot).astype(np.int64)
            anc = pred.copy()
            while True:  # d[v] = distance from v to anc[v]; double until anc[v] is v's root
                nxt = anc[anc]
                if np.array_equal(nxt, anc):
                    break
                d = d + d[anc]
                anc = nxt
            self.par[k], self.dep[k], self.tree[k] = par.tolist(), d.tolist(), labels.tolist()
            self.tsize[k] = dict(enumerate(np.bincount(labels, minlength=ncomp).tolist()))

    def _rebuild_py(self) -> None:
        self.par = [None, [-1] * self.n, [-1] * self.n]
        self.dep = [None, [0] * self.n, [0] * self.n]
        self.tree = [None, [-1] * self.n, [-1] * self.n]
        for k in (1, 2):
            par, dep, tree, adj, ends = self.par[k], self.dep[k], self.tree[k], self.adj[k], self.ends
            for r in range(self.n):
                if tree[r] != -1:
                    continue
                tree[r] = r
                stack = [r]
                while stack:
                    x = stack.pop()
                    for i in adj[x]:
                        if i == par[x]:
                            continue
                        u, v = ends[i]
                        y = v if u == x else u
                        if tree[y] != -1:
                            raise AssertionError("matroid partition produced a cycle (bug)")
                        tree[y] = r
                        par[y] = i
                        dep[y] = dep[x] + 1
                        stack.append(y)
        self.tsize = [None, {}, {}]
        for k in (1, 2):
            for t in self.tree[k]:
                self.tsize[k][t] = self.tsize[k].get(t, 0) + 1

    def _path(self, k: int, i: int) -> list[int] | None:
        """Edge ids of the path in forest ``k`` between the ends of edge ``i`` (None: none)."""
        u, v = self.ends[i]
        tree = self.tree[k]
        if tree[u] != tree[v]:
            return None
        par, dep, ends = self.par[k], self.dep[k], self.ends
        out = []
        while dep[u] > dep[v]:
            e = par[u]
            out.append(e)
            a, b = ends[e]
            u = b if a == u else a
        while dep[v] > dep[u]:
            e = par[v]
            out.append(e)
            a, b = ends[e]
            v = b if a == v else a
        while u != v:
            e = par[u]
            out.append(e)
            a, b = ends[e]
            u = b if a == u else a
            e = par[v]
            out.append(e)
            a, b = ends[e]
            v = b if a == v else a
        return out

    # ------------------------------------------------------------ augmenting
    def insert(self, ends: tuple[int, int]) -> set[int] | None:
        """Add an edge and try to place it; None if placed, else the failed search's labels."""
        self.ends.append(tuple(ends))
        self.where.append(0)
        return self._place(len(self.ends) - 1)

    def _place(self, x: int) -> set[int] | None:
        return self._search([x])

    def _search(self, sources: list[int], prune: bool = False) -> set[int] | None:
        """Breadth-first search for a shortest augmenting path from the ``sources``.

        Tree paths are walked with a per-search union–find that jumps over edges already
        labelled (each labelled edge of forest ``k`` joins its lower end to its upper
        end), so each edge is looked at once per search.  With ``prune``, edges inside a
        known tight set are labelled but not explored: their tree paths stay inside the
        set, where both forests are spanning trees, so no augmenting path goes through
        them.  On failure every labelled edge joins its ends in the tight union–find.
        """
        label: dict[int, tuple[int, int] | None] = dict.fromkeys(sources)
        where, ends, troot, trees = self.where, self.ends, self.troot, self.tree
        for y in sources:  # a source that fits into a forest as it is
            u, v = ends[y]
            for k in (1, 2):
                if where[y] != k and trees[k][u] != trees[k][v]:
                    self._augment(label, y, k)
                    return None
        queue = deque(sources)
        jump = [None, {}, {}]

        def find(j: dict, v: int) -> int:
            root = v
            while root in j:
                root = j[root]
            while v in j and j[v] != root:
                j[v], v = root, j[v]
            return root

        # An edge is checked for a free place (ends in different trees of the other
        # forest) when it is labelled, not when it leaves the queue: labels are given in
        # breadth-first order, so the first edge found that way ends a shortest path.
        while queue:
            y = queue.popleft()
            for k in (1, 2):
                if where[y] == k:
                    continue
                u, v = ends[y]
                par, dep, j = self.par[k], self.dep[k], jump[k]
                other = trees[3 - k]
                p = find(j, u) if u in j else u
                q = find(j, v) if v in j else v
                while p != q:
                    if dep[p] < dep[q]:
                        p, q = q, p
                    e = par[p]  # p is strictly below the meeting point: e is on the path
                    a, b = ends[e]
                    if e not in label:
                        label[e] = (y, k)
                        if other[a] != other[b]:  # e leaves forest k and enters the other one
                            self._augment(label, e, 3 - k)
                            return None
                        if not prune or troot[a] != troot[b]:
                            queue.append(e)
                    up = b if a == p else a
                    j[p] = up
                    p = find(j, up) if up in j else up
        for i in label:
            a, b = ends[i]
            self.tight.union(a, b)
        self.troot = [self.tight.find(v) for v in range(self.n)]
        return set(label)

    INCREMENTAL = True  # re-root only what an augmentation moves (False: rebuild both forests)

    def _augment(self, label: dict, y: int, k: int) -> None:
        """Apply the augmenting path ending with ``y`` entering forest ``k``.

        Incrementally (``INCREMENTAL``): in each forest, a vertex keeps its parent edge,
        depth and tree id unless it lies below an edge leaving that forest, or in the
        smaller of the two trees that ``y`` joins (measured before the change); these
        vertices ``U`` are re-hung from the rest.  A vertex outside ``U`` keeps its whole
        path to its root, so its entries stay right.  Every piece of ``U`` meets the
        rest of its new tree in exactly one edge (the rest is connected and the new
        forest has no cycle), so one walk from that edge re-roots the piece; a second
        such edge, or a piece that meets nothing, raises (it would be a cycle or a bug),
        and so does an edge count other than ``n`` minus the number of trees.
        """
        moves = [(y, k)]
        z = y
        while label[z] is not None:
            prev, kk = label[z]
            moves.append((prev, kk))
            z = prev
        self.augmentations += 1
        if not self.INCREMENTAL:
            for i, kk in moves:
                if self.where[i]:
                    self._take(i)
            for i, kk in moves:
                self._put(i, kk)
            self._rebuild()
            return
        U: list = [None, set(), set()]
        u, v = self.ends[y]
        A, B = self.tree[k][u], self.tree[k][v]
        small, big = (A, B) if self.tsize[k][A] <= self.tsize[k][B] else (B, A)
        self._collect_tree(k, u if A == small else v, U[k])
        for i, _kk in moves:
            if self.where[i]:
                self._collect_below(self.where[i], i, U[self.where[i]])
        for i, _kk in moves:
            if self.where[i]:
                self._take(i)
        for i, kk in moves:
            self._put(i, kk)
        self.tsize[k][big] += self.tsize[k].pop(small)
        for kk in (1, 2):
            self._reroot(kk, U[kk])
            if self.fsize[kk] != self.n - len(self.tsize[kk]):
                raise AssertionError("matroid partition produced a cycle (bug)")

    def _collect_tree(self, k: int, s: int, out: set) -> None:
        adj, ends = self.adj[k], self.ends
        out.add(s)
        stack = [s]
        while stack:
            x = stack.pop()
            for i in adj[x]:
                a, b = ends[i]
                w = b if a == x else a
                if w not in out:
                    out.add(w)
                    stack.append(w)

    def _collect_below(self, k: int, e: int, out: set) -> None:
        """Add the vertices below edge ``e`` of forest ``k`` (whole subtrees: stop at ``out``)."""
        adj, ends, par = self.adj[k], self.ends, self.par[k]
        a, b = ends[e]
        x = a if par[a] == e else b
        if x in out:
            return
        out.add(x)
        stack = [x]
        while stack:
            x = stack.pop()
            for i in adj[x]:
                if i == par[x]:
                    continue
                a, b = ends[i]
                w = b if a == x else a
                if w not in out:
                    out.add(w)
                    stack.append(w)

    def _reroot(self, k: int, Uk: set) -> None:
        adj, ends, par, dep, tree = self.adj[k], self.ends, self.par[k], self.dep[k], self.tree[k]
        done: set = set()
        for x in Uk:
            if x in done:
                continue
            for i in adj[x]:
                a, b = ends[i]
                w = b if a == x else a
                if w not in Uk:
                    break
            else:
                continue  # inside its piece: reached from the piece's one outside edge
            par[x], dep[x], tree[x] = i, dep[w] + 1, tree[w]
            done.add(x)
            stack = [x]
            while stack:
                z = stack.pop()
                for i in adj[z]:
                    if i == par[z]:
                        continue
                    a, b = ends[i]
                    w = b if a == z else a
                    if w not in Uk or w in done:
                        raise AssertionError("matroid partition produced a cycle (bug)")
                    par[w], dep[w], tree[w] = i, dep[z] + 1, tree[z]
                    done.add(w)
                    stack.append(w)
        if len(done) != len(Uk):
            raise AssertionError("a re-rooted piece meets no rooted vertex (bug)")

    def check_rooting(self) -> None:
        """Raise unless ``par``, ``dep``, ``tree``, ``tsize`` root the current forests (for tests)."""
        for k in (1, 2):
            par, dep, tree, ends = self.par[k], self.dep[k], self.tree[k], self.ends
            ids = [i for i, w in enumerate(self.where) if w == k]
            uf = _UF(self.n)
            for i in ids:
                assert uf.union(*ends[i]), "cycle"
            sizes: dict = {}
            for v in range(self.n):
                sizes[tree[v]] = sizes.get(tree[v], 0) + 1
                if par[v] == -1:
                    assert dep[v] == 0
                    continue
                assert self.where[par[v]] == k and v in ends[par[v]]
                a, b = ends[par[v]]
                w = b if a == v else a
                assert dep[v] == dep[w] + 1 and tree[v] == tree[w]
            assert sizes == self.tsize[k]
            for i in ids:
                assert tree[ends[i][0]] == tree[ends[i][1]]
            assert len(sizes) == self.n - len(ids)

    def partition(self) -> list[list[int]]:
        """The tight sets found so far (and singletons): a partition of the vertices."""
        groups: dict[int, list[int]] = {}
        for v in range(self.n):
            groups.setdefault(self.tight.find(v), []).append(v)
        return sorted(groups.values())


def peel(n: int, edges, keep) -> tuple[list[tuple[int, list[int]]], list[bool], list[bool]]:
    """Repeatedly remove a vertex outside ``keep`` with at most two edges left.

    Returns ``(peeled, gone_v, gone_e)``: the removed vertices in order, each with the
    edge ids it still had when removed (every edge is listed once, at the first of its
    ends to go), and the removed flags of vertices and edges.  Linear time.

    **Why it is harmless** (used by :func:`classify`).  Let ``v`` have ``d <= 2`` edges
    in the current graph ``H``.  (i) ``r2(H) = r2(H - v) + d``: deleting ``d`` edges
    lowers ``r2`` by at most ``d``, and to two forests of ``H - v`` we can add the first
    edge of ``v`` to forest 1 and the second to forest 2 (``v`` is a new leaf in each, so
    no cycle closes).  (ii) If two edge-disjoint trees span ``S`` with ``|S| >= 2`` and
    ``v ∈ S``, then ``v`` has an edge of each tree, so both of its edges lie in ``E(S)``,
    one in each tree, and ``v`` is a leaf of both; deleting ``v`` and those two edges
    leaves two edge-disjoint trees spanning ``S - v``.  So, ``v`` not a terminal, some
    ``S ∋ a, b`` is spanned by two trees in ``H`` (or ``H + ab``) iff one is in
    ``H - v`` (``H - v + ab``), and a trees certificate of the smaller graph is one of
    ``H``.  A rank certificate of ``H - v`` becomes one of ``H`` by adding ``v``'s
    edges as in (i) and ``{v}`` as a class: the forests gain ``d`` edges and ``cross(P)``
    gains ``d`` (the new class is a singleton), ``n - |P|`` stays.

    >>> peel(4, [(0, 1), (1, 2), (2, 3), (3, 1), (1, 3)], {0, 1})[0]
    [(2, [1, 2]), (3, [3, 4])]
    """
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, (u, v) in enumerate(edges):
        adj[u].append(i)
        adj[v].append(i)
    deg = [len(x) for x in adj]
    gone_v, gone_e = [False] * n, [False] * len(edges)
    stack = [v for v in range(n) if deg[v] <= 2 and v not in keep]
    peeled = []
    while stack:
        v = stack.pop()
        if gone_v[v]:
            continue
        gone_v[v] = True
        mine = []
        for i in adj[v]:
            if gone_e[i]:
                continue
            gone_e[i] = True
            mine.append(i)
            x, y = edges[i]
            w = y if x == v else x
            deg[w] -= 1
            if deg[w] == 2 and w not in keep:
                stack.append(w)
        peeled.append((v, mine))
    return peeled, gone_v, gone_e


def greedy_order(n: int, edges, last) -> list[int]:
    """Edge ids in reverse degeneracy order (a heuristic for the greedy start only).

    Vertices are removed smallest current degree first (those in ``last`` at the end);
    edges are listed by the removal time of their earlier-removed end, latest first.
    Put into two forests in this order, every vertex gets two of its edges as new
    leaves, as in :func:`peel`; only the edges beyond two per vertex can be refused.

    >>> greedy_order(3, [(0, 1), (1, 2), (0, 2)], set())
    [0, 1, 2]
    """
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, (u, v) in enumerate(edges):
        adj[u].append(i)
        adj[v].append(i)
    deg = [len(x) for x in adj]
    buckets: list[list[int]] = [[] for _ in range(max(deg, default=0) + 1)]
    for v in range(n):
        if v not in last:
            buckets[deg[v]].append(v)
    pos = [-1] * n
    t, cur, todo = 0, 0, n - len(last)
    while t < todo:
        while not buckets[cur]:
            cur += 1
        v = buckets[cur].pop()
        if pos[v] != -1 or deg[v] != cur:
            continue
        pos[v] = t
        t += 1
        for i in adj[v]:
            x, y = edges[i]
            w = y if x == v else x
            if pos[w] == -1 and w not in last:
                deg[w] -= 1
                buckets[deg[w]].append(w)
                cur = min(cur, deg[w])
    for v in sorted(last):
        pos[v] = t
        t += 1
    return sorted(range(len(edges)), key=lambda i: -min(pos[edges[i][0]], pos[edges[i][1]]))


@dataclass
class LehmanResult:
    """The class of a switching game by Lehman's criterion, with its certificate."""

    cls: str
    short_first: str
    cut_first: str
    certificate: dict
    stats: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"class": self.cls, "short_first": self.short_first, "cut_first": self.cut_first, "certificate": self.certificate}


class _Core:
    """``g`` with :func:`peel`'s vertices removed, renumbered; maps ids back to ``g``."""

    def __init__(self, g: SwitchGame):
        a, b = g.terminals
        self.g = g
        self.peeled, gone_v, gone_e = peel(g.n, g.edges, {a, b})
        self.verts = [v for v in range(g.n) if not gone_v[v]]
        idx = {v: i for i, v in enumerate(self.verts)}
        self.eids = [i for i in range(g.m) if not gone_e[i]]
        self.edges = [(idx[g.edges[i][0]], idx[g.edges[i][1]]) for i in self.eids]
        self.n = len(self.verts)
        self.terminals = (idx[a], idx[b])

    def edge(self, i: int) -> list:
        """Edge ``i`` of the core (``m`` and ``m + 1``: the virtual ``ab`` copies) as ``[u, v, id in g]``."""
        mh = len(self.eids)
        if i < mh:
            j = self.eids[i]
            u, v = self.g.edges[j]
            return [u, v, j]
        a, b = self.g.terminals
        return [a, b, "ab" if i == mh else "ab+"]


def _trees(core: _Core, tf: TwoForests, R: set[int], graph: str) -> dict:
    a, b = core.terminals
    # the component of a in the forest-1 edges of R
    adj: dict[int, list[int]] = {}
    for i in R:
        if tf.where[i] == 1:
            u, v = tf.ends[i]
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
    S, stack = {a}, [a]
    while stack:
        x = stack.pop()
        for y in adj.get(x, ()):
            if y not in S:
                S.add(y)
                stack.append(y)
    if b not in S:  # pragma: no cover - would be a bug in the search
        raise AssertionError("failed search does not join the terminals")
    t1 = [core.edge(i) for i in sorted(R) if tf.where[i] == 1 and tf.ends[i][0] in S]
    t2 = [core.edge(i) for i in sorted(R) if tf.where[i] == 2 and tf.ends[i][0] in S]
    return {"kind": "trees", "graph": graph, "vertices": sorted(core.verts[v] for v in S), "tree1": t1, "tree2": t2}


def _rank(core: _Core, tf: TwoForests, part: list[list[int]], graph: str) -> dict:
    g = core.g
    f1 = [core.edge(i) for i in tf.forest(1)]
    f2 = [core.edge(i) for i in tf.forest(2)]
    for _v, mine in core.peeled:  # a peeled vertex: its first edge in forest 1, its second in forest 2
        for i, f in zip(mine, (f1, f2)):
            f.append([*g.edges[i], i])
    classes = [sorted(core.verts[v] for v in c) for c in part] + [[v] for v, _ in core.peeled]
    for f in (f1, f2):
        f.sort(key=lambda e: (isinstance(e[2], str), e[2]))
    return {"kind": "rank", "graph": graph, "forest1": f1, "forest2": f2, "partition": sorted(classes)}


def classify(g: SwitchGame) -> LehmanResult:
    """The class of ``g`` by Lehman's criterion, with certificates (see the module docstring).

    ``certificate["second"]`` decides CONNECT moving second (trees in ``G`` or a rank
    certificate for ``G``), ``certificate["first"]`` CONNECT moving first (trees in
    ``G + ab`` or a rank certificate for ``G + ab``).  The matroid partition runs on the
    core left by :func:`peel` (non-terminal vertices with at most two edges removed, one
    after another; its docstring says why that changes neither the class nor the
    certificates' validity), its edges given to the greedy start in :func:`greedy_order`.
    """
    core = _Core(g)
    a, b = core.terminals
    tf = TwoForests(core.n, core.edges, order=greedy_order(core.n, core.edges, {a, b}))
    r2 = tf.size + sum(len(mine) for _v, mine in core.peeled)
    part = tf.partition()
    R = tf.insert((a, b))
    cert: dict = {"r2": r2}
    if R is not None:
        cert["second"] = _trees(core, tf, R, "G")
        cert["first"] = cert["second"]
        cls = CONNECT
    else:
        cert["second"] = _rank(core, tf, part, "G")
        R2 = tf.insert((a, b))
        if R2 is not None:
            cert["first"] = _trees(core, tf, R2, "G+ab")
            cls = "first"
        else:
            cert["first"] = _rank(core, tf, part, "G+ab")
            cls = CUT
    short_first = CONNECT if cls in (CONNECT, "first") else CUT
    cut_first = CONNECT if cls == CONNECT else CUT
    stats = {"augmentations": tf.augmentations, "r2": r2, "core_vertices": core.n, "core_edges": len(core.edges)}
    return LehmanResult(cls, short_first, cut_first, cert, stats)


# ------------------------------------------------------------------ checker
def _is_forest(n: int, edges) -> bool:
    parent = list(range(n))

    def root(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]  # path halving: the same root, found faster
            x = parent[x]
        return x

    for u, v in edges:
        ru, rv = root(u), root(v)
        if ru == rv:
            return False
        parent[ru] = rv
    return True


def _spans(vertices: set, edges) -> bool:
    """True when ``edges`` form one tree on exactly ``vertices``."""
    if any(u not in vertices or v not in vertices for u, v in edges):
        return False
    if len(edges) != len(vertices) - 1:
        return False
    idx = {v: i for i, v in enumerate(sorted(vertices))}
    return _is_forest(len(idx), [(idx[u], idx[v]) for u, v in edges])


def check_certificate(g: SwitchGame, cert: dict) -> str:
    """Check both parts of a certificate against ``g``; return the class they prove.

    Raises :class:`~verify.errors.InputError` naming the first defect.  Shares no code
    with :func:`classify`.
    """
    a, b = g.terminals
    names = {i: e for i, e in enumerate(g.edges)}

    def resolve(items, extra: int) -> list[tuple]:
        out, used = [], set()
        for u, v, i in items:
            if i in used:
                raise InputError(f"Edge {i} is used twice.")
            used.add(i)
            if isinstance(i, int):
                if i not in names or tuple(sorted((u, v))) != names[i]:
                    raise InputError(f"Edge {i} is not {u}-{v} in the graph.")
            elif (i == "ab" and extra >= 1) or (i == "ab+" and extra >= 2):
                if {u, v} != {a, b}:
                    raise InputError(f"Extra edge {i} does not join the terminals.")
            else:
                raise InputError(f"Edge name {i!r} is not allowed here.")
            out.append((u, v, i))
        return out

    def one(part: dict, extra: int) -> bool:
        if part["kind"] == "trees":
            S = set(part["vertices"])
            t1, t2 = resolve(part["tree1"], extra), resolve(part["tree2"], extra)
            if {e[2] for e in t1} & {e[2] for e in t2}:
                raise InputError("The two trees share an edge.")
            if not (a in S and b in S):
                raise InputError("The spanned set does not contain both terminals.")
            if not (_spans(S, [e[:2] for e in t1]) and _spans(S, [e[:2] for e in t2])):
                raise InputError("A tree does not span the vertex set.")
            return True
        if part["kind"] == "rank":
            f1, f2 = resolve(part["forest1"], extra + 1), resolve(part["forest2"], extra + 1)
            if {e[2] for e in f1} & {e[2] for e in f2}:
                raise InputError("The two forests share an edge.")
            if not (_is_forest(g.n, [e[:2] for e in f1]) and _is_forest(g.n, [e[:2] for e in f2])):
                raise InputError("A forest has a cycle.")
            P = part["partition"]
            cls_of = {}
            for k, c in enumerate(P):
                for v in c:
                    if v in cls_of:
                        raise InputError(f"Vertex {v} is in two classes.")
                    cls_of[v] = k
            if set(cls_of) != set(range(g.n)):
                raise InputError("The partition does not cover the vertices.")
            graph_edges = list(g.edges) + ([(a, b)] if extra else [])
            cross = sum(1 for u, v in graph_edges if cls_of[u] != cls_of[v])
            if cross + 2 * (g.n - len(P)) != len(f1) + len(f2) - 1:
                raise InputError("The partition bound is not one less than the forests' size.")
            return False
        raise InputError(f"Unknown certificate kind {part['kind']!r}.")

    if cert["second"].get("graph") != "G" or cert["first"].get("graph") not in ("G", "G+ab"):
        raise InputError("The certificate must speak about G (second) and G or G+ab (first).")
    if cert["first"]["graph"] == "G" and cert["first"]["kind"] != "trees":
        raise InputError("A rank certificate for the first player must be about G+ab.")
    second = one(cert["second"], 0)
    first = one(cert["first"], 1 if cert["first"]["graph"] == "G+ab" else 0)
    if second and not first:  # pragma: no cover - cannot both be valid
        raise InputError("The certificates contradict each other.")
    return CONNECT if second else "first" if first else CUT


def winning_moves(g: SwitchGame) -> dict:
    """Every winning first move of each player, by Lehman's criterion on each child.

    CONNECT's move ``i`` wins when contracting it joins the terminals or leaves a
    ``connect`` game; CUT's move ``i`` wins when deleting it separates the terminals or
    leaves a ``cut`` game.  Edge indices, parallel copies listed separately.
    """
    out = {CONNECT: [], CUT: []}
    a, b = g.terminals
    for i, (u, v) in enumerate(g.edges):
        if {u, v} == {a, b}:
            out[CONNECT].append(i)
        else:
            if classify(g.contract(i)).cls == CONNECT:
                out[CONNECT].append(i)
        h = g.delete(i)
        if not h.terminals_joined() or classify(h).cls == CUT:
            out[CUT].append(i)
    return out
