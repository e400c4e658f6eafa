"""Scripted deals and moves for engine tests."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

import pytest

from games.engine import MEXICAN
from games.engine import Code
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


def rest_of_set(*hands: Iterable[Tile], set_max: int = 6) -> list[Tile]:
    """Return every tile of the set that none of ``hands`` holds, in canonical order."""
    held = {tile(*t) for h in hands for t in h}
    return [t for t in full_set(set_max) if t not in held]


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


def lay(seat: int, *tiles: tuple[int, int]) -> tuple[PlayTile, ...]:
    """Return the commands by which ``seat`` lays ``tiles``, in this order, on its own train."""
    return tuple(play(seat, a, b, seat) for a, b in tiles)


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
    "rest_of_set",
    "ruleset",
    "run",
    "scripted_deal",
    "start",
    "stop",
]


def refusal(state: GameState, command) -> tuple:
    """Return the (code, rule) with which ``command`` is refused; fail if it is accepted or if
    the code is not a ``Code`` member (so ``== (Code.X, rule)`` means ``code is Code.X``)."""
    with pytest.raises(IllegalMove) as exc:
        run(state, command)
    assert isinstance(exc.value.code, Code)
    return exc.value.code, exc.value.rule


def open_keys(state: GameState) -> list:
    """Return the open doubles' trains, oldest first, as seat numbers or "mexican"."""
    return [state.train_key(i) for i in state.open_doubles]


def pass_first_turns(state: GameState) -> tuple[GameState, list[int]]:
    """Pass every first turn still to be taken; return the state and the seats in turn order."""
    order = []
    while state.first_turn:
        order.append(state.to_move)
        state, _ = run(state, pass_(state.to_move))
    return state, order


# -- scripted matches shared by several rule modules ------------------------------------------

BLOCK_SEAT0 = [(6, 6), (6, 5), (5, 4), (6, 4), (6, 3), (3, 2), (6, 2), (6, 1), (1, 0), (6, 0),
               (5, 5), (4, 4), (3, 3), (2, 2)]  # fmt: skip
BLOCK_SEAT1 = [(0, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1), (4, 2), (4, 3),
               (5, 0), (5, 1), (5, 2), (5, 3)]  # fmt: skip
BLOCK_TRAIN0 = [(6, 5), (5, 4), (6, 4), (6, 3), (3, 2), (6, 2), (6, 1), (1, 0), (6, 0)]


def seat0_second_turn(
    hands: Sequence[Iterable[Tile]], boneyard_front: Iterable[Tile] = (), **variants
) -> tuple[GameState, list]:
    """Return (state, events) at seat 0's second turn: seat 0 (holding [6,6] and [6,5]) placed
    the engine, laid [6,5] on its own train and stopped; every other seat, holding nothing that
    shows 6, passed and so marked its train. Seat 0's train ends in 5, every other train is
    empty (ends in 6)."""
    state, events = start(hands, boneyard_front, **variants)
    passes = (pass_(seat) for seat in range(1, len(hands)))
    return run(state, engine(0), play(0, 6, 5, 0), stop(0), *passes, events=events)


def seat0_third_turn(
    hands: Sequence[Iterable[Tile]], boneyard_front: Iterable[Tile] = (), **variants
) -> tuple[GameState, list]:
    """Return (state, events) at seat 0's third turn of a 2-player round: after
    ``seat0_second_turn``, seat 0 laid [6,3] on the Mexican Train and seat 1 [6,1] on its own
    train, lifting its marker. The ends are 5, 1 and 3; train 1 is closed to seat 0."""
    state, events = seat0_second_turn(hands, boneyard_front, **variants)
    return run(state, play(0, 6, 3, MEXICAN), play(1, 6, 1, 1), events=events)


def blocked_after_seat0_first_turn(**variants) -> tuple[GameState, list]:
    """All 28 double-6 tiles dealt: seat 0 lays BLOCK_TRAIN0 and stops; then no tile in any hand
    fits any end and the boneyard is empty, but seat 1 has yet to take its first turn."""
    state, _ = start([BLOCK_SEAT0, BLOCK_SEAT1], **variants)
    assert state.boneyard_left == 0
    state, _ = run(state, engine(0), *lay(0, *BLOCK_TRAIN0))
    return run(state, stop(0))


def empty_boneyard_second_turn(seat0_hand: Iterable[Tile], **variants) -> GameState:
    """Return the state at seat 0's second turn with all 28 double-6 tiles dealt: seat 0 holds
    ``seat0_hand`` (with [6,6] and [6,5]), seat 1 every other tile. Seat 0 placed the engine,
    laid [6,5] and stopped; seat 1 laid [6,4] and stopped. Seat 0's train ends in 5, the
    Mexican Train in 6, and train 1 (end 4) is closed to seat 0."""
    seat0_hand = list(seat0_hand)
    state, _ = start([seat0_hand, rest_of_set(seat0_hand)], **variants)
    assert state.boneyard_left == 0
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 4, 1), stop(1))
    return state


def three_round_match(**variants) -> tuple[GameState, list]:
    """Three rounds of 2 players: seat 0 goes out in rounds 1 and 2 (seat 1 left with 5, then
    10 pips), seat 1 in round 3 (seat 0 left with 15)."""
    state, events = seat0_second_turn(
        [[(6, 6), (6, 5), (5, 4)], [(1, 0), (1, 1), (2, 0)]], rounds=3, **variants
    )
    state, _ = run(state, play(0, 5, 4, 0), events=events)
    state, _ = run(
        state, scripted_deal([[(5, 5), (5, 3), (3, 2)], [(4, 0), (3, 1), (1, 1)]]), engine(0),
        play(0, 5, 3, 0), stop(0), pass_(1), play(0, 3, 2, 0), events=events,
    )  # fmt: skip
    return run(
        state, scripted_deal([[(6, 6), (2, 0), (1, 0)], [(4, 4), (4, 3), (3, 0)]]), engine(1),
        play(1, 4, 3, 1), stop(1), pass_(0), play(1, 3, 0, 1), events=events,
    )  # fmt: skip


def seats_1_and_2_out_on_first_turns(**variants) -> tuple[GameState, list]:
    """Return (state, events) of a 3-player round 1 that ends on the first turns: seat 0 places
    the engine and passes; seat 1 lays its whole hand, then seat 2 does. Seat 0 keeps [6,5] and
    [2,2] (15 pips); seat 1 emptied its hand first."""
    state, events = start(
        [
            [(6, 6), (6, 5), (2, 2)],
            [(6, 4), (4, 3), (3, 1)],
            [(6, 2), (2, 1), (1, 0)],
        ],
        **variants,
    )
    return run(
        state,
        engine(0),
        pass_(0),
        *lay(1, (6, 4), (4, 3), (3, 1)),
        *lay(2, (6, 2), (2, 1), (1, 0)),
        events=events,
    )
