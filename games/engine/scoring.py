"""Round scores and final places (RULES R22, R23, V3, V4)."""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Sequence

from .ruleset import Ruleset
from .tiles import Tile


def hand_points(hand: Iterable[Tile], ruleset: Ruleset) -> int:
    """Return the pips left in a hand; the double-blank counts 50 unless V3 says 0 (R22, V3)."""
    total = 0
    for a, b in hand:
        total += a + b
        if a == 0 and b == 0:
            total += ruleset.double_blank_points
    return total


def round_scores(
    hands: Sequence[Collection[Tile]], went_out: int | None, blocked: bool, ruleset: Ruleset
) -> tuple[int, ...]:
    """Return every seat's score for a round that has just ended (R22; V4 positive scoring)."""
    if ruleset.scoring == "positive":
        # V4: whoever went out scores everyone else's hands; a blocked round scores 0 for all.
        # Several empty hands (R13: going out on the first turns) share the sum, rounded down.
        scores = [0] * len(hands)
        if went_out is not None and not blocked:
            winners = [s for s, h in enumerate(hands) if not h] or [went_out]
            share = sum(hand_points(h, ruleset) for h in hands) // len(winners)
            for s in winners:
                scores[s] = share
        return tuple(scores)
    # R22: an empty hand scores 0 (R13: every empty hand, not only the first).
    return tuple(hand_points(h, ruleset) if h else 0 for h in hands)


def places(
    round_history: Sequence[Sequence[int]], ruleset: Ruleset
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Return (totals, zero_rounds, places) after the last round (R23; V4 for positive scoring).

    Tied players share a place and the next place is skipped (1, 1, 3).
    """
    seats = len(round_history[0]) if round_history else 0
    totals = tuple(sum(r[s] for r in round_history) for s in range(seats))
    zeros = tuple(sum(1 for r in round_history if r[s] == 0) for s in range(seats))
    keys = []
    for s in range(seats):
        own = [r[s] for r in round_history]
        if ruleset.scoring == "positive":
            # V4: highest total, then fewest rounds at 0, then the highest single round.
            keys.append((-totals[s], zeros[s], -max(own, default=0)))
        else:
            # R23: lowest total, then most rounds at 0, then the lowest single non-zero round.
            nonzero = [x for x in own if x]
            keys.append((totals[s], -zeros[s], min(nonzero) if nonzero else 0))
    result = tuple(1 + sum(1 for other in keys if other < keys[s]) for s in range(seats))
    return totals, zeros, result
