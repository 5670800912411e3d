"""Issue 43 item 6, certificates: a third-party checker (dratify) agrees with the project's
on its certificates; ``dead`` says what a dead answer rests on and can certify it
(``dead --proof DIR``); ``check-proof`` bounds n, refuses a FIFO at once, reports a
missing n, and caps the pure-Python checker."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from verify import Game
from verify.certify.certificate import CertificateError, check_certificate, read_manifest
from verify.certify.checker import PYTHON_LIMIT_BYTES, check_files
from verify.certify.dead_items import Rejected, certificate_name, rederive, write_dead_certificate
from verify.cli import main
from verify.errors import ShannonVerifyError
from verify.prove import prove
from verify.prove.prove import cnf_query

dratify = pytest.importorskip("dratify")  # the test extras bring it (pyproject.toml)

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

# a game of 14 vertices (4 live, 8 dead) whose dead items need the solver's cycle cuts (42 in all)
CUT_GAME = "0-9,0-13,1-2,1-10,2-9,2-11,2-12,3-6,3-11,4-5,4-11,5-6,5-7,5-12,6-7,6-12,7-10,8-11,8-12,10-13"
HEX = "..B./.W../..../...."
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PROVE_SET = [("TSD.T13", 8, {}), ("TSD.T14", 8, {}), ("TSD.T14.C1", 8, {}), ("TSD.T15", 12, {}),
             ("TSD.T16", 8, {}), ("TSD.L2", 5, {}), ("TSD.L3", 4, {}), ("TSD.L4", 5, {}), ("TSD.T8", 5, {}),
             ("TSD.T14.C2", 5, {}), ("TSD.T14", 6, {"encoder": "alt"}), ("TSD.L4", 4, {"compress": True})]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if path.name.endswith(".gz") else data).decode("ascii")


def _dratify(d, proof_text=None):
    """dratify's verdict on a certificate directory: DRUP only (no RAT), pure Python."""
    m = read_manifest(d)
    formula = dratify.parse_dimacs(_text(d / m["cnf"]["file"]))
    proof = _text(d / m["proof"]["file"]) if proof_text is None else proof_text
    return dratify.check_proof(formula, proof, check_rat=False, engine="python")


def _game(edges=CUT_GAME, n=14):
    return Game.from_edges(edges, terminals=(0, 1), n=n)


@pytest.fixture(scope="module")
def suite_certificates(tmp_path_factory):
    """The representative set: every encoded statement that proves at a small n (both
    encoders, one gzip), and ``dead --proof`` certificates of a game with cycle cuts and
    of a Hex position."""
    root = tmp_path_factory.mktemp("suite")
    dirs = []
    for sid, n, kw in PROVE_SET:
        d = root / f"{sid}-{n}-{'-'.join(map(str, kw.values())) or 'primary'}"
        r = prove(sid, n, proof_dir=d, **kw)
        assert r.verdict == "proved" and r.trust == "certified", (sid, n, r.verdict)
        dirs.append(d)
    for name, argv in (("cut", ["--edges", CUT_GAME, "--terminals", "0", "1", "--method", "sat"]),
                       ("hex", ["--hex", HEX])):
        assert main(["dead", *argv, "--proof", str(root / name)]) == 0
        dirs += sorted(p for p in (root / name).iterdir())
    return dirs


def test_dratify_accepts_every_certificate_the_suite_writes(suite_certificates):
    assert len(suite_certificates) == 12 + 22 + 7
    lemmas = 0
    for d in suite_certificates:
        ours = check_certificate(d, rederive=cnf_query, rederive_dead=rederive)
        theirs = _dratify(d)
        assert ours.certified and theirs.ok and theirs.reached_empty, (d, ours.reason, theirs.reason)
        lemmas += read_manifest(d)["proof"]["lemmas"]
    assert lemmas > 2000  # not only refutations by unit propagation


def _unit_lemma_removed(text):
    lines = text.splitlines()
    unit = max(i for i, line in enumerate(lines) if len(line.split()) == 2 and not line.startswith("d"))
    return "\n".join(lines[:unit] + lines[unit + 1:]) + "\n"


def _cut_half(text):
    lines = text.splitlines()
    return "\n".join(lines[: len(lines) // 2]) + "\n"


def _flip_first_lemma(text):
    lines = text.splitlines()
    k = min(i for i, line in enumerate(lines) if len(line.split()) >= 3 and not line.startswith("d"))
    first, rest = lines[k].split(" ", 1)
    lines[k] = f"{-int(first)} {rest}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("corrupt", [_unit_lemma_removed, _cut_half, _flip_first_lemma])
@pytest.mark.parametrize("which", ["TSD.T13-8-primary", "TSD.L2-5-primary", "TSD.T14.C2-5-primary"])
def test_a_corrupted_proof_is_rejected_by_dratify_and_by_ours(suite_certificates, tmp_path, corrupt, which):
    src = next(d for d in suite_certificates if d.name == which)
    d = tmp_path / "c"
    shutil.copytree(src, d)
    bad = corrupt((d / "proof.drup").read_text())
    (d / "proof.drup").write_text(bad)
    m = json.loads((d / "manifest.json").read_text())
    m["proof"]["sha256"] = hashlib.sha256(bad.encode()).hexdigest()  # so the checkers themselves must catch it
    (d / "manifest.json").write_text(json.dumps(m))
    theirs = _dratify(d)
    assert not theirs.ok
    ours = check_certificate(d, rederive=cnf_query)
    if corrupt is _flip_first_lemma:  # the backward C checker skips a lemma the refutation never uses
        ours = check_files(d / "formula.cnf", d / "proof.drup", "python")
        assert not ours.ok and "not RUP" in ours.reason
    else:
        assert not ours.certified


def test_dratify_rejects_a_refutation_of_a_satisfiable_formula(suite_certificates, tmp_path):
    src = next(d for d in suite_certificates if d.name == "TSD.T13-8-primary")
    cnf = (src / "formula.cnf").read_text().splitlines()
    header, clauses = cnf[0].split(), cnf[1:]
    sat = [" ".join(header[:3] + ["1"]), clauses[0]]  # one clause of the query: satisfiable
    formula = dratify.parse_dimacs("\n".join(sat) + "\n")
    assert not dratify.check_proof(formula, (src / "proof.drup").read_text(), check_rat=False, engine="python").ok


# ----------------------------------------------------------------- dead: what an answer rests on
@pytest.mark.parametrize("method, word", [("sat", "solver's word"), ("smt", "z3's word"), ("paths", "Python"),
                                          ("brute", "Python")])
def test_dead_labels_what_a_dead_answer_rests_on(capsys, method, word):
    argv = ["dead", "--file", str(EXAMPLES / "game.json"), "--vertex", "4", "--method", method]
    code, out, _ = _run(capsys, *argv)
    label = "proof" if word == "Python" else word
    assert code == 0 and f"  {label}: " in out
    if word != "Python":
        assert "  proof:" not in out
    code, out, _ = _run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["trust"] == word and data["certificate"]["trust"] == word and "proof_certificate" not in data["certificate"]


def test_dead_classification_json_labels_each_dead_item(capsys):
    code, out, _ = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--method", "sat", "--json")
    data = json.loads(out)
    dead = [c for c in data["certificates"] if c["dead"]]
    assert code == 0 and dead and all(c["trust"] == "solver's word" for c in dead)
    assert all("trust" not in c for c in data["certificates"] if not c["dead"])
    code, out, _ = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--method", "sat")
    assert f"Dead answers rest on: solver's word ({len(dead)})." in out


# ----------------------------------------------------------------- dead --proof
def test_dead_proof_certifies_every_dead_item_and_check_proof_rechecks(capsys, tmp_path):
    d = tmp_path / "p"
    code, out, _ = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--method", "sat",
                        "--proof", str(d), "--json")
    data = json.loads(out)
    dead = [c for c in data["certificates"] if c["dead"]]
    assert code == 0 and data["proof_dir"] == str(d) and data["certified"] == len(dead) == 22
    for c in dead:
        pc = c["proof_certificate"]
        assert c["trust"] == "certified" and pc["checked"] is True and pc["checker"].startswith("drup_check")
        assert (tmp_path / pc["dir"]).is_dir() and read_manifest(pc["dir"])["family"] == "dead-item"
    assert sum(c["proof_certificate"]["cuts"] for c in dead) == 42
    assert all("proof_certificate" not in c for c in data["certificates"] if not c["dead"])
    code, out, _ = _run(capsys, "check-proof", str(d))
    assert code == 0 and out.count("CERTIFIED") == 22 and "vertex 5 is dead (n = 14)" in out
    assert "CNF re-derived from the game, the item and the cuts: identical" in out
    code, out, _ = _run(capsys, "check-proof", str(d / "vertex-5"), "--checker", "python", "--json")
    o = json.loads(out)
    assert code == 0 and o["certified"] and o["item"] == "vertex 5" and o["reencode"] == "identical"


def test_dead_proof_text_and_single_item(capsys, tmp_path):
    code, out, _ = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--vertex", "5",
                        "--method", "smt", "--proof", str(tmp_path / "v5"))
    assert code == 0 and f"  certified: {tmp_path / 'v5'}, proof checked in" in out and "z3" in out
    assert check_certificate(tmp_path / "v5", rederive_dead=rederive).certified
    code, out, _ = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--vertex", "11",
                        "--proof", str(tmp_path / "v2"), "--json")
    assert code == 0 and json.loads(out)["trust"] == "certified"
    code, out, _ = _run(capsys, "dead", "--edges", "0-2,2-1,0-3", "--terminals", "0", "1", "--vertex", "2",
                        "--proof", str(tmp_path / "live"))
    assert code == 0 and "LIVE" in out and "no certificate written" in out and not (tmp_path / "live").exists()
    code, out, _ = _run(capsys, "dead", "--hex", "3x3", "--edge", "a1", "b1", "--proof", str(tmp_path / "e"))
    assert code == 0 and "certified:" in out
    code, out, _ = _run(capsys, "dead", "--edges", "0-2,2-1,0-3", "--terminals", "0", "1", "--edge", "3", "1",
                        "--proof", str(tmp_path / "nonedge"), "--json")  # answered in G + 3-1
    data = json.loads(out)
    if data["dead"]:
        assert data["trust"] == "certified"
    (tmp_path / "file").write_text("x")
    code, _, err = _run(capsys, "dead", "--edges", CUT_GAME, "--terminals", "0", "1", "--proof", str(tmp_path / "file"))
    assert code == 2 and "is not a directory" in err and err.count("\n") == 1


def _rewrite(d, edit):
    m = json.loads((d / "manifest.json").read_text())
    edit(m)
    (d / "manifest.json").write_text(json.dumps(m))


def test_dead_certificate_tampering_is_rejected(tmp_path):
    g = _game()
    src = tmp_path / "v5"
    assert write_dead_certificate(src, g, ("vertex", 5)).checked
    # a cut that is no union of induced cycles could remove the item's path: unsound
    d = tmp_path / "cut"
    shutil.copytree(src, d)
    _rewrite(d, lambda m: m["cuts"].__setitem__(0, [5, 6]))
    o = check_certificate(d, rederive_dead=rederive)
    assert not o.certified and "unsound" in o.reason and "cut 0" in o.reason
    with pytest.raises(Rejected, match="cut 0 is not a set"):
        rederive(json.loads((d / "manifest.json").read_text()))
    # another game's CNF: re-deriving exposes it
    d = tmp_path / "game"
    shutil.copytree(src, d)
    _rewrite(d, lambda m: m["game"]["edges"].pop())
    o = check_certificate(d, rederive_dead=rederive)
    assert not o.certified and "is not the CNF that the game gives for vertex 5" in o.reason
    # bad input: an item that is a terminal, a vertex out of range
    for bad, words in ((lambda m: m["item"].__setitem__("vertex", 0), "not a non-terminal vertex"),
                       (lambda m: m["game"]["edges"].append([3, 99]), "not a pair of distinct vertices below 14"),
                       (lambda m: m.pop("game"), "has no 'game'")):
        d = tmp_path / "bad"
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(src, d)
        _rewrite(d, bad)
        with pytest.raises(CertificateError, match=words):
            check_certificate(d, rederive_dead=rederive)
    with pytest.raises(CertificateError, match="needs its encoder"):
        check_certificate(src)


def test_a_live_item_gets_no_certificate(tmp_path):
    g = _game()
    r = write_dead_certificate(tmp_path / "x", g, ("vertex", 9))
    assert not r.checked and "found an induced terminal path through it (0-9-" in r.reason
    assert r.reason.endswith("-1): it is live")
    assert not (tmp_path / "x").exists()
    assert certificate_name(Game.from_hex("3x3"), ("vertex", 0)) == "vertex-a1"


# ----------------------------------------------------------------- check-proof
def _cert(tmp_path, sid="TSD.T15", n=8):
    d = tmp_path / f"{sid}-{n}"
    assert prove(sid, n, proof_dir=d).trust == "certified"
    return d


def test_check_proof_bounds_n_before_encoding(capsys, tmp_path, monkeypatch):
    d = _cert(tmp_path)
    _rewrite(d, lambda m: m.__setitem__("n", 9000))
    t0 = time.perf_counter()
    code, _, err = _run(capsys, "check-proof", str(d))
    assert code == 2 and err.count("\n") == 1 and time.perf_counter() - t0 < 10
    assert "n = 9000 is above 80, prove's limit for TSD.T15" in err and "--force" in err
    code, out, _ = _run(capsys, "check-proof", str(d), "--no-reencode")  # nothing encoded: only the proof
    assert code == 0 and "CNF not re-derived" in out
    from verify.cli.proof import bounded_rederive

    with pytest.raises(CertificateError, match="n = 17 is above 16, prove's limit for TSD.L2"):
        bounded_rederive()("TSD.L2", 17)
    from verify.cli.prove import MAX_N

    monkeypatch.setitem(MAX_N, "dead", 7)
    d = _cert(tmp_path)  # n = 8, now above the limit
    code, _, err = _run(capsys, "check-proof", str(d))
    assert code == 2 and "n = 8 is above 7" in err
    code, out, _ = _run(capsys, "check-proof", str(d), "--force")
    assert code == 0 and "identical" in out


def test_check_proof_refuses_a_fifo_at_once(capsys, tmp_path):
    fifo = tmp_path / "proof.json"
    os.mkfifo(fifo)
    t0 = time.perf_counter()
    code, _, err = _run(capsys, "check-proof", str(fifo))
    assert code == 2 and "is not a regular file" in err and err.count("\n") == 1
    assert time.perf_counter() - t0 < 5
    d = _cert(tmp_path)  # a FIFO in place of a certificate's proof file
    (d / "proof.drup").unlink()
    os.mkfifo(d / "proof.drup")
    code, _, err = _run(capsys, "check-proof", str(d))
    assert code == 2 and "proof.drup is not a regular file" in err


def test_check_proof_reports_a_missing_n(capsys, tmp_path):
    d = tmp_path / "u"
    assert main(["prove", "TSD.T16", "--up-to", "6", "--proof", str(d)]) == 0
    capsys.readouterr()
    shutil.rmtree(d / "TSD.T16-n04")
    code, out, _ = _run(capsys, "check-proof", str(d))
    assert code == 1 and out.count("CERTIFIED") == 3
    assert "TSD.T16, n = 4: MISSING" in out and "no certificate for n = 4" in out
    code, out, _ = _run(capsys, "check-proof", str(d), "--json")
    data = json.loads(out)
    assert code == 1 and [(o["n"], o["certified"]) for o in data] == [(3, True), (5, True), (6, True), (4, False)]
    # certificates named by hand, not ID-nNN, make no claim about other n
    for name, n in (("a", 5), ("b", 7)):
        assert prove("TSD.T16", n, proof_dir=tmp_path / "hand" / name).trust == "certified"
    assert _run(capsys, "check-proof", str(tmp_path / "hand"))[0] == 0


def test_python_checker_cap(tmp_path, monkeypatch, capsys):
    """The pure-Python checker takes what it checks in about a minute (measured in
    docs/tools/prove.md), and refuses more in one sentence."""
    assert PYTHON_LIMIT_BYTES == 2 * 2**20
    d = _cert(tmp_path, "TSD.T13", 8)
    monkeypatch.setattr("verify.certify.checker.PYTHON_LIMIT_BYTES", 1000)
    with pytest.raises(ShannonVerifyError, match=r"the pure-Python checker takes at most 0\.0 MiB"):
        check_files(d / "formula.cnf", d / "proof.drup", "python")
    code, _, err = _run(capsys, "check-proof", str(d), "--checker", "python")
    assert code == 2 and "use the C checker" in err and err.count("\n") == 1


# ----------------------------------------------------------------- benchmarks/drat_trim.py (run on demand)
def _bench():
    import importlib.util

    spec = importlib.util.spec_from_file_location("drat_trim_bench", EXAMPLES.parent / "benchmarks" / "drat_trim.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_drat_trim_benchmark_help_and_pure_functions(capsys, tmp_path, monkeypatch):
    bench = _bench()
    with pytest.raises(SystemExit) as exc:
        bench.main(["--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0 and "--source" in out and "--cache" in out and "drat-trim" in out
    assert bench.parse_verdict("c x\ns VERIFIED\n") is True and bench.parse_verdict("s NOT VERIFIED") is False
    assert bench.parse_verdict("c ERROR: something\n") is None and bench.parse_verdict("") is None
    counts = bench.agreement([{"expect": False, "drat_trim": True, "drup_check": None, "python": False,
                               "dratify": False}])
    assert counts["drat_trim"] == {"ran": 1, "agree": 0, "disagree": 1} and counts["drup_check"]["ran"] == 0
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert bench.cache_dir(None) == tmp_path / "shannon-verify" / "drat-trim"
    assert bench.cache_dir(str(tmp_path / "c")) == tmp_path / "c"
    text = "1 2 0\n-1 0\nd 1 2 0\n2 3 0\n0\n"
    assert bench._corrupt(text, "unit removed") == "1 2 0\nd 1 2 0\n2 3 0\n0\n"
    assert bench._corrupt(text, "cut in half") == "1 2 0\n-1 0\n"
    assert bench._corrupt(text, "flipped") == "-1 2 0\n-1 0\nd 1 2 0\n2 3 0\n0\n"
