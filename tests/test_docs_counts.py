"""The counts that docs/papers/hex.md, docs/papers/ssg.md and docs/tools/links.md quote in
prose, each tied to a computation (issue 45 item 8: every figure in prose is generated or
tested, as the statement counts already are):

* recomputed here when that costs a few seconds (the domains' sizes, the SSG statements'
  default tier, the cheap HEX statements, the link searches up to n = 9), and compared
  with the page's sentence;
* otherwise read from the dated record that ``ci/docs_counts.py`` wrote in
  ``docs/counts/`` (the HEX default tier and its deeper runs, SSG.CHASE.ALG at n = 5, the
  link searches of n = 10): the page must say what the record holds, and the deep tier
  (``python -m pytest --deep -m deep tests/test_docs_counts.py``) recomputes each record
  and compares its counts.  After a change to a statement, ``python ci/docs_counts.py
  run PART`` writes the record again and these tests name the sentence to update.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest

from verify.registry import REGISTRY, load_paper_statements
from verify.registry.runner import run_statement

from .test_docs_numbers import _prose

ROOT = Path(__file__).resolve().parents[1]
load_paper_statements()

_spec = importlib.util.spec_from_file_location("docs_counts", ROOT / "ci" / "docs_counts.py")
docs_counts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(docs_counts)


def _row(path: str, sid: str) -> str:
    """The table row of ``sid`` on the page, its whitespace collapsed."""
    (line,) = [l for l in (ROOT / path).read_text().splitlines() if l.startswith(f"| {sid} |")]
    return " ".join(line.split())


def _run(sid: str, max_n: int | None = None, min_n: int | None = None):
    st = REGISTRY[sid]
    r = run_statement(st, max_n=st.tier_depth if max_n is None else max_n, min_n=min_n, emit=False)
    assert r.verdict == "holds", (sid, r.verdict)
    return r


def _record(part: str) -> dict:
    rec = docs_counts.load(part)
    assert rec["part"] == part and rec["command"] == f"python ci/docs_counts.py run {part}"
    assert re.fullmatch(r"20\d\d-\d\d-\d\d", rec["date"]) and re.fullmatch(r"[0-9a-f]{40}", rec["commit"])
    return rec


# -- the records ---------------------------------------------------------------------------

def test_every_part_has_its_record_from_a_commit_of_this_repository():
    assert sorted(p.name for p in docs_counts.RECORDS.glob("*.json")) == sorted(f for f, *_ in docs_counts.PARTS.values())
    for part in docs_counts.PARTS:
        rec = _record(part)
        assert isinstance(rec["uncommitted"], list)  # the files of verify/ that differed from the commit, if any
        ok = subprocess.run(["git", "cat-file", "-e", rec["commit"] + "^{commit}"], cwd=ROOT, capture_output=True)
        assert ok.returncode == 0, f"{part}: commit {rec['commit']} is not in the repository"


@pytest.mark.deep
@pytest.mark.parametrize("part", list(docs_counts.PARTS))
def test_the_record_is_what_the_code_computes(part):
    """Recompute a record (``python ci/docs_counts.py check PART`` does the same) and
    compare its counts; the timings are measurements and may differ."""
    assert docs_counts.counts(docs_counts.compute(part)) == docs_counts.counts(_record(part)["results"])


# -- docs/papers/hex.md --------------------------------------------------------------------

HEX = "docs/papers/hex.md"


def _cells(sid: str) -> range:
    st = REGISTRY[sid]
    return range(st.min_n, st.tier_depth + 1)


def test_the_hex_domain_counts():
    """Positions, colourings, Y boards and the shapes of the default tier, counted from the domains."""
    from verify.papers.hex.domain import FULL, POSITIONS, shapes
    from verify.papers.hex.statements import _over
    from verify.papers.hex.y import Y_FULL

    positions = [p for n in _cells("HEX.GRAPH") for p in POSITIONS.instances(n)]
    assert _cells("HEX.ANDOR.kernel") == _cells("HEX.FIG13") == _cells("HEX.GRAPH")
    colourings = sum(1 for n in range(1, REGISTRY["HEX.P1/a"].tier_depth + 1) for _ in FULL.instances(n))
    k = REGISTRY["HEX.Y/a"].tier_depth
    text = _prose(HEX)
    assert f"({len(positions):,} positions × 2 players to move)" in text
    assert f"FIG13 {4 * len(positions):,} ({len(positions):,} positions × 2 players to move × board and reduced graph)" in text
    assert f"P1/a {colourings:,} colourings" in text and f"({colourings:,} colourings × 2 colours)" in text
    assert f"({sum(not _over(p) for p in positions):,} positions not yet won" in _row(HEX, "HEX.ANDOR.kernel")
    assert f"k ≤ {k} ({sum(1 for _ in Y_FULL.instances(k)):,} boards at k = {k})" in _row(HEX, "HEX.Y/a,b,c")
    side = REGISTRY["HEX.P1/d"].tier_depth
    assert f"n ≤ {side} ({side}×{side}: {2 ** (side * side):,} colourings" in _row(HEX, "HEX.P1/d")
    tier = ", ".join(f"{r}×{c}" for n in _cells("HEX.GRAPH") for r, c in shapes(n, 2))
    assert f"n ≤ {max(_cells('HEX.GRAPH'))} cells ({tier})" in _row(HEX, "HEX.GRAPH")


def test_the_cheap_hex_counts_recomputed():
    """The HEX statements that take a second or so, run here: each count as the page and the record say."""
    text = _prose(HEX)
    rec = _record("hex-default")["results"]
    for sid, words in (("HEX.P1/a", "P1/a {} colourings"), ("HEX.P2", "P2 {},"), ("HEX.MUSTPLAY", "MUSTPLAY {},"),
                       ("HEX.Y.embed/c", "Y.embed/c {},")):
        r = _run(sid)
        assert (r.instances, r.hypothesis_true) == (rec[sid]["instances"], rec[sid]["hypothesis_true"]), sid
        assert words.format(f"{r.hypothesis_true:,}") in text, (sid, r.hypothesis_true)
    deep = REGISTRY["HEX.Y.embed/c"].max_n
    r = _run("HEX.Y.embed/c", deep)
    assert f"n ≤ {REGISTRY['HEX.Y.embed/c'].tier_depth} cells (deep {deep}: {r.hypothesis_true:,})" in _row(HEX, "HEX.Y.embed/c")
    depth = dict(docs_counts.HEX_DEEPER)["HEX.P1/a"]
    r = _run("HEX.P1/a", depth)
    assert r.hypothesis_true == _record("hex-deeper")["results"]["HEX.P1/a"]["hypothesis_true"]
    assert f"P1/a to {depth} cells ({r.hypothesis_true:,} colourings incl. all 4×4" in text


def _n(rec: dict, sid: str) -> str:
    return f"{rec[sid]['hypothesis_true']:,}"


def test_the_hex_default_tier_is_the_record():
    """The paragraph on the default tier: every HEX statement's count from docs/counts/hex_default.json,
    a record of the default tier as it is now (every HEX statement, each to its tier_depth)."""
    rec = _record("hex-default")
    res = rec["results"]
    assert sorted(res) == sorted(i for i in REGISTRY if i.startswith("HEX.")), "run 'python ci/docs_counts.py run hex-default'"
    for sid, r in res.items():
        assert r["verdict"] == "holds" and r["n_range"] == [REGISTRY[sid].min_n, REGISTRY[sid].tier_depth], sid
    positions = res["HEX.GRAPH"]["instances"]
    assert res["HEX.GRAPH"]["hypothesis_true"] == 2 * positions and res["HEX.FIG13"]["hypothesis_true"] == 4 * positions
    assert res["HEX.Y.embed/a"]["hypothesis_true"] == 2 * res["HEX.P1/a"]["hypothesis_true"]
    want = (f"Default tier, one process on the shared machine (`python ci/docs_counts.py run hex-default`, recorded in "
            f"`docs/counts/hex_default.json` on {rec['date']}: all {len(res)} items {rec['wall_seconds']:.0f} s wall, "
            f"{rec['cpu_seconds']:.0f} s CPU at load ≈ {rec['machine']['load_average_before'][0]:.0f}; "
            "`theorems/test_hex.py` runs the same): hypothesis counts: "
            f"GRAPH {_n(res, 'HEX.GRAPH')} ({positions:,} positions × 2 players to move), P2 {_n(res, 'HEX.P2')}, "
            f"DEAD {_n(res, 'HEX.DEAD')}, FIG13 {_n(res, 'HEX.FIG13')} ({positions:,} positions × 2 players to move × "
            f"board and reduced graph), MUSTPLAY {_n(res, 'HEX.MUSTPLAY')}, ANDOR {_n(res, 'HEX.ANDOR')} connections, "
            f"ANDOR.kernel {_n(res, 'HEX.ANDOR.kernel')} connections, P1/a {_n(res, 'HEX.P1/a')} colourings, "
            f"Y/a–c {_n(res, 'HEX.Y/a')} / {_n(res, 'HEX.Y/b')} / {_n(res, 'HEX.Y/c')}, Y.embed/a {_n(res, 'HEX.Y.embed/a')} "
            f"({res['HEX.P1/a']['hypothesis_true']:,} colourings × 2 colours), Y.embed/c {_n(res, 'HEX.Y.embed/c')}, "
            "Y.embed/b and /d one query per n.")
    assert want in _prose(HEX), want
    assert f"{_n(res, 'HEX.ANDOR.kernel')} connections verified)" in _row(HEX, "HEX.ANDOR.kernel")


def test_the_hex_deeper_runs_are_the_record():
    rec = _record("hex-deeper")
    res = rec["results"]
    assert sorted(res) == sorted(sid for sid, _ in docs_counts.HEX_DEEPER)
    for sid, depth in docs_counts.HEX_DEEPER:
        assert res[sid]["verdict"] == "holds" and res[sid]["n_range"][1] == depth, sid
        assert depth > REGISTRY[sid].tier_depth, f"{sid} to {depth} is its default tier now, not a deeper run"

    def cpu(sid):
        return f"{res[sid]['cpu_seconds']:.0f} s"

    want = (f"Deeper runs (`python ci/docs_counts.py run hex-deeper`, recorded in `docs/counts/hex_deeper.json` on "
            f"{rec['date']}, CPU seconds; `check HEX.… --max-n N` or `run_statement`): P1/a to 16 cells "
            f"({_n(res, 'HEX.P1/a')} colourings incl. all 4×4, {cpu('HEX.P1/a')}), PAIR to n = 4 (4×5 and 5×4, "
            f"{cpu('HEX.PAIR')}), DEAD to 9 cells (3×3; {_n(res, 'HEX.DEAD')} sub-checks, {cpu('HEX.DEAD')}), ANDOR to "
            f"8 cells ({_n(res, 'HEX.ANDOR')} connections verified, {cpu('HEX.ANDOR')}) — all hold.")
    assert want in _prose(HEX), want


def test_the_8x8_opening_count():
    lines = (ROOT / "docs/hex/openings_8x8.txt").read_text().splitlines()
    start = lines.index("Openings by Black (winner after the opening; B/W):")
    cells = " ".join(lines[start + 1:start + 9]).split()
    assert len(cells) == 64 and set(cells) == {"B", "W"}
    assert f"— {cells.count('B')} of the 64 openings win" in _prose(HEX)


# -- docs/papers/ssg.md --------------------------------------------------------------------

SSG = "docs/papers/ssg.md"


def test_the_ssg_game_and_multigraph_counts():
    from verify.papers.ssg.enum import multigraphs, switch_games

    top = REGISTRY["SSG.LEHMAN"].tier_depth
    games = [sum(1 for _ in switch_games(n)) for n in range(2, top + 1)]
    graphs = [sum(1 for _ in multigraphs(n)) for n in range(1, top + 1)]
    text = _prose(SSG)
    assert f"({', '.join(f'{g:,}' for g in games)} games for n = 2..{top}; multigraph counts " \
           f"{', '.join(f'{g:,}' for g in graphs)} for n = 1..{top}," in text


def test_the_ssg_statements_table():
    """Each row's instances and hypothesis count: the statement's default tier, run here."""
    for sid in sorted(i for i in REGISTRY if i.startswith("SSG.")):
        r = _run(sid)
        cells = [c.strip() for c in _row(SSG, sid).strip("|").split("|")]
        unit = " multigraphs" if sid == "SSG.CHASE.T1" else ""
        assert cells[2] == f"{r.instances:,}{unit}", (sid, r.instances, cells[2])
        assert re.match(rf"{r.hypothesis_true:,}(?: \(|$)", cells[3]), (sid, r.hypothesis_true, cells[3])
    from verify.papers.ssg.statements import CHASE_PLAY_MAX_EDGES

    assert f"reply rule wins every opponent line (≤ {CHASE_PLAY_MAX_EDGES} edges)" in _row(SSG, "SSG.CHASE.ALG")


def test_the_ssg_findings_counts():
    """Chase's Steps 1–9 on every game n ≤ 4 (SSG.CHASE.ALG's default tier) and at n = 5 (the
    record of its --full depth); Step 3 reaching k = N, counted."""
    from verify.papers.ssg.chase import two_tree_system
    from verify.papers.ssg.domain import SWITCH
    from verify.papers.ssg.statements import CHASE_PLAY_MAX_EDGES

    st = REGISTRY["SSG.CHASE.ALG"]
    small = [g for n in range(st.min_n, st.tier_depth + 1) for g in SWITCH.instances(n)]
    five = list(SWITCH.instances(st.max_n))
    played = sum(g.m <= CHASE_PLAY_MAX_EDGES for g in five)
    reach = sum(two_tree_system(g).max_k >= g.n for g in small)
    rec = _record("ssg-deeper")
    (r,) = rec["results"].values()
    assert rec["results"].keys() == {"SSG.CHASE.ALG"}
    assert r["verdict"] == "holds" and r["n_range"] == [st.max_n, st.max_n]
    assert r["instances"] == len(five) and r["hypothesis_true"] == len(five) + played  # Step 6 on each, play on `played`
    text = _prose(SSG)
    assert (f"Steps 1–9 win every line on all {len(small):,} games with n ≤ {st.tier_depth} and on the {played:,} games "
            f"with n = {st.max_n} and ≤ {CHASE_PLAY_MAX_EDGES} edges, and Step 6 equals minimax on all {len(five):,} "
            f"games with n = {st.max_n} as well (`docs/counts/ssg_deeper.json`, recorded {rec['date']})") in text
    assert f"({reach} of the {len(small):,} games with n ≤ {st.tier_depth})" in text


# -- docs/tools/links.md -------------------------------------------------------------------

LINKS = "docs/tools/links.md"


def test_the_link_counts_up_to_n9():
    """The C engine's search for n = 3..9 (about a second): sieve survivors and links, beside Table 1."""
    from verify.papers.lnk.kernel import c_search
    from verify.papers.lnk.published import TAB1

    kept, links = {}, {}
    for n in range(3, 10):
        found, st = c_search(n)
        kept[n], links[n] = st["kept"], found
    rec = _record("links-n10")["results"]["bounds"]
    text = _prose(LINKS)
    assert (f"Graphs kept {', '.join(f'{kept[n]:,}' for n in range(3, 10))} for n = 3..9 and {rec['kept']:,} for n = 10 "
            f"by the C sieve (paper: {', '.join(f'{TAB1[n][2]:,}' for n in range(3, 10))} and {TAB1[10][2]:,}") in text
    assert {l.weight for l in links[7]} == {5} and {l.weight for l in links[9]} == {7}
    assert f"The {len(links[7])} minimal weak links on 7 vertices (weight 5)" in text
    assert f"The {len(links[9])} of weight 7, on 9 vertices:" in text
    assert f"(n = 9 deep; both give the same {len(links[9])} links)" in text
    assert f"gives the same {len(links[9])} links and pivots" in text


def test_the_bounded_degree_count():
    from verify.papers.lnk.classes import CLASS_MAX_N, class_search

    links, _ = class_search(9, 3)
    assert {l.weight for l in links} == {7}
    text = _prose(LINKS)
    assert f"The {len(links)} of weight 7 with d_max ≤ 3:" in text
    assert f"searches every minimal link on N ≤ {CLASS_MAX_N} vertices" in text
    assert f"(up to {CLASS_MAX_N} with --max-degree)" in text


def test_the_links_page_limits_and_published_counts():
    from verify.papers.lnk.kernel import C_MAX_N, NCOND, default_mod
    from verify.papers.lnk.published import TAB1
    from verify.papers.lnk.search import SEARCH_MAX_N
    from verify.papers.lnk.sieve import CONDITIONS

    text = _prose(LINKS)
    assert f"`--n` outside 2..{C_MAX_N} (2..{SEARCH_MAX_N} with `--engine python`)" in text
    assert f"At n = {C_MAX_N} the C engine splits geng's output into {default_mod(C_MAX_N, 2)} shards" in text
    assert NCOND == len(CONDITIONS) == 14 and "the fourteen sieve conditions of §3.1" in text
    assert f"`LNK.DEF` checks the same on every game n ≤ {REGISTRY['LNK.DEF'].tier_depth} by minimax" in text
    games9 = f"{TAB1[9][1]:,}"  # published, and reproduced by LNK.TAB1 in the default tier
    assert f"the plain search over all {games9} games" in text and f"all {games9} games) |" in text


def test_the_n10_counts_are_the_records():
    from verify.papers.lnk.published import TAB1, TAB2

    rec = _record("links-n10")
    bounded, free = rec["results"]["bounds"], rec["results"]["no_bounds"]
    assert bounded["geng"] == "geng -c -D6" and free["geng"] == "geng -c"
    assert bounded["graph6"] == free["graph6"] and bounded["kept"] == free["kept"]
    assert free["graphs"] == TAB1[10][0]  # every connected graph on 10 vertices
    assert (bounded["links"], bounded["s_irreducible"]) == TAB2[8][0:7:6] and bounded["weights"] == [8]
    text = _prose(LINKS)
    raw = (ROOT / LINKS).read_text()
    assert f"The {bounded['links']} of weight 8, on 10 vertices" in text
    assert (f"{bounded['links']} minimal weak links on 10 vertices (C engine: {bounded['graphs']} graphs from geng -c -D6, "
            f"{bounded['kept']} kept by the sieve, {bounded['games']} games solved, ... s)") in raw
    assert f"(n = 10: same {free['links']} links, same {free['kept']:,} kept graphs)" in text
    assert (f"n = 10: {bounded['graphs']:,} graphs from `geng -c -D6`, {bounded['kept']:,} kept by the sieve, "
            f"{bounded['games']:,} pairs solved, {bounded['links']} links ({bounded['s_irreducible']} S-irreducible), "
            "Table 1's row") in text
    assert f"(94 µs per graph × {free['graphs'] / 1e6:.1f} M graphs)" in text
    py = _record("links-n10-python")
    sieved = py["results"]["sieved"]
    assert sieved["graph6"] == bounded["graph6"] and sieved["graphs"] == free["graphs"]
    assert (f"`--method sieved` measured {sieved['cpu_seconds']:.0f} s CPU ({sieved['games']:,} games, pairs up to "
            f"automorphism; `python ci/docs_counts.py run links-n10-python`, recorded in "
            f"`docs/counts/links_n10_python.json` on {py['date']})") in text
