"""The one root exception of shannon-verify and its kinds.

Every error the library raises on purpose derives from :class:`ShannonVerifyError`,
so a caller (and the CLI, which turns it into one sentence and exit status 2) can
catch them all at once.  Messages are short sentences, for example
``"Terminal 7 is not a vertex of a 6-vertex graph."``
"""

from __future__ import annotations

__all__ = ["ShannonVerifyError", "InputError", "TooLargeError", "BudgetExceeded", "StatementError"]


class ShannonVerifyError(Exception):
    """Root of all errors raised by shannon-verify."""


class InputError(ShannonVerifyError, ValueError):
    """A graph, board, terminal pair or other input is malformed."""


class TooLargeError(ShannonVerifyError):
    """A method refuses an instance above its size limit (for example ``brute``)."""


class BudgetExceeded(ShannonVerifyError):
    """A search ran out of its time or node budget before it could decide."""


class StatementError(ShannonVerifyError):
    """A statement's check raised, or returned something other than None, a bool or a
    Tally, on one instance (the message names the statement and the instance)."""
