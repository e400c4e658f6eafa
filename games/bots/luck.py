"""Luck in a Mexican Train round (issue 18, items 2 and 3).

A round's outcome for seat i (``games.bots.mc.outcome`` of its scores: the seat's points against
the mean of the others', higher = better, in points; it sums to 0 over the seats) mixes what the
seat was dealt, what it drew and how it played. With a reference policy (``REFERENCE``, "smart",
played by every seat) as the yardstick, the chance parts are estimated by rollouts on the FULL
state (every hand is known after the match; only the boneyard's order is reshuffled):

- ``deal[i]`` = V_i(the state after the deal): the mean outcome of i over ``rollouts`` rollouts
  from the actual dealt hands, the boneyard reshuffled per rollout, every seat played by the
  reference. It sums to 0 over the seats: how good i's hand was against the table's.
- for a draw by seat j (the engine search of R7 included): ``delta = V(after) - V(before)``,
  where "before" is the state before the draw with the boneyard (the drawn tile included)
  reshuffled and the draw then made, and "after" the state with the actual tile drawn and the
  rest reshuffled. Common random numbers: rollout r uses one shuffle ``p`` of the remaining
  boneyard; "before" draws ``p[0]`` and goes on with ``p[1:]``, "after" draws the actual tile and
  goes on with ``p`` without it (identical worlds when ``p[0]`` is the actual tile). ``delta`` is
  a vector over all seats (a tile one seat draws is also one the others will not).
  ``draws[i]`` sums ``delta_i`` over i's own draws (the contract's field); ``draws_table[i]``
  sums ``delta_i`` over everyone's draws (all the boneyard's luck for i; sums to 0 over seats).
- ``result[i]`` = the actual outcome; ``result_less_luck[i] = result[i] - deal[i] - draws[i]``:
  the result with the estimated luck of the seat's cards taken out. The game's
  ``result_less_luck`` is the mean over rounds. Only completed rounds count.

This was the first skill index (ANALYSIS_VERSION 1). It is kept for information and for the
validation, but it is not the index any more: each luck estimate is the mean of a few rollouts of
a round whose outcome spreads over tens of points, and subtracting those noisy estimates from a
noisy result removed about as much noise as it added (docs/analysis.md, validation). The skill
index now sums the seat's own decisions' gains against the reference policy
(``games.bots.analysis``): the same quantity — the result less the luck less what the others'
play did to the seat — measured term by term on common random numbers.

Deterministic: each estimate's shuffles come from ``derived_rng(seed, ...)`` (sha256).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from games.bots.mc import ROLLOUTS
from games.bots.mc import outcome
from games.bots.mc import rollout
from games.engine import events as ev
from games.engine.commands import DrawTile
from games.engine.rules import step
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.engine.state import GameState
from games.engine.state import evolve
from games.engine.state import initial_state
from games.engine.tiles import Tile

REFERENCE = "smart"


def derived_rng(seed: bytes, *parts: object) -> random.Random:
    """Return a ``random.Random`` seeded from sha256 of ``seed`` and ``parts`` (deterministic)."""
    h = hashlib.sha256(seed)
    for p in parts:
        h.update(b"\x00" + str(p).encode())
    return random.Random(int.from_bytes(h.digest()[:16], "big"))


def _finish(s: GameState) -> tuple[int, ...]:
    """Play ``s`` (owned) to the round's end with the reference policy; return the scores."""
    if s.phase == PLAYING or s.phase == ENGINE:
        return rollout(s, random.Random(0), ROLLOUTS[REFERENCE])
    return s.round_history[-1]


def _outcomes(scores: Sequence[int], positive: bool) -> list[float]:
    return [outcome(scores, j, positive) for j in range(len(scores))]


def _with_boneyard(s: GameState, boneyard: Sequence[Tile]) -> GameState:
    t = s.copy()
    t.boneyard = tuple(boneyard)
    t.bpos = 0
    return t


def deal_value(state: GameState, rollouts: int, rng: random.Random) -> list[float]:
    """Return per seat the mean outcome from ``state`` (just dealt), the boneyard reshuffled."""
    n = state.seats
    positive = state.ruleset.scoring == "positive"
    rest = list(state.boneyard[state.bpos :])
    total = [0.0] * n
    for _ in range(rollouts):
        rng.shuffle(rest)
        for j, v in enumerate(_outcomes(_finish(_with_boneyard(state, rest)), positive)):
            total[j] += v
    return [x / max(rollouts, 1) for x in total]


def draw_delta(state: GameState, drawn: Tile, rollouts: int, rng: random.Random) -> list[float]:
    """Return per seat V(after drawing ``drawn``) - V(before the draw) from ``state`` (the seat
    to move is about to draw), with common random numbers (see the module docstring)."""
    n = state.seats
    seat = state.to_move
    rest = list(state.boneyard[state.bpos :])
    if len(rest) <= 1:
        return [0.0] * n  # nothing else could have been drawn
    positive = state.ruleset.scoring == "positive"
    delta = [0.0] * n
    for _ in range(rollouts):
        rng.shuffle(rest)
        if rest[0] == drawn:
            continue  # the same world both ways: a difference of 0
        before = _with_boneyard(state, rest)
        step(before, DrawTile(seat))
        after = _with_boneyard(state, [drawn] + [t for t in rest if t != drawn])
        step(after, DrawTile(seat))
        vb = _outcomes(_finish(before), positive)
        va = _outcomes(_finish(after), positive)
        for j in range(n):
            delta[j] += va[j] - vb[j]
    return [x / rollouts for x in delta]


def _r(x: float) -> float:
    return round(x, 4)


def analyse_luck(events: Sequence[ev.Event], *, rollouts: int, seed: bytes = b"") -> dict[str, Any]:
    """Return ``{"rounds": [...], "result_less_luck": [...]}`` for ``events``."""
    if not events or not isinstance(events[0], ev.MatchStarted):
        raise ValueError("a match's log starts with MatchStarted")
    state = initial_state(events[0])
    n = state.seats
    positive = state.ruleset.scoring == "positive"
    rounds: list[dict[str, Any]] = []
    deal: list[float] = [0.0] * n
    draws = [0.0] * n
    table = [0.0] * n
    count = 0
    for index in range(1, len(events)):
        e = events[index]
        if isinstance(e, ev.TileDrawn):
            d = draw_delta(state, e.tile, rollouts, derived_rng(seed, "draw", index))
            draws[e.seat] += d[e.seat]
            for j in range(n):
                table[j] += d[j]
            count += 1
        evolve(state, e)
        if isinstance(e, ev.RoundStarted):
            deal = deal_value(state, rollouts, derived_rng(seed, "deal", e.round))
            draws = [0.0] * n
            table = [0.0] * n
            count = 0
        elif isinstance(e, ev.RoundEnded):
            result = _outcomes(e.scores, positive)
            rounds.append(
                {
                    "round": e.round,
                    "deal": [_r(x) for x in deal],
                    "draws": [_r(x) for x in draws],
                    "draws_table": [_r(x) for x in table],
                    "draw_count": count,
                    "result": [_r(x) for x in result],
                    "result_less_luck": [_r(result[j] - deal[j] - draws[j]) for j in range(n)],
                }
            )
    less = [
        _r(sum(r["result_less_luck"][j] for r in rounds) / len(rounds)) if rounds else 0.0
        for j in range(n)
    ]
    return {"rounds": rounds, "result_less_luck": less}
