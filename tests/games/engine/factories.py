"""Scripted deals and moves for engine tests."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

import pytest

from games.engine import MEXICAN
from games.engine import DrawTile
from games.engine import GameState
from games.engine import IllegalMove
from games.engine import MatchStarted
from games.engine import Pass
from games.engine import PlaceEngine
from games.engine import PlayTile
from games.engine import Ruleset
from games.engine import StartRound
from games.engine import Stop
from games.engine import apply_event
from games.engine import commitment
from games.engine import decide
from games.engine import initial_state
from games.engine import legal_moves
from games.engine import replay
from games.engine.tiles import Tile
from games.engine.tiles import full_set
from games.engine.tiles import tile

SEED = bytes(32)


def ruleset(set_max: int = 6, hand_size: int = 3, rounds: int | None = None, **variants) -> Ruleset:
    """Return a small explicit ruleset (by default double-6, 3 tiles each, all rounds)."""
    return Ruleset(
        set_max=set_max,
        hand_size=hand_size,
        rounds=set_max + 1 if rounds is None else rounds,
        **variants,
    )


def T(a: int, b: int) -> Tile:
    return tile(a, b)


def scripted_deal(
    hands: Sequence[Iterable[Tile]], boneyard_front: Iterable[Tile] = (), set_max: int = 6
) -> StartRound:
    """Return a deal with these hands; the boneyard is ``boneyard_front`` then every other tile
    of the set in canonical order."""
    hands = [tuple(tile(*t) for t in h) for h in hands]
    front = [tile(*t) for t in boneyard_front]
    used = {t for h in hands for t in h} | set(front)
    assert len(used) == sum(map(len, hands)) + len(front), "a tile is dealt twice"
    rest = [t for t in full_set(set_max) if t not in used]
    return StartRound(tuple(hands), tuple(front + rest))


def start(
    hands: Sequence[Iterable[Tile]],
    boneyard_front: Iterable[Tile] = (),
    *,
    set_max: int = 6,
    rounds: int | None = None,
    **variants,
) -> tuple[GameState, list]:
    """Return (state, events) just after the deal of round 1 with these hands."""
    hands = [list(h) for h in hands]
    rs = ruleset(set_max=set_max, hand_size=len(hands[0]), rounds=rounds, **variants)
    start_ev = MatchStarted(rs, len(hands), commitment(SEED))
    state = initial_state(start_ev)
    events = [start_ev]
    return run(state, scripted_deal(hands, boneyard_front, set_max), events=events)


def run(state: GameState, *commands, events: list | None = None) -> tuple[GameState, list]:
    """Apply commands one by one through ``decide``/``apply_event``; return (state, events)."""
    events = [] if events is None else events
    for command in commands:
        for event in decide(state, command):
            state = apply_event(state, event)
            events.append(event)
    return state, events


def engine(seat: int) -> PlaceEngine:
    return PlaceEngine(seat)


def play(seat: int, a: int, b: int, train: int | str) -> PlayTile:
    return PlayTile(seat, tile(a, b), train)


def draw(seat: int) -> DrawTile:
    return DrawTile(seat)


def pass_(seat: int) -> Pass:
    return Pass(seat)


def stop(seat: int) -> Stop:
    return Stop(seat)


__all__ = [
    "MEXICAN",
    "SEED",
    "T",
    "draw",
    "engine",
    "legal_moves",
    "pass_",
    "play",
    "replay",
    "ruleset",
    "run",
    "scripted_deal",
    "start",
    "stop",
]


def refusal(state: GameState, command) -> tuple:
    """Return the (code, rule) with which ``command`` is refused; fail if it is accepted."""
    with pytest.raises(IllegalMove) as exc:
        run(state, command)
    return exc.value.code, exc.value.rule


def open_keys(state: GameState) -> list:
    """Return the open doubles' trains, oldest first, as seat numbers or "mexican"."""
    return [state.train_key(i) for i in state.open_doubles]


# -- scripted matches shared by several rule modules ------------------------------------------

BLOCK_SEAT0 = [(6, 6), (6, 5), (5, 4), (6, 4), (6, 3), (3, 2), (6, 2), (6, 1), (1, 0), (6, 0),
               (5, 5), (4, 4), (3, 3), (2, 2)]  # fmt: skip
BLOCK_SEAT1 = [(0, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1), (4, 2), (4, 3),
               (5, 0), (5, 1), (5, 2), (5, 3)]  # fmt: skip
BLOCK_TRAIN0 = [(6, 5), (5, 4), (6, 4), (6, 3), (3, 2), (6, 2), (6, 1), (1, 0), (6, 0)]


def blocked_after_seat0_first_turn(**variants) -> tuple[GameState, list]:
    """All 28 double-6 tiles dealt: seat 0 lays BLOCK_TRAIN0 and stops; then no tile in any hand
    fits any end and the boneyard is empty, but seat 1 has yet to take its first turn."""
    state, _ = start([BLOCK_SEAT0, BLOCK_SEAT1], **variants)
    assert state.boneyard_left == 0
    state, _ = run(state, engine(0), *(play(0, a, b, 0) for a, b in BLOCK_TRAIN0))
    return run(state, stop(0))


def three_round_match(**variants) -> tuple[GameState, list]:
    """Three rounds of 2 players: seat 0 goes out in rounds 1 and 2 (seat 1 left with 5, then
    10 pips), seat 1 in round 3 (seat 0 left with 15)."""
    state, events = start(
        [[(6, 6), (6, 5), (5, 4)], [(1, 0), (1, 1), (2, 0)]], rounds=3, **variants
    )
    state, _ = run(
        state, engine(0), play(0, 6, 5, 0), stop(0), pass_(1), play(0, 5, 4, 0), events=events
    )
    state, _ = run(
        state, scripted_deal([[(5, 5), (5, 3), (3, 2)], [(4, 0), (3, 1), (1, 1)]]), engine(0),
        play(0, 5, 3, 0), stop(0), pass_(1), play(0, 3, 2, 0), events=events,
    )  # fmt: skip
    return run(
        state, scripted_deal([[(6, 6), (2, 0), (1, 0)], [(4, 4), (4, 3), (3, 0)]]), engine(1),
        play(1, 4, 3, 1), stop(1), pass_(0), play(1, 3, 0, 1), events=events,
    )  # fmt: skip
