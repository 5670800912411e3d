"""A user's own (false) conjecture, hunted with: shannon-verify hunt examples/my_conj.py::degree_two_dead"""

from verify import dead_vertices, statement


@statement("MY.DEG2", kind="conj")
def degree_two_dead(game):
    """Every non-terminal vertex of degree 2 is dead (false!)."""
    deg2 = [v for v in game.nonterminals() if game.degree(v) == 2]
    if not deg2:
        return None  # hypothesis does not hold: nothing to check
    return set(deg2) <= dead_vertices(game)
