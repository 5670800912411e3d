"""The 6×6 and 7×7 opening maps against the published ones.

Oracle (published values, used only here as the comparison): Hayward, Björnsson,
Johanson, Kan, Po, van Rijswijck, "Solving 7×7 Hex with domination, fill-in, and virtual
connections", Theoret. Comput. Sci. 349 (2005) — HEX's reference [23], the source of
Fig. 7's 7×7 map — as restated cell by cell in the Benzene program's regression files
``dfpn-solve-6x6.tst`` and ``dfpn-solve-7x7.tst`` (Black opens, White to move; same cell
names and adjacency as ours: column letter, row number, (r, c) touching (r−1, c+1)).
The 7×7 file lists a1…d4; the other cells follow by the 180° turn.

8×8 (issue 21): Henderson, Arneson, Hayward, "Solving 8×8 Hex", Proc. IJCAI 2009, pp.
505–510 — every 8×8 opening's value — as restated in Benzene's regression file
``regression/dfpn-solve-8x8.tst`` (github.com/cgao3/benzene-vanilla-cmake, read at commits
5cf0827f and 14ed884d, the same values; ``play b X`` then ``dfpn-solve-state [white]``,
expected winner), which lists the 32 cells of columns a–d; columns e–h follow by the 180°
turn.  The stored 8×8 map (``docs/hex/hex_openings_8x8.jsonl``, sharded and resumable,
possibly unfinished) must agree on every opening it has decided."""

import json
from pathlib import Path

import pytest

from verify.papers.hex.board import BLACK, Position
from verify.papers.hex.openings_run import _header, record_kernel, record_switches, representatives, run_openings
from verify.papers.hex.solver import c_solver

pytestmark = pytest.mark.skipif(c_solver() is None, reason="no C compiler")

PUBLISHED_BLACK_WINS = {
    6: {"a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "c2", "c3", "c4", "c5", "d2", "d3", "d4", "d5",
        "e2", "e3", "e4", "e5", "f1", "f2", "f3", "f4"},
    # a1..d4 as listed; the rest are their 180-degree turns
    7: {"a4", "a6", "a7", "b3", "b4", "b5", "b6", "c2", "c3", "c4", "c5", "c6", "d3", "d4"},
}
PUBLISHED_LISTED_7 = [f"{c}{r}" for c in "abc" for r in range(1, 8)] + ["d1", "d2", "d3", "d4"]
# dfpn-solve-8x8.tst: "#? [black]" after play b X, X in columns a-d (all others "#? [white]")
PUBLISHED_BLACK_WINS[8] = {"a5", "a7", "a8", "b3", "b4", "b5", "b6", "b7", "c3", "c4", "c5", "c6",
                           "d3", "d4", "d5", "d6"}
PUBLISHED_LISTED_8 = [f"{c}{r}" for c in "abcd" for r in range(1, 9)]


def _published(n: int) -> dict[str, str]:
    pos = Position(n, n)
    wins = set(PUBLISHED_BLACK_WINS[n])
    if n in (7, 8):
        listed = PUBLISHED_LISTED_7 if n == 7 else PUBLISHED_LISTED_8
        assert len(listed) == (n * n + 1) // 2 and wins <= set(listed)
        rep = {pos.name(i): pos.name(n * n - 1 - i) for i in range(n * n)}
        assert {rep[c] for c in listed} | set(listed) == set(rep)  # the listed cells and their turns cover the board
        wins |= {rep[c] for c in wins}
    return {pos.name(i): BLACK if pos.name(i) in wins else "W" for i in range(n * n)}


def test_published_maps_are_well_formed():
    m6, m7, m8 = _published(6), _published(7), _published(8)
    assert sum(v == BLACK for v in m6.values()) == 24 and sum(v == BLACK for v in m7.values()) == 27
    assert sum(v == BLACK for v in m8.values()) == 32 and m8["a1"] == m8["h8"] == "W" and m8["a8"] == BLACK
    # symmetric under the 180-degree turn, as every opening map is
    for n, m in ((6, m6), (7, m7), (8, m8)):
        pos = Position(n, n)
        assert all(m[pos.name(i)] == m[pos.name(n * n - 1 - i)] for i in range(n * n))


def test_6x6_map_recomputed_equals_published():
    r = run_openings(6, jobs=1, budget=120)
    assert {c: o["winner"] for c, o in r["openings"].items()} == _published(6)


ROOT = Path(__file__).resolve().parents[1]
KERNELS = ROOT / "docs" / "hex" / "kernels.json"


def _stored(n: int, mixed: bool = False, name: str | None = None) -> tuple[dict, dict[str, str]]:
    """The header and the per-cell winners of the stored map ``docs/hex/hex_openings_NxN.jsonl``,
    after checking that the current kernel (source hash) with the current run switches made
    it — or, with ``mixed`` (a map that outlives kernels: ``--mixed-kernels``), that each
    decided opening's kernel is the current one or one listed in ``docs/hex/kernels.json``,
    and its switches the header's or the current run's."""
    name = name or f"docs/hex/hex_openings_{n}x{n}.jsonl"
    path = ROOT / name
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    lines = lines[:1] + [r for r in lines[1:] if "cell" in r]  # sittings' lines (``"session"``) aside
    header, recs = lines[0], {r["cell"]: r["winner"] for r in lines[1:]}
    assert header.get("kind") == "hex-openings" and header.get("n") == n, header
    now = _header(n)
    if mixed:
        last = {r["cell"]: r for r in lines[1:]}
        words = {record_switches(header, r) for r in last.values()} - {header.get("switches"), now["switches"]}
        assert not words, (f"{name}: openings searched with switch words neither the header's nor the current "
                           f"run's: {words}")
        known = set(json.loads(KERNELS.read_text())["kernels"]) | {now["kernel"]}
        foreign = {c: record_kernel(header, r) for c, r in last.items() if record_kernel(header, r) not in known}
        assert not foreign, (f"{name}: openings decided by kernels neither current ({now['kernel']}) nor listed in "
                             f"{KERNELS.name}: {foreign}; list each with the commit whose hexsolve.c it hashes")
        return header, recs
    assert (header.get("kernel"), header.get("switches")) == (now["kernel"], now["switches"]), (
        f"{name} is stale: it was made by the Hex kernel {header.get('kernel')} with switches "
        f"{header.get('switches')}, but hexsolve.c is now {now['kernel']} with switches {now['switches']}. "
        f"Regenerate it: rm {name} && python -m verify hex-openings {n} --jobs 2 --budget-per-opening 600 "
        f"--store {name}  (7x7: about 1 min of CPU; 8x8: --budget-per-opening 7200 and --resume, "
        f"hours); this test then compares it with the published map.")
    return header, recs


@pytest.mark.parametrize("n", [6, 7])
def test_stored_map_is_the_current_kernels_and_equals_published(n):
    _, recs = _stored(n)
    pos = Position(n, n)
    stored = {pos.name(i): recs.get(pos.name(j)) for i, j in representatives(n).items()}
    assert stored == _published(n)


@pytest.mark.parametrize("name", ["docs/hex/hex_openings_8x8.jsonl", "docs/hex/hex_openings_8x8_before_templates.jsonl",
                                  "docs/hex/hex_openings_8x8_templates.jsonl"])
def test_stored_8x8_openings_are_listed_kernels_and_equal_published(name):
    # an 8x8 store may be unfinished (a long run, resumable, over kernel changes; the run
    # with edge templates was stopped): every decided opening must match the published
    # value; how many are decided is reported on failure
    _, recs = _stored(8, mixed=True, name=name)
    pos = Position(8, 8)
    published = _published(8)
    decided = {c: w for c, w in recs.items() if w in ("B", "W")}
    assert set(recs) <= {pos.name(j) for j in representatives(8).values()}
    if not decided:  # the header is the current kernel's, but the run has not decided any opening yet
        pytest.skip(f"no 8x8 opening decided yet ({len(recs)} tried, past their budgets)")
    wrong = {c: (w, published[c]) for c, w in decided.items() if published[c] != w}
    assert not wrong, (wrong, f"{len(decided)} decided")


def test_the_finished_8x8_map_equals_published_and_its_text_is_the_stores():
    # once every representative is decided, the whole map (turns included) must equal the
    # published one, and docs/hex/openings_8x8.txt must print the stored map
    from verify.papers.hex.maps import opening_map_text

    _, recs = _stored(8, mixed=True)
    pos = Position(8, 8)
    stored = {pos.name(i): recs.get(pos.name(j)) for i, j in representatives(8).items()}
    if any(w not in ("B", "W") for w in stored.values()):
        pytest.skip("the 8x8 map is not finished")
    assert stored == _published(8)
    text = (ROOT / "docs" / "hex" / "openings_8x8.txt").read_text()
    assert opening_map_text(pos, stored).rstrip("\n") in text
    assert f"({sum(w == BLACK for w in stored.values())} of 64 Black openings win;" in text
    assert "```text\n" + opening_map_text(pos, stored).rstrip("\n") + "\n```" in (ROOT / "docs/papers/hex.md").read_text()


def test_a_stale_store_is_refused_with_the_way_to_regenerate(tmp_path, monkeypatch):
    from verify.papers.hex import openings_run

    monkeypatch.setattr(openings_run, "kernel_hash", lambda: "0123456789abcdef")
    with pytest.raises(AssertionError, match=r"stale.*0123456789abcdef.*Regenerate it: rm docs/hex/hex_openings_7x7\.jsonl"):
        _stored(7)


@pytest.mark.deep
def test_7x7_map_recomputed_equals_published():
    r = run_openings(7, jobs=2, budget=1800)
    assert {c: o["winner"] for c, o in r["openings"].items()} == _published(7)


@pytest.mark.parametrize("marker, store", [("hex8-table", "docs/hex/hex_openings_8x8.jsonl"),
                                           ("hex8-before-templates-table", "docs/hex/hex_openings_8x8_before_templates.jsonl"),
                                           ("hex8-first-table", "docs/hex/hex_openings_8x8_first_runs.jsonl"),
                                           ("hex8-templates-table", "docs/hex/hex_openings_8x8_templates.jsonl")])
def test_the_docs_8x8_tables_are_the_stores(marker, store):
    # the map's runs in one go with one kernel (with the edge templates, before them, and
    # stopped after six openings), and the first map (five kernels over two days)
    from verify.papers.hex.openings_run import store_table

    root = Path(__file__).resolve().parents[1]
    text = (root / "docs/tools/hex.md").read_text()
    start = text.index(f"<!-- {marker}:")
    assert store in text[start:text.index("-->", start)]
    block = text[text.index("-->", start) + 3:text.index(f"<!-- /{marker} -->")].strip()
    assert block == store_table(root / store), (
        f"docs/tools/hex.md's table {marker} differs from {store}: regenerate it with the command in its marker")


def test_the_readmes_8x8_figures_are_the_stores():
    """The README's HEX line states the 8×8 map's run: every opening decided, the kernel CPU
    of its searches (from the store, docs/hex/hex_openings_8x8.jsonl) and the run's wall
    time (from its --json output, docs/hex/hex_openings_8x8_run.json, whose openings must
    be the store's), the same run's wall time before the edge templates (its output renamed
    docs/hex/hex_openings_8x8_before_templates_run.json, with its store) and the first map's
    seconds (docs/hex/hex_openings_8x8_first_runs.jsonl)."""
    from verify import jsonl_store
    from verify.papers.hex.openings_run import _cells

    root = Path(__file__).resolve().parents[1]

    def run_and_store(name):  # a run's --json output, and its store, whose openings must be the run's
        run = json.loads((root / f"docs/hex/{name}_run.json").read_text())
        recs = _cells(jsonl_store.read_records(root / f"docs/hex/{name}.jsonl"))
        assert {c: (o["winner"], o["nodes"], o["cpu"]) for c, o in run["openings"].items() if o["from"] is None} == \
            {c: (r["winner"], r["nodes"], r["cpu"]) for c, r in recs.items()}
        return run, recs

    run, recs = run_and_store("hex_openings_8x8")
    readme = " ".join((root / "README.md").read_text().split())
    assert sum(r["winner"] in ("B", "W") for r in recs.values()) == 32
    assert "all 32 8×8 openings (up to the 180° turn) are decided" in readme
    cpu = sum(r["cpu"] for r in recs.values())
    wall = run["wall_seconds"]
    hours, minutes = divmod(round(wall / 60), 60)
    assert f"{hours} h {minutes} min wall" in readme
    assert f"{cpu:,.0f} s of kernel CPU ({cpu / 7200:.2f} h on 2 cores)" in readme
    before, _ = run_and_store("hex_openings_8x8_before_templates")
    assert before["kernel"] != run["kernel"]
    hours, minutes = divmod(round(before["wall_seconds"] / 60), 60)
    assert f"the same run before the templates took {hours} h {minutes} min" in readme
    first = _cells(jsonl_store.read_records(root / "docs/hex/hex_openings_8x8_first_runs.jsonl"))
    spent = sum(r["seconds"] for r in first.values())
    assert f"the searches of the first map, by five kernels over two days, added up to {spent:,.0f} s" in readme


def test_every_listed_kernel_is_the_hash_of_its_commits_sources(tmp_path):
    import subprocess
    import tarfile

    from verify.papers.hex.openings_run import kernel_hash

    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    listed = json.loads(KERNELS.read_text())["kernels"]
    assert listed
    for kernel, commit in listed.items():
        tar = tmp_path / f"{commit}.tar"
        if subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(tar), commit, "verify"],
                          capture_output=True).returncode != 0:
            pytest.skip(f"commit {commit} is not in this clone (shallow?)")
        with tarfile.open(tar) as t:
            t.extractall(tmp_path / commit, filter="data")
        got = kernel_hash(tmp_path / commit / "verify" / "papers" / "hex" / "hexsolve.c")
        assert got == kernel, f"{KERNELS.name}: {kernel} is listed with {commit}, whose sources hash to {got}"


def test_a_map_over_two_kernels_continues_only_when_asked(tmp_path, monkeypatch, capsys):
    from verify.cli import main
    from verify.papers.hex import openings_run

    store = tmp_path / "s.jsonl"
    run_openings(3, jobs=1, store=str(store), only="a1")
    first = _header(3)["kernel"]
    monkeypatch.setattr(openings_run, "kernel_hash", lambda: "0123456789abcdef")
    assert main(["hex-openings", "3", "--store", str(store), "--resume", "--only", "a1,b1"]) == 2
    assert "add --mixed-kernels to continue it with this kernel" in capsys.readouterr().err
    r = run_openings(3, jobs=1, store=str(store), resume=True, mixed_kernels=True, only="a1,b1")
    assert r["searched"] == ["b1"]  # a1 stays as the first kernel decided it
    lines = [json.loads(x) for x in store.read_text().splitlines()]
    assert [record_kernel(lines[0], x) for x in lines[1:] if "cell" in x] == [first, "0123456789abcdef"]
    assert "Decided by the kernels" in openings_run.store_table(store)
    assert main(["hex-openings", "3", "--mixed-kernels"]) == 2
    assert "--mixed-kernels continues a store: add --resume and --store PATH." in capsys.readouterr().err


def test_a_map_over_two_switch_settings_continues_only_when_asked(tmp_path, capsys):
    # a store begun without a reduction (as the 8x8 map was, before pair domination) is
    # continued with every reduction on only with --mixed-kernels; each record names its switches
    from verify.cli import main
    from verify.papers.hex import openings_run

    store = tmp_path / "s.jsonl"
    run_openings(3, jobs=1, store=str(store), only="a1", without=("dominated",))
    before = _header(3, ("dominated",))["switches"]
    assert before != _header(3)["switches"]
    assert main(["hex-openings", "3", "--store", str(store), "--resume", "--only", "a1,b1"]) == 2
    assert "add --mixed-kernels to continue it with this kernel and these switches" in capsys.readouterr().err
    r = run_openings(3, jobs=1, store=str(store), resume=True, mixed_kernels=True, only="a1,b1")
    assert r["searched"] == ["b1"]
    lines = [json.loads(x) for x in store.read_text().splitlines()]
    assert [record_switches(lines[0], x) for x in lines[1:] if "cell" in x] == [before, _header(3)["switches"]]
    assert "With the switch words" in openings_run.store_table(store)


def test_a_record_names_the_kernel_its_process_was_compiled_from(tmp_path, monkeypatch):
    from verify.papers.hex import openings_run

    k = openings_run._Kernel(12)
    try:
        openings_run._warm(k, 3)  # the kernel process starts (compiled from today's sources)
        started = k.source_hash
        assert started == _header(3)["kernel"]
        monkeypatch.setattr(openings_run, "kernel_hash", lambda: "0123456789abcdef")  # hexsolve.c edited mid-run
        rec = openings_run._solve_with(k, Position(3, 3), 4, 60, {})
    finally:
        k.close()
    assert (rec["cell"], rec["winner"], rec["kernel"]) == ("b2", "B", started)
    r = run_openings(3, jobs=1, store=str(tmp_path / "s.jsonl"), only="a1")  # a new kernel: the edited sources
    assert {o["kernel"] for o in r["openings"].values()} == {"0123456789abcdef"}
    assert set(r["openings"]) == {"a1", "c3"} and r["openings"]["c3"]["from"] == "a1"


def test_a_tiny_df_pn_table_changes_the_node_counts_not_the_map():
    """df-pn's table (two-way buckets, the costlier entry kept) under pressure: 2^10 entries
    (the least the kernel takes) for searches of up to thousands of nodes — every 6×6
    opening and six 7×7 ones equal the published values, and the
    node counts show that entries were really replaced."""
    from verify.papers.hex.solver import RUN_SWITCHES, CSolver

    differ = n = 0
    with CSolver(10) as tiny, CSolver(20) as roomy:
        for size, cells in ((6, None), (7, ("a1", "b1", "c1", "d1", "c4", "d4"))):
            pos, published = Position(size, size), _published(size)
            for i in sorted(set(representatives(size).values())):
                if cells is not None and pos.name(i) not in cells:
                    continue
                p = pos.play(i, BLACK)
                w, _, nodes = tiny.value(p, "W", **RUN_SWITCHES)
                assert w == published[pos.name(i)], pos.name(i)
                differ += nodes != roomy.value(p, "W", **RUN_SWITCHES)[2]
                n += 1
    assert n == 18 + 6 and differ >= 5
