"""Soak: stop ``check`` again and again with SIGINT, SIGTERM and SIGKILL at seeded random
times, ``--resume`` each time, and end where one uninterrupted run ends (issue 45).

The default tier makes 20 stops of a two-statement run of about 20 s (n = 8, 64 shards a
statement, side by side on 2 workers); the deep tier 60.  After the last resume:

* the verdicts, instance and hypothesis counts equal those of one uninterrupted run;
* every shard is stored once and was computed once (the store's ``attempts`` is 1:
  a finished shard is never computed again, and none is lost);
* no process of the run is left over (the coordinator, its pool workers).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from verify.graphs import find_geng
from verify.sweep.store import Store

pytestmark = pytest.mark.skipif(find_geng() is None or not Path("/proc/self/stat").exists(),
                                reason="needs geng and /proc")

RUN = ["TSD.T14", "TSD.T15", "--min-n", "8", "--max-n", "8", "--mod", "64", "--jobs", "2", "--no-progress"]


def _check(tmp_path: Path, store: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "verify", "check", *args, "--store", str(store)], cwd=tmp_path,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_default_sigint)


def _default_sigint() -> None:  # as a terminal starts a job: Ctrl-C comes (pytest-xdist's workers ignore it)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _left_over(marker: str) -> list[int]:
    """Live processes whose command line names ``marker`` (the run's store)."""
    out = []
    for p in Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            cmd = (p / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (p / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmd and state != "Z":
            out.append(int(p.name))
    return out


def _summary(rows: list[dict]) -> list[tuple]:
    return [(r["id"], r["verdict"], r["instances"], r["hypothesis_true"]) for r in rows]


def _soak(tmp_path: Path, stops: int, seed: int) -> None:
    ref_store = tmp_path / "reference.sqlite"
    ref = _check(tmp_path, ref_store, *RUN, "--json")
    out, err = ref.communicate(timeout=600)
    assert ref.returncode == 0, err[-2000:]
    reference = _summary(json.loads(out))

    store = tmp_path / "soaked.sqlite"
    rng = random.Random(seed)
    signals = [signal.SIGINT, signal.SIGTERM, signal.SIGKILL]
    first = True
    done = False
    sent = []  # the signals that reached a running check
    for _ in range(stops):
        proc = _check(tmp_path, store, *(RUN if first else ["--resume", "last", "--no-progress"]), "--json")
        first = False
        time.sleep(rng.uniform(1.0, 2.5))
        sig = rng.choice(signals)
        if proc.poll() is None:
            proc.send_signal(sig)
            sent.append(sig.name)
        try:
            proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        deadline = time.monotonic() + 10
        while _left_over(store.name) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _left_over(store.name), f"a process outlived its run after {sig.name}"
        if proc.returncode == 0:  # the run had finished before the signal came
            done = True
            break
    with Store(store, readonly=True) as s:
        before = len(s.shard_rows(s.run_ids()[0]))
    print(f"signals {sent}; {before} of 128 shards stored before the last resume")
    assert len(set(sent)) == 3 and 0 < before, "the soak did not stop the run with each signal"
    last = _check(tmp_path, store, "--resume", "last", "--no-progress", "--json")
    out, err = last.communicate(timeout=600)
    assert last.returncode == 0, err[-2000:]
    assert "Traceback" not in err
    assert _summary(json.loads(out)) == reference
    with Store(store, readonly=True) as s:
        (run_id,) = s.run_ids()
        rows = s.shard_rows(run_id)
    assert len(rows) == 2 * 64 and len({(r["statement"], r["n"], r["res"]) for r in rows}) == 2 * 64
    assert all(r["attempts"] == 1 for r in rows), [r for r in rows if r["attempts"] != 1][:3]
    assert not _left_over(store.name)
    assert done or stops > 0


def test_soak_check_stopped_twenty_times(tmp_path):
    _soak(tmp_path, stops=20, seed=45)


@pytest.mark.deep
def test_soak_check_stopped_sixty_times(tmp_path):
    _soak(tmp_path, stops=60, seed=4545)
