"""The browser tests' fixtures: a live server, a desktop page, where the screenshots go.

Screenshots of each phase go to ``$FIVEHUNDRED_SCREENSHOTS`` (``make screenshots`` points it
at docs/screenshots/), else to the test's temporary folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from browser import CHROMIUM, live_server


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
    """A fresh browser page; any page error fails the test."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        pg = browser.new_page(viewport={"width": 1280, "height": 800})
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(30_000)
        yield pg
        browser.close()
    assert not errors, f"errors in the page: {errors}"
