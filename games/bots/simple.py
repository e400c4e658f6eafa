"""The simplest policies: pick among the legal moves at random, or the heaviest tile."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engine.commands import PlayTile
from games.engine.commands import SeatCommand


def random_policy(moves: Sequence[SeatCommand], rng: random.Random) -> SeatCommand:
    """Return any legal move, uniformly."""
    return moves[int(rng.random() * len(moves))] if len(moves) > 1 else moves[0]


def greedy_policy(moves: Sequence[SeatCommand], rng: random.Random) -> SeatCommand:
    """Return the play of the heaviest tile, preferring the seat's own train; else the only move."""
    best = None
    best_key = None
    for m in moves:
        if isinstance(m, PlayTile):
            key = (m.tile[0] + m.tile[1], m.train == m.seat)
            if best_key is None or key > best_key:
                best, best_key = m, key
    return best if best is not None else moves[0]


POLICIES = {"random": random_policy, "greedy": greedy_policy}
