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
