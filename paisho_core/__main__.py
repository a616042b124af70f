"""``python -m paisho_core``: see :mod:`paisho_core.cli`."""

import sys

from .cli import main

sys.exit(main())
