"""``python -m verify`` is the ``shannon-verify`` command."""

import sys

from .cli import main

sys.exit(main())
