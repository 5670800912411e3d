"""LNK plain searches (verify.papers.lnk.plain): the compiled plain search (plain_kernel.c:
no sieve, no geng bound) against the Python plain and pruned searches and the sieved C
search; the second solver (verify.papers.lnk.independent) against plain minimax on every
game with up to 6 vertices, and its search against the C one counter by counter; stores,
resume and refusals; shared headers in the compile cache; ``links --engine plain``."""

import json

import pytest

from verify.cli import main
from verify.errors import InputError
from verify.game import Game
from verify.graphs import geng_lines
from verify.papers.lnk import independent
from verify.papers.lnk.kernel import c_search, c_strong_search, kernel_exe
from verify.papers.lnk.plain import PLAIN_KERNEL, compare, independent_search, plain_search
from verify.papers.lnk.search import candidate_pairs, minimal_links, parse_graph6_masks, search
from verify.solve import minimax

needs_cc = pytest.mark.skipif(kernel_exe(required=False) is None, reason="no C compiler")


def keys(links):
    return [l.key for l in links]


# ---------------------------------------------------------------- the second solver
@pytest.mark.parametrize("n", range(2, 7))
def test_second_solver_equals_minimax_on_every_game(n):
    """Every graph on n vertices (connected or not), every terminal pair, either player
    first: the second solver and plain minimax agree."""
    games = 0
    for line in geng_lines(n, connected=False):
        _, rows = independent.decode_graph6(line)
        edges = [(i, j) for i in range(n) for j in range(i + 1, n) if rows[i] >> j & 1]
        for s in range(n):
            for t in range(s + 1, n):
                g = Game(list(range(n)), edges, (s, t))
                memo: dict = {}
                solver = independent.Solver(rows, s, t)
                for first in (True, False):
                    expect = minimax.short_wins(g, minimax.SHORT if first else minimax.CUT, memo)
                    assert solver.short_wins(first) == expect, (line, s, t, first)
                    games += 1
    assert games == {2: 4, 3: 24, 4: 132, 5: 680, 6: 4680}[n]  # graphs × n(n − 1)


def test_second_solver_decoder_and_candidates_equal_the_search_modules():
    for n in (5, 6, 7):
        for line in geng_lines(n):
            m, rows = independent.decode_graph6(line)
            assert (m, rows) == parse_graph6_masks(line)
            for strong in (False, True):
                assert independent.candidates(m, rows, strong) == candidate_pairs(m, rows, strong)


def test_second_solver_shares_no_code_with_the_first():
    """independent.py imports nothing but the standard library's typing helpers: no
    verify module (game, solvers, graphs), no compiled code."""
    import ast

    tree = ast.parse(open(independent.__file__).read())
    mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    mods |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert mods == {"__future__", "collections.abc"}


# ---------------------------------------------------------------- the plain C search
@needs_cc
@pytest.mark.parametrize("n", range(2, 8))
def test_plain_c_equals_python_plain(n):
    links, st = plain_search(n, jobs=1)
    assert st["complete"] and st["links"] == len(links) and st["geng"] == []
    assert keys(links) == keys(search(n, method="plain")) == keys(c_search(n)[0])
    assert [l.to_json() for l in links] == [l.to_json() for l in minimal_links(n)]


@needs_cc
def test_plain_c_n8_all_pairs_and_pruned():
    """n = 8: the pair conditions lose nothing (every pair solved gives the same links),
    and the plain search equals the Python pruned and the sieved C searches."""
    a, sa = plain_search(8, jobs=2)
    b, sb = plain_search(8, jobs=2, all_pairs=True)
    assert keys(a) == keys(b) == keys(minimal_links(8)) == keys(c_search(8)[0]) == []
    assert (sa["graphs"], sa["games"], sa["wins"], sb["games"], sb["wins"]) == (11117, 2203, 1158, 311276, 50423)


@needs_cc
@pytest.mark.parametrize("n", range(2, 9))
def test_plain_c_strong_equals_direct_strong_and_python(n):
    links, st = plain_search(n, strong=True, jobs=1)
    direct, sd = c_strong_search(n, jobs=1)
    assert keys(links) == keys(direct) and (st["games"], st["raw_links"]) == (sd["games"], sd["raw_links"])
    if n <= 7:
        assert keys(links) == keys(search(n, strong=True, method="plain"))


@needs_cc
@pytest.mark.parametrize("strong", [False, True])
def test_second_solver_search_equals_c_counter_by_counter(strong):
    """Same graphs, same candidate pairs, same verdicts in sum: pairs solved, links of the
    kind, raw minimal links per shard, and the same classes."""
    for n in range(2, 8):
        c, sc = plain_search(n, strong=strong, jobs=1, mod=2)
        k, sk = independent_search(n, strong=strong, jobs=1, mod=2)
        assert compare(c, k)["agree"], n
        assert [sc[x] for x in ("graphs", "kept", "games", "wins", "raw_links")] == \
               [sk[x] for x in ("graphs", "kept", "games", "wins", "raw_links")], n


@needs_cc
def test_second_solver_in_subprocesses():
    k1, s1 = independent_search(7, jobs=2, mod=2)
    k2, _ = independent_search(7, jobs=1, mod=3)
    assert k1 == k2 == keys(minimal_links(7)) and s1["kernel_cpu"] > 0


# ---------------------------------------------------------------- stores
@needs_cc
def test_plain_store_resume_and_refusals(tmp_path):
    store = tmp_path / "p.jsonl"
    links, st = plain_search(7, mod=3, residues=[0], store=store)
    assert st["shards_done"] == 1 and not st["complete"]
    with pytest.raises(InputError, match="--resume"):
        plain_search(7, mod=3, store=store)
    for other in ({"mod": 4}, {"strong": True}, {"all_pairs": True}):
        with pytest.raises(InputError, match="another run"):
            plain_search(7, **{"mod": 3, **other}, store=store, resume=True)
    with pytest.raises(InputError, match="another run"):  # same shards, other solver
        independent_search(7, mod=3, store=store, resume=True)
    with store.open("a") as f:  # a killed run's half line is redone
        f.write('{"res": 2, "sec')
    links, st = plain_search(7, mod=3, store=store, resume=True)
    assert st["complete"] and keys(links) == keys(minimal_links(7))
    assert len(store.read_text().splitlines()) == 4
    # resuming a complete store runs nothing and gives the same answer
    again, st2 = plain_search(7, mod=3, store=store, resume=True)
    assert keys(again) == keys(links) and st2["graphs"] == 853


@needs_cc
def test_link_store_header_and_legacy(tmp_path):
    """A links store is keyed by n, shards, geng options and the sieve header; a store
    from before the headers (whole-kernel hash) is accepted only for the known kernel."""
    from verify.papers.lnk import kernel

    store = tmp_path / "s.jsonl"
    c_search(7, mod=3, residues=[0], store=store)
    from verify import jsonl_store

    records = jsonl_store.read_records(store)
    head = records[0]
    assert head == {"store": "lnk-links", "n": 7, "mod": 3, "geng": [], "sieve": kernel.file_hash(kernel.SIEVE)}
    for old, ok in (("5d62c8b69c7933f4", True), ("0123456789abcdef", False)):
        legacy = {k: v for k, v in head.items() if k != "sieve"} | {"kernel": old}
        store.write_text("\n".join(json.dumps(r) for r in [legacy] + records[1:]) + "\n")
        jsonl_store.seal(store)  # a store written (and checksummed) by the version before the headers
        if ok and kernel.LEGACY_KERNELS[old] == head["sieve"]:
            assert c_search(7, mod=3, residues=[0], store=store, resume=True)[1]["shards_done"] == 1
        else:
            with pytest.raises(InputError, match="another run"):
                c_search(7, mod=3, store=store, resume=True)


# ---------------------------------------------------------------- compile cache
@needs_cc
def test_compile_cache_hashes_local_headers(tmp_path, monkeypatch):
    from verify.tables.kernel import compiled, source_files

    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    (tmp_path / "k.c").write_text('#include "k.h"\nint main(void) { return K; }\n')
    (tmp_path / "k.h").write_text("#define K 3\n")
    a = compiled(tmp_path / "k.c")
    (tmp_path / "k.h").write_text("#define K 4\n")
    b = compiled(tmp_path / "k.c")
    assert a != b and a.exists() and b.exists()
    assert [p.name for p in source_files(PLAIN_KERNEL)] == ["plain_kernel.c", "lnk_graph6.h", "lnk_pairs.h", "lnk_solver.h", "graph6.h"]
    assert not list((tmp_path / "cache").glob("*.tmp"))


# ---------------------------------------------------------------- command line
@needs_cc
def test_cli_plain_and_independent_compare(capsys):
    assert main(["links", "--n", "7", "--engine", "plain", "--compare", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "5 minimal weak links on 7 vertices (plain search: 853 graphs" in out and "the same links" in out
    assert main(["links", "--n", "6", "--strong", "--engine", "independent", "--compare", "--json", "--jobs", "1"]) == 0
    cap = capsys.readouterr()
    assert len(cap.out.splitlines()) == 2 and "the same links" in cap.err
    assert main(["links", "--n", "9", "--engine", "plain", "--mod", "4", "--shards", "0", "--compare"]) == 0
    assert "PARTIAL: 1 of 4 shards" in capsys.readouterr().out


@pytest.mark.parametrize("argv, msg", [
    (["--n", "7", "--engine", "plain", "--method", "plain"], "--method"),
    (["--n", "7", "--engine", "c", "--compare"], "--compare"),
    (["--n", "7", "--engine", "plain", "--minimax"], "--minimax"),
    (["--n", "12", "--engine", "plain"], "--n"),
])
def test_cli_plain_bad_input(capsys, argv, msg):
    assert main(["links", *argv]) == 2
    err = capsys.readouterr().err
    assert msg in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.deep
@needs_cc
def test_plain_n9_equals_sieved_and_second_solver():
    links, st = plain_search(9, jobs=2)
    assert len(links) == 36 and keys(links) == keys(c_search(9)[0]) and st["graphs"] == 261080
    k, sk = independent_search(9, jobs=2, mod=4)
    assert k == keys(links) and (sk["games"], sk["wins"]) == (st["games"], st["wins"])


@needs_cc
def test_plain_kernel_rejects_bad_input():
    import subprocess

    exe = kernel_exe(source=PLAIN_KERNEL)
    p = subprocess.run([str(exe)], input="Bw\nB\n", capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith("Line 2 is not a graph6 string")
    p = subprocess.run([str(exe)], input="Bw\nN" + "?" * 16 + "\n", capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith("Line 2 has more than 13 vertices")
    p = subprocess.run([str(exe), "-x"], input="", capture_output=True, text=True)
    assert p.returncode == 2 and "Unknown option" in p.stderr
    # 4-cycle (no weak candidate: every non-adjacent pair has a common neighbour), path
    # 0-2-1 (n = 3: every pair), W3 (one candidate)
    p = subprocess.run([str(exe), "-c"], input="C]\nBW\nDXo\n", capture_output=True, text=True)
    assert p.stdout.splitlines() == ["C BW 0 1", "C BW 0 2", "C BW 1 2", "C DXo 3 4", "S 3 2 4 0 0"]
    p = subprocess.run([str(exe)], input="C]\nBW\nDXo\n", capture_output=True, text=True)
    assert p.stdout.splitlines() == ["L BW 0 1", "L DXo 3 4", "S 3 2 4 2 2"]


@pytest.mark.deep
def test_second_solver_re_decides_the_953_links_of_n11():
    """Every line of ``docs/lnk/w9_links.txt`` (the n = 11 links, sieved and plain C runs
    alike) is a minimal weak link for the second solver (13 s CPU)."""
    from pathlib import Path

    verdicts = []
    for line in (Path(__file__).resolve().parents[1] / "docs" / "lnk" / "w9_links.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            g6, s, t = line.split()[:3]
            verdicts.append(independent.decide(independent.decode_graph6(g6)[1], int(s), int(t), strong=False))
    assert verdicts == ["minimal"] * 953


@pytest.mark.deep
def test_n11_plain_store_is_complete_and_equals_the_sieved_run():
    """The stored plain n = 11 run (every connected graph on 11 vertices) gives the sieved run's 953 links."""
    from verify.papers.lnk.plain import plain_search
    from verify.papers.lnk.search import N11_STORE

    store = N11_STORE.with_name("n11_plain_store.jsonl")
    links, stats = plain_search(11, jobs=1, store=store, resume=True)
    assert stats["complete"] and stats["graphs"] == 1_006_700_565
    from verify.papers.lnk.plain import sieved_reference

    ref, _ = sieved_reference(11)
    assert compare(links, ref)["agree"] and len(links) == 953



def test_an_edited_store_is_refused(tmp_path, capsys):
    """A store whose header was edited (n = 7 to 8), whose shard lost a link, or which lost a
    middle line is refused in one sentence, never resumed as if the run had computed it."""
    store = tmp_path / "s.jsonl"
    assert main(["links", "--n", "7", "--engine", "c", "--mod", "3", "--store", str(store)]) == 0
    capsys.readouterr()
    good = store.read_text()
    lines = good.splitlines()
    edits = {
        "header n = 7 -> 8": good.replace('"n": 7', '"n": 8', 1),
        "a link removed": good.replace(lines[1], lines[1].replace('"links": [[', '"links": [[["x", 0, 1], ', 1)
                                       if '"links": [[' in lines[1] else lines[1].replace('"seconds": ', '"seconds": 1', 1)),
        "a middle line deleted": "\n".join([lines[0]] + lines[2:]) + "\n",
        "lines swapped": "\n".join([lines[0], lines[2], lines[1]] + lines[3:]) + "\n",
    }
    for what, text in edits.items():
        store.write_text(text)
        n = "8" if "8" in what else "7"
        code = main(["links", "--n", n, "--engine", "c", "--mod", "3", "--store", str(store), "--resume"])
        err = capsys.readouterr().err
        assert code == 2 and "does not match its checksum" in err and err.count("\n") == 1, (what, err)
    store.write_text(good)
    assert main(["links", "--n", "7", "--engine", "c", "--mod", "3", "--store", str(store), "--resume"]) == 0
    assert "5 minimal weak links on 7 vertices" in capsys.readouterr().out
