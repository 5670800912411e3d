"""Cross-checks of the oracles behind TSD's statements against brute force on ``Game`` operations.

* :meth:`MultiShannon.winning_first_moves` (the domination oracle of T2–T4, T6, DOM,
  SIMPLE, L5, T10) and :meth:`MultiShannon.restricted_short_first_wins` (T5), for every
  terminal-free set |S| ≤ 4 of every connected game, against a game tree whose leaves
  are judged by :class:`~verify.game.Game` shorting and deletion (n ≤ 6);
* :class:`verify.links.MultiLinks` (T17, T18) for every terminal set T of size 2 and 3
  and every carrier (any terminal-free set disjoint from T), against the same kind of
  game tree (n ≤ 5 here, n = 6 deep);
* :func:`verify.dead.theorems.surrounded_set` (T14, T16) as a whole set: the union of
  every set w surrounds, by the definition, for every vertex w (n ≤ 6).

Each test counts its instances and asserts the count (printed with ``-s``), so none
passes vacuously.
"""

from __future__ import annotations

import functools
import itertools

import pytest

from verify import Game
from verify.concepts import surrounds
from verify.dead.theorems import surrounded_set
from verify.graphs import connected_games
from verify.links import MultiLinks
from verify.solve import CUT, SHORT, MultiShannon


def _subsets(xs, lo, hi):
    for k in range(lo, hi + 1):
        yield from itertools.combinations(xs, k)


def _edges(game: Game, among) -> frozenset:
    among = set(among)
    return frozenset(frozenset(e) for e in game.edges() if set(e) <= among)


class BruteMulti:
    """M_{G,S} by brute force: every play of S, leaves judged by ``Game`` operations on G."""

    def __init__(self, game: Game, S):
        self.game, self.S = game, tuple(S)
        self.terminals = game.set_neighbours(S)
        self.short_target = self._final(frozenset(S), frozenset())
        self.cut_target = self._final(frozenset(), frozenset(S))

    @functools.lru_cache(maxsize=None)
    def _final(self, shorted, cut):
        """The edges among Γ(S) after shorting ``shorted`` and deleting ``cut`` (S fully played)."""
        return _edges(self.game.short(list(shorted)).delete(list(cut)), self.terminals)

    @functools.lru_cache(maxsize=None)
    def wins(self, shorted, cut, left, short_to_move, player_short):
        if not left:
            final = self._final(shorted, cut)
            return final == (self.short_target if player_short else self.cut_target)
        outcomes = [
            self.wins(shorted | {v}, cut, left - {v}, False, player_short) if short_to_move
            else self.wins(shorted, cut | {v}, left - {v}, True, player_short)
            for v in left
        ]
        return any(outcomes) if short_to_move == player_short else all(outcomes)

    def winning_first_moves(self, player):
        p = player == SHORT
        out = []
        for v in self.S:
            rest = frozenset(self.S) - {v}
            after = self.wins(frozenset({v}), frozenset(), rest, False, True) if p else self.wins(frozenset(), frozenset({v}), rest, True, False)
            if after:
                out.append(v)
        return out

    def restricted_short_first_wins(self, U):
        """Short first, play restricted to U; the rest of S is never coloured (deleted)."""
        return self.wins(frozenset(), frozenset(self.S) - set(U), frozenset(U), True, True)


def _multi_shannon_instances(n):
    count = 0
    for g in connected_games(n):
        for S in _subsets(g.nonterminals(), 1, 4):
            fast, brute = MultiShannon(g, S), BruteMulti(g, S)
            for p in (SHORT, CUT):
                assert sorted(fast.winning_first_moves(p), key=str) == sorted(brute.winning_first_moves(p), key=str), (g, S, p)
            for U in _subsets(S, 0, len(S)):
                assert fast.restricted_short_first_wins(U) == brute.restricted_short_first_wins(U), (g, S, U)
                count += 1
    return count


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_domination_and_restricted_wins_equal_enumeration(n):
    """n = 6 is the first size with |S| = 4 (four non-terminals): ≈ 10 s."""
    count = _multi_shannon_instances(n)
    print(f"\nMultiShannon vs enumeration, n = {n}: {count} (S, U) instances")
    assert count > {3: 5, 4: 50, 5: 500, 6: 5000}[n]


class BruteLinks:
    """Multi-link type by brute force: play the carrier out; Short wins when T ends a clique in G."""

    def __init__(self, game: Game, T):
        self.game, self.T = game, tuple(T)

    @functools.lru_cache(maxsize=None)
    def _clique(self, shorted, cut):
        h = self.game.short(list(shorted)).delete(list(cut))
        return all(h.has_edge(a, b) for a, b in itertools.combinations(self.T, 2))

    @functools.lru_cache(maxsize=None)
    def forces(self, shorted, cut, left, short_to_move):
        if not left:
            return self._clique(shorted, cut)
        outcomes = [
            self.forces(shorted | {v}, cut, left - {v}, False) if short_to_move
            else self.forces(shorted, cut | {v}, left - {v}, True)
            for v in left
        ]
        return any(outcomes) if short_to_move else all(outcomes)

    def type(self, V):
        V = frozenset(V)
        if self.forces(frozenset(), frozenset(), V, False):
            return "strong"
        if self.forces(frozenset(), frozenset(), V, True):
            return "weak"
        return "none"


def _multilink_instances(n):
    count = {"strong": 0, "weak": 0, "none": 0}
    for g in connected_games(n):
        for T in _subsets(g.vertices, 2, 3):
            if len(T) == 2 and set(T) != set(g.terminals):
                continue  # |T| = 2: the Shannon link itself; |T| = 3: every triple
            fast, brute = MultiLinks(g, T), BruteLinks(g, T)
            free = [v for v in g.nonterminals() if v not in T]
            for V in _subsets(free, 0, len(free)):
                kind = fast.type(V)
                assert kind == brute.type(V), (g, T, V)
                count[kind] += 1
    return count


@pytest.mark.parametrize("n", [3, 4, 5])
def test_multilinks_equal_enumeration(n):
    count = _multilink_instances(n)
    print(f"\nMultiLinks vs enumeration, n = {n}: {count}")
    assert all(count.values()) or n == 3


@pytest.mark.deep
def test_multilinks_equal_enumeration_n6():
    count = _multilink_instances(6)
    print(f"\nMultiLinks vs enumeration, n = 6: {count}")
    assert all(count.values())


@pytest.mark.parametrize("terminal_free", [True, False])
def test_surrounded_set_is_the_union_of_surrounded_sets(terminal_free):
    """surrounded_set(w) is exactly the union of the sets U ∌ w with Γ(U) ⊆ Γ[w] (by the
    definition), and that union is itself surrounded by w."""
    count = nonempty = 0
    for n in range(2, 7):
        for g in connected_games(n):
            for w in g.vertices:
                pool = [v for v in (g.nonterminals() if terminal_free else g.vertices) if v != w]
                union = set()
                for U in _subsets(pool, 1, len(pool)):
                    if surrounds(g, w, set(U)):
                        union |= set(U)
                got = set(g.labels_of(surrounded_set(g, g.index(w), terminal_free=terminal_free)))
                assert got == union, (g, w, got, union)
                assert not union or surrounds(g, w, union)
                count += 1
                nonempty += bool(union)
    print(f"\nsurrounded_set vs definition: {count} (game, w) pairs, {nonempty} with a non-empty set")
    assert nonempty > 100
