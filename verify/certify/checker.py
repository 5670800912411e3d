"""Run the independent DRUP checkers on a CNF file and a proof file.

:func:`check_files` runs the C checker ``drup_check`` (source beside this module,
compiled on first use by :func:`verify.tables.kernel.compiled`) or, with
``method="python"``, the pure-Python forward checker of :mod:`verify.certify.rup`.
Both answer with a :class:`CheckResult`: ``ok``, a one-sentence ``reason`` when not,
and the checker's counts.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ShannonVerifyError

__all__ = ["CheckResult", "check_files", "checker_executable", "PYTHON_LIMIT_BYTES"]

SOURCE = Path(__file__).with_name("drup_check.c")
PYTHON_LIMIT_BYTES = 2 * 2**20
"""The pure-Python checker refuses a CNF plus proof larger than this: 2 MiB, what it checks
in about a minute at worst.  Measured (2 cores shared with other jobs, load 5-7; C checker
time in parentheses): TSD.L4 n = 6, 1.9 MB, 15 s (0.6 s); TSD.T13 n = 20, 2.9 MB, 5.6 s
(0.25 s); on 5.6-8.2 MB certificates (TSD.T14.C2, L2, T8 at n = 7; T15 at n = 30) it took
91, 163, 387 and 3.1 s against the C checker's 1.9, 1.5, 3.9 and 0.12 s: 26-106 times as
long, so the 8 MiB it used to take could run for many minutes (forward checking of every
lemma in Python, two watched literals; before those, 174 s for the 1.1 MB of L2 n = 6,
now 6-7 s)."""


@dataclass
class CheckResult:
    ok: bool
    reason: str
    checker: str
    seconds: float
    stats: dict = field(default_factory=dict)


def checker_executable() -> Path:
    """The compiled C checker; :class:`ShannonVerifyError` when no C compiler is found."""
    from ..tables.kernel import compiled

    exe = compiled(SOURCE)
    if exe is None:
        raise ShannonVerifyError("No C compiler (gcc or cc, or $SHANNON_VERIFY_CC) to build the proof checker; "
                                 "install gcc, or check a small certificate with --checker python.")
    return exe


def _parse_stats(line: str) -> dict:
    out = {}
    for tok in line.split()[1:]:
        k, _, v = tok.partition("=")
        if _:
            try:
                out[k] = float(v) if "." in v else int(v)
            except ValueError:
                pass
    return out


def _run_c(cnf: Path, proof: Path) -> CheckResult:
    exe = checker_executable()
    t0 = time.perf_counter()
    proc = subprocess.run([str(exe), str(cnf), str(proof)], capture_output=True, text=True, errors="replace")
    seconds = time.perf_counter() - t0
    line = (proc.stdout.strip().splitlines() or [""])[-1]
    if proc.returncode == 0 and line.startswith("VERIFIED"):
        return CheckResult(True, "", "drup_check (C, backward RUP)", seconds, _parse_stats(line))
    if proc.returncode in (1, 2) and line.split(" ", 1)[0] in ("REJECTED", "ERROR"):
        reason = line.split(" ", 1)[1] if " " in line else line
        for p in (cnf, proof):  # name the files by their own names, not temporary paths
            reason = reason.replace(str(p), p.name)
        return CheckResult(False, reason, "drup_check (C, backward RUP)", seconds)
    err = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
    return CheckResult(False, f"the checker failed ({err[:200]})", "drup_check (C, backward RUP)", seconds)


def _read_text(path: Path, what: str) -> str:
    data = path.read_bytes()
    try:
        return data.decode("ascii")
    except UnicodeDecodeError:
        raise ValueError(f"{path.name} is not a text {what} file") from None


def _run_python(cnf: Path, proof: Path) -> CheckResult:
    from . import rup

    size = cnf.stat().st_size + proof.stat().st_size
    if size > PYTHON_LIMIT_BYTES:
        raise ShannonVerifyError(f"The certificate is {size / 2**20:.1f} MiB; the pure-Python checker takes at most "
                                 f"{PYTHON_LIMIT_BYTES / 2**20:.1f} MiB, what it checks in about a minute (use the C "
                                 "checker).")
    t0 = time.perf_counter()
    name = "rup.py (Python, forward RUP)"
    try:
        nvars, clauses = rup.parse_dimacs(_read_text(cnf, "DIMACS"))
    except (ValueError, rup.ParseError) as exc:
        return CheckResult(False, f"{cnf.name}: {exc}", name, time.perf_counter() - t0)
    try:
        items = rup.parse_drup(_read_text(proof, "DRUP"))
    except (ValueError, rup.ParseError) as exc:
        return CheckResult(False, f"{proof.name}: {exc}", name, time.perf_counter() - t0)
    r = rup.check(nvars, clauses, items)
    return CheckResult(r.ok, r.reason, name, time.perf_counter() - t0, r.stats)


def check_files(cnf: str | Path, proof: str | Path, method: str = "c") -> CheckResult:
    """Check that ``proof`` refutes ``cnf`` (``method`` ``"c"`` or ``"python"``)."""
    cnf, proof = Path(cnf), Path(proof)
    if method == "python":
        return _run_python(cnf, proof)
    if method != "c":
        raise ValueError(method)
    return _run_c(cnf, proof)
