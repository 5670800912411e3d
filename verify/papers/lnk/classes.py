"""Minimal links of bounded maximum degree, far past n = 11 (LNK §5.1, conjecture C2).

Steane conjectures that *no weak link of weight 15 has d_max = 3* (§5.1).  Connected
graphs of maximum degree ≤ 3 are few (``geng -c -d2 -D3 17``: 3.4 M), so the question
is settled by an exhaustive search over them, which :func:`class_search` runs:

* ``geng -c -d2 -DD n res/mod | class_kernel``: every graph whose degrees are all 2..D,
  every terminal pair;
* ``geng -c -d2 -DD (n−1) res/mod | class_kernel -p D`` (weak links only): each such
  graph with a pendant terminal joined to a vertex of degree < D.

By rules R3, R5 and R8 of :mod:`.rules` the two hold every graph that can carry a
minimal weak link of maximum degree ≤ D on n ≥ 4 vertices (strong links: the first
alone).  A pair is solved unless rules R1–R7 exclude it, each proved from the rules of
the game (:func:`.search.candidate_pairs`, :mod:`.rules`); no theorem of the paper is
used.  The exact solver of ``lnk_solver.h`` decides each pair (link of the kind, then
every single-edge deletion); every link found is re-solved by
:class:`verify.solve.fast.FastSolver` (:func:`.kernel.recheck`) and re-decided by the
second solver (:mod:`.independent`), which shares no code with either.

Shards and store as for the other link searches (:func:`.kernel.run_sharded`): the
store's header records n, the shard count, the kind, the class (``maxdeg=D``) and the
hashes of ``lnk_pairs.h`` and ``lnk_rules.h`` (which pairs are solved), so a store of
another class or rule set is refused on ``--resume``.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §5.1.

Examples
--------
>>> class_mod(13, 2), class_mod(17, 2)
(2, 512)
>>> class_header(9, 3, 2, strong=False, all_pairs=True)["class"]
'maxdeg=3'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ...errors import InputError, ShannonVerifyError
from .kernel import file_hash, geng_pipe, kernel_exe, recheck, run_sharded, summarise
from .link import Link

__all__ = ["CLASS_KERNEL", "CLASS_MAX_N", "class_mod", "class_header", "class_shard", "class_search",
           "second_solver", "link_row", "unpruned_search", "store_path", "DEFAULT_STORE", "class_links", "stored_shards", "canonical_links", "stored_links", "c2_rows", "c2_markdown"]

CLASS_KERNEL = Path(__file__).with_name("class_kernel.c")
PAIRS = Path(__file__).with_name("lnk_pairs.h")
RULES = Path(__file__).with_name("lnk_rules.h")
CLASS_MAX_N = 17  # MAXN of class_kernel.c
DEFAULT_STORE = Path(__file__).resolve().parents[3] / "docs" / "lnk" / "maxdeg3"  # the C2 run (ci/lnk_c2_run.py)


def class_mod(n: int, jobs: int) -> int:
    """Default shard count: one per job to n = 13, then 8, 32, 128, 512 at n = 14..17."""
    return max(1, jobs) if n <= 13 else 8 * 4 ** (n - 14)


def class_header(n: int, max_degree: int, mod: int, *, strong: bool, all_pairs: bool) -> dict:
    """What determines a class store's answers (the solver is exact: its code is not part)."""
    pairs = "all" if all_pairs else f"lnk_pairs.h {file_hash(PAIRS)} lnk_rules.h {file_hash(RULES)}"
    return {"store": "lnk-class", "n": n, "mod": mod, "kind": "strong" if strong else "weak",
            "class": f"maxdeg={max_degree}", "pairs": pairs,
            "geng": [f"-d2 -D{max_degree} {n}"] + ([] if strong else [f"-d2 -D{max_degree} {n - 1} +pendant"])}


def _check(n: int, max_degree: int, jobs: int) -> None:
    if not 4 <= n <= CLASS_MAX_N:
        raise InputError(f"The class search supports 4 ≤ n ≤ {CLASS_MAX_N}; got n = {n}.")
    if not 2 <= max_degree <= n - 1:
        raise InputError(f"--max-degree must lie in 2..{n - 1} for n = {n}; got {max_degree}.")
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")


def _pipe(geng_args: list[str], kernel_args: list[str], source: Path = CLASS_KERNEL) -> tuple[str, float, float]:
    """``geng -c -q geng_args | <kernel of source> kernel_args``: output, geng CPU, kernel CPU."""
    from ...graphs import GENG_HELP, find_geng

    geng = find_geng()
    if geng is None:
        raise ShannonVerifyError(GENG_HELP)
    exe = kernel_exe(source=source)
    return geng_pipe([geng, "-c", "-q", *geng_args], [str(exe), *kernel_args], source.stem)


def class_shard(n: int, max_degree: int, res: int, mod: int, *, strong: bool = False,
                all_pairs: bool = False) -> tuple[str, float, dict]:
    """One shard of both inputs: the combined output (``L`` lines and one ``S`` line
    ``graphs kept games links wins``), wall seconds, and CPU and rule counters."""
    start = time.perf_counter()
    split = [f"{res}/{mod}"] if mod > 1 else []
    base = (["-S"] if strong else []) + (["-a"] if all_pairs else [])
    runs = [([f"-d2", f"-D{max_degree}", str(n), *split], base)]
    if not strong:
        runs.append(([f"-d2", f"-D{max_degree}", str(n - 1), *split], base + ["-p", str(max_degree)]))
    lines: list[str] = []
    total = [0] * 8
    geng_cpu = kernel_cpu = 0.0
    for geng_args, kernel_args in runs:
        out, g, k = _pipe(geng_args, kernel_args)
        geng_cpu += g
        kernel_cpu += k
        for line in out.splitlines():
            if line.startswith("L "):
                lines.append(line)
            elif line.startswith("S "):
                total = [a + int(b) for a, b in zip(total, line.split()[1:])]
    lines.append("S " + " ".join(map(str, total[:5])))
    timing = {"geng_cpu": round(geng_cpu, 3), "kernel_cpu": round(kernel_cpu, 3),
              "rejected": {"R1-R5": total[5], "R7": total[6], "R6": total[7]}}
    return "\n".join(lines) + "\n", time.perf_counter() - start, timing


def second_solver(raw: Iterable[tuple[str, int, int]], strong: bool = False) -> int:
    """Re-decide every raw link with :mod:`.independent`; the number decided.  A link
    the second solver does not find minimal raises :class:`ShannonVerifyError`."""
    from .independent import decide, decode_graph6

    count = 0
    for g6, s, t in sorted(set(raw)):
        if decide(decode_graph6(g6)[1], s, t, strong) != "minimal":
            raise ShannonVerifyError(f"The second solver does not find {g6} (terminals {s}, {t}) a minimal "
                                     f"{'strong' if strong else 'weak'} link.")
        count += 1
    return count


def class_search(
    n: int,
    max_degree: int,
    *,
    strong: bool = False,
    all_pairs: bool = False,
    jobs: int = 2,
    mod: int | None = None,
    residues: Iterable[int] | None = None,
    store: str | Path | None = None,
    resume: bool = False,
    independent: bool = True,
    verify_links: bool = True,
    on_shard: Callable[[int, dict, float, int, int], None] | None = None,
) -> tuple[list[Link], dict]:
    """Every minimal weak (strong) link on ``n`` vertices of maximum degree ≤ ``max_degree``.

    Returns ``(links, stats)`` as :func:`.plain.plain_search` does, with ``rejected``
    (pairs excluded by R1–R5, R6, R7) and ``second_solver`` (links re-decided by
    :mod:`.independent`; 0 with ``independent=False``).  With ``verify_links=False`` no
    link is re-checked: the list is empty and ``stats["raw"]`` holds the kernel's links.
    """
    _check(n, max_degree, jobs)
    mod = mod or class_mod(n, jobs)
    kernel_exe(source=CLASS_KERNEL)
    start = time.perf_counter()

    def one(r: int) -> tuple[str, float, dict]:
        return class_shard(n, max_degree, r, mod, strong=strong, all_pairs=all_pairs)

    done = run_sharded(one, mod=mod, residues=residues, jobs=jobs, store=store, resume=resume,
                       header=class_header(n, max_degree, mod, strong=strong, all_pairs=all_pairs), on_shard=on_shard)
    total, raw = summarise(done, mod)
    rejected = {"R1-R5": 0, "R7": 0, "R6": 0}
    for rec in done.values():
        for k, v in rec.get("rejected", {}).items():
            rejected[k] += v
    if not verify_links:  # the raw links only (a run that stores shards; a reader re-checks them)
        total.update(links=None, rejected=rejected, raw=sorted(set(raw)), seconds=round(time.perf_counter() - start, 3))
        return [], total
    links = recheck(raw, strong=strong)
    total.update(links=len(links), rejected=rejected, seconds=round(time.perf_counter() - start, 3),
                 max_degree=max_degree, second_solver=second_solver(raw, strong) if independent else 0)
    return links, total


def link_row(link: Link) -> dict:
    """A link as ``links --json`` prints it: :meth:`.link.Link.to_json` with the terminal
    distance and S-, P-, T-reducibility."""
    from .reduce import p_reducible, s_reducible, t_reducible, terminal_distance

    row = link.to_json()
    g = link.game
    row.update(distance=terminal_distance(g), s_reducible=s_reducible(g), p_reducible=p_reducible(g),
               t_reducible=t_reducible(g))
    return row


def unpruned_search(n: int, max_degree: int, *, strong: bool = False) -> list[Link]:
    """The same links with no rule at all: ``geng -c -DD n`` (every connected graph of
    maximum degree ≤ D, pendants included) and every pair s < t solved by the plain
    kernel (``plain_kernel.c -a``, n ≤ 11); the reference the pruned search is tested
    against."""
    from .kernel import C_MAX_N, parse_output
    from .plain import PLAIN_KERNEL

    if not 2 <= n <= C_MAX_N:
        raise InputError(f"The unpruned search supports 2 ≤ n ≤ {C_MAX_N}; got n = {n}.")
    out, _, _ = _pipe([f"-D{max_degree}", str(n)], ["-a"] + (["-S"] if strong else []), PLAIN_KERNEL)
    return recheck(parse_output(out)[0], strong=strong)


def store_path(folder: str | Path, n: int, max_degree: int, strong: bool = False) -> Path:
    """Where the stored runs live: ``<folder>/<weak|strong>_n<n>.jsonl`` (the folder
    names the class, e.g. ``docs/lnk/maxdeg3``).

    >>> store_path("docs/lnk/maxdeg3", 17, 3).name
    'weak_n17.jsonl'
    """
    return Path(folder) / f"{'strong' if strong else 'weak'}_n{n}.jsonl"


LIVE_MAX_N = 13  # sizes class_links computes when no complete store is there (n = 13: seconds)
_LINKS: dict[tuple, tuple] = {}


def stored_shards(path: Path) -> tuple[int, int | None]:
    """``(finished shards, shard count)`` of a class store; ``(0, None)`` when it is missing."""
    from ... import jsonl_store

    if not path.exists() or not path.stat().st_size:
        return 0, None
    records = jsonl_store.read_records(path)
    if not records or not isinstance(records[0], dict) or records[0].get("store") != "lnk-class":
        raise InputError(f"The store {path} is not a lnk-class store.")
    return len({r["res"] for r in records[1:]}), records[0]["mod"]


def class_links(n: int, max_degree: int = 3, strong: bool = False, folder: str | Path | None = None) -> tuple[Link, ...]:
    """The minimal links of maximum degree ≤ ``max_degree`` on ``n`` vertices (cached):
    from the complete store in ``folder`` (default :data:`DEFAULT_STORE` for D = 3) when
    there is one, else computed when ``n ≤`` :data:`LIVE_MAX_N`; otherwise
    :class:`TimeoutError` (a verdict there is unknown, never taken on faith).
    Every link is re-solved by :class:`verify.solve.fast.FastSolver`.

    >>> [l.graph6 for l in class_links(5)]
    ['DXo']
    """
    from ...backing import remembered

    return remembered(_LINKS, (n, max_degree, strong, str(folder)), lambda: _class_links(n, max_degree, strong, folder))


def _class_links(n: int, max_degree: int, strong: bool, folder: str | Path | None) -> tuple[Link, ...]:
    if folder is None and max_degree == 3:
        folder = DEFAULT_STORE
    path = store_path(folder, n, max_degree, strong) if folder is not None else None
    done, mod = stored_shards(path) if path is not None else (0, None)
    if mod is not None and done == mod:
        links, _ = class_search(n, max_degree, strong=strong, jobs=1, mod=mod, store=path, resume=True,
                                independent=False)
    elif n <= LIVE_MAX_N and not done:
        links, _ = class_search(n, max_degree, strong=strong, jobs=2, independent=False)
    else:
        where = f"{done} of {mod} shards in {path}" if mod else f"no store {path}"
        raise TimeoutError(f"no complete class search of n = {n} ({where}; resume it with python ci/lnk_c2_run.py)")
    return tuple(links)


def canonical_links(raw: Iterable) -> dict:
    """The kernel's raw links ``(graph6, s, t)`` in canonical form, not re-solved:
    ``{(n, m, canonical graph6, terminals): game}``.

    >>> list(canonical_links([("DXo", 3, 4)]))
    [(5, 5, 'DXo', (3, 4))]
    """
    from ...game import Game
    from ...graphs import canonical_game
    from .link import parse_graph6_masks

    keys = {}
    for g6, s, t in raw:
        m, adj = parse_graph6_masks(g6)
        cg, cg6 = canonical_game(Game._from_masks(tuple(range(m)), adj, (s, t)))
        keys[(cg.n, cg.m, cg6, tuple(cg.terminals))] = cg
    return keys


def stored_links(n: int, max_degree: int = 3, strong: bool = False, folder: str | Path | None = None) -> dict:
    """The canonical links of a stored class search (:func:`canonical_links`; complete
    store or not: see :func:`stored_shards`)."""
    from ... import jsonl_store

    path = store_path(DEFAULT_STORE if folder is None else folder, n, max_degree, strong)
    return canonical_links(tuple(x) for rec in jsonl_store.read_records(path)[1:] for x in rec["links"])


def c2_rows(folder: str | Path | None = None, max_degree: int = 3, strong: bool = False) -> list[dict]:
    """One row per stored size of the class search (the table of ``docs/lnk/maxdeg3.md``),
    read from the stores as they are (no kernel is run, no link re-solved; the links are
    the kernel's, in canonical form): weight, shards done, graphs, pairs solved, minimal
    links, those with d_max = D, the largest terminal distance among those, those with two
    adjacent vertices of degree 2 (a terminal counted: by rule R7 two non-terminals never
    are), kernel CPU.

    >>> [r["links"] for r in c2_rows()][:4]
    [0, 1, 0, 3]
    """
    from ... import jsonl_store
    from .reduce import terminal_distance

    folder = Path(folder) if folder is not None else DEFAULT_STORE
    rows = []
    for n in range(4 if not strong else 5, CLASS_MAX_N + 1):
        path = store_path(folder, n, max_degree, strong)
        if not path.exists():
            continue
        records = jsonl_store.read_records(path)
        head, shards = records[0], {r["res"]: r for r in records[1:]}
        stats = {k: sum(r["stats"].get(k, 0) for r in shards.values()) for k in ("graphs", "games", "wins")}
        keys = canonical_links(rec for r in shards.values() for rec in r["links"])
        top = [g for g in keys.values() if max(g.degree(v) for v in g.vertices) == max_degree]
        two = [g for g in top if any(g.degree(u) == 2 and g.degree(v) == 2 for u, v in g.edges())]
        rows.append({"n": n, "weight": n - 2, "shards": len(shards), "mod": head["mod"],
                     "complete": len(shards) == head["mod"], "graphs": stats["graphs"], "pairs": stats["games"],
                     "links_of_the_kind": stats["wins"], "links": len(keys), "links_dmax": len(top),
                     "adjacent_degree_two": len(two),
                     "largest_distance": max((terminal_distance(g) for g in top), default=None),
                     "kernel_cpu": round(sum(r.get("kernel_cpu", 0) for r in shards.values()), 1)})
    return rows


def c2_markdown(rows: list[dict], max_degree: int = 3) -> str:
    """The rows of :func:`c2_rows` as a Markdown table."""
    out = [f"| weight | n | shards | graphs | pairs solved | minimal links | with d_max = {max_degree} | "
           "largest terminal distance | with two adjacent degree-2 vertices | kernel CPU s |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        done = f"{r['shards']}" if r["complete"] else f"{r['shards']} of {r['mod']} (partial)"
        dist = "-" if r["largest_distance"] is None else str(r["largest_distance"])
        out.append(f"| {r['weight']} | {r['n']} | {done} | {r['graphs']:,} | {r['pairs']:,} | {r['links']} | "
                   f"{r['links_dmax']} | {dist} | {r['adjacent_degree_two']} | {r['kernel_cpu']:,} |")
    return "\n".join(out) + "\n"
