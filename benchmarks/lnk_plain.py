"""Benchmark of the plain link searches (run on demand: ``python benchmarks/lnk_plain.py``).

Rows (wall and CPU seconds — user + system of this process and its children: the
machine is shared, so CPU is the fairer figure — and the 1-minute load average):

* ``plain n = 10``: :func:`verify.papers.lnk.plain.plain_search` (every connected graph,
  no geng bound, elementary pair conditions only, exact C solver), ``--jobs`` pipelines,
  graphs, pairs solved, weak links, minimal links, and whether they are the links of the
  sieved C run (:func:`verify.papers.lnk.kernel.c_search`);
* ``plain n = 11``: the shards ``--n11-shards`` (default ``0-3``) of the 256, one
  pipeline, their rate (graphs/s, pairs/s, CPU per shard); with ``--n11-store PATH``
  (e.g. ``docs/lnk/n11_plain_store.jsonl``) the rate and a projection of the whole run
  come from that store's recorded shards instead (nothing is run);
* ``--independent``: the second solver (:mod:`verify.papers.lnk.independent`) on every
  candidate of the n = ``--independent-n`` strong search (default 8; 10 takes about
  15 min CPU), compared with the direct C strong search.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.papers.lnk.kernel import c_search, c_strong_search  # noqa: E402
from verify.papers.lnk.plain import compare, independent_search, plain_search  # noqa: E402


def cpu_now() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(fn):
    w, c = time.perf_counter(), cpu_now()
    out = fn()
    return out, time.perf_counter() - w, cpu_now() - c


def shard_range(text: str) -> list[int]:
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def projection(records: list[dict], mod: int) -> dict:
    """Rate and projected totals from finished shard records (CPU = geng + kernel)."""
    cpu = [r.get("geng_cpu", 0) + r.get("kernel_cpu", 0) for r in records]
    graphs = sum(r["stats"]["graphs"] for r in records)
    games = sum(r["stats"]["games"] for r in records)
    wall = sum(r["seconds"] for r in records)
    done = len(records)
    mean = sum(cpu) / done
    return {"shards": done, "graphs": graphs, "pairs": games, "cpu_s": round(sum(cpu), 1), "wall_s": round(wall, 1),
            "graphs_per_cpu_s": round(graphs / sum(cpu)), "cpu_per_shard_mean": round(mean, 2),
            "cpu_per_shard_max": round(max(cpu), 2),
            "projected_cpu_s": round(sum(cpu) + mean * (mod - done)),
            "projected_wall_2_idle_cores_s": round((sum(cpu) + mean * (mod - done)) / 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-n10", action="store_true")
    ap.add_argument("--n11-shards", default="0-3")
    ap.add_argument("--n11-store", default=None)
    ap.add_argument("--independent", action="store_true")
    ap.add_argument("--independent-n", type=int, default=8)
    a = ap.parse_args()
    if not a.skip_n10:
        (links, st), wall, cpu = timed(lambda: plain_search(10, jobs=a.jobs))
        ref = c_search(10)[0]
        cmp = compare(links, ref)
        print(f"plain n = 10: {wall:.1f} s wall, {cpu:.1f} s CPU, {a.jobs} jobs, load {os.getloadavg()[0]:.1f}; "
              f"{st['graphs']} graphs, {st['kept']} with a candidate pair, {st['games']} pairs solved, "
              f"{st['wins']} weak links, {st['raw_links']} raw minimal, {len(links)} classes; sieved C run "
              f"{len(ref)}: {'the same links' if cmp['agree'] else cmp}", flush=True)
    if a.n11_store:
        recs = [json.loads(x) for x in open(a.n11_store)]
        head, shards = recs[0], recs[1:]
        print(f"plain n = 11 (store {a.n11_store}):", json.dumps(projection(shards, head["mod"])), flush=True)
    elif a.n11_shards:
        todo = shard_range(a.n11_shards)
        recs = []

        def keep(r, stats, secs, done, mod):
            recs.append({"res": r, "seconds": secs, "stats": stats})

        (_, st), wall, cpu = timed(lambda: plain_search(11, jobs=1, residues=todo, on_shard=keep))
        for r in recs:
            r["kernel_cpu"] = cpu / len(recs)  # per-shard CPU not split here: the mean
        p = projection(recs, 256)
        print(f"plain n = 11, shards {a.n11_shards}: {wall:.1f} s wall, {cpu:.1f} s CPU, load "
              f"{os.getloadavg()[0]:.1f}; {st['graphs']} graphs ({st['graphs'] / cpu:.0f}/CPU s), {st['games']} pairs; "
              f"projected whole run {p['projected_cpu_s']} CPU s (shards vary: see --n11-store)", flush=True)
    if a.independent:
        n = a.independent_n
        (keys, st), wall, cpu = timed(lambda: independent_search(n, strong=True, jobs=1))
        direct, sd = c_strong_search(n)
        cmp = compare(keys, direct)
        print(f"second solver, strong n = {n}: {wall:.1f} s wall, {cpu:.1f} s CPU; {st['games']} pairs "
              f"(C: {sd['games']}), {st['wins']} strong links, {len(keys)} minimal classes; direct C search "
              f"{len(direct)}: {'the same links' if cmp['agree'] else cmp}", flush=True)


if __name__ == "__main__":
    main()
