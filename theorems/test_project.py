"""`pytest theorems`: the project's own lemmas (ids ``PROJ.*``), checked like the papers'.

``PROJ.INDUCED_PATH`` — a vertex (edge) is live iff it lies on an induced terminal path —
underlies the ``paths`` and ``sat`` dead-item oracles and the symbolic proofs of
TSD.T13–T16 (see :mod:`verify.papers.tsd.lemmas`).
"""

import pytest

from verify.registry import REGISTRY, load_paper_statements

load_paper_statements()
IDS = sorted(i for i in REGISTRY if i.startswith("PROJ."))


def test_project_lemmas_are_registered():
    assert "PROJ.INDUCED_PATH" in IDS


@pytest.mark.parametrize("sid", IDS, ids=IDS)
def test_statement(sid, request, check_statement):
    check_statement(sid, request.config.getoption("--max-n"))
