"""The registry is consistent with STATEMENTS.md, the runner finds minimal
counterexamples, and every stored counterexample still reproduces."""

import json
from pathlib import Path

import pytest

from verify import Game, Tally, statement
from verify.registry import REGISTRY, evaluate, load_paper_statements, run_statement, statement_ids_in_catalogue
from verify.registry.runner import COUNTEREXAMPLES

load_paper_statements()

# TSD ids of STATEMENTS.md not encoded yet (none; LNK/HEX/SSG come later).
PENDING_TSD: set[str] = set()


def test_every_registered_paper_id_is_in_the_catalogue():
    catalogue = set(statement_ids_in_catalogue())
    if not catalogue:
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    paper = {i.split("/")[0] for i, s in REGISTRY.items() if not s.user}  # "/a", "/b": readings
    assert paper <= catalogue, paper - catalogue


def test_every_tsd_id_is_registered_or_pending():
    catalogue = set(statement_ids_in_catalogue("TSD."))
    if not catalogue:
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    registered = {i.split("/")[0] for i in REGISTRY if i.startswith("TSD.")}
    assert not registered & PENDING_TSD, registered & PENDING_TSD
    assert registered | PENDING_TSD == catalogue, catalogue ^ (registered | PENDING_TSD)


def test_user_statement_and_minimal_counterexample(tmp_path):
    @statement("TEST.DEG2", kind="conj", register=False)
    def deg2(game):
        from verify import dead_vertices

        d2 = [v for v in game.nonterminals() if game.degree(v) == 2]
        return None if not d2 else set(d2) <= dead_vertices(game)

    r = run_statement(deg2, max_n=6, emit=False)
    assert r.verdict == "fails" and r.n_max == 3
    assert r.witness["graph6"] == "Bo" and r.witness["m"] == 2


def test_vacuous_is_not_holds():
    @statement("TEST.VACUOUS", kind="thm", register=False)
    def never(game):
        return None

    assert run_statement(never, max_n=4, emit=False).verdict == "vacuous"


def test_emission_writes_json_and_png(tmp_path):
    from verify.registry import emit_counterexample

    @statement("TEST.EMIT", kind="thm", register=False)
    def st(game):
        return Tally()

    g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    path = emit_counterexample(st, g, {"graph6": g.to_graph6(), "n": 3, "m": 2, "edges": [[0, 2], [1, 2]], "terminals": [0, 1], "details": {"vertices": [2]}}, root=tmp_path)
    data = json.loads(Path(path).read_text())
    assert data["id"] == "TEST.EMIT" and Path(path).with_suffix(".png").stat().st_size > 1000


def test_bad_statement_declarations():
    from verify import InputError

    with pytest.raises(InputError, match="not a statement id"):
        statement("has space")
    with pytest.raises(InputError, match="Kind"):
        statement("MY.X", kind="lemma")


STORED = sorted(COUNTEREXAMPLES.rglob("*.json"))


@pytest.mark.parametrize("path", STORED, ids=[str(p.relative_to(COUNTEREXAMPLES)) for p in STORED])
def test_stored_counterexample_reproduces(path):
    data = json.loads(path.read_text())
    st = REGISTRY.get(data["id"])
    if st is None:
        pytest.skip(f"{data['id']} is not a registered paper statement")
    g = Game(range(data["n"]), [tuple(e) for e in data["edges"]], tuple(data["terminals"]))
    assert g.to_graph6() == data["graph6"]
    hyp, failure = evaluate(st, g)
    assert failure is not None and hyp > 0, f"{path} no longer {'exhibits' if st.kind == 'ex' else 'refutes'} {st.id}"
