"""The registry is consistent with STATEMENTS.md, the runner finds minimal
counterexamples, and every stored counterexample still reproduces."""

import json
from pathlib import Path

import pytest

from verify import Game, Tally, statement
from verify.papers import pending
from verify.registry import REGISTRY, catalogue_id, evaluate, load_paper_statements, run_statement, statement_ids_in_catalogue
from verify.registry.runner import COUNTEREXAMPLES

load_paper_statements()

def test_every_registered_paper_id_is_in_the_catalogue():
    catalogue = statement_ids_in_catalogue()
    if not catalogue:
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    strays = [i for i, s in REGISTRY.items() if not s.user and catalogue_id(i, catalogue) is None]
    assert not strays, strays


def test_every_catalogue_id_is_registered_or_pending():
    """All four papers: each id of STATEMENTS.md is registered (whole, in parts or in
    readings) or pending with a reason in its paper package, never both."""
    catalogue = statement_ids_in_catalogue()
    if not catalogue:
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    registered = {catalogue_id(i, catalogue) for i, s in REGISTRY.items() if not s.user}
    waiting = pending()
    assert all(reason.strip() for reason in waiting.values())
    assert not registered & set(waiting), registered & set(waiting)
    assert registered | set(waiting) == set(catalogue), set(catalogue) ^ (registered | set(waiting))


def test_list_shows_every_catalogue_id():
    from verify.cli.check import list_rows

    catalogue = statement_ids_in_catalogue()
    if not catalogue:
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    shown = {catalogue_id(r["id"], catalogue) for r in list_rows()}
    assert set(catalogue) <= shown
    assert len(catalogue) == 83


def test_paper_prefixes_come_from_the_catalogue():
    from verify.registry import paper_prefixes

    if not statement_ids_in_catalogue():
        pytest.skip("shared/STATEMENTS.md is not beside the checkout")
    assert paper_prefixes() == ("TSD", "LNK", "HEX", "SSG")


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
    assert st is not None, f"{path} is stale: {data['id']} is no longer registered (delete it)"
    assert path.parent == COUNTEREXAMPLES / st.id, f"{path} is not in the folder of {st.id}"
    g = st.domain.from_witness(data)  # the statement's own domain (games, minimal links, fixtures, ...)
    if isinstance(g, Game):
        assert g.to_graph6() == data["graph6"]
    hyp, failure = evaluate(st, g)
    assert failure is not None and hyp > 0, f"{path} no longer {'exhibits' if st.kind == 'ex' else 'refutes'} {st.id}"


def test_every_refuted_statement_has_one_stored_counterexample():
    """Each paper statement recorded as refuted is pinned to exactly one stored witness
    (``pytest theorems`` then demands that the runner finds that very one)."""
    refuted = [s for s in REGISTRY.values() if not s.user and s.expect == "refuted" and s.kind != "table"]
    assert refuted
    for st in refuted:
        stored = list((COUNTEREXAMPLES / st.id).glob("*.json"))
        assert len(stored) == 1, f"{st.id}: {len(stored)} stored counterexamples"
