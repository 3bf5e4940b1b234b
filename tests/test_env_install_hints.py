"""The learning environments without their extra installed: each says how to install it."""

from __future__ import annotations

import subprocess
import sys

import pytest

HINT = "pip install 'fivehundred[env]'"


def _import_without(missing: str, statement: str) -> str:
    """Run ``statement`` in a fresh Python where the module ``missing`` cannot be imported (as
    in a play-only install); what the ImportError said, its type and ``name`` first."""
    code = (f"import sys; sys.modules[{missing!r}] = None\n"
            f"try:\n    {statement}\n"
            "except ImportError as e:\n    print(type(e).__name__, e.name); print(e)\n"
            "else:\n    print('imported')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_solo_env_without_its_extra_says_how_to_install_it(missing: str) -> None:
    """``from fivehundred.env.solo import SoloEnv`` said only "No module named
    'gymnasium'"."""
    out = _import_without(missing, "from fivehundred.env.solo import SoloEnv")
    assert out.startswith(f"ModuleNotFoundError {missing}\n"), out
    assert f"SoloEnv needs Gymnasium and PettingZoo, and {missing} is not installed: " \
           f"{HINT}" in out, out


def test_the_openspiel_game_without_open_spiel_says_how_to_install_it() -> None:
    """``import fivehundred.env.openspiel`` said only "No module named 'pyspiel'"."""
    out = _import_without("pyspiel", "import fivehundred.env.openspiel")
    assert out.startswith("ModuleNotFoundError pyspiel\n"), out
    assert "fivehundred.env.openspiel needs OpenSpiel, and pyspiel is not installed: " \
           f"{HINT}" in out, out


def test_the_pettingzoo_env_without_pettingzoo_says_how_to_install_it() -> None:
    """The hint the two above now give as well."""
    out = _import_without("pettingzoo", "from fivehundred.env import FiveHundredEnv")
    assert f"FiveHundredEnv needs PettingZoo: {HINT}" in out, out


def test_with_the_extra_installed_each_imports() -> None:
    """(The guards let the modules import where their extra is there.)"""
    out = _import_without("no_such_module_at_all",
                          "from fivehundred.env.solo import SoloEnv; "
                          "import fivehundred.env.openspiel")
    assert out == "imported\n", out
