"""``python -m fivehundred``: the same as the ``fivehundred`` command."""

import sys

from .launch import main

sys.exit(main())
