"""Whole numbers given by callers: Python's ints and anything that stands for one exactly
(numpy's integers, through ``__index__``), never a bool or a float.

>>> import numpy as np
>>> whole_number(np.int64(94), ValueError, "an action id")
94
>>> whole_number(True, ValueError, "a seat")
Traceback (most recent call last):
...
ValueError: a seat, not True
"""

from __future__ import annotations

import operator


def whole_number(value: object, error: type[Exception], what: str) -> int:
    """``value`` as an int, else ``error("{what}, not {value!r}")``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise error(f"{what}, not {value!r}")
    return operator.index(value)  # type: ignore[arg-type]
