"""What the package says of itself and what it ships: one version, written only in
``fivehundred.__version__`` (pyproject.toml reads it), the same in the installed metadata and
``fivehundred --version``; no development page among the files the server serves."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import fivehundred
from fivehundred.cli import main
from fivehundred.web.store import Store
from webclient import web_client

ROOT = Path(__file__).parent.parent


def test_the_version_is_written_once() -> None:
    """pyproject.toml takes the version from the package (it wrote it a second time, free
    to drift from ``__version__``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "fivehundred.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", fivehundred.__version__)
    init = (ROOT / "src" / "fivehundred" / "__init__.py").read_text(encoding="utf-8")
    assert init.count(fivehundred.__version__) == 1


def test_the_installed_version_and_the_command_agree(capsys: pytest.CaptureFixture[str]) -> None:
    """The tests run on the installed package (``pip install -e .``): its metadata holds the
    version pyproject.toml read from ``__version__``, which the command says."""
    assert metadata.version("fivehundred") == fivehundred.__version__
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"fivehundred {fivehundred.__version__}"


def test_the_card_faces_page_is_not_served() -> None:
    """The page that shows every card face is for development: it lives in scripts/, out of
    the package and of the folder the server serves file by file; its import still finds
    the cards."""
    with web_client(Store(":memory:")) as client:
        assert client.get("/static/cards.js").status_code == 200
        assert client.get("/static/cards-demo.html").status_code == 404
    page = ROOT / "scripts" / "cards-demo.html"
    m = re.search(r'from "([^"]+/cards\.js)"', page.read_text(encoding="utf-8"))
    assert m and (page.parent / m[1]).resolve() == (
        ROOT / "src" / "fivehundred" / "web" / "static" / "cards.js")
