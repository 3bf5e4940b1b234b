"""Import every built-in bot module so that each registers its bots (one line a module)."""

from . import random_bot  # noqa: F401
from . import pimc  # noqa: F401
from . import easy  # noqa: F401
from . import medium  # noqa: F401
