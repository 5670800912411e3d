"""``hex-openings``: the sharded, resumable opening-map runner against the existing maps,
resuming without recomputation, refusing foreign stores, budgets giving unknown, bad input."""

import json

import pytest

from verify.cli import main
from verify.papers.hex.board import BLACK, Position, board_value
from verify.papers.hex.openings_run import REDUCTIONS, run_openings, store_table
from verify.papers.hex.solver import openings


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _map(r):
    return {c: o["winner"] for c, o in r["openings"].items()}


def test_3x3_equals_plain_minimax():
    assert _map(run_openings(3, jobs=2)) == openings(Position(3, 3), BLACK, value=board_value)


@pytest.mark.parametrize("n", [4, 5])
def test_map_equals_openings(n):
    r = run_openings(n, jobs=2)
    assert _map(r) == openings(Position(n, n), BLACK)
    assert r["counts"]["unknown"] == 0 and r["counts"]["not run"] == 0
    # the 180-degree turns were not searched but took their value from the earlier cell
    assert len(r["searched"]) == (n * n + 1) // 2
    assert r["openings"][Position(n, n).name(n * n - 1)]["from"] == "a1"


def test_kill_and_resume_recomputes_nothing(tmp_path, capsys):
    store = tmp_path / "s.jsonl"
    code, out, err = run(capsys, "hex-openings", "4", "--store", str(store), "--only", "a1,b2,c1", "--json")
    first = json.loads(out)
    assert code == 0 and sorted(first["searched"]) == ["a1", "b2", "c1"] and first["counts"]["not run"] == 10
    # stdout is the JSON alone; a line on stderr as the run starts and as each opening finishes
    lines = err.splitlines()
    assert lines[0] == "4x4: searching 3 openings on 2 jobs; a line as each finishes:"
    assert sorted(x.split("] ")[1].split(":")[0] for x in lines[1:]) == ["a1", "b2", "c1"]
    assert [x.split("]")[0].strip() for x in lines[1:]] == ["[1/3", "[2/3", "[3/3"]
    # a killed run leaves a truncated last line: it is dropped and that opening redone
    text = store.read_text()
    store.write_text(text + '{"cell": "d1", "winn')
    code, out, _ = run(capsys, "hex-openings", "4", "--store", str(store), "--resume", "--json")
    d = json.loads(out)
    assert code == 0 and not {"a1", "b2", "c1"} & set(d["searched"]) and "d1" in d["searched"]
    assert len(d["searched"]) == 8 - 3
    assert _map(d) == openings(Position(4, 4), BLACK)
    lines = [json.loads(x) for x in store.read_text().splitlines()]
    assert lines[0]["n"] == 4 and sum("cell" in x for x in lines) == 8
    # each sitting is logged after the openings it decided: status, commit, openings, CPU
    sittings = [x for x in lines if "session" in x]
    assert [(x["status"], x["openings"], x["jobs"]) for x in sittings] == [("done", 3, 2), ("done", 5, 2)]
    assert all(x["cpu_s"] >= 0 and x["wall_s"] >= 0 and "commit" in x for x in sittings)
    assert "2 sittings logged in the store" in store_table(store)
    # resuming a finished store searches nothing, and logs no sitting
    code, out, _ = run(capsys, "hex-openings", "4", "--store", str(store), "--resume", "--json")
    assert code == 0 and json.loads(out)["searched"] == []
    assert store.read_text().count('"session"') == 2


def test_store_from_another_board_refused(tmp_path, capsys):
    store = tmp_path / "s.jsonl"
    assert run(capsys, "hex-openings", "3", "--store", str(store))[0] == 0
    code, _, err = run(capsys, "hex-openings", "4", "--store", str(store), "--resume")
    assert code == 2 and "another run" in err and err.count("\n") == 1
    code, _, err = run(capsys, "hex-openings", "3", "--store", str(store))
    assert code == 2 and "--resume" in err
    from verify import jsonl_store

    jsonl_store.start(store, {"kind": "hex-openings", "n": 3, "kernel": "0000", "switches": 255})
    code, _, err = run(capsys, "hex-openings", "3", "--store", str(store), "--resume")
    assert code == 2 and "another run" in err
    store.write_text('{"kind": "hex-openings", "n": 3, "kernel": "0000", "switches": 255}\n')  # no checksum
    code, _, err = run(capsys, "hex-openings", "3", "--store", str(store), "--resume")
    assert code == 2 and "no checksum on line 1" in err


def test_a_hand_flipped_winner_is_refused(tmp_path, capsys):
    """``--resume`` never prints a stored winner that was edited by hand."""
    store = tmp_path / "s.jsonl"
    assert run(capsys, "hex-openings", "4", "--store", str(store))[0] == 0
    text = store.read_text()
    flipped = text.replace('"winner": "B"', '"winner": "W"', 1)
    assert flipped != text
    store.write_text(flipped)
    code, out, err = run(capsys, "hex-openings", "4", "--store", str(store), "--resume")
    assert code == 2 and "does not match its checksum" in err and err.count("\n") == 1 and not out
    store.write_text(text)
    assert run(capsys, "hex-openings", "4", "--store", str(store), "--resume")[0] == 0


def test_resume_without_store_is_refused_as_links_does(capsys):
    code, _, err = run(capsys, "hex-openings", "3", "--resume")
    assert code == 2 and "--resume needs --store PATH." in err


def test_tiny_budget_is_unknown_and_retried_only_with_larger_budget(tmp_path, capsys):
    store = tmp_path / "s.jsonl"
    code, out, _ = run(capsys, "hex-openings", "6", "--only", "a3", "--budget-per-opening", "0.01",
                       "--store", str(store))  # a3: about 0.3 s of kernel CPU
    assert code == 3 and "?" in out and "unknown 2" in out
    recs = [json.loads(x) for x in store.read_text().splitlines()[1:]]
    assert recs[:1] == [dict(recs[0], winner="unknown")] and recs[0]["nodes"] is None
    assert [(r["status"], r["openings"], r["budget"]) for r in recs[1:]] == [("done", 1, 0.01)]
    # the same budget again: the unknown opening is not retried
    code, out, _ = run(capsys, "hex-openings", "6", "--only", "a3", "--budget-per-opening", "0.01",
                       "--store", str(store), "--resume", "--json")
    assert code == 3 and json.loads(out)["searched"] == []


@pytest.mark.parametrize("argv,msg", [
    (["0"], "1 to 11"), (["12"], "1 to 11"), (["3", "--only", "d1"], "not a cell of the 3x3 board"),
    (["3", "--only", "x"], "not a cell of the 3x3 board"), (["3", "--jobs", "0"], "--jobs"),
    (["3", "--budget-per-opening", "0"], "above 0"), (["3", "--shards", "2-1"], "--shards"),
    (["3", "--shards", "x"], "--shards"), (["3", "--table-bits", "30"], "--table-bits must be 10 to 28, not 30."),
    (["3", "--table-bits", "9"], "--table-bits must be 10 to 28, not 9."),
])
def test_bad_input(capsys, argv, msg):
    code, _, err = run(capsys, "hex-openings", *argv)
    assert code == 2 and msg in err and err.count("\n") == 1


@pytest.mark.parametrize("n", [9, 10, 11])
def test_boards_past_the_budget_are_refused_with_the_estimate(capsys, n):
    # the kernel takes them (128-bit bitboards), but the default budget cannot finish them
    from verify.papers.hex.openings_run import estimate_per_opening

    code, _, err = run(capsys, "hex-openings", str(n))
    assert code == 2 and err.count("\n") == 1
    assert f"Solving the {n}x{n} openings is estimated at {estimate_per_opening(n):.3g} s per opening, over the budget " \
           "of 300 s per opening; raise --budget-per-opening to try." in err


@pytest.mark.parametrize("n,cell,turns", [(11, "f6", 1), (8, "d4", 2)])  # f6 is its own 180° turn; d4's is e5
def test_a_budget_given_runs_past_the_estimate_and_big_boards_reach_the_mid_and_128_bit_kernels(tmp_path, capsys, n,
                                                                                               cell, turns):
    store = tmp_path / "s.jsonl"
    code, out, _ = run(capsys, "hex-openings", str(n), "--only", cell, "--budget-per-opening", "0.5", "--store",
                       str(store), "--json")
    d = json.loads(out)
    assert code == 3 and d["searched"] == [cell] and d["openings"][cell]["winner"] == "unknown"
    assert d["counts"] == {"B": 0, "W": 0, "unknown": turns, "not run": n * n - turns}


def test_shards_and_png(tmp_path, capsys):
    png = tmp_path / "m.png"
    code, out, _ = run(capsys, "hex-openings", "3", "--shards", "0-1", "--png", str(png), "--json")
    d = json.loads(out)
    assert code == 0 and sorted(d["searched"]) == ["a1", "b1"] and d["counts"]["not run"] == 5
    assert png.stat().st_size > 0


def test_dask_local_cluster_gives_the_same_map_and_store(tmp_path, capsys):
    pytest.importorskip("distributed")
    store = tmp_path / "d.jsonl"
    code, out, _ = run(capsys, "hex-openings", "4", "--dask", "local", "--jobs", "2", "--store", str(store), "--json")
    assert code == 0
    r = json.loads(out)
    assert _map(r) == openings(Position(4, 4), BLACK) and r["kernel_cpu_seconds"] is None
    lines = [json.loads(x) for x in store.read_text().splitlines()]
    assert sum("cell" in x for x in lines) == 8
    assert [(x["status"], x["openings"], x["cpu_s"]) for x in lines if "session" in x] == [("done", 8, None)]
    # resuming the Dask-made store locally searches nothing
    code, out, _ = run(capsys, "hex-openings", "4", "--store", str(store), "--resume", "--json")
    assert code == 0 and json.loads(out)["searched"] == []


# for each switch hex-openings may turn off: a Black opening (White to move) whose search
# visits a different number of nodes without it (measured, fresh kernel: all on / without;
# found again by trying every opening of 4x4, 5x5, 6x6, 7x7 in turn when the kernel changes, the
# first whose count also stays with orlinks off: the switch word is in the table's hash, and on
# some openings that alone moves a count by a node or two)
SWITCH_WITNESS = {
    "mustplay": (4, "d1"),   # 7 / 21 nodes (before issue 18 the switch was read only in the carrier search)
    "threats": (7, "b3"),    # 5066 / 5067 (b2 until the permanently inferior fill-in; the opponent's threats are semi-connections the H-search
                             # finds too; the mover's own one- and two-move wins save a node here and there)
    "fillin": (6, "f1"),     # 1313 / 1318 (f3 until the clique-neighbourhood dead fill, 2026-12-05, eighth session)
    "ordering": (5, "d1"),   # 5 / 7
    "dfpn": (4, "d1"),       # 7 / 5 (a1 until the permanently inferior fill took its ends three ways, 2026-12-05)
    "hsearch": (4, "a1"),    # 2 / 7
    "captured": (5, "a1"),   # 14 / 18
    "prune": (5, "c1"),      # 4 / 10
    "dominated": (5, "a1"),  # 14 / 13 (4x4 a1 until the same change)
    "proofsets": (6, "a2"),  # 130 / 134
    "lazyfill": (6, "f1"),   # 1313 / 1329 (b2 until the same change)
    "templates": (5, "b2"),  # 12 / 15
    "pinf": (5, "a2"),       # 10 / 32 (the first 4x4-6x6 opening whose count changes, 2026-12-05)
    "cliquedead": (6, "f1"),  # 1313 / 1335 (the first 4x4-6x6 opening whose count changes, eighth session)
}


def test_every_without_switch_is_listed():
    assert set(SWITCH_WITNESS) == set(REDUCTIONS)


@pytest.mark.parametrize("switch", REDUCTIONS)
def test_every_without_switch_changes_the_search(switch, monkeypatch):
    """Each --without switch really turns something off in the search hex-openings runs
    (df-pn, value only): the node count of one opening changes, its winner does not —
    while turning off a switch that does nothing there (``orlinks``: the bridge-path
    virtual connections are off in runs) leaves the count as it is, so the change is not
    the transposition table's hashing of the switch word."""
    from verify.papers.hex import openings_run

    n, cell = SWITCH_WITNESS[switch]
    on = run_openings(n, jobs=1, only=cell)["openings"][cell]
    off = run_openings(n, jobs=1, only=cell, without=(switch,))["openings"][cell]
    assert off["winner"] == on["winner"] != "unknown"
    assert off["nodes"] != on["nodes"], (switch, on["nodes"])
    monkeypatch.setattr(openings_run, "REDUCTIONS", REDUCTIONS + ("orlinks",))
    assert run_openings(n, jobs=1, only=cell, without=("orlinks",))["openings"][cell]["nodes"] == on["nodes"]


def test_the_budget_counts_the_kernels_cpu_not_time_the_machine_gave_others():
    # A kernel stopped for 2 s (as a machine busy with other work would hold it back) loses
    # no budget with clock="cpu"; with clock="wall" the same 1 s budget runs out meanwhile.
    import contextlib
    import os
    import signal
    import threading
    import time

    from verify.errors import InputError
    from verify.papers.hex.board import WHITE
    from verify.papers.hex.solver import CSolver, c_solver

    if c_solver() is None:
        pytest.skip("needs a C compiler")
    hard = Position(7, 7).play(Position(7, 7).index("a3"), BLACK)  # about 30 s of CPU
    for clock in ("cpu", "wall"):
        with CSolver(table_bits=16) as k:
            k.value_within(Position(7, 7, 1, 0), WHITE, 60)  # started, compiled, warm
            pid = k.proc.pid

            def hold():
                time.sleep(0.2)
                os.kill(pid, signal.SIGSTOP)
                time.sleep(2)
                with contextlib.suppress(ProcessLookupError):  # the wall clock killed it meanwhile
                    os.kill(pid, signal.SIGCONT)

            t = threading.Thread(target=hold)
            t0 = time.monotonic()
            t.start()
            assert k.value_within(hard, WHITE, 1.0, clock=clock) is None
            wall = time.monotonic() - t0
            t.join()
            if clock == "cpu":
                assert wall > 2.5 and 0.9 <= k.last_cpu_seconds < 2, (wall, k.last_cpu_seconds)
            else:
                assert wall < 2 and k.last_cpu_seconds < 0.5, (wall, k.last_cpu_seconds)
            with pytest.raises(InputError, match="The clock must be 'wall' or 'cpu', not 'gpu'."):
                k.value_within(hard, WHITE, 1.0, clock="gpu")


def test_store_records_keep_wall_and_kernel_cpu_seconds(tmp_path):
    store = tmp_path / "s.jsonl"
    run_openings(4, jobs=1, store=str(store), budget=60)
    recs = [r for r in (json.loads(x) for x in store.read_text().splitlines()[1:]) if "cell" in r]
    assert recs and all(r["clock"] == "cpu" and 0 <= r["cpu"] <= r["seconds"] + 0.05 for r in recs)


def test_records_name_the_table_size_their_node_count_depends_on(tmp_path, capsys):
    from verify.papers.hex.openings_run import openings_table_bits

    store = tmp_path / "s.jsonl"
    run_openings(4, jobs=1, store=str(store), budget=60, only="a1")
    code, _, _ = run(capsys, "hex-openings", "4", "--only", "b1", "--table-bits", "12", "--store", str(store),
                     "--resume", "--json")
    recs = {r["cell"]: r for r in (json.loads(x) for x in store.read_text().splitlines()[1:]) if "cell" in r}
    assert code == 0 and recs["a1"]["table_bits"] == openings_table_bits(4) != 12 and recs["b1"]["table_bits"] == 12


def test_tables_past_the_machines_memory_are_refused(capsys, monkeypatch):
    import os

    real = os.sysconf
    monkeypatch.setattr(os, "sysconf", lambda k: 2**21 if k == "SC_PHYS_PAGES" else real(k))  # 8 GiB of 4 KiB pages
    if real("SC_PAGE_SIZE") != 4096:
        pytest.skip("pages other than 4 KiB")
    code, _, err = run(capsys, "hex-openings", "8", "--table-bits", "26", "--jobs", "2", "--only", "a1")
    assert code == 2 and err.strip().endswith("--table-bits 26 needs 8.0 GiB of tables on 2 kernels (4.0 GiB each), "
                                             "more than the 8.0 GiB of memory here.")


def test_order_from_searches_the_costliest_openings_first(tmp_path, capsys):
    """``--order-from STORE`` searches the openings in decreasing order of their node counts
    in an earlier run's store (unknown ones first, those it lacks last) and changes
    nothing else: the same map, the same node counts."""
    from verify import jsonl_store

    # One kernel serves the openings in turn and keeps its table, so an opening whose search
    # meets a position an earlier one stored costs fewer nodes: with the clique-dead fill,
    # 4x4 a1 and b1 do (2 nodes first, 1 second). Without it no 4x4 opening does, so the
    # node counts show that the order is all --order-from changes.
    store = tmp_path / "first.jsonl"
    first = run_openings(4, jobs=1, store=str(store), without=("cliquedead",))
    nodes = {c: o["nodes"] for c, o in first["openings"].items() if o["from"] is None}
    # a hand-made earlier store: costs reversed from the index order, b2 unknown, c1 missing
    earlier = tmp_path / "earlier.jsonl"
    jsonl_store.start(earlier, {"kind": "hex-openings", "n": 4, "kernel": "x", "switches": 0})
    cells = [c for c in first["searched"] if c != "c1"]
    for k, c in enumerate(cells):
        jsonl_store.append(earlier, {"cell": c, "winner": "unknown" if c == "b2" else "B", "nodes": k})
    code, out, err = run(capsys, "hex-openings", "4", "--jobs", "1", "--order-from", str(earlier), "--json",
                         "--without", "cliquedead")
    r = json.loads(out)
    want = ["b2"] + [c for c in reversed(cells) if c != "b2"] + ["c1"]
    assert code == 0 and r["searched"] == want, err
    assert _map(r) == _map(first) and {c: r["openings"][c]["nodes"] for c in nodes} == nodes


def test_order_from_bad_input(tmp_path, capsys):
    other = tmp_path / "other.jsonl"
    run_openings(3, jobs=1, store=str(other))
    (tmp_path / "junk.jsonl").write_text("hello\n")
    for arg, msg in [(tmp_path / "none.jsonl", "is not a file."), (tmp_path, "is not a file."),
                     (tmp_path / "junk.jsonl", "is not a Hex openings store."),
                     (other, "is of a 3x3 run, not 4x4.")]:
        code, out, err = run(capsys, "hex-openings", "4", "--order-from", str(arg))
        assert code == 2 and not out and msg in err and err.count("\n") == 1, (arg, err)


def test_the_8x8_makespans_in_the_docs_are_the_stores():
    """docs/tools/hex.md's figures for --order-from: two workers taking the first 8x8 map's
    recorded openings in index order, and costliest first, each next opening going to the
    worker free first."""
    from pathlib import Path

    from verify import jsonl_store
    from verify.papers.hex.openings_run import _cells, costliest_first, representatives

    root = Path(__file__).resolve().parents[1]
    recs = _cells(jsonl_store.read_records(root / "docs" / "hex" / "hex_openings_8x8_first_runs.jsonl"))
    board = Position(8, 8)
    tasks = sorted(set(representatives(8).values()))
    secs = {board.name(t): recs[board.name(t)]["seconds"] for t in tasks}

    def makespan(order):
        w = [0.0, 0.0]
        for t in order:
            w[w.index(min(w))] += secs[board.name(t)]
        return max(w)

    costs = {c: float(r["nodes"]) for c, r in recs.items()}
    figures = (round(sum(secs.values())), round(makespan(tasks)), round(makespan(costliest_first(tasks, costs, board))),
               round(sum(secs.values()) / 2))
    text = " ".join((root / "docs" / "tools" / "hex.md").read_text().split())
    want = ("the first 8×8 map ({:,} s, below) two workers in index order would finish after {:,} s, costliest first after "
            "{:,} s, against {:,} s for a perfect split").format(*figures)
    assert want in text, want
