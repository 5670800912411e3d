"""The minimal-weak-link search in compiled code, fed straight from geng (LNK §3.1).

``links_kernel.c`` (beside this module; compiled on first use with gcc by
:func:`verify.tables.kernel.compiled`) reads ``geng -c -q n res/mod`` on its standard
input, applies the fourteen sieve conditions of §3.1 exactly as :mod:`.sieve` states
them, and runs an exact minimax solver (bitmask, memoised on the colouring) on every
candidate terminal pair of every kept graph: weak link, then minimality by deleting
each edge.  Shards ``res/mod`` run as separate pipelines, ``jobs`` at a time.

Nothing the kernel says is taken on trust: every link it reports is re-solved here by
:func:`.search.classify_masks` (the Python exact solver; a disagreement is an error)
and put in canonical form by :func:`.search.link_from_game`, one link per isomorphism
class.  So a bug in the C code can only *lose* links; ``tests/test_lnk_kernel.py``
compares the C search with the Python sieved and plain searches (n ≤ 8; n = 9 deep:
the same links) and the C sieve with :mod:`.sieve` graph by graph.

**geng bound.**  For n ≥ 10 geng is run with ``-D(n−4)`` (maximum degree ≤ n − 4):
by Theorem 3 of LNK a minimal weak link of weight w > 5 has
``d_max + min(d_s, d_t) ≤ w − 1`` with a single exception (Fig. 2, weight 7, n = 9), and
``min(d_s, d_t) ≥ 1`` in a connected graph, so ``d_max ≤ w − 2 = n − 4``.  This is
constraint (10) of §3.1 with d_1 ≥ 1, which :mod:`.sieve` does not apply because of
the exception; it is used only where the exception cannot occur (n ≥ 10), and
``bounds=False`` (``--no-bounds``) runs without it (at n = 10 the same 24 links come
out both ways, see ``benchmarks/lnk_search.py``).  No minimum-degree or edge-count
bound of geng follows from the paper's theorems (Lemma 2 allows one pendant; the
edge bounds in §5.1 are observations), so none is used.

**Shared C.**  The kernels (``links_kernel.c``, ``strong_kernel.c``, ``plain_kernel.c``)
share their code through headers beside them: ``lnk_graph6.h`` (bit sets, and the
graph6 reader and line loop of the kernels' shared ``verify/include/graph6.h``), ``lnk_solver.h`` (the exact solver), ``lnk_pairs.h`` (the elementary pair
conditions of :func:`.search.candidate_pairs`), ``lnk_sieve.h`` (the fourteen conditions
of §3.1); the compile cache hashes them with the source.

**Store.**  ``store`` is a JSON-lines file: a header and one line per finished shard (its
counters and raw links), so a long run (n = 11) can be stopped and resumed; a store from
another run is refused.  The header holds what determines the stored answers, and only
that: n, the shard count, geng's options and a hash of ``lnk_sieve.h`` (which graphs
and pairs are solved).  The solver is exact and every link is re-solved in Python, so
a change of the solver, the reader or the kernel's driver code leaves stored shards
valid (``docs/lnk/n11_store.jsonl`` keeps working); a change of the sieve does not.
A store written before the headers existed names the whole kernel source instead
(``kernel``: a hash of ``links_kernel.c``); the one such kernel, whose sieve is
``lnk_sieve.h`` word for word, is accepted as :data:`LEGACY_KERNELS` says.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.1.

Examples
--------
>>> links, stats = c_search(7)                               # doctest: +SKIP
>>> len(links), stats["graphs"], stats["kept"]               # doctest: +SKIP
(5, 853, 10)
>>> geng_options(9), geng_options(10), geng_options(11, bounds=False)
([], ['-D6'], [])
"""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from ... import jsonl_store
from ...errors import InputError, ShannonVerifyError
from ...game import Game
from ...graphs import GENG_HELP, find_geng
from ...sweep.backends import stops_deferred
from ...solve.fast import FastSolver
from .link import Link, classify_masks, link_from_game, parse_graph6_masks
from ...backing import used

__all__ = ["KERNEL", "C_MAX_N", "kernel_exe", "geng_options", "default_mod", "run_shard", "parse_output",
           "c_search", "c_sieve", "recheck", "run_sharded", "file_hash", "geng_pipe"]

KERNEL = Path(__file__).with_name("links_kernel.c")
STRONG_KERNEL = Path(__file__).with_name("strong_kernel.c")  # direct minimal-strong-link search
SIEVE = Path(__file__).with_name("lnk_sieve.h")  # what decides which games links_kernel solves
# stores written before the headers: links_kernel.c hash -> the lnk_sieve.h hash its sieve equals
LEGACY_KERNELS = {"5d62c8b69c7933f4": "c242966f69119abf"}
C_MAX_N = 11  # the kernel's solver handles play areas up to 11 vertices; n = 12 would be ~10^11 graphs
NCOND = 14


def kernel_exe(required: bool = True, source: Path = KERNEL) -> Path | None:
    """The compiled kernel; None (or an InputError when ``required``) without a C compiler."""
    from ...tables.kernel import compiled

    exe = compiled(source)
    if exe is None and required:
        raise InputError("The C engine needs gcc (or $SHANNON_VERIFY_CC); use --engine python.")
    return exe


def geng_options(n: int, bounds: bool = True) -> list[str]:
    """geng options justified by a theorem of the paper (see the module docstring)."""
    return [f"-D{n - 4}"] if bounds and n >= 10 else []


def default_mod(n: int, jobs: int) -> int:
    """Number of geng shards: one per job up to n = 10, 256 at n = 11 (resumable steps).

    >>> default_mod(8, 2), default_mod(10, 2), default_mod(11, 2)
    (2, 2, 256)
    """
    return max(1, jobs) if n <= 10 else 256


def _geng_cmd(n: int, res: int, mod: int, bounds: bool) -> list[str]:
    geng = find_geng()
    if geng is None:
        raise ShannonVerifyError(GENG_HELP)
    return [geng, "-c", "-q", *geng_options(n, bounds), str(n)] + ([f"{res}/{mod}"] if mod > 1 else [])


def parse_output(text: str) -> tuple[list[tuple[str, int, int]], dict]:
    """Raw links ``(graph6, s, t)`` and counters from a kernel's output: ``graphs``,
    ``kept``, ``games``, ``raw_links``, and ``rejected`` per sieve condition
    (links_kernel) or ``wins`` (plain_kernel: links of the kind, minimal or not).

    >>> parse_output("L BW 0 1\\nS 2 1 1 1" + " 0" * 14 + "\\n")[1]["kept"]
    1
    >>> parse_output("S 9 3 4 1 2\\n")[1]["wins"]
    2
    """
    links, stats = [], None
    for line in text.splitlines():
        f = line.split()
        if f and f[0] == "L":
            links.append((f[1], int(f[2]), int(f[3])))
        elif f and f[0] == "S":
            v = [int(x) for x in f[1:]]
            stats = {"graphs": v[0], "kept": v[1], "games": v[2], "raw_links": v[3]}
            if len(v) == 4 + NCOND:
                stats["rejected"] = {k: v[3 + k] for k in range(1, NCOND + 1)}
            elif len(v) == 5:
                stats["wins"] = v[4]
    if stats is None:
        raise ShannonVerifyError("The link kernel stopped without its summary line.")
    return links, stats


def _reap(proc: subprocess.Popen) -> float:
    """Wait for ``proc``; its CPU seconds (user + system)."""
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime


_LIVE: set = set()  # the geng and kernel processes of the pipelines under way (killed on an interrupt)
_SPAWN = threading.Lock()  # a process is started and entered in _LIVE at once, or not at all once stopping
_STOPPING = threading.Event()  # set by kill_pipelines: no pipeline starts until the stopped run's threads end


def kill_pipelines() -> None:
    """Kill every geng and kernel process of the pipelines under way (a run is stopping),
    and start no other: a shard of two pipelines (the class search) killed between them
    would otherwise start its second one, and the stop wait for it."""
    with _SPAWN:
        _STOPPING.set()
        procs = list(_LIVE)
    for proc in procs:
        try:
            proc.kill()
        except OSError:  # already gone
            pass


def _spawn(cmd: list[str], **kwargs) -> subprocess.Popen:
    """``Popen(cmd)``, entered in the processes a stop kills and dying with this process
    (:func:`_die_with`); refused once the run is stopping."""
    with _SPAWN:
        if _STOPPING.is_set():
            raise ShannonVerifyError("The run is stopping; no new shard process is started.")
        if DEBUG_BITS and "env" not in kwargs:  # a mutant's planted bug: this child only, never os.environ
            kwargs["env"] = {**os.environ, "SHANNON_VERIFY_LNK_DEBUG": str(DEBUG_BITS)}
        proc = subprocess.Popen(cmd, preexec_fn=functools.partial(_die_with, os.getpid()), **kwargs)
        _LIVE.add(proc)
    return proc


def _prctl():
    """libc's ``prctl`` (Linux), looked up here, before any fork; None elsewhere."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return None


_PRCTL = _prctl()


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the forked child
    """Linux: the kernel kills this geng or kernel process when the thread that started it
    dies, even by SIGKILL of the run (``prctl(PR_SET_PDEATHSIG, SIGKILL)``); a parent
    already gone before the call ends the child at once.  Elsewhere nothing."""
    if _PRCTL is not None:
        _PRCTL(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG = 1, SIGKILL = 9
        if os.getppid() != parent:
            os._exit(1)


def geng_pipe(geng_cmd: list[str], kernel_cmd: list[str], name: str) -> tuple[str, float, float]:
    """``geng_cmd | kernel_cmd``: the kernel's output, geng's CPU and the kernel's CPU
    seconds; a failure of either is one sentence (``name`` names the kernel).  Both die
    with the run, even when it is killed by SIGKILL (Linux), so no pipeline outlives it."""
    gen = _spawn(geng_cmd, stdout=subprocess.PIPE)
    assert gen.stdout is not None
    try:
        ker = _spawn(kernel_cmd, stdin=gen.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except BaseException:
        gen.kill()
        _reap(gen)
        _LIVE.discard(gen)
        raise
    finally:
        gen.stdout.close()
    assert ker.stdout is not None and ker.stderr is not None
    try:
        out = ker.stdout.read()  # the kernel writes a little to stderr only when it stops
        err = ker.stderr.read()
        ker.stdout.close()
        ker.stderr.close()
        kernel_cpu = _reap(ker)
        geng_cpu = _reap(gen)
    finally:
        _LIVE.discard(ker)
        _LIVE.discard(gen)
    if ker.returncode:
        raise ShannonVerifyError(f"{name} failed: {err.strip() or ker.returncode}")
    if gen.returncode:
        raise ShannonVerifyError(f"geng exited with status {gen.returncode}.")
    return out, geng_cpu, kernel_cpu


def run_shard(n: int, res: int = 0, mod: int = 1, *, bounds: bool = True, sieve_only: bool = False,
              timing: dict | None = None, source: Path = KERNEL, args: Iterable[str] = ()) -> tuple[str, float]:
    """``geng -c -q [bound] n res/mod | kernel [args]``: its output and wall seconds.

    ``timing``, when given, receives the CPU seconds of geng (``geng_cpu``) and of the
    kernel (``kernel_cpu``).
    """
    used("lnk-kernel")
    exe = kernel_exe(source=source)
    start = time.perf_counter()
    out, geng_cpu, kernel_cpu = geng_pipe(_geng_cmd(n, res, mod, bounds),
                                          [str(exe), *args] + (["-s"] if sieve_only else []), source.stem)
    if timing is not None:
        timing.update(geng_cpu=round(geng_cpu, 3), kernel_cpu=round(kernel_cpu, 3))
    return out, time.perf_counter() - start


DEBUG_BITS = 0
"""Mutation testing only: bits of ``lnk_solver.h``'s ``$SHANNON_VERIFY_LNK_DEBUG`` that plant
a known bug in the kernels (``1``: every link reported minimal); 0 in every real run.  Given
to each kernel process started while it is set (:func:`_spawn`), never to ``os.environ``,
so a mutant's bug cannot leak into another thread's or a later run's kernels."""


def _add(total: dict, stats: dict) -> None:
    for k in ("graphs", "kept", "games", "raw_links", "wins"):
        if k in stats:
            total[k] = total.get(k, 0) + stats[k]
    if "rejected" in stats:
        rej = total.setdefault("rejected", {k: 0 for k in range(1, NCOND + 1)})
        for k, v in stats["rejected"].items():
            rej[int(k)] += v


def file_hash(path: Path) -> str:
    """First 16 hex digits of the SHA-256 of a file (what store headers record)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _header(n: int, mod: int, bounds: bool) -> dict:
    return {"store": "lnk-links", "n": n, "mod": mod, "geng": geng_options(n, bounds), "sieve": file_hash(SIEVE)}


def _same_run(head: dict, header: dict) -> bool:
    if head == header:
        return True
    if "kernel" in head and "sieve" in header:  # a store from before the headers
        old = {k: v for k, v in head.items() if k != "kernel"}
        new = {k: v for k, v in header.items() if k != "sieve"}
        return old == new and LEGACY_KERNELS.get(head["kernel"]) == header["sieve"]
    return False


def _open_store(path: Path, header: dict, resume: bool) -> dict[int, dict]:
    """Finished shards of the store (res -> record); writes the header of a new store."""
    if path.exists() and not path.is_file():
        raise InputError(f"The store {path} is not a regular file.")
    if path.exists() and (path.stat().st_size or resume):
        if not resume:
            raise InputError(f"The store {path} exists; pass --resume to continue it.")
        if not path.stat().st_size:  # an empty file is nobody's store: --resume must not take it over
            raise InputError(f"The store {path} is an empty file, not a {header['store']} store.")
        records = jsonl_store.read_records(path)
        head = records[0] if records else None
        if not isinstance(head, dict) or head.get("store") != header["store"]:
            raise InputError(f"The store {path} is not a {header['store']} store.")
        if not _same_run(head, header):
            diff = ", ".join(f"{k} {head.get(k)}" for k in sorted(set(head) | set(header))
                             if k != "store" and head.get(k) != header.get(k))
            raise InputError(f"The store {path} belongs to another run ({diff}).")
        return {rec["res"]: rec for rec in records[1:]}
    jsonl_store.start(path, header)
    return {}


def run_sharded(
    shard: Callable[[int], tuple[str, float, dict]],
    *,
    mod: int,
    residues: Iterable[int] | None,
    jobs: int,
    store: str | Path | None,
    resume: bool,
    header: dict,
    on_shard: Callable[[int, dict, float, int, int], None] | None = None,
) -> dict[int, dict]:
    """Run ``shard(res) -> (kernel output, wall seconds, timing)`` for every wanted shard
    not yet in ``store``, ``jobs`` at a time; every finished shard's record (res ->
    ``{"res", "seconds", geng_cpu, kernel_cpu, "stats", "links"}``), stored ones included.
    """
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")
    if mod < 1:
        raise InputError("--mod must be at least 1.")
    wanted = sorted(set(range(mod) if residues is None else residues))
    if any(not 0 <= r < mod for r in wanted):
        raise InputError(f"Shard numbers must lie in 0..{mod - 1}.")
    done: dict[int, dict] = {}
    path = Path(store) if store else None
    if path is not None:
        done = _open_store(path, header, resume)
    todo = [r for r in wanted if r not in done]

    def record(r: int, out: str, secs: float, timing: dict) -> dict:
        raw, stats = parse_output(out)
        rec = {"res": r, "seconds": round(secs, 3), **timing, "stats": stats, "links": [list(x) for x in raw]}
        if path is not None:
            jsonl_store.append(path, rec)
        return rec

    used("lnk-kernel")  # shards run in threads of their own, or came from a store the kernel wrote
    from ...sweep.backends import interrupt_on_term

    try:
        with interrupt_on_term(), ThreadPoolExecutor(max_workers=jobs) as pool:  # SIGTERM stops it as Ctrl-C does
            with stops_deferred():  # a stop while the pool starts its threads comes after
                futures = {pool.submit(shard, r): r for r in todo}
            try:
                for fut in as_completed(futures):
                    r = futures[fut]
                    out, secs, timing = fut.result()
                    done[r] = record(r, out, secs, timing)
                    if on_shard is not None:
                        on_shard(r, done[r]["stats"], secs, len(done), mod)
            except BaseException:
                for fut in futures:
                    fut.cancel()
                kill_pipelines()  # the shards under way end now; the finished ones are stored
                if path is not None:
                    import sys

                    if sys.exc_info()[0] is KeyboardInterrupt:
                        raise KeyboardInterrupt(f"{len(done)} of {len(wanted)} shards are stored in {path}; continue "
                                                "with the same command and --resume") from None
                raise
    finally:  # the pool's threads have ended: pipelines may start again (another run)
        _STOPPING.clear()
    return done


def summarise(done: dict[int, dict], mod: int) -> tuple[dict, list[tuple[str, int, int]]]:
    """Counters summed over the finished shards, and their raw links."""
    total: dict = {"graphs": 0, "kept": 0, "games": 0, "raw_links": 0}
    raw: list[tuple[str, int, int]] = []
    for r in sorted(done):
        _add(total, done[r]["stats"])
        raw += [tuple(x) for x in done[r]["links"]]
    total.update(shards_done=len(done), mod=mod, complete=len(done) == mod,
                 shard_seconds=round(sum(d["seconds"] for d in done.values()), 3),
                 geng_cpu=round(sum(d.get("geng_cpu", 0) for d in done.values()), 3),
                 kernel_cpu=round(sum(d.get("kernel_cpu", 0) for d in done.values()), 3))
    return total, raw


def recheck(raw: Iterable[tuple[str, int, int]], solver: FastSolver | None = None, strong: bool = False) -> list[Link]:
    """Re-solve every raw kernel link in Python (:func:`.search.classify_masks`) and keep
    one canonical :class:`.search.Link` per isomorphism class, sorted.  A raw link that
    the Python solver does not confirm raises :class:`~verify.errors.ShannonVerifyError`.
    """
    solver = solver or FastSolver()
    found: dict[tuple, Link] = {}
    for g6, s, t in sorted(set(raw)):
        n, adj = parse_graph6_masks(g6)
        kind = "strong" if strong else "weak"
        if classify_masks(solver, adj, s, t, strong) != kind:
            raise ShannonVerifyError(f"The C kernel reports {g6} (terminals {s}, {t}) as a minimal {kind} link; "
                                     "the Python solver disagrees.")
        link = link_from_game(Game._from_masks(tuple(range(n)), adj, (s, t)), kind, solver)
        found[link.key] = link
    return [found[k] for k in sorted(found)]


def c_search(
    n: int,
    *,
    jobs: int = 2,
    mod: int | None = None,
    residues: Iterable[int] | None = None,
    bounds: bool = True,
    store: str | Path | None = None,
    resume: bool = False,
    on_shard: Callable[[int, dict, float, int, int], None] | None = None,
) -> tuple[list[Link], dict]:
    """Minimal weak links on ``n`` vertices by the compiled sieve + solver, re-checked in Python.

    Returns ``(links, stats)``: ``stats`` holds the kernel's counters summed over the shards
    run (``graphs``, ``kept``, ``games``, ``raw_links``, ``rejected`` per condition),
    ``shards_done`` of ``mod``, ``complete`` (every shard done), ``seconds`` (wall, this
    call), ``shard_seconds`` (sum of shard wall times, stored ones included), ``geng_cpu`` and
    ``kernel_cpu`` (CPU seconds of geng and of the kernel, summed over the shards) and ``geng``.
    ``on_shard(res, stats, seconds, done, mod)`` is called after each finished shard.
    """
    if not 2 <= n <= C_MAX_N:
        raise InputError(f"The C engine supports 2 ≤ n ≤ {C_MAX_N}; got n = {n}.")
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")
    mod = mod or default_mod(n, jobs)
    kernel_exe()
    start = time.perf_counter()

    def one(r: int) -> tuple[str, float, dict]:
        timing: dict = {}
        out, secs = run_shard(n, r, mod, bounds=bounds, timing=timing)
        return out, secs, timing

    done = run_sharded(one, mod=mod, residues=residues, jobs=jobs, store=store, resume=resume,
                       header=_header(n, mod, bounds), on_shard=on_shard)
    total, raw = summarise(done, mod)
    total.setdefault("rejected", {k: 0 for k in range(1, NCOND + 1)})
    links = recheck(raw)
    total.update(links=len(links), seconds=round(time.perf_counter() - start, 3), geng=geng_options(n, bounds))
    return links, total


def c_sieve(n: int, *, bounds: bool = False) -> dict[str, list[tuple[int, int]]]:
    """Graphs kept by the C sieve (graph6 -> candidate pairs), one pipeline, no solving.

    >>> c_sieve(5)                                              # doctest: +SKIP
    {'DEw': [(2, 3)]}
    """
    if not 2 <= n <= C_MAX_N:
        raise InputError(f"The C engine supports 2 ≤ n ≤ {C_MAX_N}; got n = {n}.")
    out, _ = run_shard(n, bounds=bounds, sieve_only=True)
    kept = {}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "K":
            kept[f[1]] = [tuple(int(x) for x in p.split(":")) for p in f[2:]]
    return kept


def c_strong_search(n: int, *, jobs: int = 2, mod: int | None = None) -> tuple[list[Link], dict]:
    """Minimal strong links on ``n`` vertices by the direct compiled search
    (``strong_kernel.c``: every connected graph, the elementary pair conditions of
    :func:`.search.candidate_pairs`, the exact solver), each re-solved in Python.  The
    second way to Table 3 beside :func:`.search.derived_strong_links`; no geng bound.
    """
    if not 2 <= n <= 10:
        raise InputError(f"The direct strong search supports 2 ≤ n ≤ 10; got n = {n}.")
    mod = mod or max(1, jobs)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        with stops_deferred():  # a stop while the pool starts its threads comes after
            outs = pool.map(lambda r: run_shard(n, r, mod, bounds=False, source=STRONG_KERNEL)[0], range(mod))
        outs = list(outs)
    total = {"graphs": 0, "kept": 0, "games": 0, "raw_links": 0}
    raw: list[tuple[str, int, int]] = []
    for out in outs:
        links, st = parse_output(out)
        raw += links
        for k in total:
            total[k] += st[k]
    links = recheck(raw, strong=True)
    total.update(links=len(links), seconds=round(time.perf_counter() - start, 3))
    return links, total
