"""`pytest theorems -k HEX`: one item per registered HEX statement (Hex and combinatorics), checked exhaustively on its domain of Hex instances.

The default depth is each statement's ``tier_depth``: n ≤ 7 (its own maximum if smaller,
or its ``tier_n`` where the statement lowers it to keep the tier within minutes);
``--max-n N`` raises it, ``-k TSD.T14`` selects.  A statement the paper states as true
fails its test when violated, printing the stored counterexample; a statement
recorded as refuted passes only while its counterexample still refutes it; an
example (``ex``) passes when its witness is found; a vacuous run fails (the check
never met its hypothesis, so it proved nothing).
"""

import pytest

from verify.registry import REGISTRY, load_paper_statements, run_statement

load_paper_statements()
IDS = sorted(i for i in REGISTRY if i.startswith("HEX."))


@pytest.mark.parametrize("sid", IDS, ids=IDS)
def test_statement(sid, request):
    st = REGISTRY[sid]
    asked = request.config.getoption("--max-n")
    max_n = st.tier_depth if asked is None else asked
    r = run_statement(st, max_n=max_n)
    summary = f"{sid}: {r.verdict} on n={r.n_min}..{r.n_max}, {r.instances} instances, hypothesis {r.hypothesis_true}"
    if st.kind == "ex":
        assert r.verdict == "found", summary
    elif st.expect == "refuted":
        assert r.verdict == "refuted", summary + " (recorded as refuted, but no counterexample was found)"
    else:
        assert r.verdict == "holds", f"{summary}; counterexample: {r.witness_path}\n{r.witness}"
        assert r.hypothesis_true > 0
