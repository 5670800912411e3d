"""The plain link searches: no sieve, no theorem of the paper, no geng bound (LNK §3).

The weak-link search of :mod:`.kernel` (and the paper's) keeps only the graphs that
pass the fourteen conditions of §3.1 and, from n = 10, only graphs of maximum degree
≤ n − 4 (Theorem 3).  Both rest on the paper under test.  The searches here use
neither:

:func:`plain_search` (C, ``plain_kernel.c``)
    every connected graph from ``geng -c n res/mod`` (no ``-D``), every terminal pair
    ``s < t`` (not reduced up to automorphism) except those excluded by the elementary
    conditions of :func:`.search.candidate_pairs` (proved there from the rules of the
    game: adjacent terminals, a common neighbour, an edge inside a border, a
    non-terminal pendant, two pendant terminals; ``all_pairs=True``: none excluded), and
    the exact solver of ``lnk_solver.h`` on each: link of the kind, then every single-edge
    deletion.  Weak (default) or strong links.  Sharded and resumable like
    :func:`.kernel.c_search` (store kind ``lnk-plain``; its header records n, the shard
    count, the kind and a hash of ``lnk_pairs.h``, what decides which pairs are solved:
    the solver is exact, so a change of it leaves a store valid);
    every link re-solved in Python and put in canonical form (:func:`.kernel.recheck`).
:func:`independent_search` (Python, :mod:`.independent`)
    the same graphs and the same candidate pairs (selected again, in Python), each
    decided by the second solver, which shares no code with the C solver or with
    :class:`verify.solve.fast.FastSolver`.  Its shards print what the C kernel prints, so
    the two runs are compared counter by counter (graphs, graphs with a candidate,
    pairs, links of the kind, minimal links) and link by link.  Its stores record the
    hash of the source of :func:`.independent.candidates` instead of ``lnk_pairs.h``.

:func:`compare` sets two link lists side by side by canonical key.

Measured (``docs/lnk/plain.md``): n = 10, 11,716,571 graphs, 1,359,881 pairs, the 24
links of the sieved run; n = 11, all 1,006,700,565 connected graphs, 71,711,008 pairs,
2,483 CPU s, the 953 links of the sieved run (``docs/lnk/n11_plain_store.jsonl``); the
second solver on every candidate of n = 10, weak and strong: the same counters and links.

Examples
--------
>>> links, st = plain_search(7, jobs=1)                     # doctest: +SKIP
>>> len(links), st["graphs"], st["games"]                   # doctest: +SKIP
(5, 853, ...)
>>> plain_mod(9, 2), plain_mod(10, 2), plain_mod(11, 1)
(2, 16, 256)
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ...errors import InputError, ShannonVerifyError
from .kernel import _LIVE, C_MAX_N, _die_with, _geng_cmd, _reap, _spawn, file_hash, kernel_exe, recheck, run_shard, run_sharded, summarise
from .link import Link

__all__ = ["PLAIN_KERNEL", "plain_mod", "plain_header", "plain_search", "independent_shard", "independent_search",
           "compare", "sieved_reference"]

PLAIN_KERNEL = Path(__file__).with_name("plain_kernel.c")
PAIRS = Path(__file__).with_name("lnk_pairs.h")  # what decides which pairs the plain kernel solves


def plain_mod(n: int, jobs: int) -> int:
    """Default shard count: one per job to n = 9, 16 at n = 10, 256 at n = 11."""
    return max(1, jobs) if n <= 9 else 16 if n == 10 else 256


def plain_header(n: int, mod: int, strong: bool, all_pairs: bool, solver: str = "c") -> dict:
    """What determines a plain store's answers.

    >>> plain_header(11, 256, False, True)
    {'store': 'lnk-plain', 'n': 11, 'mod': 256, 'kind': 'weak', 'pairs': 'all', 'geng': [], 'solver': 'c'}
    """
    pairs = "all" if all_pairs else f"lnk_pairs.h {file_hash(PAIRS)}"
    head = {"store": "lnk-plain", "n": n, "mod": mod, "kind": "strong" if strong else "weak", "pairs": pairs,
            "geng": [], "solver": solver}
    if solver == "independent":  # the Python run selects its pairs with independent.candidates
        head["pairs"] = "all" if all_pairs else f"independent.candidates {_source_hash()}"
    return head


def _source_hash() -> str:
    """Hash of the source of :func:`.independent.candidates` (which pairs the second
    solver decides; the solver itself is exact, so its code is not part of the key)."""
    import hashlib
    import inspect

    from .independent import candidates

    return hashlib.sha256(inspect.getsource(candidates).encode()).hexdigest()[:16]


def _check(n: int, jobs: int) -> None:
    if not 2 <= n <= C_MAX_N:
        raise InputError(f"The plain search supports 2 ≤ n ≤ {C_MAX_N}; got n = {n}.")
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")


def plain_search(
    n: int,
    *,
    strong: bool = False,
    all_pairs: bool = False,
    jobs: int = 2,
    mod: int | None = None,
    residues: Iterable[int] | None = None,
    store: str | Path | None = None,
    resume: bool = False,
    on_shard: Callable[[int, dict, float, int, int], None] | None = None,
) -> tuple[list[Link], dict]:
    """Minimal weak (strong) links on ``n`` vertices by the plain compiled search.

    Returns ``(links, stats)`` as :func:`.kernel.c_search` does, with ``wins`` (pairs that
    are links of the kind, minimal or not) instead of sieve rejections; ``kept`` counts
    graphs with at least one candidate pair, ``games`` the pairs solved.
    """
    _check(n, jobs)
    mod = mod or plain_mod(n, jobs)
    kernel_exe(source=PLAIN_KERNEL)
    args = (["-S"] if strong else []) + (["-a"] if all_pairs else [])
    start = time.perf_counter()

    def one(r: int) -> tuple[str, float, dict]:
        timing: dict = {}
        out, secs = run_shard(n, r, mod, bounds=False, timing=timing, source=PLAIN_KERNEL, args=args)
        return out, secs, timing

    done = run_sharded(one, mod=mod, residues=residues, jobs=jobs, store=store, resume=resume,
                       header=plain_header(n, mod, strong, all_pairs), on_shard=on_shard)
    total, raw = summarise(done, mod)
    links = recheck(raw, strong=strong)
    total.update(links=len(links), seconds=round(time.perf_counter() - start, 3), geng=[])
    return links, total


# ------------------------------------------------------------ the second solver
def _geng(n: int, res: int, mod: int) -> Iterator[str]:
    with subprocess.Popen(_geng_cmd(n, res, mod, False), stdout=subprocess.PIPE, text=True,
                          preexec_fn=functools.partial(_die_with, os.getpid())) as proc:  # dies with this shard
        assert proc.stdout is not None
        for line in proc.stdout:
            yield line
    if proc.returncode:
        raise ShannonVerifyError(f"geng exited with status {proc.returncode}.")


def independent_shard(n: int, res: int, mod: int, strong: bool = False, all_pairs: bool = False) -> str:
    """Decide every candidate pair of geng's shard ``res/mod`` with :mod:`.independent`;
    the output in the plain kernel's format (``L`` lines, then ``S graphs kept games
    links wins``)."""
    from .independent import candidates, decide, decode_graph6

    graphs = kept = games = minimal = wins = 0
    out = []
    for line in _geng(n, res, mod):
        g6 = line.strip()
        if not g6:
            continue
        graphs += 1
        m, rows = decode_graph6(g6)
        pairs = [(s, t) for s in range(m) for t in range(s + 1, m)] if all_pairs else candidates(m, rows, strong)
        kept += bool(pairs)
        for s, t in pairs:
            games += 1
            verdict = decide(rows, s, t, strong)
            wins += verdict != "none"
            if verdict == "minimal":
                minimal += 1
                out.append(f"L {g6} {s} {t}")
    out.append(f"S {graphs} {kept} {games} {minimal} {wins}")
    return "\n".join(out) + "\n"


def _independent_subprocess(n: int, res: int, mod: int, strong: bool, all_pairs: bool) -> tuple[str, float, dict]:
    cmd = [sys.executable, "-m", "verify.papers.lnk.plain", "independent", str(n), str(res), str(mod)]
    cmd += (["-S"] if strong else []) + (["-a"] if all_pairs else [])
    start = time.perf_counter()
    # a shard dies with its run, even by SIGKILL, and is killed at once when the run is stopped
    proc = _spawn(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    try:
        out = proc.stdout.read()  # the shard writes to stderr only when it fails
        err = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
        cpu = _reap(proc)
    finally:
        _LIVE.discard(proc)
    if proc.returncode:
        raise ShannonVerifyError(f"independent shard {res}/{mod} failed: {err.strip()[-300:]}")
    return out, time.perf_counter() - start, {"kernel_cpu": round(cpu, 3)}


def independent_search(
    n: int,
    *,
    strong: bool = False,
    all_pairs: bool = False,
    jobs: int = 1,
    mod: int | None = None,
    residues: Iterable[int] | None = None,
    store: str | Path | None = None,
    resume: bool = False,
    on_shard: Callable[[int, dict, float, int, int], None] | None = None,
) -> tuple[list[tuple], dict]:
    """The plain search with the second solver: canonical keys of the minimal links
    found (sorted) and the counters of :func:`plain_search`.  With ``jobs > 1`` each
    shard runs in its own Python process; with one job, in this one.
    """
    from ...game import Game
    from ...graphs import canonical_game
    from .independent import decode_graph6

    _check(n, jobs)
    mod = mod or plain_mod(n, jobs)
    start = time.perf_counter()

    def one(r: int) -> tuple[str, float, dict]:
        if jobs > 1:
            return _independent_subprocess(n, r, mod, strong, all_pairs)
        w, c = time.perf_counter(), time.process_time()
        out = independent_shard(n, r, mod, strong, all_pairs)
        return out, time.perf_counter() - w, {"kernel_cpu": round(time.process_time() - c, 3)}

    done = run_sharded(one, mod=mod, residues=residues, jobs=jobs, store=store, resume=resume,
                       header=plain_header(n, mod, strong, all_pairs, solver="independent"), on_shard=on_shard)
    total, raw = summarise(done, mod)
    keys = set()
    for g6, s, t in raw:
        m, rows = decode_graph6(g6)
        edges = [(i, j) for i in range(m) for j in range(i + 1, m) if rows[i] >> j & 1]
        cg, cg6 = canonical_game(Game(range(m), edges, (s, t)))
        keys.add((cg.n, cg.m, cg6, tuple(cg.terminals)))
    total.update(links=len(keys), seconds=round(time.perf_counter() - start, 3))
    return sorted(keys), total


# ------------------------------------------------------------ comparisons
def _key(x) -> tuple:
    return x.key if isinstance(x, Link) else tuple(x)


def compare(a: Iterable, b: Iterable) -> dict:
    """Two link lists (links or canonical keys) side by side: ``agree``, the sizes and the
    keys found by only one of them.

    >>> compare([(3, 2, "Bo", (1, 2))], [(3, 2, "Bo", (1, 2))])["agree"]
    True
    """
    ka, kb = {_key(x) for x in a}, {_key(x) for x in b}
    return {"agree": ka == kb, "a": len(ka), "b": len(kb), "only_a": sorted(ka - kb), "only_b": sorted(kb - ka)}


def sieved_reference(n: int, strong: bool = False, jobs: int = 2) -> tuple[list[Link], str]:
    """The links of the other searches to compare with: weak n ≤ 10, the sieved C run
    (:func:`.kernel.c_search`, geng ``-D(n−4)`` at n = 10 as in the README); weak n = 11,
    the stored run ``docs/lnk/n11_store.jsonl``; strong, the direct C search."""
    from .kernel import c_search, c_strong_search

    if strong:
        return c_strong_search(n, jobs=jobs)[0], "direct C strong search (strong_kernel.c)"
    if n == 11:
        from .search import N11_STORE

        links, st = c_search(11, mod=256, store=N11_STORE, resume=True, jobs=1)
        if not st["complete"]:
            raise ShannonVerifyError(f"The stored n = 11 run {N11_STORE} is incomplete.")
        return links, f"stored sieved run {N11_STORE.name} (geng -D7)"
    links, st = c_search(n, jobs=jobs)
    return links, f"sieved C run (geng -c {' '.join(st['geng'])})".replace(" )", ")")


def _main(argv: list[str]) -> int:
    """``python -m verify.papers.lnk.plain independent N RES MOD [-S] [-a]``: one shard of
    the second solver's search, printed in the plain kernel's format."""
    if len(argv) < 4 or argv[0] != "independent":
        print("usage: python -m verify.papers.lnk.plain independent N RES MOD [-S] [-a]", file=sys.stderr)
        return 2
    n, res, mod = (int(x) for x in argv[1:4])
    sys.stdout.write(independent_shard(n, res, mod, "-S" in argv[4:], "-a" in argv[4:]))
    return 0


if __name__ == "__main__":  # pragma: no cover - run by independent_search(jobs > 1)
    raise SystemExit(_main(sys.argv[1:]))
