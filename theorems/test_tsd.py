"""`pytest theorems`: one item per registered TSD statement, checked exhaustively.

The default depth is each statement's ``tier_depth``: n ≤ 7 (its own maximum if smaller,
or its ``tier_n`` where the statement lowers it to keep the tier within minutes);
``--max-n N`` raises it, ``-k TSD.T14`` selects.  What passes is described in
theorems/conftest.py: true statements hold non-vacuously, examples are found, and a
refuted part or reading comes back with exactly its stored smallest counterexample.
"""

import pytest

from verify.registry import REGISTRY, load_paper_statements

load_paper_statements()
IDS = sorted(i for i in REGISTRY if i.startswith("TSD."))


@pytest.mark.parametrize("sid", IDS, ids=IDS)
def test_statement(sid, request, check_statement):
    check_statement(sid, request.config.getoption("--max-n"))
