"""Progress for long commands: one overall line, on a terminal or in a CI log.

On a terminal :class:`Overall` shows a tqdm bar for the whole run (done/total, elapsed,
estimate) below the per-``n`` bars; off a terminal (a CI log, a pipe) it prints plain
lines on standard error — one when an item starts, one when it ends with the estimate
of what remains, and a heartbeat every ``every`` seconds while an item runs, so a log
is never silent for long.

>>> import io
>>> buf = io.StringIO()
>>> with Overall(2, "check", stream=buf, tty=False) as bar:
...     bar.start("A"); bar.done("A", "holds")
...     bar.start("B"); bar.done("B", "holds")
>>> print(buf.getvalue().splitlines()[1].split(" (")[0])
check: 1/2 done, A holds
"""

from __future__ import annotations

import sys
import threading
import time

__all__ = ["Overall", "summary_line", "shard_lines"]


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds}s"


class Overall:
    """An overall progress line for ``total`` items (statements, mutants, openings...)."""

    def __init__(self, total: int, what: str, *, stream=None, tty: bool | None = None, every: float = 30.0,
                 enabled: bool = True) -> None:
        self.total, self.what, self.every, self.enabled = total, what, every, enabled
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty() if tty is None else tty
        self.count = 0
        self.start_time = time.perf_counter()
        self.running: dict[str, float] = {}  # items running now -> their start
        self._lock = threading.RLock()
        self._bar = None
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self) -> "Overall":
        if not self.enabled:
            return self
        if self.tty:
            from tqdm import tqdm

            self._bar = tqdm(total=self.total, desc=self.what, unit=" items", file=self.stream, position=0,
                             leave=False, dynamic_ncols=True)
        else:
            self._thread = threading.Thread(target=self._heartbeat, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._bar is not None:
            self._bar.close()

    def _elapsed(self) -> float:
        return time.perf_counter() - self.start_time

    def _estimate(self) -> str:
        if not self.count or self.count >= self.total:
            return ""
        left = self._elapsed() / self.count * (self.total - self.count)
        return f", about {_clock(left)} left"

    def _heartbeat(self) -> None:
        while not self._stop.wait(self.every):
            with self._lock:
                now = time.perf_counter()
                running = ", ".join(f"{k} running for {_clock(now - t)}" for k, t in self.running.items())
                if running:
                    print(f"{self.what}: {self.count}/{self.total} done, {running} ({_clock(self._elapsed())} elapsed)",
                          file=self.stream, flush=True)

    @property
    def current(self) -> str | None:
        """The item started last and still running (None when none runs)."""
        return next(reversed(self.running), None) if self.running else None

    def start(self, item: str) -> None:
        """``item`` starts (items may run at once: ``check`` runs statements side by side)."""
        with self._lock:
            self.running[item] = time.perf_counter()
            if not self.enabled:
                return
            if self._bar is not None:
                self._bar.set_postfix_str(item, refresh=True)
            else:
                print(f"{self.what}: {self.count}/{self.total} done, starting {item} ({_clock(self._elapsed())} elapsed)",
                      file=self.stream, flush=True)

    def done(self, item: str, verdict: str = "") -> None:
        """``item`` (the label given to :meth:`start`, or its first word) is done."""
        with self._lock:
            self.count += 1
            for k in list(self.running):
                if k == item or k.split(" ", 1)[0] == item:
                    del self.running[k]
                    break
            if not self.enabled:
                return
            if self._bar is not None:
                self._bar.update(1)
            else:
                print(f"{self.what}: {self.count}/{self.total} done, {item} {verdict} ({_clock(self._elapsed())} elapsed"
                      f"{self._estimate()})", file=self.stream, flush=True)


def summary_line(verdicts: list[str], seconds: float, attention: int, what: str = "statements") -> str:
    """One line: how many items, by verdict, how many need attention, how long.

    >>> summary_line(["holds", "holds", "refuted", "found"], 75.2, 0)
    '4 statements: 2 holds, 1 refuted as recorded, 1 found; none needs attention; 1:15 wall'
    """
    from collections import Counter

    counts = Counter(verdicts)
    order = ["holds", "refuted", "found", "fails", "unknown", "vacuous", "not-found"]
    parts = [f"{counts[v]} {v}{' as recorded' if v == 'refuted' else ''}" for v in order if counts[v]]
    parts += [f"{c} {v}" for v, c in counts.items() if v not in order]
    att = "none needs attention" if not attention else f"{attention} need{'s' if attention == 1 else ''} attention"
    noun = what[:-1] if len(verdicts) == 1 and what.endswith("s") else what  # "1 statement", not "1 statements"
    return f"{len(verdicts)} {noun}: {', '.join(parts) or 'none'}; {att}; {_clock(seconds)} wall"


def shard_lines(what: str, enabled: bool = True, stream=None):
    """A callback ``(res, stats, seconds, done, mod)`` for sharded searches (``links``):
    one plain line per finished shard on standard error, on a terminal or in a CI log —
    done/total, elapsed and the estimate of what remains (from the shards run now, not
    those read from a store).

    >>> import io
    >>> buf = io.StringIO()
    >>> cb = shard_lines("links", stream=buf)
    >>> cb(3, {}, 1.25, 5, 8)
    >>> buf.getvalue().split(" (")[0]
    'links: 5/8 shards done, shard 3 in 1.2 s'
    """
    start = time.perf_counter()
    first: list[int] = []

    def on_shard(res, stats, seconds, done, mod) -> None:
        if not enabled:
            return
        if not first:
            first.append(done - 1)
        elapsed = time.perf_counter() - start
        ran = done - first[0]
        left = f", about {_clock(elapsed / ran * (mod - done))} left" if ran and done < mod else ""
        print(f"{what}: {done}/{mod} shards done, shard {res} in {seconds:.1f} s ({_clock(elapsed)} elapsed{left})",
              file=stream or sys.stderr, flush=True)

    return on_shard

