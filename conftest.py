"""Test collection settings shared by the whole tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

collect_ignore = ["src/fivehundred/__main__.py"]


@pytest.fixture(autouse=True)
def _no_colour_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test (doctests too) runs without ``NO_COLOR`` and ``FORCE_COLOR``, which the text
    game honours (a developer's ``FORCE_COLOR=1``, set for pytest's own colours, put escape
    codes in every screen the console tests read); a test of them sets them itself."""
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    yield
