"""The 6×6 and 7×7 opening maps against the published ones.

Oracle (published values, used only here as the comparison): Hayward, Björnsson,
Johanson, Kan, Po, van Rijswijck, "Solving 7×7 Hex with domination, fill-in, and virtual
connections", Theoret. Comput. Sci. 349 (2005) — HEX's reference [23], the source of
Fig. 7's 7×7 map — as restated cell by cell in the Benzene program's regression files
``dfpn-solve-6x6.tst`` and ``dfpn-solve-7x7.tst`` (Black opens, White to move; same cell
names and adjacency as ours: column letter, row number, (r, c) touching (r−1, c+1)).
The 7×7 file lists a1…d4; the other cells follow by the 180° turn."""

import json
from pathlib import Path

import pytest

from verify.papers.hex.board import BLACK, Position
from verify.papers.hex.openings_run import _header, representatives, run_openings
from verify.papers.hex.solver import c_solver

pytestmark = pytest.mark.skipif(c_solver() is None, reason="no C compiler")

PUBLISHED_BLACK_WINS = {
    6: {"a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "c2", "c3", "c4", "c5", "d2", "d3", "d4", "d5",
        "e2", "e3", "e4", "e5", "f1", "f2", "f3", "f4"},
    # a1..d4 as listed; the rest are their 180-degree turns
    7: {"a4", "a6", "a7", "b3", "b4", "b5", "b6", "c2", "c3", "c4", "c5", "c6", "d3", "d4"},
}
PUBLISHED_LISTED_7 = [f"{c}{r}" for c in "abc" for r in range(1, 8)] + ["d1", "d2", "d3", "d4"]


def _published(n: int) -> dict[str, str]:
    pos = Position(n, n)
    wins = set(PUBLISHED_BLACK_WINS[n])
    if n == 7:
        assert len(PUBLISHED_LISTED_7) == 25
        rep = {pos.name(i): pos.name(n * n - 1 - i) for i in range(n * n)}
        wins |= {rep[c] for c in wins}
    return {pos.name(i): BLACK if pos.name(i) in wins else "W" for i in range(n * n)}


def test_published_maps_are_well_formed():
    m6, m7 = _published(6), _published(7)
    assert sum(v == BLACK for v in m6.values()) == 24 and sum(v == BLACK for v in m7.values()) == 27
    # symmetric under the 180-degree turn, as every opening map is
    for n, m in ((6, m6), (7, m7)):
        pos = Position(n, n)
        assert all(m[pos.name(i)] == m[pos.name(n * n - 1 - i)] for i in range(n * n))


def test_6x6_map_recomputed_equals_published():
    r = run_openings(6, jobs=1, budget=120)
    assert {c: o["winner"] for c, o in r["openings"].items()} == _published(6)


def _stored(n: int) -> tuple[dict, dict[str, str]]:
    """The header and the per-cell winners of the stored map ``docs/hex/hex_openings_NxN.jsonl``,
    after checking that the current kernel (source hash) with the current run switches made it."""
    name = f"docs/hex/hex_openings_{n}x{n}.jsonl"
    path = Path(__file__).resolve().parents[1] / name
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    header, recs = lines[0], {r["cell"]: r["winner"] for r in lines[1:]}
    assert header.get("kind") == "hex-openings" and header.get("n") == n, header
    now = _header(n)
    assert (header.get("kernel"), header.get("switches")) == (now["kernel"], now["switches"]), (
        f"{name} is stale: it was made by the Hex kernel {header.get('kernel')} with switches "
        f"{header.get('switches')}, but hexsolve.c is now {now['kernel']} with switches {now['switches']}. "
        f"Regenerate it: rm {name} && python -m verify hex-openings {n} --jobs 2 --budget-per-opening 600 "
        f"--store {name}  (7x7: about 3 min wall on 2 cores); this test then compares it with the published map.")
    return header, recs


@pytest.mark.parametrize("n", [6, 7])
def test_stored_map_is_the_current_kernels_and_equals_published(n):
    _, recs = _stored(n)
    pos = Position(n, n)
    stored = {pos.name(i): recs.get(pos.name(j)) for i, j in representatives(n).items()}
    assert stored == _published(n)


def test_a_stale_store_is_refused_with_the_way_to_regenerate(tmp_path, monkeypatch):
    from verify.papers.hex import openings_run

    monkeypatch.setattr(openings_run, "kernel_hash", lambda: "0123456789abcdef")
    with pytest.raises(AssertionError, match=r"stale.*0123456789abcdef.*Regenerate it: rm docs/hex/hex_openings_7x7\.jsonl"):
        _stored(7)


@pytest.mark.deep
def test_7x7_map_recomputed_equals_published():
    r = run_openings(7, jobs=2, budget=1800)
    assert {c: o["winner"] for c, o in r["openings"].items()} == _published(7)
