# Root conftest: ``python -m verify`` would run the CLI if doctest imported it.
collect_ignore = ["verify/__main__.py"]
