"""`pytest theorems -k HEX`: one item per registered HEX statement (Hex and combinatorics; instances are Hex positions, boards and Y boards).

The shared body (``check_statement``, in ``theorems/conftest.py``) runs each statement on
its own domain to its ``tier_depth`` (``--max-n N`` raises it) and decides as for TSD.
"""

import pytest

from verify.registry import REGISTRY, load_paper_statements

load_paper_statements()
IDS = sorted(i for i in REGISTRY if i.startswith("HEX."))


@pytest.mark.parametrize("sid", IDS, ids=IDS)
def test_statement(sid, request, check_statement):
    check_statement(sid, request.config.getoption("--max-n"))
