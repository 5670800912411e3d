"""Sharded, resumable opening maps of the empty N×N Hex board (HEX Fig. 7, issue 13).

The opening map of [1]_ Fig. 7 gives, for every cell of the empty board, the winner
after Black opens there (White then moves).  Here each Black opening is one task,
searched by the compiled Fig. 13 kernel (:class:`~.solver.CSolver`, df-pn with every
reduction, value only) within a per-opening budget; ``jobs`` kernels (each its own
process) run side by side.  An opening whose 180° turn is an earlier cell is not
searched: it takes that cell's value (the turn maps each side to the opposite side of
the same player) and records ``from``.

Every finished opening is appended at once to a JSON-lines store: a header line
``{"kind": "hex-openings", "n", "kernel" (SHA-256 of hexsolve.c, 16 hex digits),
"switches"}`` then one line per opening ``{"cell", "winner" ("B", "W" or "unknown"),
"seconds" (wall), "cpu" (the kernel's), "nodes", "budget", "clock", "kernel", "switches",
"table_bits" (log2 of df-pn's table entries: the node count depends on it)}``
(a later line for the same cell supersedes an earlier one; lines written before a field
existed lack it, and a record without ``kernel`` or ``switches`` was made by the header's).  A store whose
header differs is refused; a truncated last line (a killed run) is dropped and its
opening redone.  Resuming skips decided openings and retries an ``unknown`` one only
when the new budget is larger or the kernel or the switches are others.  A search past its budget is
``unknown``, never a guessed value.

A long map outlives a kernel: with ``mixed_kernels`` (``--mixed-kernels``) a store begun
by an earlier kernel, or with other switches (a switch only prunes the search: every
setting gives the same values), is continued with today's, every opening it decided is
kept and each record names the kernel and the switches that decided it
(:func:`record_kernel`, :func:`record_switches`).  ``docs/hex/kernels.json`` maps each kernel of a stored map to
the commit whose sources it hashes, so any stored value can be recomputed by the kernel
that made it (checked by ``tests/test_hex_published_maps.py``).

Openings are searched in index order, or with ``order_from`` (``--order-from``) costliest
first by an earlier run's node counts (:func:`costliest_first`), so that on several
kernels the last to finish is a short one; the order never changes a value.

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), Fig. 7.

>>> r = run_openings(2, jobs=1)
>>> [(c, o["winner"]) for c, o in r["openings"].items()]
[('a1', 'W'), ('b1', 'B'), ('a2', 'B'), ('b2', 'W')]
>>> r["openings"]["b2"]["from"]
'a1'
"""

from __future__ import annotations

import functools
import hashlib
import os
import resource
from collections import Counter
import threading
import time
from pathlib import Path

from ... import jsonl_store
from ...errors import InputError, ShannonVerifyError
from ...sweep.backends import stops_deferred
from ...sweep.provenance import code_commit
from .board import BLACK, WHITE, Position
from .solver import RUN_SWITCHES, CSolver, _flags, kernel_executable, kernel_sources

__all__ = ["run_openings", "solve_opening", "kernel_hash", "record_kernel", "representatives", "openings_table_bits", "sessions",
           "check_table_bits", "table_bytes",
           "estimate_per_opening", "MAX_N", "DEFAULT_BUDGET"]


def _prctl():
    """libc's ``prctl`` (Linux), looked up in the runner before any kernel is forked (the
    forked child then imports nothing and opens no library); None elsewhere."""
    global _PRCTL
    if _PRCTL is False:
        try:
            import ctypes

            _PRCTL = ctypes.CDLL(None, use_errno=True).prctl
        except (ImportError, OSError, AttributeError):
            _PRCTL = None
    return _PRCTL


_PRCTL = False  # not looked up yet


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the forked child
    """Linux: the kernel kills this kernel process when the thread that started it dies,
    even by SIGKILL of the run (``prctl(PR_SET_PDEATHSIG, SIGKILL)``); a runner already
    gone before the call (killed between the fork and here) ends the child at once."""
    if _PRCTL:
        _PRCTL(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG = 1, SIGKILL = 9
        if os.getppid() != parent:
            os._exit(1)


class _Gate:
    """The kernel processes of one run: each is started under :attr:`lock` and entered in
    :attr:`procs`, or not at all once the run is stopping (:meth:`stop`), so a stop kills
    every kernel and none starts after it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stopping = False
        self.procs: list = []

    def stop(self) -> None:
        """Start no other kernel process and kill those started."""
        with self.lock:
            self.stopping = True
            procs = list(self.procs)
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


class _Kernel(CSolver):
    """:class:`~.solver.CSolver` whose processes are killed when the thread that started them
    dies, or the whole runner (Linux); with a ``gate`` (:class:`_Gate`) each is started
    under it.  ``run_openings`` starts them in its worker threads, never in the main thread:
    Python runs the at-fork hooks (``logging``'s) there, and a Ctrl-C or SIGTERM whose
    ``KeyboardInterrupt`` came inside one was printed as "Exception ignored" and lost —
    the run went on (issue 45)."""

    def __init__(self, table_bits: int = 20, gate: _Gate | None = None) -> None:
        self.gate = gate
        super().__init__(table_bits)

    def _popen_kwargs(self) -> dict:
        _prctl()  # looked up here, in the runner: the child only calls it
        return {"preexec_fn": functools.partial(_die_with, os.getpid())}

    source_hash: str | None = None
    """:func:`kernel_hash` of the sources when the running kernel process was started (so
    compiled): what a record names, even if ``hexsolve.c`` is edited during the run."""

    def _start(self, wide: bool, mid: bool = False):
        self.source_hash = kernel_hash()
        try:
            if self.gate is None:
                return super()._start(wide, mid)
            kernel_executable(wide, mid)  # compiled before the gate: a stop never waits for the compiler
            with self.gate.lock:
                if self.gate.stopping:
                    raise ShannonVerifyError("The run is stopping; no kernel process is started.")
                proc = super()._start(wide, mid)
                self.gate.procs.append(proc)
            return proc
        except ShannonVerifyError as exc:
            if "No C compiler" in str(exc):
                raise InputError("No C compiler found for the Hex kernel (gcc or cc is needed).") from None
            raise


def solve_opening(n: int, i: int, budget: float, switches: dict, bits: int) -> dict:
    """One task of a run on another process or machine (``--dask``): a fresh kernel solves
    Black's opening at cell ``i`` of the empty ``n``×``n`` board (White to move) within
    ``budget`` seconds; returns the store record (``winner`` ``"unknown"`` past it)."""
    k = _Kernel(bits)
    try:
        _warm(k, n)
        return _solve_with(k, Position(n, n), i, budget, switches)
    finally:
        k.close()


def _warm(k: CSolver, n: int) -> None:
    """Start the kernel process for the n×n board (compiled, its tables allocated) before any
    search is timed: a query on the full Black board, decided at once."""
    k.value(Position(n, n, (1 << n * n) - 1, 0), BLACK)


def _solve_with(k: _Kernel, board: Position, i: int, budget: float, switches: dict) -> dict:
    """The store record of Black's opening at cell ``i`` of the empty ``board``, solved by
    the running kernel ``k`` within ``budget`` CPU seconds of the kernel (wall seconds where
    the system does not tell a process's CPU time; the record's ``clock`` says which):
    ``seconds`` is the wall time, ``cpu`` the kernel's CPU time (None where unknown)."""
    s = time.perf_counter()
    r = k.value_within(board.play(i, BLACK), WHITE, budget, switches, clock="cpu")
    cpu = k.last_cpu_seconds
    return {"cell": board.name(i), "winner": r[0] if r else "unknown", "seconds": round(time.perf_counter() - s, 3),
            "cpu": cpu, "nodes": r[2] if r else None, "budget": budget, "clock": "wall" if cpu is None else "cpu",
            "kernel": k.source_hash, "switches": _switch_word(switches), "table_bits": k.table_bits}


def record_kernel(header: dict, record: dict) -> str:
    """The kernel (source hash) that made a store's ``record``: its own ``kernel``, or the
    header's for records written before records named theirs.

    >>> record_kernel({"kernel": "aa"}, {"cell": "a1"}), record_kernel({"kernel": "aa"}, {"kernel": "bb"})
    ('aa', 'bb')
    """
    return record.get("kernel") or header["kernel"]


def record_switches(header: dict, record: dict) -> int:
    """The kernel switch word a store's ``record`` was searched with: its own ``switches``, or
    the header's for records written before records named theirs.

    >>> record_switches({"switches": 7}, {"cell": "a1"}), record_switches({"switches": 7}, {"switches": 5})
    (7, 5)
    """
    return record.get("switches", header["switches"])


MAX_N = 11
"""Largest board side: 11×11 = 121 cells, within the kernel's 128-bit bitboards (boards of
more than 64 cells run its 128-bit build, 63–64 its mid build; see
:data:`~.solver.NARROW_MAX_CELLS`)."""


def kernel_hash(source: Path | None = None) -> str:
    """First 16 hex digits of the SHA-256 of the kernel's sources: ``hexsolve.c``, then each
    header it includes (``hexbits.h``), each as its name, a NUL, its bytes and a NUL.
    ``source``: another copy of ``hexsolve.c`` (an older commit's, checked out elsewhere)."""
    from ...tables.kernel import source_files

    h = hashlib.sha256()
    for f in kernel_sources() if source is None else source_files(Path(source)):
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def estimate_per_opening(n: int) -> float:
    """Rough seconds of one opening of the empty ``n``×``n`` board (``n``² − 1 vacant
    cells), by the estimate of ``solve --hex`` (:func:`~.maps.estimate_seconds`)."""
    from .maps import estimate_seconds

    return estimate_seconds(n * n - 1)


def openings_table_bits(n: int) -> int:
    """log2 of the kernel's table entries for the n×n openings: 2^22 up to 7×7 (fewer on
    small boards), 2^24 from 8×8, where searches run to tens of millions of nodes.  Only
    df-pn's table is touched in a value-only run: 270 MB a kernel at 2^22, 1.1 GB at 2^24
    in the 64-bit and mid builds (8×8), 1.9 GB in the 128-bit one.  The benchmarks that
    run the kernel as ``hex-openings`` does use it too.

    >>> [openings_table_bits(n) for n in (3, 5, 7, 8, 11)]
    [12, 22, 22, 24, 24]
    """
    return 24 if n >= 8 else min(22, max(12, n * n - 2))


TABLE_BITS_RANGE = (10, 28)
"""The table sizes ``hex-openings --table-bits`` takes (the kernel's own range is 10–30)."""


def table_bytes(bits: int, n: int) -> int:
    """Bytes of df-pn's table in one kernel for the n×n board: ``2**bits`` entries of 64 bytes
    (112 in the 128-bit build, boards of more than 64 cells) — the table a value-only run
    fills (the carrier search's, allocated too, stays untouched and is never paged in).

    >>> table_bytes(24, 8) // 2**20, table_bytes(24, 9) // 2**20
    (1024, 1792)
    """
    from .solver import build_for

    return (1 << bits) * (112 if build_for(n * n) == "wide" else 64)


def check_table_bits(bits: int, n: int, jobs: int, memory: float | None = None) -> None:
    """Refuse a table size out of :data:`TABLE_BITS_RANGE`, or whose tables on ``jobs``
    kernels would not fit in the machine's memory (``memory`` bytes; default: the physical
    memory, where the system tells it; ``float("inf")`` checks the range only).

    >>> check_table_bits(30, 8, 1)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: --table-bits must be 10 to 28, not 30.
    >>> check_table_bits(26, 8, 2, memory=2**33)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: --table-bits 26 needs 8.0 GiB of tables on 2 kernels (4.0 GiB each), more than the 8.0 GiB of memory here.
    """
    import os

    lo, hi = TABLE_BITS_RANGE
    if not lo <= bits <= hi:
        raise InputError(f"--table-bits must be {lo} to {hi}, not {bits}.")
    if memory is None:
        try:
            memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            return
    need = table_bytes(bits, n) * jobs
    if need >= memory:
        raise InputError(f"--table-bits {bits} needs {need / 2**30:.1f} GiB of tables on {jobs} kernel"
                         f"{'s' * (jobs != 1)} ({table_bytes(bits, n) / 2**30:.1f} GiB each), more than the "
                         f"{memory / 2**30:.1f} GiB of memory here.")


def representatives(n: int) -> dict[int, int]:
    """Each cell index → the index searched for it (itself, or its earlier 180° turn).

    >>> representatives(2)
    {0: 0, 1: 1, 2: 1, 3: 0}
    """
    size = n * n
    return {i: min(i, size - 1 - i) for i in range(size)}


REDUCTIONS = ("mustplay", "threats", "fillin", "ordering", "dfpn", "hsearch", "captured", "prune", "dominated",
              "proofsets", "lazyfill", "templates", "pinf", "cliquedead")
"""The kernel switches a run may turn off (``without``), e.g. to re-derive a map with one
reduction less as a cross-check of that reduction."""


def _switches(without: tuple[str, ...] = ()) -> dict:
    bad = [w for w in without if w not in REDUCTIONS]
    if bad:
        raise InputError(f"--without: {bad[0]!r} is not one of {', '.join(REDUCTIONS)}.")
    return dict.fromkeys(without, False)


def _switch_word(switches: dict) -> int:
    """The kernel's switch word for a run's ``switches`` (those turned off) over :data:`RUN_SWITCHES`."""
    return _flags(**{**RUN_SWITCHES, **switches})


def _header(n: int, without: tuple[str, ...] = ()) -> dict:
    return {"kind": "hex-openings", "n": n, "kernel": kernel_hash(), "switches": _switch_word(_switches(without))}


def _read_store(path: Path, header: dict, mixed_kernels: bool = False) -> dict[str, dict]:
    """The records of an existing store (the last per cell); a truncated last line is cut off.
    With ``mixed_kernels`` a store whose header differs from ``header`` only in the kernel
    or the switches is continued (each record names its kernel and switches:
    :func:`record_kernel`, :func:`record_switches`)."""
    records = jsonl_store.read_records(path)
    if not records:
        return {}
    first = records[0]
    continuable = isinstance(first, dict) and {**first, "kernel": header["kernel"],
                                               "switches": header["switches"]} == header  # differs in those two only
    if first != header and not (mixed_kernels and continuable):
        hint = (" add --mixed-kernels to continue it with this kernel and these switches (its decided openings are "
                "kept, each record names its kernel and switches), or use another --store path." if continuable
                else " use another --store path.")
        raise InputError(f"The store {path} belongs to another run ({_describe(first)}, this run is "
                         f"{_describe(header)});" + hint)
    return {c: {**r, "kernel": record_kernel(first, r), "switches": record_switches(first, r)}
            for c, r in _cells(records).items()}


def read_costs(path: str | Path, n: int) -> dict[str, float]:
    """Each opening's df-pn node count in the store at ``path`` of an earlier ``n``×``n`` run
    (any kernel; an opening left unknown counts as costlier than every decided one).

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> _ = run_openings(3, jobs=1, store=f"{d}/s.jsonl")
    >>> sorted(read_costs(f"{d}/s.jsonl", 3))
    ['a1', 'a2', 'b1', 'b2', 'c1']
    >>> read_costs(f"{d}/s.jsonl", 4)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: --order-from: the store ... is of a 3x3 run, not 4x4.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"--order-from: {path} is not a file.")
    records = _openings_records(path, "--order-from: ")
    first = records[0]
    if first.get("n") != n:
        raise InputError(f"--order-from: the store {path} is of a {first.get('n')}x{first.get('n')} run, not {n}x{n}.")
    return {c: (float("inf") if r.get("winner") == "unknown" or not isinstance(r.get("nodes"), int) else float(r["nodes"]))
            for c, r in _cells(records).items()}


def costliest_first(tasks: list[int], costs: dict[str, float], board: Position) -> list[int]:
    """``tasks`` (cell indices) with the costliest by ``costs`` first, those without a cost
    last, ties in index order: on several kernels the last opening to finish is then a
    cheap one (the longest-first rule for filling parallel workers), so a map's wall time
    comes close to its CPU time over the kernels.

    >>> costliest_first([0, 1, 2, 3], {"b1": 5.0, "c1": 9.0}, Position(4, 4))
    [2, 1, 0, 3]
    """
    return sorted(tasks, key=lambda t: (board.name(t) not in costs, -costs.get(board.name(t), 0.0), t))


def _openings_records(path: Path, prefix: str = "") -> list:
    """The records of the store at ``path``, refused (``prefix`` before the sentence) unless
    its first line is a Hex openings header."""
    records = jsonl_store.read_records(path)
    if not records or not isinstance(records[0], dict) or records[0].get("kind") != "hex-openings":
        raise InputError(f"{prefix}{path} is not a Hex openings store.")
    return records


def _cells(records: list) -> dict[str, dict]:
    """The opening records after a store's header, the last per cell."""
    return {r["cell"]: r for r in records[1:] if isinstance(r, dict) and "cell" in r}


def store_table(path: str | Path) -> str:
    """The Markdown table of a stored run: per searched opening, its 180° turn, the winner
    (``?`` past its budget), wall seconds, the kernel's CPU seconds (``—`` in records made
    before they were kept) and df-pn nodes, in the store's order, and a
    last line with the counts and the seconds in all (CPU too where every record has it).
    The docs' 8×8 tables are this, tested against their stores.

    >>> import tempfile, json
    >>> d = tempfile.mkdtemp()
    >>> r = run_openings(3, jobs=1, store=f"{d}/s.jsonl")
    >>> print(store_table(f"{d}/s.jsonl").splitlines()[2].split("|")[1:4])
    [' a1 ', ' c3 ', ' W ']
    """
    records = _openings_records(Path(path))
    n = records[0]["n"]
    pos = Position(n, n)
    recs = _cells(records)
    kernels = Counter(record_kernel(records[0], r) for r in recs.values() if r["winner"] in ("B", "W"))
    lines = ["| opening | its 180° turn | winner | wall s | kernel CPU s | nodes |", "|---|---|---|---|---|---|"]
    for cell, r in recs.items():
        w = r["winner"] if r["winner"] in ("B", "W") else "?"
        nodes = f"{r['nodes']:,}" if r.get("nodes") is not None else "—"
        cpu = f"{r['cpu']:,.0f}" if r.get("cpu") is not None else "—"  # records before the CPU clock have none
        lines.append(f"| {cell} | {pos.name(pos.size - 1 - pos.index(cell))} | {w} | {r['seconds']:,.0f} | {cpu} | {nodes} |")
    decided = [r for r in recs.values() if r["winner"] in ("B", "W")]
    total = len(set(representatives(n).values()))
    lines.append("")
    lines.append(f"{len(decided)} of {total} searched openings decided ({sum(r['winner'] == 'B' for r in decided)} "
                 f"Black wins, {sum(r['winner'] == 'W' for r in decided)} White wins), "
                 f"{len(recs) - len(decided)} past their budget; {sum(r['seconds'] for r in recs.values()):,.0f} s wall "
                 f"in all" + (f", {sum(r['cpu'] for r in recs.values()):,.0f} s of kernel CPU."
                              if recs and all(r.get("cpu") is not None for r in recs.values()) else "."))
    if len(kernels) > 1:
        lines.append("Decided by the kernels " + ", ".join(f"{k} ({c})" for k, c in kernels.items()) + ".")
    words = Counter(record_switches(records[0], r) for r in recs.values() if r["winner"] in ("B", "W"))
    if len(words) > 1:
        lines.append("With the switch words " + ", ".join(f"{k} ({c})" for k, c in words.items()) + ".")
    sittings = sessions(records)
    if sittings:
        cpu = [x["cpu_s"] for x in sittings if x.get("cpu_s") is not None]
        lines.append(f"{len(sittings)} sitting{'s' * (len(sittings) > 1)} logged in the store "
                     "(" + ", ".join(f"{x['session']} {x['status']}" for x in sittings) + ")"
                     + (f": {sum(cpu):,.0f} s of kernel CPU." if cpu else "."))
    return "\n".join(lines)


def sessions(records: list) -> list[dict]:
    """The sittings logged in a store (after its header): when each began, how it ended
    (``done``, ``stopped``, ``error``), the commit, ``--jobs``, the budget per opening, the
    openings it searched, its kernels' CPU seconds and its wall seconds."""
    return [r for r in records[1:] if isinstance(r, dict) and "session" in r]


def _describe(h) -> str:
    if not isinstance(h, dict) or h.get("kind") != "hex-openings":
        return "not a Hex openings store"
    return f"{h.get('n')}x{h.get('n')}, kernel {h.get('kernel')}, switches {h.get('switches')}"


def _parse_only(n: int, only: str) -> list[int]:
    if not only.strip():
        raise InputError("--only needs at least one cell (e.g. a1,b2); leave it out to search every opening.")
    pos = Position(n, n)
    out = []
    for name in (c.strip() for c in only.split(",")):
        try:
            i = pos.index(name)
        except Exception:
            i = None
        if i is None or not 0 <= i < pos.size:
            raise InputError(f"--only: {name!r} is not a cell of the {n}x{n} board.")
        out.append(i)
    return out


DEFAULT_BUDGET = 300.0
"""Seconds per opening when none is given; a board whose estimated time per opening
(:func:`estimate_per_opening`) exceeds it is refused rather than run into unknowns."""


def run_openings(n: int, jobs: int = 2, store: str | None = None, resume: bool = False, budget: float | None = None,
                 only: str | None = None, shards: tuple[int, int] | None = None, table_bits: int | None = None,
                 progress=None, without: tuple[str, ...] = (), dask: str | None = None,
                 mixed_kernels: bool = False, order_from: str | Path | None = None, on_start=None) -> dict:
    """Solve the Black openings of the empty ``n``×``n`` board; returns the map and figures.

    ``budget``: seconds per opening, past which it is unknown (None: :data:`DEFAULT_BUDGET`,
    and a board whose estimate per opening exceeds it is refused with the estimate);
    ``only``: comma-separated cells (their 180° representatives are searched);
    ``shards``: ``(a, b)``, the representatives' tasks number ``a`` to ``b`` (from 0);
    ``progress(cell, record)`` is called after each finished opening; ``without``: kernel
    switches to turn off (:data:`REDUCTIONS`; recorded in the store's header); ``dask``: run
    the openings as tasks on a Dask cluster (a scheduler address, or ``"local"`` for a
    LocalCluster of ``jobs`` workers; each task starts its own kernel, see
    :func:`solve_opening`) instead of ``jobs`` local kernels — this process alone writes the
    store, as each task completes; ``mixed_kernels``: continue a store begun by another
    kernel (see the module's docstring); ``order_from``: an earlier run's store of the same
    board, whose node counts set the order the openings are searched in (the costliest
    first, see :func:`costliest_first`; only the order changes); ``on_start(cells)`` is
    called once with the openings about to be searched, in their order.
    """
    if not 1 <= n <= MAX_N:
        raise InputError(f"The board side must be 1 to {MAX_N} (the kernel takes at most 128 cells), not {n}.")
    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, not {jobs}.")
    if table_bits is not None:  # on Dask the kernels run on the workers: only the range is checked here
        check_table_bits(table_bits, n, jobs, memory=None if dask is None else float("inf"))
    if budget is None:  # the default budget refuses a board it cannot finish; a budget given is run as asked
        budget = DEFAULT_BUDGET
        est = estimate_per_opening(n)
        if est > budget:
            raise InputError(f"Solving the {n}x{n} openings is estimated at {est:.3g} s per opening, over the budget "
                             f"of {budget:g} s per opening; raise --budget-per-opening to try.")
    if not budget > 0:
        raise InputError(f"--budget-per-opening must be a positive number of seconds, not {budget:g}.")
    board = Position(n, n)
    rep = representatives(n)
    tasks = sorted(set(rep.values()))
    if only is not None:
        wanted = {rep[i] for i in _parse_only(n, only)}
        tasks = [t for t in tasks if t in wanted]
    if shards is not None:
        a, b = shards
        if not 0 <= a <= b:
            raise InputError(f"--shards must be A-B with 0 <= A <= B, not {a}-{b}.")
        tasks = tasks[a:b + 1]
    costs = read_costs(order_from, n) if order_from is not None else None
    header = _header(n, tuple(without))
    switches = _switches(tuple(without))
    done: dict[str, dict] = {}
    path = Path(store) if store else None
    if path is not None:
        if path.exists() and not path.is_file():
            raise InputError(f"The store {path} is not a regular file.")
        if resume and path.exists() and not path.stat().st_size:  # nobody's store: --resume must not take it over
            raise InputError(f"The store {path} is an empty file, not a hex-openings store.")
        if path.exists() and path.stat().st_size:
            if not resume:
                raise InputError(f"The store {path} exists; add --resume to continue it, or use another --store path.")
            done = _read_store(path, header, mixed_kernels)
        if not path.exists() or not path.stat().st_size:
            jsonl_store.start(path, header)
    todo = []
    for t in tasks:
        r = done.get(board.name(t))
        if r is None or (r["winner"] == "unknown" and (budget > r.get("budget", 0) or r["kernel"] != header["kernel"]
                                                       or r["switches"] != header["switches"])):
            todo.append(t)
    if costs is not None:
        todo = costliest_first(todo, costs, board)
    if dask and todo:  # refuse before announcing a search on Dask that cannot start
        import importlib.util

        from ...sweep.backends import DASK_HELP

        try:
            missing = importlib.util.find_spec("distributed") is None
        except ValueError:  # set to None in sys.modules: not importable
            missing = True
        if missing:
            raise InputError(DASK_HELP)
    if on_start:
        on_start([board.name(t) for t in todo])
    lock = threading.Lock()
    searched: list[str] = []
    bits = table_bits if table_bits is not None else openings_table_bits(n)
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    queue = list(todo)

    def record(rec: dict) -> None:
        with lock:
            done[rec["cell"]] = rec
            searched.append(rec["cell"])
            if path is not None:
                jsonl_store.append(path, rec)
            if progress:
                progress(rec["cell"], rec)

    sitting = path is not None and bool(todo)  # a sitting that searches is logged in the store
    session = {"session": time.strftime("%Y-%m-%d %H:%M", time.gmtime()), "status": "stopped",
               "commit": (code_commit() or None) if sitting else None, "jobs": jobs, "budget": budget}
    try:
        if dask and todo:
            from ...sweep.backends import Dask

            with Dask(dask, jobs) as backend:
                for rec in backend.run(solve_opening, [(n, i, budget, switches, bits) for i in todo]):
                    record(rec)
            todo = queue = []
        # Each worker thread starts its own kernel: a process started in the main thread runs
        # Python's at-fork hooks there, where a KeyboardInterrupt (Ctrl-C, SIGTERM) is lost.
        gate = _Gate()
        kernels: list[_Kernel] = []
        errors: list = []

        def work():
            try:
                k = _Kernel(bits, gate)
                with lock:
                    kernels.append(k)
                _work(k)
            except Exception as exc:  # a kernel that died (interrupted, or a bug): stop this worker, report it
                errors.append(exc)

        def _work(k):
            _warm(k, n)
            while True:
                with lock:
                    if not queue:
                        return
                    i = queue.pop(0)
                record(_solve_with(k, board, i, budget, switches))

        threads = [threading.Thread(target=work, daemon=True) for _ in range(min(jobs, len(todo)))]
        try:
            with stops_deferred():  # a stop while a thread starts comes after, at the join (see there)
                for t in threads:
                    t.start()
            for t in threads:
                t.join()
        finally:  # interrupted: stop the kernels at once (stored openings stay; --resume continues)
            with lock:
                queue.clear()
            if any(t.is_alive() for t in threads):
                gate.stop()  # kills every kernel started, and none starts after
            with lock:
                started = list(kernels)
            for k in started:
                k.close()
        if errors:
            session["status"] = "error"
            raise errors[0]
        session["status"] = "done"
    finally:  # each sitting that searched is logged in the store: its CPU, wall time and what it decided
        if sitting:
            cpu_end = resource.getrusage(resource.RUSAGE_CHILDREN)
            session.update(openings=len(searched), cpu_s=None if dask else round(
                cpu_end.ru_utime + cpu_end.ru_stime - cpu0.ru_utime - cpu0.ru_stime, 1),
                wall_s=round(time.perf_counter() - t0, 1))
            jsonl_store.append(path, session)
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    openings = {}
    for i in range(board.size):
        r = done.get(board.name(rep[i]))
        if r is None:
            continue
        o = {"winner": r["winner"], "seconds": r["seconds"], "cpu": r.get("cpu"), "nodes": r["nodes"], "from": None,
             "kernel": r["kernel"]}
        if rep[i] != i:
            o = {"winner": r["winner"], "seconds": 0.0, "cpu": 0.0, "nodes": 0, "from": board.name(rep[i]),
                 "kernel": r["kernel"]}
        openings[board.name(i)] = o
    counts = {"B": 0, "W": 0, "unknown": 0, "not run": board.size - len(openings)}
    for o in openings.values():
        counts[o["winner"]] += 1
    return {"n": n, "kernel": header["kernel"], "switches": header["switches"], "store": store,
            "openings": openings, "counts": counts, "searched": searched, "wall_seconds": round(wall, 3),
            # the kernels' CPU on this machine (None with Dask: the tasks ran in the workers)
            "kernel_cpu_seconds": None if dask else round(cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime, 3),
            "budget_per_opening": budget, "jobs": jobs, "without": list(without), "dask": dask}
