"""Imitation data from game records: every decision of a whole record, as the seat that made
it saw it, and the action id it took, for learning from bots' or people's games (a
``fivehundred selfplay`` dataset, a saved game).

A decision's view is the acting seat's own (:meth:`Game.view`): what the environments give an
agent at that turn, so a policy trained on these pairs sees in play what it saw in training.

>>> from fivehundred import Game, Rules
>>> from fivehundred.record import record_from_game
>>> g = Game(Rules.preset("australian"), seed=7)
>>> for tok in ("pass", "pass", "pass", "pass"):
...     g.apply(tok)
>>> [(d.view.seat, d.action) for d in decisions(record_from_game(g))]     # 94: pass
[(0, 94), (1, 94), (2, 94), (3, 94)]
>>> obs, masks, actions = arrays(record_from_game(g))
>>> obs.shape[0] == masks.shape[0] == len(actions) == 4 and all(masks[range(4), actions])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

import numpy as np

from ..actions import NUM_ACTIONS, action_from_token
from ..errors import RecordError
from ..game import Game
from ..record.model import GameRecord
from ..record.replay import replay
from ..view import View
from .observation import OBS_SIZE, action_mask, encode


class Step(NamedTuple):
    """One decision of a record: the acting seat's view before it, and the action id taken."""

    view: View
    action: int


def decisions(rec: GameRecord) -> Iterator[Step]:
    """Every decision of the whole record ``rec`` in the order made (bids, discards, the
    call, cards), each with the acting seat's view; the record is replayed (checked) first,
    so a faulty one raises its RecordError before any step, and a one-seat record
    (``Viewpoint``), whose other hands are hidden, is refused as ``replay`` refuses it."""
    replay(rec)
    g: Game | None = None
    for h in rec.hands:
        if g is None:
            g = Game(rec.rules, seed=int(rec.tag("Seed") or 0), deal=h.deal(rec.rules),
                     scores=rec.start_scores)
        else:
            g.next_hand(deal=h.deal(rec.rules))
        for tok in h.actions:
            seat = g.to_move
            if seat is None:  # pragma: no cover - replay checked every action
                raise RecordError("a recorded action where nobody is to move")
            yield Step(g.view(seat), action_from_token(tok, auction=g.phase == "auction"))
            g.apply(tok)


def arrays(records: GameRecord | Iterable[GameRecord]
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decisions of one record or many as arrays: observations (float32, one row of
    :data:`.observation.OBS_SIZE` a decision, :func:`.observation.encode`), legal-action masks
    (bool, :data:`.observation.NUM_ACTIONS` columns) and the action ids taken (int64)."""
    recs = [records] if isinstance(records, GameRecord) else records
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    for rec in recs:
        for step in decisions(rec):
            obs.append(encode(step.view))
            masks.append(action_mask(step.view))
            actions.append(step.action)
    if not actions:
        return (np.zeros((0, OBS_SIZE), np.float32), np.zeros((0, NUM_ACTIONS), bool),
                np.zeros(0, np.int64))
    return np.stack(obs), np.stack(masks).astype(bool), np.asarray(actions, np.int64)
