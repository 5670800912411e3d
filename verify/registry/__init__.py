"""The statement registry: statements, the ``@statement`` decorator and the runner.

>>> from verify.registry import REGISTRY, load_paper_statements
>>> load_paper_statements()
>>> "TSD.T14" in REGISTRY
True
"""

from .domain import GAMES, Domain, GameDomain
from .catalogue import catalogue, catalogue_id, catalogue_path, paper_prefixes, statement_ids_in_catalogue
from .registry import REGISTRY, in_games, restricted, statement
from .runner import emit_counterexample, evaluate, run_statement
from .statement import Result, Statement, Tally

__all__ = [
    "REGISTRY",
    "statement",
    "restricted",
    "in_games",
    "Statement",
    "Tally",
    "Result",
    "run_statement",
    "evaluate",
    "emit_counterexample",
    "statement_ids_in_catalogue",
    "catalogue_path",
    "catalogue",
    "catalogue_id",
    "paper_prefixes",
    "load_paper_statements",
    "Domain",
    "GameDomain",
    "GAMES",
]


def load_paper_statements() -> None:
    """Import the papers' statements so that they register themselves."""
    from .. import papers

    papers.load()
