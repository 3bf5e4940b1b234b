"""``python -m fivehundred``: the same as the ``fivehundred`` command."""

import sys

from .cli import main

sys.exit(main())
