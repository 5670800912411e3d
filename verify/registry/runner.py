"""Checking a statement exhaustively, and its smallest counterexample.

A statement of kind ``table`` is not checked game by game: :func:`run_table`
recomputes its rows and compares them cell by cell with the published ones.

Games are enumerated by ascending ``n`` (connected graphs from geng, terminal pairs
up to automorphism).  All failures at the first failing ``n`` are collected and the
smallest is chosen by the documented total order

    (n, m, canonical graph6, canonical terminal positions)

where the canonical form is nauty's with the terminals as their own colour class
(:func:`verify.graphs.canonical_game`).  The chosen game is relabelled canonically
and checked again before it is reported, so the stored counterexample reproduces.
"""

from __future__ import annotations

import json
import shlex
import sys
import threading
import time
from collections.abc import Callable
from typing import Any
from pathlib import Path

from ..errors import InputError, StatementError
from ..game import Game
from .domain import GAMES, Domain, describe_instance, safe_name
from .statement import Result, Statement, Tally
from ..backing import close_last, recording

__all__ = [
    "evaluate",
    "run_statement",
    "run_table",
    "emit_counterexample",
    "safe_name",
    "COUNTEREXAMPLES",
    "default_root",
    "describe_instance",
    "check_games",
    "run_levels",
    "failure_key",
    "witness_key",
    "witness_game",
    "smallest_witness",
    "failure_verdict",
    "clean_verdict",
    "recorded_refutation",
]

COUNTEREXAMPLES = Path(__file__).resolve().parents[2] / "counterexamples"


INSTANCE_TIMEOUT_ENV = "SHANNON_VERIFY_INSTANCE_TIMEOUT"  # seconds per instance (check/hunt --instance-timeout)


class InstanceTimeout(TimeoutError):
    """One instance's check ran past ``--instance-timeout``: the verdict is unknown."""


class _InstanceBudget:
    """Inside: the check of one instance raises :class:`InstanceTimeout` after the seconds
    in ``$SHANNON_VERIFY_INSTANCE_TIMEOUT`` (a SIGALRM timer; only in a process's main
    thread — the worker processes, or a serial run — and where ``setitimer`` exists)."""

    def __enter__(self):
        import os
        import signal
        import threading

        self.old = None
        secs = float(os.environ.get(INSTANCE_TIMEOUT_ENV) or 0)
        if secs <= 0 or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
            return self

        def expired(signum, frame):
            raise InstanceTimeout(f"an instance ran past the {secs:g} s of --instance-timeout")

        self.old = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, secs)
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


def evaluate(st: Statement, game: Game) -> tuple[int, dict | None]:
    """(hypothesis-true count, failure details or None) of one game.

    A check that raises, or returns anything but None, a bool or a
    :class:`~verify.registry.statement.Tally`, gives a
    :class:`~verify.errors.StatementError` naming the statement and the game.
    """
    try:
        with _InstanceBudget():
            out = st.check(game)
    except (KeyboardInterrupt, StatementError, InstanceTimeout):
        raise
    except SystemExit as exc:  # a check must return a verdict, never end the process (a CI job would go green)
        raise StatementError(f"{st.id} called sys.exit({exc.code!r}) on {describe_instance(game)}; a check returns "
                             "None, a bool or a Tally.") from None
    except Exception as exc:
        raise StatementError(f"{st.id} raised {type(exc).__name__} ({exc}) on {describe_instance(game)}.") from exc
    if out is None:
        return 0, None
    if isinstance(out, Tally):
        if out.derived:
            for c in _counters():
                c.add(out.derived, out.derived_by)
        return out.hypothesis, out.failure
    if isinstance(out, bool):
        return 1, (None if out else {"failed": True})
    shown = repr(out)
    shown = shown if len(shown) <= 40 else shown[:40] + "..."
    raise StatementError(f"{st.id} returned {type(out).__name__} {shown} on {describe_instance(game)}; "
                         "a check returns None, a bool or a Tally.")


_counting = threading.local()


def _counters() -> list:
    try:
        return _counting.active
    except AttributeError:
        _counting.active = []
        return _counting.active


class counting:
    """``with counting() as c:`` — ``c.record()`` is ``{"count", "by"}``: the sub-instances
    the checks evaluated inside concluded from a lemma without checking them
    (:attr:`Tally.derived`), or ``{}``."""

    def __init__(self, alone: bool = False) -> None:
        self.count = 0
        self.by: set[str] = set()
        self.alone = alone  # counted here only, not in the counters open outside (an audit's re-check)

    def add(self, count: int, by: str) -> None:
        self.count += count
        if by:
            self.by.add(by)

    def record(self) -> dict:
        return {"count": self.count, "by": "; ".join(sorted(self.by))} if self.count else {}

    def __enter__(self) -> "counting":
        if self.alone:
            self.saved = _counters()
            _counting.active = []
        _counters().append(self)
        return self

    def __exit__(self, *exc) -> None:
        if self.alone:
            _counting.active = self.saved
            return
        close_last(_counters(), self)


def add_derived(total: dict, part: dict) -> dict:
    """Two ``derived`` records summed."""
    if not part:
        return total
    if not total:
        return dict(part)
    by = sorted(set(filter(None, total["by"].split("; "))) | set(filter(None, part["by"].split("; "))))
    return {"count": total["count"] + part["count"], "by": "; ".join(by)}


def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in x]
        return sorted(items, key=str) if isinstance(x, (set, frozenset)) else items
    if isinstance(x, (int, float, str, bool)) or x is None:
        return x
    return str(x)


def failure_key(game: Game) -> tuple[tuple, Game]:
    """The game's place in the total order, and the game relabelled canonically.

    >>> key, g = failure_key(Game.from_edges("0-2,2-1", terminals=(1, 2)))
    >>> key
    (3, 2, 'Bg', (1, 2))
    """
    return GAMES.key(game)


def witness_key(witness: dict, domain: Domain = GAMES) -> tuple:
    """The order key ``(n, m, graph6, terminals)`` of a witness dict.

    >>> witness_key({"graph6": "Bg", "n": 3, "m": 2, "terminals": [1, 2]})
    (3, 2, 'Bg', (1, 2))
    """
    return domain.witness_key(witness)


def witness_game(witness: dict, domain: Domain = GAMES):
    """The (canonically labelled) game of a witness dict.

    >>> witness_game({"n": 3, "edges": [[0, 2], [1, 2]], "terminals": [0, 1]}).to_graph6()
    'BW'
    """
    return domain.from_witness(witness)


def smallest_witness(st: Statement, keyed: list[tuple[tuple, Any]]) -> tuple[Any, dict]:
    """The smallest of the failing instances ``keyed`` (pairs from the domain's
    :meth:`~verify.registry.domain.Domain.key`), checked again in its canonical
    labelling, and its witness dict."""
    key, smallest = min(keyed, key=lambda x: x[0])
    hyp, details = evaluate(st, smallest)
    if details is None:  # pragma: no cover - would be a bug in canonical relabelling
        raise AssertionError(f"{st.id}: counterexample does not reproduce after relabelling")
    return smallest, {**st.domain.witness(smallest, key), "details": _jsonable(details)}


def failure_verdict(st: Statement) -> str:
    """The verdict when a failing game was found: ``found``, ``refuted`` or ``fails``."""
    if st.kind == "ex":
        return "found"
    return "refuted" if st.expect == "refuted" else "fails"


def recorded_refutation(st: Statement, witness: dict) -> tuple[str, str]:
    """(verdict, reason) for a statement recorded as refuted whose run found ``witness``:
    ``refuted`` when it is exactly the recorded counterexample (``st.refuted_by``), else
    ``fails`` — a refutation on record is pinned, and any other one needs a look.

    >>> from verify.registry import Statement
    >>> st = Statement("X", "thm", "", check=None, expect="refuted", refuted_by=(3, 2, "Bo", (1, 2)))
    >>> recorded_refutation(st, {"n": 3, "m": 2, "graph6": "Bo", "terminals": [1, 2]})
    ('refuted', '')
    >>> recorded_refutation(st, {"n": 3, "m": 2, "graph6": "Bg", "terminals": [1, 2]})[0]
    'fails'
    """
    if st.refuted_by is None:
        return "fails", "recorded as refuted, but no counterexample is pinned (refuted_by)"
    key = tuple(st.domain.witness_key(witness))
    if key != tuple(st.refuted_by):
        return "fails", f"refuted by {key}, not by the recorded counterexample {tuple(st.refuted_by)}"
    return "refuted", ""


def clean_verdict(st: Statement, hypothesis_true: int) -> tuple[str, str]:
    """(verdict, reason) when no failing game was found in scope."""
    if st.kind == "ex":
        return "not-found", ""
    if hypothesis_true == 0:
        return "vacuous", "the hypothesis never held in scope"
    return "holds", ""


def check_games(st: Statement, games, audit=None) -> tuple[int, int, list[tuple[tuple, Any]]]:
    """(instances, hypothesis-true count, failing instances as (order key, canonical
    instance) pairs of the statement's domain) of ``st`` on ``games``; ``audit(game,
    hyp, failure)`` is told of each (:class:`verify.sweep.audit.Auditor`)."""
    instances = hypothesis = 0
    failures = []
    for game in games:
        instances += 1
        hyp, failure = evaluate(st, game)
        if audit is not None:
            audit(game, hyp, failure)
        hypothesis += hyp
        if failure is not None:
            failures.append(game)
    return instances, hypothesis, [st.domain.key(g) for g in failures]


def run_levels(
    st: Statement,
    lo: int,
    hi: int,
    level: Callable[[int], tuple[int, int, list[tuple[tuple, Game]]]],
    *,
    emit: bool = True,
    root: Path | None = None,
    all_n: bool = False,
) -> Result:
    """The runner's loop over ``n = lo .. hi``, whoever checks the games of one ``n``.

    ``level(n)`` returns what :func:`check_games` returns for all games of ``n``.  At
    the first ``n`` with failing games the smallest one is checked again in its
    canonical labelling, becomes the witness and is emitted; the loop stops there
    unless ``all_n``.  Ctrl-C gives verdict ``unknown`` (reason ``interrupted``); the
    counts are those of the games checked before it (a ``KeyboardInterrupt`` raised
    by ``level`` with ``(instances, hypothesis)`` adds the finished part of its ``n``).
    """
    res = Result(st.id, "holds", lo, hi)
    start = time.perf_counter()
    try:
        for n in range(lo, hi + 1):
            with recording() as rec:
                instances, hypothesis, keyed = level(n)
            res.oracles = sorted(set(res.oracles) | rec.names)
            res.instances += instances
            res.hypothesis_true += hypothesis
            if keyed and res.witness is None:
                smallest, res.witness = smallest_witness(st, keyed)
                res.verdict = failure_verdict(st)
                if res.verdict == "refuted":
                    res.verdict, res.reason = recorded_refutation(st, res.witness)
                if emit:
                    res.witness_path = emit_counterexample(st, smallest, res.witness, root=root)
                if not all_n:
                    res.n_max = n
                    break
        if res.witness is None:
            res.verdict, res.reason = clean_verdict(st, res.hypothesis_true)
    except KeyboardInterrupt as e:
        res.verdict = "unknown"
        res.reason = "interrupted"
        if len(e.args) == 1 and isinstance(e.args[0], tuple):  # the finished part of the level
            res.instances += e.args[0][0]
            res.hypothesis_true += e.args[0][1]
    except TimeoutError as e:  # a check past its time budget proves nothing at this n
        res.verdict = "unknown"
        res.reason = f"{e or 'time budget exhausted'} (n = {n}; everything below n checked)"
        res.n_max = n
    res.seconds = time.perf_counter() - start
    return res


def run_statement(
    st: Statement,
    max_n: int | None = None,
    min_n: int | None = None,
    progress: bool = False,
    emit: bool = True,
    route: str | None = None,
) -> Result:
    """Check ``st`` on every game from ``min_n`` to ``max_n`` vertices; stop at the first failing n.

    ``route`` forces one of the statement's routes (:mod:`verify.registry.routes`) at
    every ``n``: ``plain`` or a fast route's name (the ``one-pass`` route runs in a sweep:
    :func:`verify.sweep.onepass.run_route`).
    """
    if route is not None:
        from .routes import ONE_PASS, forcing

        if route == ONE_PASS:  # a sweep's route: the registry does not run sweeps
            raise InputError(f"The {ONE_PASS} route runs in a sweep: verify.sweep.onepass.run_route({st.id!r}, ...).")
        with forcing(st.id, route):
            return run_statement(st, max_n, min_n, progress, emit)

    def level(n: int):
        games = st.domain.instances(n)
        if not progress:
            return check_games(st, games)
        from tqdm import tqdm

        with tqdm(games, desc=f"{st.id} n={n}", unit=f" {st.domain.name}", leave=False, file=sys.stderr, mininterval=1.0) as bar:
            return check_games(st, bar)

    lo = st.min_n if min_n is None else min_n
    hi = st.max_n if max_n is None else max_n
    if st.kind == "table":
        return run_table(st, lo, hi, progress=progress)
    with counting() as c:
        out = run_levels(st, lo, hi, level, emit=emit)
    out.derived = c.record()
    return out


def run_table(st: Statement, min_n: int, max_n: int, progress: bool = False, jobs: int | None = None, per_n=None) -> Result:
    """Recompute the rows ``min_n .. max_n`` of ``st.meta["table"]`` and compare them.

    The verdict is ``holds`` when every published cell in range matches under the
    statement's reading (``st.meta["reading"]``, else the table's default),
    ``fails`` (or ``refuted``) with the mismatching cells as the witness details, and
    ``vacuous`` when no published row is in range.  ``hypothesis_true`` counts the
    rows compared and ``instances`` the graphs examined.  ``per_n(n)`` gives extra
    keyword arguments for row ``n`` (the results store's shards, see
    :func:`verify.sweep.sweep`).
    """
    table = st.meta["table"]
    reading = table.check_reading(st.meta.get("reading"))
    if max_n > table.safe_max_n:
        raise InputError(f"{st.id} above n = {table.safe_max_n} is refused here; run 'shannon-verify table {table.id} --force'.")
    if st.expect == "refuted" and reading not in table.recorded:
        raise StatementError(f"{st.id} is recorded as refuted but its table pins no differing cells of reading {reading}.")
    res = Result(st.id, "holds", min_n, max_n)
    start = time.perf_counter()
    cells, computed = [], set()
    try:
        rows = table.rows(min_n, max_n, progress=progress, jobs=jobs, per_n=per_n)
        while True:
            with recording() as rec:
                row = next(rows, None)
            res.oracles = sorted(set(res.oracles) | rec.names)
            if row is None:
                break
            res.instances += row.graphs
            res.hypothesis_true += row.n in table.published
            computed.add(row.n)
            cells += [{"n": row.n, **m} for m in table.mismatches(row, reading)]
    except KeyboardInterrupt:
        res.verdict, res.reason = "unknown", "interrupted"
    else:
        verdict, problems = table.judge(cells, reading, computed)
        if verdict == "refuted" and st.expect != "refuted":  # as recorded for the table, but this statement says it holds
            verdict, problems = "fails", [f"n={c['n']} {c['column']}: computed {c['computed']}, published {c['published']}" for c in cells]
        if cells or problems:
            res.witness = {"details": {"reading": reading, "mismatches": cells}}
        if verdict == "fails":
            res.verdict = "fails"
            shown = problems[:5]
            res.reason = "; ".join(shown) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")
        elif verdict == "refuted":
            res.verdict = "refuted"
            res.reason = "exactly the recorded cells differ: " + "; ".join(
                f"n={c['n']} {c['column']}: computed {c['computed']}, published {c['published']}" for c in cells[:5])
            res.reason += f" (and {len(cells) - 5} more cells)" if len(cells) > 5 else ""
        elif res.hypothesis_true == 0:
            res.verdict, res.reason = "vacuous", "no published row in range"
    res.seconds = time.perf_counter() - start
    return res


def default_root(st: Statement) -> Path:
    """Where a statement's counterexamples go when no folder is given.

    A paper statement's go to the checkout's ``counterexamples/`` (:data:`COUNTEREXAMPLES`)
    when the package runs from a checkout; a user statement's (``hunt``), and every
    statement's when the package is installed, go to ``counterexamples/`` under the
    current working directory — never into the installed package's folder.
    """
    if not st.user and (COUNTEREXAMPLES.parent / "pyproject.toml").is_file():
        return COUNTEREXAMPLES
    return Path.cwd() / "counterexamples"


def emit_counterexample(st: Statement, game: Game, witness: dict, root: Path | None = None) -> str:
    """Write ``<root>/<ID>/<graph6>.json`` and ``.png``; return the JSON path.

    A statement checked on a graph class records it (``graphs``, its spec, and
    ``graph_class`` in words); the smallest counterexample is the class's smallest.

    ``root`` defaults to :func:`default_root` of the statement."""
    if root is None:
        root = default_root(st)
    folder = root / st.id
    folder.mkdir(parents=True, exist_ok=True)
    stem = st.domain.stem(witness)
    gc = st.graph_class
    graphs = "" if gc is None or gc.is_all else gc.spec
    data = {
        "id": st.id,
        "kind": st.kind,
        "statement": st.text,
        "reading": st.reading,
        **({"graphs": graphs, "graph_class": str(gc)} if graphs else {}),
        **witness,
        "order": st.domain.order,
        "reproduce": reproduce_command(st, witness["n"]),
    }
    inspect = st.domain.reproduce(witness)
    if inspect:
        data["inspect"] = inspect
    path = folder / f"{stem}.json"
    text = json.dumps(data, indent=2) + "\n"
    picture = path.with_suffix(".png")
    if path.is_file() and picture.is_file() and path.read_text() == text:
        # the same counterexample is stored already: leave it (and its picture) untouched
        return _shown(path)
    path.write_text(text)
    try:
        st.domain.draw(game, str(path.with_suffix(".png")), f"{st.id} ({'witness' if st.kind == 'ex' else 'counterexample'})",
                       witness.get("details") or {})
    except Exception as exc:  # a picture is a convenience; never lose the JSON for it
        print(f"warning: no picture for {st.id}: {exc}", file=sys.stderr)
    return _shown(path)


def reproduce_command(st: Statement, n: int) -> str:
    """The command that finds ``st``'s counterexample on ``n`` vertices again: ``check ID``
    for a registered statement, ``hunt FILE::NAME`` for a hunted one (its file, relative
    to the working folder when below it), with ``--graphs`` when it ran on a graph class.

    >>> from verify.registry import REGISTRY, load_paper_statements
    >>> _ = load_paper_statements()
    >>> reproduce_command(REGISTRY["TSD.T12"], 5)
    'shannon-verify check TSD.T12 --max-n 5'
    """
    gc = st.graph_class
    graphs = "" if gc is None or gc.is_all else f" --graphs {shlex.quote(gc.spec)}"
    target = st.meta.get("target") if st.user else None
    if target:
        path, name = target.rsplit("::", 1)
        return f"shannon-verify hunt {shlex.quote(_shown(Path(path)) + '::' + name)} --max-n {n}{graphs}"
    return f"shannon-verify check {st.id} --max-n {n}{graphs}"


def _shown(path: Path) -> str:
    """``path`` relative to the working folder when it lies below it, else absolute."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
