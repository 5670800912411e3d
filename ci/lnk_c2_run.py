"""Run (or resume) the LNK.C2 search: every minimal weak link of maximum degree ≤ 3 on
n = 4..17 vertices (weight 2..15), one resumable store per n under ``docs/lnk/maxdeg3/``,
and one line per session in ``docs/lnk/maxdeg3/sessions.jsonl`` (commit, start, wall and
CPU seconds, shards before and after), as the n = 9 sweep logs its sessions.

    python ci/lnk_c2_run.py [--max-n 17] [--jobs 2] [--strong-max-n 14] [--dir docs/lnk/maxdeg3]
    python ci/lnk_c2_run.py --docs     # write the stores' tables into docs/papers/lnk.md

Ctrl-C stops it; finished shards stay in the stores and the next run resumes them.
The verdict is read from the stores by ``shannon-verify check LNK.C2 --full`` and
``shannon-verify links --n N --max-degree 3 --store … --resume --json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verify.sweep.sessions import SessionLog  # noqa: E402
from verify.papers.lnk.classes import c2_markdown, c2_rows, class_header, class_mod, class_search, store_path  # noqa: E402

DOCS = ROOT / "docs" / "papers" / "lnk.md"


def docs_tables(text: str, folder: Path | None = None) -> str:
    """``text`` with its ``<!-- c2-table weak|strong -->`` blocks made from the stores."""
    import re

    for kind in ("weak", "strong"):
        table = c2_markdown(c2_rows(folder, strong=kind == "strong"))
        text = re.sub(rf"(<!-- c2-table {kind} -->\n).*?(<!-- /c2-table -->)",
                      lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
    return text


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(x.ru_utime + x.ru_stime for x in r)


def _shards(path: Path) -> int:
    if not path.exists():
        return 0
    return max(0, sum(1 for line in path.read_text().splitlines() if line.strip()) - 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-n", type=int, default=17)
    ap.add_argument("--strong-max-n", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--dir", default=str(ROOT / "docs" / "lnk" / "maxdeg3"))
    ap.add_argument("--docs", action="store_true", help="only write the stores' tables into docs/papers/lnk.md")
    args = ap.parse_args(argv)
    if args.docs:
        DOCS.write_text(docs_tables(DOCS.read_text(), Path(args.dir)))
        return 0

    def _stop(signum, frame):  # SIGTERM ends the run as Ctrl-C does: the session is logged
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    plan = [(n, False) for n in range(4, args.max_n + 1)] + [(n, True) for n in range(5, args.strong_max_n + 1)]
    plan.sort(key=lambda x: (x[0], x[1]))
    before = {str(store_path(folder, n, 3, s)): _shards(store_path(folder, n, 3, s)) for n, s in plan}
    # the session's line is written now and kept up to date after every shard, so a killed session is logged too
    log = SessionLog(folder / "sessions.jsonl", commit=commit, jobs=args.jobs, exit=None,
                     shards_before=sum(before.values()), shards_after=sum(before.values()))
    code = 0
    try:
        for n, strong in plan:
            path = store_path(folder, n, 3, strong)
            mod = class_mod(n, args.jobs)
            if _shards(path) >= mod:
                continue
            def done(r, st, secs, k, m, n=n, strong=strong):
                print(f"n={n} {'strong' if strong else 'weak'} shard {r}: {k}/{m} done, {secs:.1f} s", flush=True)
                log.update(shards_after=sum(_shards(Path(p)) for p in before))

            links, st = class_search(n, 3, strong=strong, jobs=args.jobs, mod=mod, store=path, resume=True,
                                     verify_links=False, on_shard=done)
            print(json.dumps({"n": n, "kind": "strong" if strong else "weak", "raw_links": st["raw_links"],
                              "kernel_cpu": st["kernel_cpu"], "games": st["games"]}), flush=True)
    except KeyboardInterrupt:
        code = 130
    finally:
        after = {k: _shards(Path(k)) for k in before}
        log.close("finished" if code == 0 else "stopped", exit=code, shards_after=sum(after.values()),
                  header_check=class_header(17, 3, class_mod(17, args.jobs), strong=False, all_pairs=False)["pairs"])
    return code


if __name__ == "__main__":
    raise SystemExit(main())
