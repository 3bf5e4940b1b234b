"""The browser tests' fixtures: a live server, a desktop page, where the screenshots go; and
Hypothesis's profiles.

Screenshots of each phase go to ``$FIVEHUNDRED_SCREENSHOTS`` (``make screenshots`` points it
at docs/screenshots/), else to the test's temporary folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Page

from browser import DESKTOP, live_server, viewport_page
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import played_table

# Hypothesis draws the same examples on every run ("repeatable", the suite's default): a test
# that passed passes again, and one that failed fails again the same way, on any machine.
# To look for new failing examples on purpose, draw fresh ones each run (and keep those that
# fail in .hypothesis/ to try first next time): pytest --hypothesis-profile=explore
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile("repeatable")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The local game's server (``fivehundred play``)."""
    with live_server(tmp_path_factory.mktemp("e2e") / "e2e.db", "local") as url:
        yield url


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go."""
    where = os.environ.get("FIVEHUNDRED_SCREENSHOTS")
    p = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    p.mkdir(parents=True, exist_ok=True)
    return p


@pytest.fixture()
def page(server: str) -> Iterator[Page]:
    """A fresh browser page at 1280x800; any page error fails the test."""
    with viewport_page(DESKTOP) as pg:
        yield pg


@pytest.fixture
def numba_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba's cache folder setting and ``NUMBA_CACHE_DIR``, unset, and put back after the
    test (cache_place sets them: left set, later tests' processes would compile afresh)."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setenv("NUMBA_CACHE_DIR", "")     # (so that it is recorded, set or not)
    monkeypatch.delenv("NUMBA_CACHE_DIR")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Table]]:
    """A live server whose lobby lists a finished game, and that game's table."""
    db = tmp_path_factory.mktemp("finished") / "h.db"
    store = Store(db)
    t = played_table(3, hands=None)      # (test_web_history's finished_table)
    store.save(t.id, t.to_json(), finished=True)
    store.close()
    with live_server(db, "local") as url:
        yield url, t
