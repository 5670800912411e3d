"""drat-trim, built from its public source, on the project's certificates (run on demand:
``python benchmarks/drat_trim.py``; never in the tests, which check only ``--help`` and
the pure functions).

drat-trim (Marijn Heule's DRAT checker, https://github.com/marijnheule/drat-trim) is the
reference checker of clausal proofs; it is packaged for neither PyPI nor Debian here, so
this script fetches its source with ``git clone --depth 1`` (``--source``: a URL, a
local clone, or a bare git directory such as a mirror) into a cache directory
(``--cache DIR``, default ``$XDG_CACHE_HOME/shannon-verify/drat-trim``, else
``~/.cache/...``; never the checkout), builds ``drat-trim.c`` with gcc as its Makefile
does (``-std=c99 -O2``; ``-std=gnu99`` when a newer gcc refuses the implicit
``getc_unlocked``) and records the commit.

It then writes a representative set of certificates into a temporary directory: every
encoded ``prove`` statement at a small n and a few larger (``--large`` adds TSD.T15 at
n = 40, L2, L4, T8 and T14.C2 at n = 7: proofs of 5-17 MB), the alternative encoder, a
gzip certificate, and the ``dead --proof`` certificates of two games (cycle cuts, a Hex
position).  On each it runs drat-trim (backward, core-first, its defaults), the project's
C checker ``drup_check`` and, on certificates of at most 2 MiB, the Python checker and
dratify (forward, DRUP only); then three corruptions of three proofs (a unit lemma
removed, the proof cut in half, a literal of the first lemma flipped), which every
checker must reject, except that the backward checkers may accept a flipped lemma the
refutation never uses (and the flipped clause may happen to be RUP still: then the two
forward checkers must agree).  It prints one row per certificate and the agreement counts, and
exits 1 on any disagreement about a valid proof or an accepted cut/removal.

``--json FILE`` writes the rows.  Measured 2026-12-04 (2 cores shared with other jobs,
load 5-7; drat-trim effa1dc from a mirror of the public repository): see
docs/tools/prove.md ("A third-party checker").
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

URL = "https://github.com/marijnheule/drat-trim.git"
SMALL = [("TSD.T13", 8, {}), ("TSD.T14", 8, {}), ("TSD.T14.C1", 8, {}), ("TSD.T15", 20, {}), ("TSD.T16", 8, {}),
         ("TSD.L2", 6, {}), ("TSD.L3", 4, {}), ("TSD.L4", 6, {}), ("TSD.T8", 6, {}), ("TSD.T14.C2", 6, {}),
         ("TSD.T14", 6, {"encoder": "alt"}), ("TSD.L4", 5, {"compress": True}), ("TSD.T13", 20, {})]
LARGE = [("TSD.T15", 40, {}), ("TSD.L2", 7, {}), ("TSD.L4", 7, {}), ("TSD.T8", 7, {}), ("TSD.T14.C2", 7, {})]
DEAD_GAMES = [("cuts", ["--edges", "0-9,0-13,1-2,1-10,2-9,2-11,2-12,3-6,3-11,4-5,4-11,5-6,5-7,5-12,6-7,6-12,7-10,"
                        "8-11,8-12,10-13", "--terminals", "0", "1", "--method", "sat"]),
              ("hex", ["--hex", "..B./.W../..../...."])]
SMALL_BYTES = 2 * 2**20


def parse_verdict(stdout: str) -> bool | None:
    """drat-trim's answer from its output: True for ``s VERIFIED``, False for ``s NOT
    VERIFIED``, None when it says neither (a crash, a time-out, a parse error).

    >>> parse_verdict("c parsing\\ns VERIFIED\\nc verification time: 0.1 seconds\\n")
    True
    >>> parse_verdict("s NOT VERIFIED\\n"), parse_verdict("c ERROR: no proof\\n")
    (False, None)
    """
    for line in stdout.splitlines():
        s = line.strip()
        if s == "s VERIFIED":
            return True
        if s == "s NOT VERIFIED":
            return False
    return None


def agreement(rows: list[dict], keys=("drat_trim", "drup_check", "python", "dratify")) -> dict:
    """Counts over ``rows`` (each with ``expect`` and a verdict per checker, None when not
    run): how many each checker ran, agreed with ``expect`` on, and disagreed on.

    >>> agreement([{"expect": True, "drat_trim": True, "drup_check": True, "python": None, "dratify": True},
    ...            {"expect": False, "drat_trim": True, "drup_check": False, "python": False, "dratify": False}])
    {'drat_trim': {'ran': 2, 'agree': 1, 'disagree': 1}, 'drup_check': {'ran': 2, 'agree': 2, 'disagree': 0}, \
'python': {'ran': 1, 'agree': 1, 'disagree': 0}, 'dratify': {'ran': 2, 'agree': 2, 'disagree': 0}}
    """
    out = {}
    for k in keys:
        ran = [r for r in rows if r.get(k) is not None]
        agree = sum(r[k] == r["expect"] for r in ran)
        out[k] = {"ran": len(ran), "agree": agree, "disagree": len(ran) - agree}
    return out


def cache_dir(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shannon-verify" / "drat-trim"


def fetch_and_build(source: str, cache: Path) -> tuple[Path, str]:
    """``(executable, commit)``: drat-trim's source fetched from ``source`` into ``cache``
    and built there (reused when the commit's build is already there)."""
    cache.mkdir(parents=True, exist_ok=True)
    src = Path(source)
    if src.is_dir() and (src / "drat-trim.c").is_file():  # a work tree
        code = (src / "drat-trim.c").read_bytes()
        commit = _git(["-C", str(src), "rev-parse", "HEAD"], check=False) or "unknown"
    elif src.is_dir() and (src / "HEAD").is_file():  # a bare git directory (a mirror)
        commit = _git([f"--git-dir={src}", "rev-parse", "HEAD"])
        code = subprocess.run(["git", f"--git-dir={src}", "show", "HEAD:drat-trim.c"], check=True,
                              capture_output=True).stdout
    else:
        clone = cache / "src"
        if not (clone / "drat-trim.c").is_file():
            shutil.rmtree(clone, ignore_errors=True)
            subprocess.run(["git", "clone", "--depth", "1", source, str(clone)], check=True)
        commit = _git(["-C", str(clone), "rev-parse", "HEAD"])
        code = (clone / "drat-trim.c").read_bytes()
    build = cache / f"build-{commit[:12]}-{hashlib.sha256(code).hexdigest()[:12]}"
    exe = build / "drat-trim"
    if not exe.is_file():
        build.mkdir(parents=True, exist_ok=True)
        (build / "drat-trim.c").write_bytes(code)
        for std in ("c99", "gnu99"):
            p = subprocess.run(["gcc", "drat-trim.c", f"-std={std}", "-O2", "-o", "drat-trim"], cwd=build,
                               capture_output=True, text=True)
            if p.returncode == 0:
                break
        else:
            raise SystemExit(f"drat-trim did not build: {p.stderr.strip().splitlines()[-1:]}")
    return exe, commit


def _git(args: list[str], check: bool = True) -> str:
    p = subprocess.run(["git", *args], capture_output=True, text=True)
    if p.returncode and check:
        raise SystemExit(f"git {' '.join(args)}: {p.stderr.strip()}")
    return p.stdout.strip()


def _plain(d: Path, tmp: Path) -> tuple[Path, Path]:
    """The certificate's CNF and proof as plain files (gzip ones decompressed into tmp)."""
    m = json.loads((d / "manifest.json").read_text())
    out = []
    for key in ("cnf", "proof"):
        p = d / m[key]["file"]
        if p.name.endswith(".gz"):
            q = tmp / f"{d.name}-{p.name[:-3]}"
            q.write_bytes(gzip.decompress(p.read_bytes()))
            p = q
        out.append(p)
    return out[0], out[1]


def run_drat_trim(exe: Path, cnf: Path, proof: Path, timeout: float) -> tuple[bool | None, float]:
    t0 = time.perf_counter()
    try:
        p = subprocess.run([str(exe), str(cnf), str(proof), "-t", str(int(timeout))], capture_output=True,
                           text=True, errors="replace", timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - t0
    return parse_verdict(p.stdout), time.perf_counter() - t0


def _dratify(cnf: Path, proof: Path) -> bool | None:
    try:
        import dratify
    except ImportError:
        return None
    formula = dratify.parse_dimacs(cnf.read_text())
    return bool(dratify.check_proof(formula, proof.read_text(), check_rat=False, engine="python").ok)


def check_all(exe: Path, cnf: Path, proof: Path, expect: bool, name: str, timeout: float) -> dict:
    from verify.certify.checker import check_files

    small = cnf.stat().st_size + proof.stat().st_size <= SMALL_BYTES
    row: dict = {"certificate": name, "expect": expect, "bytes": cnf.stat().st_size + proof.stat().st_size}
    row["drat_trim"], row["drat_trim_s"] = run_drat_trim(exe, cnf, proof, timeout)
    c = check_files(cnf, proof, "c")
    row["drup_check"], row["drup_check_s"] = c.ok, round(c.seconds, 3)
    row["drat_trim_s"] = round(row["drat_trim_s"], 3)
    row["python"] = check_files(cnf, proof, "python").ok if small else None
    row["dratify"] = _dratify(cnf, proof) if small else None
    return row


def _corrupt(text: str, how: str) -> str:
    lines = text.splitlines()
    if how == "unit removed":
        k = max(i for i, line in enumerate(lines) if len(line.split()) == 2 and not line.startswith("d"))
        lines = lines[:k] + lines[k + 1:]
    elif how == "cut in half":
        lines = lines[: len(lines) // 2]
    else:  # flip the first literal of the first lemma of 2+ literals
        k = min(i for i, line in enumerate(lines) if len(line.split()) >= 3 and not line.startswith("d"))
        first, rest = lines[k].split(" ", 1)
        lines[k] = f"{-int(first)} {rest}"
    return "\n".join(lines) + "\n"


def certificates(root: Path, large: bool) -> list[Path]:
    from verify.cli import main
    from verify.prove import prove

    dirs = []
    for sid, n, kw in SMALL + (LARGE if large else []):
        tag = "".join(f"-{v}" if k == "encoder" else "-gzip" for k, v in kw.items())
        d = root / f"{sid}-n{n:02d}{tag}"
        r = prove(sid, n, proof_dir=d, **kw)
        if r.verdict != "proved":
            raise SystemExit(f"{sid} n = {n}: {r.verdict}")
        dirs.append(d)
    for name, argv in DEAD_GAMES:
        with open(os.devnull, "w") as null:
            old, sys.stdout = sys.stdout, null
            try:
                main(["dead", *argv, "--proof", str(root / name)])
            finally:
                sys.stdout = old
        dirs += sorted((root / name).iterdir())
    return dirs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=URL, help=f"drat-trim's git URL, a clone, or a bare git directory (default {URL})")
    ap.add_argument("--cache", metavar="DIR", help="where to fetch and build it (default $XDG_CACHE_HOME/shannon-verify/"
                    "drat-trim)")
    ap.add_argument("--large", action="store_true", help="add the 5-17 MB proofs (minutes)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per drat-trim run (default 600)")
    ap.add_argument("--json", metavar="FILE", help="write the rows and the counts as JSON")
    args = ap.parse_args(argv)
    exe, commit = fetch_and_build(args.source, cache_dir(args.cache))
    print(f"drat-trim {commit[:12]} built at {exe}", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="sv-drat-trim-"))
    try:
        dirs = certificates(tmp / "certs", args.large)
        rows = []
        print(f"{'certificate':<34} {'bytes':>10} {'drat-trim':>12} {'drup_check':>12} {'python':>7} {'dratify':>8}")
        for d in dirs:
            cnf, proof = _plain(d, tmp)
            row = check_all(exe, cnf, proof, True, d.relative_to(tmp / "certs").as_posix(), args.timeout)
            rows.append(row)
            print(f"{row['certificate']:<34} {row['bytes']:>10} {str(row['drat_trim']):>5} {row['drat_trim_s']:>6.2f}"
                  f" {str(row['drup_check']):>5} {row['drup_check_s']:>6.2f} {str(row['python']):>7}"
                  f" {str(row['dratify']):>8}", flush=True)
        bad_rows = []
        for name in ("TSD.T13-n08", "TSD.L2-n06", "TSD.T14.C2-n06"):
            d = tmp / "certs" / name
            for how in ("unit removed", "cut in half", "flipped"):
                bad = tmp / f"{name}-{how.replace(' ', '-')}.drup"
                bad.write_text(_corrupt((d / "proof.drup").read_text(), how))
                row = check_all(exe, d / "formula.cnf", bad, False, f"{name} ({how})", args.timeout)
                row["how"] = how
                bad_rows.append(row)
                print(f"{row['certificate']:<34} {row['bytes']:>10} {str(row['drat_trim']):>5} "
                      f"{row['drat_trim_s']:>6.2f} {str(row['drup_check']):>5} {row['drup_check_s']:>6.2f} "
                      f"{str(row['python']):>7} {str(row['dratify']):>8}", flush=True)
        valid, corrupted = agreement(rows), agreement(bad_rows)
        print(f"valid certificates ({len(rows)}): " + "; ".join(f"{k} {v['agree']}/{v['ran']} accepted"
                                                                 for k, v in valid.items()))
        print(f"corrupted proofs ({len(bad_rows)}): " + "; ".join(f"{k} {v['agree']}/{v['ran']} rejected"
                                                                  for k, v in corrupted.items()))
        # a backward checker may accept a flipped lemma the refutation never uses; nothing else may pass
        wrong = [r for r in rows if any(r[k] is False for k in valid)]
        wrong += [r for r in bad_rows if r["how"] != "flipped" and any(r[k] for k in corrupted)]
        wrong += [r for r in bad_rows if r["how"] == "flipped" and r["python"] != r["dratify"]]
        if args.json:
            Path(args.json).write_text(json.dumps({"drat_trim_commit": commit, "valid": rows, "corrupted": bad_rows,
                                                   "agreement": {"valid": valid, "corrupted": corrupted}}, indent=2))
        if wrong:
            print(f"DISAGREEMENT on {len(wrong)}: " + ", ".join(r["certificate"] for r in wrong))
            return 1
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
