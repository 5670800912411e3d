"""The edge templates of the Hex kernel's H-search (``verify/papers/hex/edge_templates.py``):
the file, its C header, a checked proof of every template, a refutation of every template
with a carrier cell taken away, and the kernel's template connections checked on boards."""

from __future__ import annotations

import random

import pytest

from verify.errors import ShannonVerifyError
from verify.papers.hex import edge_templates as E
from verify.papers.hex.board import BLACK, WHITE, Position, board_value, other
from verify.papers.hex.proof_build import build_proof
from verify.papers.hex.proof_check import check_proof
from verify.papers.hex.solver import builder_kernel, c_solver

TEMPLATES = E.load()
needs_kernel = pytest.mark.skipif(c_solver() is None or builder_kernel() is None, reason="no C compiler")


def test_the_header_is_the_json_rendered():
    assert E.HEADER.read_text() == E.render_header(TEMPLATES)
    assert E.JSON.read_text() == E.render_json(TEMPLATES)


def test_the_file_holds_rows_4_and_5_mirror_images_included_none_inside_another():
    assert {t.k for t in TEMPLATES} == {4, 5} and len(TEMPLATES) == len(set(TEMPLATES)) > 100
    assert all(E.mirror(t) in TEMPLATES for t in TEMPLATES)
    assert all(len(t.stones) <= 1 and E.strip_position(t).size <= E.MAX_STRIP_CELLS for t in TEMPLATES)
    for t in TEMPLATES:
        assert not any(u != t and u.k == t.k and set(u.stones) <= set(t.stones) and set(u.carrier) <= set(t.carrier)
                       for u in TEMPLATES), t
    # the plain fourth-row template (IV-1a: 19 cells) is there, and some with a stone on row 5
    assert any(t.k == 4 and not t.stones and len(t.carrier) == 19 for t in TEMPLATES)
    assert any(t.k == 5 and t.stones for t in TEMPLATES)


def test_strip_position_and_mirror():
    bridge = E.Template(2, (), ((1, -1), (1, 0)))  # the bridge to the edge
    assert str(E.strip_position(bridge)) == "WB/WB/.."
    assert board_value(E.strip_position(bridge), WHITE) == BLACK
    assert E.mirror(E.mirror(TEMPLATES[7])) == TEMPLATES[7]
    with pytest.raises(ShannonVerifyError, match="off rows 0..1 of the anchor"):
        E.strip_position(E.Template(2, (), ((2, 0),)))


@needs_kernel
@pytest.mark.parametrize("i", range(0, len(TEMPLATES), 4))
def test_every_template_has_a_checked_proof_and_each_carrier_cell_is_needed(i):
    """Four templates a case: Black wins each strip with White to move, by a proof object
    the independent checker accepts; with any one carrier cell given to White, White wins
    instead (the mutation: a template weakened by one cell is refuted, with a checked proof
    of White's win)."""
    for t in TEMPLATES[i:i + 4]:
        pos = E.strip_position(t)
        check = check_proof(build_proof(pos, WHITE), pos, WHITE)
        assert check.winner == BLACK, (t, check.sentence())
        for j, cell in enumerate(t.carrier):
            weaker = pos.fill(1 << E.strip_cell(t, cell), WHITE)
            assert c_solver().value(weaker, WHITE, templates=False)[0] == WHITE, (t, cell)
            if j == 0:
                assert check_proof(build_proof(weaker, WHITE), weaker, WHITE).winner == WHITE, (t, cell)


@needs_kernel
def test_template_connections_of_the_kernels_hsearch_are_true_on_random_boards():
    """On random 6x6 and 7x7 positions, side-to-side connections the kernel's H-search
    reports with templates on (its read-out in df-pn) and not without them are proved: the
    player wins after the opponent gets every vacant cell off the carrier (a semi-connection:
    after the player takes its key), by a proof object the independent checker accepts.
    Forty are checked (non-vacuity: they must be met)."""
    rng = random.Random(2811)
    kernel = c_solver()
    checked = 0
    for _ in range(400):
        rows = rng.choice((6, 7))
        p = Position(rows, rows)
        for k, x in enumerate(rng.sample(range(rows * rows), rng.randrange(2, 9))):
            p = p.play(x, BLACK if k % 2 == 0 else WHITE)
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        for colour in (BLACK, WHITE):
            vc0, sc0 = kernel.hsearch(p, colour)
            vc, scs = kernel.hsearch(p, colour, templates=True)
            plain = set(sc0) | ({(None, vc0)} if vc0 is not None else set())
            claims = ([] if vc is None else [(None, vc)]) + list(dict.fromkeys(scs))
            for key, car in [c for c in claims if c not in plain][:2]:
                assert not car & ~p.empty and (key is None or car >> key & 1)
                q = p if key is None else p.play(key, colour)
                r = q.fill(q.empty & ~car, other(colour))
                assert check_proof(build_proof(r, other(colour)), r, other(colour)).winner == colour, (p.spec(), colour, key)
                checked += 1
        if checked >= 40:
            break
    assert checked >= 40, checked


@needs_kernel
def test_templates_change_the_search_not_the_answers():
    """Random 6x6 positions: the value with templates equals the value without them and the
    plain search's, and on some the node counts differ (the switch is not idle)."""
    rng = random.Random(2711)
    kernel = c_solver()
    differ = 0
    for _ in range(40):
        p = Position(6, 6)
        for k, x in enumerate(rng.sample(range(36), rng.randrange(2, 7))):
            p = p.play(x, BLACK if k % 2 == 0 else WHITE)
        for to in (BLACK, WHITE):
            a = kernel.value(p, to)
            b = kernel.value(p, to, templates=False)
            assert a[0] == b[0], (p.spec(), to)
            differ += a[2] != b[2]
    assert differ >= 5, differ


@pytest.mark.deep
@needs_kernel
def test_derive_gives_the_file():
    assert E.derive() == TEMPLATES
