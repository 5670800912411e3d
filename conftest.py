# Root conftest.
# ``python -m verify`` would run the CLI if doctest imported it.
collect_ignore = ["verify/__main__.py"]


def pytest_addoption(parser):
    parser.addoption("--max-n", type=int, default=None, help="depth of `pytest theorems` (default: the tier's depth)")
