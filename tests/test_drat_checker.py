"""The independent DRUP checkers (verify/certify): the C backward checker and the
pure-Python forward one, on proofs written by PySAT's solvers, on edited proofs, and on
random formulas (a satisfiable formula must never be certified)."""

from __future__ import annotations

import random

import pytest
from pysat.solvers import Solver

from verify.certify import rup
from verify.certify.certificate import dimacs_chunks
from verify.certify.checker import check_files
from verify.prove.prove import cnf_query

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def _proof(clauses, solver="glucose4"):
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as s:
        assert s.solve() is False
        return s.get_proof()


def _write(tmp_path, nvars, clauses, proof_lines, name="f"):
    cnf, drup = tmp_path / f"{name}.cnf", tmp_path / f"{name}.drup"
    cnf.write_bytes(b"".join(dimacs_chunks(nvars, clauses)))
    drup.write_text("".join(line + "\n" for line in proof_lines))
    return cnf, drup


def _both(cnf, drup):
    return check_files(cnf, drup, "c"), check_files(cnf, drup, "python")


def _php(holes):
    """Pigeonhole: holes + 1 pigeons, no two in one hole (unsatisfiable)."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    cl = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    cl += [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(holes + 1) for q in range(p)]
    return (holes + 1) * holes, cl


@pytest.fixture(scope="module")
def t15():
    q = cnf_query("TSD.T15", 6)
    return q.nvars, q.clauses, _proof(q.clauses)


@pytest.fixture(scope="module")
def l2():
    q = cnf_query("TSD.L2", 4)
    return q.nvars, q.clauses, _proof(q.clauses)


@pytest.mark.parametrize("solver", ["glucose4", "glucose3", "cadical153", "lingeling", "maplechrono"])
def test_valid_proofs_from_several_solvers_accepted_by_both(tmp_path, solver):
    nv, cl = _php(5)
    c, py = _both(*_write(tmp_path, nv, cl, _proof(cl, solver)))
    assert c.ok and py.ok, (c, py)
    assert c.stats["core_lemmas"] >= 1 and c.stats["checked"] == c.stats["core_lemmas"]


@pytest.mark.parametrize("case", ["t15", "l2"])
def test_prove_queries_accepted_by_both(tmp_path, case, request):
    nv, cl, pf = request.getfixturevalue(case)
    c, py = _both(*_write(tmp_path, nv, cl, pf))
    assert c.ok and py.ok, (c.reason, py.reason)


def test_formula_refuted_by_propagation_needs_no_lemma(tmp_path):
    c, py = _both(*_write(tmp_path, 2, [[1], [-1, 2], [-2]], []))
    assert c.ok and py.ok


def _one_line(reason):
    assert reason and "\n" not in reason and len(reason) < 300
    return reason


def _lemma_lines(pf):
    return [i for i, line in enumerate(pf) if not line.startswith("d")]


def test_deleted_lemma_rejected(tmp_path, l2):
    nv, cl, pf = l2
    # drop the last unit lemma before the empty clause: the empty clause is no longer RUP
    units = [i for i in _lemma_lines(pf) if len(pf[i].split()) == 2]
    edited = pf[:units[-1]] + pf[units[-1] + 1:]
    c, py = _both(*_write(tmp_path, nv, cl, edited))
    assert not c.ok and not py.ok
    assert "not implied" in _one_line(c.reason) or "no conflict" in c.reason
    _one_line(py.reason)


def test_flipped_literal_rejected(tmp_path, l2):
    """Flip the first literal of the last lemmas, from the end: some flips leave a lemma
    that is still implied (or unused), but the first one that is not must be rejected by
    both checkers, with the line of the offending lemma."""
    nv, cl, pf = l2
    rejected = 0
    for i in [i for i in _lemma_lines(pf) if pf[i].strip() != "0"][-10:]:
        toks = pf[i].split()
        toks[0] = str(-int(toks[0]))
        c, py = _both(*_write(tmp_path, nv, cl, pf[:i] + [" ".join(toks)] + pf[i + 1:]))
        assert c.ok or not py.ok  # no deletion policy at play late in this proof: Python accepting implies C does
        if not c.ok:
            rejected += 1
            assert not py.ok
            assert "not RUP" in _one_line(c.reason) or "no conflict" in c.reason, c.reason
            _one_line(py.reason)
    assert rejected >= 3


def test_truncated_proof_rejected(tmp_path, l2):
    nv, cl, pf = l2
    cnf, drup = _write(tmp_path, nv, cl, pf)
    text = drup.read_text()
    drup.write_text(text[: len(text) // 2].rstrip("0123456789- \n") + " 12")  # cut inside a clause
    c, py = _both(cnf, drup)
    assert not c.ok and "truncated" in _one_line(c.reason)
    assert not py.ok and "truncated" in py.reason
    drup.write_text("".join(line + "\n" for line in pf[: len(pf) // 2]))  # cut at a line end
    c, py = _both(cnf, drup)
    assert not c.ok and "no conflict" in _one_line(c.reason)
    assert not py.ok and "no conflict" in py.reason


def test_proof_of_another_cnf_rejected(tmp_path, t15):
    nv, cl, pf = t15
    # the mutant's query is satisfiable: no proof may refute it
    m = cnf_query("TSD.T15", 6, mutant=True)
    c, py = _both(*_write(tmp_path, m.nvars, m.clauses, pf))
    assert not c.ok and not py.ok
    _one_line(c.reason), _one_line(py.reason)
    # and the statement at another size
    o = cnf_query("TSD.T16", 6)
    c, _ = _both(*_write(tmp_path, o.nvars, o.clauses, pf))
    assert not c.ok


@pytest.mark.parametrize("content, words", [
    (b"a\x01\x02\x03\x00", "binary"),
    (b"1 2 x 0\n", "unexpected 'x'"),
    (b"1 2 0\n\xff\xfe\n", "binary"),
    (b"d1 0\n", "'d' must be followed"),
    (b"1 99999999999 0\n", "not a literal"),
])
def test_garbage_proof_rejected(tmp_path, t15, content, words):
    nv, cl, _ = t15
    cnf, drup = _write(tmp_path, nv, cl, [])
    drup.write_bytes(content)
    c = check_files(cnf, drup, "c")
    assert not c.ok and words in _one_line(c.reason), c.reason
    assert not check_files(cnf, drup, "python").ok


@pytest.mark.parametrize("content, words", [
    (b"1 2 0\n", "header"),
    (b"p cnf 2 2\n1 2 0\n", "declares"),
    (b"p cnf 2 1\n1 3 0\n", "beyond"),
    (b"p cnf 2 1\n1 2", "truncated"),
])
def test_malformed_cnf_rejected(tmp_path, content, words):
    cnf, drup = tmp_path / "f.cnf", tmp_path / "f.drup"
    cnf.write_bytes(content)
    drup.write_text("0\n")
    c = check_files(cnf, drup, "c")
    assert not c.ok and words in _one_line(c.reason), c.reason
    assert not check_files(cnf, drup, "python").ok


def _random_cnf(rng, nv, nc):
    return [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, nv + 1), 3)] for _ in range(nc)]


def test_random_formulas_sound_and_checkers_agree(tmp_path):
    """60 random 3-CNFs near the threshold: a satisfiable one is never certified (proofs of
    an unsatisfiable superset, and random lemmas, are offered); an unsatisfiable one's
    proof is accepted by both checkers; after a random edit of a proof without deletions,
    Python accepting implies C accepting (same clause set, C checks only used lemmas)."""
    rng = random.Random(19)
    seen_sat = seen_unsat = 0
    for it in range(60):
        nv = rng.randint(6, 30)
        F = _random_cnf(rng, nv, int(nv * 4.3))
        with Solver(name="glucose4", bootstrap_with=F) as s:
            sat = s.solve()
        if sat:
            G = F + _random_cnf(rng, nv, int(nv * 4.3))
            with Solver(name="glucose4", bootstrap_with=G) as s:
                if s.solve():
                    continue
            seen_sat += 1
            for pf in (_proof(G), [f"{rng.choice((-1, 1)) * rng.randint(1, nv)} 0" for _ in range(20)] + ["0"]):
                c, py = _both(*_write(tmp_path, nv, F, pf))
                assert not c.ok and not py.ok, (it, c)
        else:
            seen_unsat += 1
            pf = [line for line in _proof(F, rng.choice(["glucose4", "cadical153"])) if not line.startswith("d")]
            c, py = _both(*_write(tmp_path, nv, F, pf))
            assert c.ok and py.ok, (it, c.reason, py.reason)
            if len(pf) > 1:
                i = rng.randrange(len(pf) - 1)
                edited = pf[:i] + pf[i + 1:] if rng.random() < 0.5 else \
                    pf[:i] + [" ".join(str(-int(t)) if t != "0" else t for t in pf[i].split())] + pf[i + 1:]
                c, py = _both(*_write(tmp_path, nv, F, edited))
                assert c.ok or not py.ok, (it, c.reason)
    assert seen_sat >= 10 and seen_unsat >= 10


def test_python_checker_parsers():
    assert rup.parse_dimacs("p cnf 2 1\n1 -2 0\n") == (2, [[1, -2]])
    with pytest.raises(rup.ParseError, match="truncated"):
        rup.parse_drup("1 2 0\n3")
