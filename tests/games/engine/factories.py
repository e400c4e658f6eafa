"""Scripted deals and moves for engine tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from games.engine import (
    MEXICAN,
    DrawTile,
    GameState,
    IllegalMove,
    MatchStarted,
    Pass,
    PlaceEngine,
    PlayTile,
    Ruleset,
    StartRound,
    Stop,
    apply_event,
    commitment,
    decide,
    initial_state,
    legal_moves,
    replay,
)
from games.engine.tiles import Tile, full_set, tile

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
