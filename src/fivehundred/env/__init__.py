"""Five Hundred for learning agents: a seat's view as a vector, PettingZoo and OpenSpiel.

:mod:`.observation` (numpy only) turns a View into a fixed-size vector and a legal-action mask;
:class:`FiveHundredEnv` (``pip install 'fivehundred[env]'``: PettingZoo) plays any variant
through PettingZoo's agent-environment-cycle API; :class:`SoloEnv` is one seat against the
built-in bots (Gymnasium); importing :mod:`.openspiel` registers one hand of any variant with
OpenSpiel as ``python_fivehundred``.  The two environments are imported on first use, so
``import fivehundred.env`` loads neither PettingZoo nor Gymnasium.
"""

from __future__ import annotations

from typing import Any

from .observation import (
    FIELDS,
    MAX_SEATS,
    OBS_SIZE,
    Field,
    action_mask,
    encode,
    reward_bound,
)

__all__ = ["FIELDS", "MAX_SEATS", "OBS_SIZE", "Field", "FiveHundredEnv", "SoloEnv", "action_mask",
           "encode", "reward_bound"]


def __getattr__(name: str) -> Any:
    """``FiveHundredEnv`` and ``SoloEnv`` are imported on first use: PettingZoo and Gymnasium
    are optional dependencies (``SoloEnv``'s module says how to install them if missing)."""
    if name == "FiveHundredEnv":
        try:
            from .aec import FiveHundredEnv
        except ImportError as e:
            raise ImportError("FiveHundredEnv needs PettingZoo: pip install "
                              "'fivehundred[env]'") from e
        return FiveHundredEnv
    if name == "SoloEnv":
        from .solo import SoloEnv
        return SoloEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
