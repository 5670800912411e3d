"""Shared speed-ups of the TSD checks (issue 20); registers no statement.

Each helper remembers answers for one game within one check (or, for
:func:`dead_sets`, across checks of the same game), and always asks the function or
class it is given — looked up by the statement module when the check runs — so a
mutant's replacement is the one consulted.
"""

from __future__ import annotations

from itertools import combinations

from ...backing import recording, used
from ...game import CUT, SHORT, bits


class _Msgs:
    """The multi-Shannon games M_{G,S} of one game, each built once with its dominating
    moves cached.  ``make(game, S)`` builds one; the statement modules pass a function
    that looks their ``MultiShannon`` up when called, so a patched class is the one used."""

    def __init__(self, game, make):
        self.game = game
        self._make = make
        self._games: dict = {}
        self._moves: dict = {}

    def __call__(self, S):
        key = frozenset(S)
        m = self._games.get(key)
        if m is None:
            m = self._games[key] = self._make(self.game, S)
        return m

    def moves(self, S, player) -> list:
        """``winning_first_moves(player)`` of M_{G,S}, asked once per set and player."""
        key = (frozenset(S), player)
        out = self._moves.get(key)
        if out is None:
            out = self._moves[key] = self(S).winning_first_moves(player)
        return out


class _MaskMsgs:
    """:class:`_Msgs` keyed on index masks, for the fast passes: the multi-Shannon game of
    the vertex set ``S`` (a bitmask of internal indices) is built once per game by
    ``make(game, labels)`` (looked up by the statement module when called, so a patched
    class is the one used), and each of its answers is asked once.

    Parameters
    ----------
    game : Game
        The game whose vertex sets are played.
    make : callable
        ``make(game, labels)``: the multi-Shannon game of a set of labels.
    """

    def __init__(self, game, make):
        self.game = game
        self._make = make
        self._games: dict = {}
        self._answers: dict = {}

    def __call__(self, s: int):
        """The multi-Shannon game of the vertex set with mask ``s``."""
        m = self._games.get(s)
        if m is None:
            m = self._games[s] = self._make(self.game, set(self.game.labels_of(s)))
        return m

    def moves(self, s: int, player) -> int:
        """``winning_first_moves(player)`` of the game on ``s``, as an index mask."""
        key = ("moves", s, player)
        out = self._answers.get(key)
        if out is None:
            out = self._answers[key] = self.game.mask(self(s).winning_first_moves(player))
        return out

    def first(self, s: int, player) -> bool:
        """``first_player_wins(player)`` of the game on ``s``."""
        key = ("first", s, player)
        out = self._answers.get(key)
        if out is None:
            out = self._answers[key] = self(s).first_player_wins(player)
        return out

    def second(self, s: int, player) -> bool:
        """``second_player_wins(player)`` of the game on ``s``."""
        key = ("second", s, player)
        out = self._answers.get(key)
        if out is None:
            out = self._answers[key] = self(s).second_player_wins(player)
        return out


#: Answers of :class:`_SharedMaskMsgs` across games: (solver class, S, S ∪ Γ(S), the rows
#: of G[S ∪ Γ(S)] in G's index space) -> {question: answer, "names": procedures used}.
_MASK_SEEN: dict = {}
_MASK_SEEN_MAX = 1 << 16


class _SharedMaskMsgs(_MaskMsgs):
    """:class:`_MaskMsgs` whose answers are also remembered across games.

    Every answer of the multi-Shannon game on ``S`` is a function of ``S`` and the rows
    of ``G[S ∪ Γ(S)]`` (all the solver reads; winning moves are index masks in G's index
    space), so it is remembered per those rows and per ``solver`` (the class the statement
    module looked up when the check runs: a patched class answers afresh), with the
    procedures that answered (:func:`~verify.backing.used` again on reuse)."""

    def __init__(self, game, solver):
        super().__init__(game, lambda g, S: solver(g, S))
        self._solver = solver
        self._entries: dict = {}
        self._recorded: set = set()

    def _entry(self, s: int) -> dict:
        e = self._entries.get(s)
        if e is None:
            adj = self.game.adjacency
            around = 0
            for i in bits(s):
                around |= adj[i]
            keep = around | s
            key = (self._solver, s, keep, tuple([adj[i] & keep for i in bits(keep)]))
            e = _MASK_SEEN.get(key)
            if e is None:
                if len(_MASK_SEEN) >= _MASK_SEEN_MAX:
                    _MASK_SEEN.clear()
                e = _MASK_SEEN[key] = {"names": set()}
            elif not e["names"] <= self._recorded:  # each procedure recorded once per game
                for name in e["names"]:
                    used(name)
                self._recorded |= e["names"]
            self._entries[s] = e
        return e

    def _ask(self, s: int, question: tuple, compute):
        e = self._entry(s)
        out = e.get(question)
        if out is None:
            with recording() as rec:
                out = e[question] = compute()
            e["names"] |= rec.names
        return out

    def moves(self, s: int, player) -> int:
        return self._ask(s, ("moves", player), lambda: self.game.mask(self(s).winning_first_moves(player)))

    def first(self, s: int, player) -> bool:
        return self._ask(s, ("first", player), lambda: self(s).first_player_wins(player))

    def second(self, s: int, player) -> bool:
        return self._ask(s, ("second", player), lambda: self(s).second_player_wins(player))


#: The answers :class:`_SharedMaskFamilies` fills in together: an entry lacking one of a
#: kind gets that kind for both players.
_FILL = (("first", CUT), ("first", SHORT), ("moves", CUT), ("moves", SHORT))


class _SharedMaskFamilies(_SharedMaskMsgs):
    """:class:`_SharedMaskMsgs` for checks that ask about many sets: the first-player
    wins of a whole family of sets in one call (:meth:`first_family`), and an entry met
    without the answer asked gets it for both players at once (:data:`_FILL`), read from
    the one multi-Shannon game of the set (built once per game), so that a later game
    with the same rows asking for the other player finds it.  The entries, their keys
    and their answers are those of :class:`_SharedMaskMsgs` (shared with it across games
    and checks)."""

    def __init__(self, game, solver, answers_by=None):
        super().__init__(game, solver)
        self._answers_by = answers_by

    def _fill(self, s: int, e: dict, question: tuple):
        """The answer to ``question`` for the set ``s`` with entry ``e``, after filling in
        the missing answers of :data:`_FILL` of its kind (the procedures that answered
        remembered).  With ``answers_by`` (a route the caller vouches gives the solver's
        answers and records the solver's name), every answer of :data:`_FILL` comes from
        ``answers_by(s)`` (a dict; None: ask the solver) instead."""
        got = None
        if self._answers_by is not None:
            with recording() as rec:
                got = self._answers_by(s)
        if got is not None:
            for q in _FILL:
                if q not in e:
                    e[q] = got[q]
            e["names"] |= rec.names
            return e[question]
        with recording() as rec:
            m = self(s)
            for q in _FILL:
                if q[0] == question[0] and q not in e:
                    kind, player = q
                    if kind == "first":
                        e[q] = m.first_player_wins(player)
                    else:
                        e[q] = self.game.mask(m.winning_first_moves(player))
        e["names"] |= rec.names
        return e[question]

    def _get(self, s: int, question: tuple):
        e = self._entries.get(s)
        if e is None:
            e = self._entry(s)
        out = e.get(question)
        if out is None:
            out = self._fill(s, e, question)
        return out

    def first(self, s: int, player) -> bool:
        return self._get(s, ("first", player))

    def moves(self, s: int, player) -> int:
        return self._get(s, ("moves", player))

    def first_family(self, need: int, player, index_of) -> int:
        """The members of the family ``need`` (relative masks ``r``, the set
        ``index_of[r]``) that ``player`` moving first wins."""
        q = ("first", player)
        entries = self._entries
        wins = 0
        for r in bits(need):
            s = index_of[r]
            e = entries.get(s)
            if e is None:
                e = self._entry(s)
            out = e.get(q)
            if out is None:
                out = self._fill(s, e, q)
            if out:
                wins |= 1 << r
        return wins


def _local_key(adj, s: int) -> tuple:
    """(S, S ∪ Γ(S), the rows of G[S ∪ Γ(S)] in G's index space) for the set mask ``s`` of
    the game with bitmask adjacency ``adj``: everything the multi-Shannon solver of ``S``
    reads."""
    around = 0
    for i in bits(s):
        around |= adj[i]
    keep = around | s
    return (s, keep, tuple([adj[i] & keep for i in bits(keep)]))


def _shared(seen: dict, key, compute):
    """``compute()`` remembered in ``seen`` under ``key`` (across games), with the
    procedures that answered (:func:`~verify.backing.used` again on every reuse);
    ``seen`` is emptied when it holds :data:`_MASK_SEEN_MAX` answers."""
    hit = seen.get(key)
    if hit is None:
        with recording() as rec:
            out = compute()
        if len(seen) >= _MASK_SEEN_MAX:
            seen.clear()
        seen[key] = (out, frozenset(rec.names))
        return out
    for name in hit[1]:
        used(name)
    return hit[0]


def _mask_sets(singles: tuple, sizes) -> list:
    """The unions of ``k`` of the single-bit masks ``singles`` for each ``k`` in ``sizes``
    (in the order of :func:`itertools.combinations`)."""
    return [sum(c) for k in sizes for c in combinations(singles, k)]


def _agree(a, b, keep: int) -> bool:
    """The bitmask adjacencies ``a`` and ``b`` induce the same graph on ``keep``.  For two
    reduced graphs of one game with the same vertices left (``keep``), this is
    :class:`~verify.game.Game` equality."""
    for i in bits(keep):
        if (a[i] ^ b[i]) & keep:
            return False
    return True


def _cached(fn):
    """``fn(game, A, B)`` on singleton/small label sets, remembered per (A, B) for one game;
    ``fn`` is called (by name, at call time) only for pairs not seen before."""
    memo: dict = {}

    def get(game, A, B):
        key = (frozenset(A), frozenset(B))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = fn()(game, A, B)
        return hit

    return get


_DEAD_SEEN: dict = {}
DEAD_SEEN_MAX = 1 << 14  # games remembered (every game up to n = 7 is 12,257)
PATHS_FROM_N = 8  # from here on the dead sets come from the all-paths route when one is given
PATHS = "tsd.dead.paths"  # the switch of that route (verify.registry.routes): forced, at any n


def dead_sets(oracle, game, paths=None) -> tuple[set, set]:
    """(dead vertex labels, dead edges as frozensets) of ``game``.

    Up to ``PATHS_FROM_N − 1`` vertices (or when ``paths`` is None) they are those of
    ``oracle(game, "sat")``; from ``PATHS_FROM_N`` vertices on, given ``paths`` (a
    module like :mod:`verify.dead.allpaths`, looked up by the caller), those of
    ``paths.dead_items`` on every item, which enumerates every induced terminal path
    once (an item is live iff such a path carries it, PROJ.INDUCED_PATH) and gives the
    same answers as the ``sat`` oracle, which asks one query per item (as TSD.T12 does
    beyond its definition range; compared in ``tests/test_tsd_dead_fast.py``).

    The TSD §5 statements run one after another over the same games, each asking the
    same question about every game; the answers are remembered for the last
    ``DEAD_SEEN_MAX`` games, keyed on the oracle and route themselves as well as on the
    game (its labels in order, adjacency and terminals), so that a replaced oracle — a
    mutant's — is always asked itself.  The procedures that answered are remembered
    beside the sets and recorded again on every reuse (as
    :func:`verify.backing.remembered` does).  Fresh sets are returned on every call.
    """
    from ...registry.routes import switch, taken

    route = paths if paths is not None and taken(switch(PATHS, PATHS_FROM_N), game.n) else None
    key = (oracle, route, game.vertices, game.adjacency, game.terminals)
    hit = _DEAD_SEEN.get(key)
    if hit is None:
        with recording() as rec:
            dv, de = _dead_by_oracle(oracle, game) if route is None else _dead_by_paths(route, game)
        if len(_DEAD_SEEN) >= DEAD_SEEN_MAX:
            del _DEAD_SEEN[next(iter(_DEAD_SEEN))]  # forget the oldest
        hit = _DEAD_SEEN[key] = (dv, de, frozenset(rec.names))
    else:  # backed by what computed it
        for name in hit[2]:
            used(name)
    return set(hit[0]), set(hit[1])


def _dead_by_oracle(oracle, game) -> tuple[frozenset, frozenset]:
    """The dead sets of ``oracle(game, "sat")`` (a :class:`~verify.dead.Classification`)."""
    c = oracle(game, "sat")
    return frozenset(c.dead_vertices), frozenset(frozenset(e) for e in c.dead_edges)


def _dead_by_paths(paths, game) -> tuple[frozenset, frozenset]:
    """The dead sets of ``paths.dead_items`` on every item of ``game`` (the items of
    :func:`verify.dead.items_of`), as labels."""
    t1, t2 = game.terminal_indices
    adj = game.adjacency
    items = [("vertex", i) for i in range(game.n) if i != t1 and i != t2]
    items += [("edge", i, j) for i in range(game.n) for j in bits(adj[i]) if j > i]
    dead = paths.dead_items(game, items)
    label = game.label
    dv = frozenset(label(it[1]) for it in dead if it[0] == "vertex")
    de = frozenset(frozenset((label(it[1]), label(it[2]))) for it in dead if it[0] == "edge")
    return dv, de
