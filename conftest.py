# Root conftest.
# ``python -m verify`` would run the CLI if doctest imported it.
collect_ignore = ["verify/__main__.py"]


def pytest_addoption(parser):
    parser.addoption("--max-n", type=int, default=None, help="depth of `pytest theorems` (default: the tier's depth)")
    parser.addoption("--deep", action="store_true", help="also run the tests marked `deep` (long sweeps; see ci/)")


def pytest_collection_modifyitems(config, items):
    """Tests marked ``deep`` are skipped in the default tier unless ``--deep`` is given."""
    if config.getoption("--deep"):
        return
    import pytest

    skip = pytest.mark.skip(reason="deep tier: run with --deep (see ci/)")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)


# --- tests write only into temporary folders: the checkout must be the same after the run ----------
_SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist"}


def _snapshot(root):
    import os

    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
        for name in filenames:
            if name.endswith(".pyc"):
                continue
            path = os.path.join(dirpath, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            out[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
    return out


def pytest_sessionstart(session):
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller watches
        return
    from pathlib import Path

    root = Path(__file__).resolve().parent
    session.config._checkout_snapshot = (root, _snapshot(root))


def pytest_sessionfinish(session, exitstatus):
    import os

    snap = getattr(session.config, "_checkout_snapshot", None)
    if snap is None:
        return
    root, before = snap
    after = _snapshot(root)
    # files added or removed anywhere, and files changed where results live (an edit of a source
    # file while the tests run is someone's work, not the tests')
    data = ("counterexamples", "docs", ".shannon-verify", "examples", "report")
    changed = sorted(p for p in set(before) | set(after)
                     if (p in before) != (p in after) or (before.get(p) != after.get(p) and p.split(os.sep)[0] in data))
    if changed:
        shown = ", ".join(changed[:10]) + (f" and {len(changed) - 10} more" if len(changed) > 10 else "")
        print(f"\nERROR: the tests changed the checkout (tests write only into temporary folders): {shown}")
        session.exitstatus = 1
