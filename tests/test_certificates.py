"""UNSAT certificates end to end: ``prove ID --n N --proof DIR`` then ``check-proof DIR``
(exit 0 certified, 1 rejected with one sentence, 2 bad input, never a traceback)."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil

import pytest

from verify.certify.certificate import check_certificate, read_manifest
from verify.prove.prove import cnf_query
from verify.cli import main
from verify.prove import prove


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture(scope="module")
def cert20(tmp_path_factory):
    d = tmp_path_factory.mktemp("cert") / "t15-20"
    assert main(["prove", "TSD.T15", "--n", "20", "--proof", str(d)]) == 0
    return d


@pytest.fixture(scope="module")
def cert12(tmp_path_factory):
    d = tmp_path_factory.mktemp("cert") / "t15-12"
    assert main(["prove", "TSD.T15", "--n", "12", "--proof", str(d)]) == 0
    return d


@pytest.fixture
def cert(cert12, tmp_path):
    d = tmp_path / "c"
    shutil.copytree(cert12, d)
    return d


def _rehash(d, key):
    """Make the manifest agree with an edited file, so the checker itself must catch it."""
    m = json.loads((d / "manifest.json").read_text())
    data = (d / m[key]["file"]).read_bytes()
    m[key]["sha256"] = m[key]["content_sha256"] = hashlib.sha256(data).hexdigest()
    (d / "manifest.json").write_text(json.dumps(m))


def test_prove_then_check_proof_certified(cert20, capsys):
    m = read_manifest(cert20)
    assert (m["statement"], m["n"], m["encoder"], m["solver"]["name"]) == ("TSD.T15", 20, "primary", "glucose4")
    assert m["cnf"]["clauses"] > 100_000 and m["proof"]["ends_with_empty_clause"]
    code, out, _ = _run(capsys, "check-proof", str(cert20))
    assert code == 0 and "CERTIFIED" in out and "re-derived from encoder 'primary': identical" in out
    code, out, _ = _run(capsys, "check-proof", str(cert20), "--json")
    data = json.loads(out)
    assert code == 0 and data["certified"] and data["reencode"] == "identical" and data["stats"]["core_lemmas"] >= 1


def test_python_checker_route(cert12, capsys):
    code, out, _ = _run(capsys, "check-proof", str(cert12), "--json", "--checker", "python")
    data = json.loads(out)
    assert code == 0 and data["certified"] and "Python" in data["checker"]


def test_prove_text_and_json_mark_trust(tmp_path, capsys):
    code, out, _ = _run(capsys, "prove", "TSD.T16", "--up-to", "5", "--proof", str(tmp_path / "u"))
    assert code == 0 and out.count("certified:") == 3
    code, out, _ = _run(capsys, "prove", "TSD.T16", "--n", "5")
    assert code == 0 and "solver's word" in out
    code, out, _ = _run(capsys, "prove", "TSD.T13", "--n", "5", "--proof", str(tmp_path / "j"), "--json")
    data = json.loads(out)
    assert code == 0 and data["trust"] == "certified"
    c = data["certificate"]
    assert c["dir"] == str(tmp_path / "j") and c["checked"] is True and c["check_seconds"] >= 0
    code, out, _ = _run(capsys, "check-proof", str(tmp_path / "u"))  # a directory of certificates
    assert code == 0 and out.count("CERTIFIED") == 3


def test_z3_route_is_z3s_word_and_has_no_certificate(tmp_path, capsys):
    code, out, _ = _run(capsys, "prove", "TSD.T14.C2", "--n", "4", "--method", "smt")
    assert code == 0 and "z3's word" in out and "UNSAT by z3" in out
    code, out, _ = _run(capsys, "prove", "TSD.T14.C2", "--n", "4", "--method", "smt", "--json")
    assert json.loads(out)["trust"] == "z3's word"
    code, _, err = _run(capsys, "prove", "TSD.T14.C2", "--n", "4", "--method", "smt", "--proof", str(tmp_path / "z"))
    assert code == 2 and "z3" in err and err.count("\n") == 1
    code, _, err = _run(capsys, "prove", "TSD.T15", "--n", "4", "--method", "smt")
    assert code == 2 and "walk-count" in err
    # the default route of the walk-count statements is SAT (totalizers): certifiable
    for sid in ("TSD.T8", "TSD.T14.C2"):
        code, out, _ = _run(capsys, "prove", sid, "--n", "5", "--proof", str(tmp_path / sid))
        assert code == 0 and "certified:" in out
        code, out, _ = _run(capsys, "check-proof", str(tmp_path / sid))
        assert code == 0 and "identical" in out


def test_truncated_proof_rejected(cert, capsys):
    p = cert / "proof.drup"
    p.write_bytes(b"".join(p.read_bytes().splitlines(keepends=True)[:5]))  # deletions only
    code, out, _ = _run(capsys, "check-proof", str(cert))
    assert code == 1 and "changed after it was written" in out and out.count("\n") == 1
    _rehash(cert, "proof")
    code, out, _ = _run(capsys, "check-proof", str(cert))
    assert code == 1 and "REJECTED" in out and "no conflict" in out and out.count("\n") == 1


def test_deleted_lemma_rejected(cert, capsys):
    p = cert / "proof.drup"
    lines = p.read_text().splitlines()
    unit = max(i for i, line in enumerate(lines) if len(line.split()) == 2 and not line.startswith("d"))
    p.write_text("\n".join(lines[:unit] + lines[unit + 1:]) + "\n")
    _rehash(cert, "proof")
    code, out, _ = _run(capsys, "check-proof", str(cert))
    assert code == 1 and "the empty clause at proof line" in out and "not implied" in out


def test_cnf_of_another_query_rejected(cert, tmp_path, capsys):
    other = tmp_path / "o"
    assert main(["prove", "TSD.T15", "--n", "8", "--proof", str(other)]) == 0
    capsys.readouterr()
    for name in ("formula.cnf", "proof.drup"):
        shutil.copy(other / name, cert / name)
    _rehash(cert, "cnf")
    _rehash(cert, "proof")
    # a valid refutation, but of the n = 8 query: re-deriving the n = 12 CNF exposes it
    code, out, _ = _run(capsys, "check-proof", str(cert))
    assert code == 1 and "is not the CNF that encoder 'primary' gives for TSD.T15 at n = 12" in out
    code, out, _ = _run(capsys, "check-proof", str(cert), "--no-reencode")
    assert code == 0 and "CNF not re-derived" in out


def test_gzip_certificate(tmp_path, capsys):
    d = tmp_path / "g"
    code, out, _ = _run(capsys, "prove", "TSD.L4", "--n", "5", "--proof", str(d), "--gzip")
    assert code == 0 and "certified" in out
    assert (d / "formula.cnf.gz").is_file() and (d / "proof.drup.gz").is_file()
    assert check_certificate(d, rederive=cnf_query).certified


@pytest.mark.parametrize("setup, words", [
    ("empty", "not a certificate directory"),
    ("garbage", "is not JSON"),
    ("foreign", "not a shannon-verify certificate"),
    ("traversal", "not a plain file name"),
    ("missing", "missing"),
    ("huge", "above the"),
    ("bomb", "decompresses to more than"),
    ("badgz", "not a valid gzip file"),
])
def test_bad_input_exit_2_one_sentence(cert, tmp_path, capsys, setup, words):
    d, extra = cert, []
    m = json.loads((cert / "manifest.json").read_text())
    if setup == "empty":
        d = tmp_path / "empty"
        d.mkdir()
    elif setup == "garbage":
        (d / "manifest.json").write_bytes(b"\x00\x01 not json")
    elif setup == "foreign":
        (d / "manifest.json").write_text('{"format": "something else"}')
    elif setup == "traversal":
        m["cnf"]["file"] = "../../etc/passwd"
        (d / "manifest.json").write_text(json.dumps(m))
    elif setup == "missing":
        (d / "proof.drup").unlink()
    elif setup == "huge":
        extra = ["--max-gib", "0.0001"]  # the CNF is 0.2 MB
    elif setup in ("bomb", "badgz"):
        bomb = cert / "proof.drup.gz"
        if setup == "bomb":
            with gzip.open(bomb, "wb") as f:
                for _ in range(16):
                    f.write(b"0" * 2**20)  # 16 MiB of zeros, a few kB compressed
        else:
            bomb.write_bytes(b"\x1f\x8b\x08garbage")
        m["proof"]["file"] = bomb.name
        m["proof"]["sha256"] = hashlib.sha256(bomb.read_bytes()).hexdigest()
        (d / "manifest.json").write_text(json.dumps(m))
        extra = ["--max-gib", "0.01"]
    code, out, err = _run(capsys, "check-proof", str(d), *extra)
    assert code == 2 and words in err and err.count("\n") == 1, (out, err)


def test_library_certificate_with_alt_encoder(tmp_path):
    r = prove("TSD.T14", 6, encoder="alt", proof_dir=tmp_path / "a")
    assert r.verdict == "proved" and r.trust == "certified"
    o = check_certificate(tmp_path / "a", rederive=cnf_query)
    assert o.certified and o.encoder == "alt" and o.reencode == "identical"
