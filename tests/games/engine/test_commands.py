"""``command_from_dict`` is the inverse of ``command_to_dict``: the one move parser the REST
move and the socket's move command share (through ``services.parse_move``)."""

from __future__ import annotations

import random

import pytest

from games.bots.simple import POLICIES
from games.engine import Ruleset
from games.engine import command_from_dict
from games.engine import command_to_dict
from games.engine import events as ev
from games.engine import legal_moves
from games.engine.simulate import simulate_match
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.engine.state import evolve
from games.engine.state import initial_state


def positions(seats: int, seed: bytes):
    """Every position of a greedy-played match, with the seat to move."""
    events = simulate_match(seed, Ruleset.for_players(seats, rounds=2), seats, POLICIES["greedy"])
    state = None
    for event in events:
        if isinstance(event, ev.MatchStarted):
            state = initial_state(event)
            continue
        evolve(state, event)
        if state.phase in (ENGINE, PLAYING):
            yield state, state.to_move


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_every_legal_move_parses_back_to_itself(seats):
    seen = 0
    for state, seat in positions(seats, random.Random(seats).randbytes(32)):
        for move in legal_moves(state, seat):
            body = command_to_dict(move)
            body.pop("seat")
            assert command_from_dict(body, seat, state.ruleset.set_max) == move._replace(by=None)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"action": "dance"}, "action must be one of engine, play, draw, pass, stop"),
        ({}, "action must be one of"),
        ({"action": "play", "tile": [13, 1], "train": 0}, None),
        ({"action": "play", "tile": [1, 1], "train": True}, "train must be"),
        ({"action": "play", "tile": [1, 1], "train": "mexicano"}, "train must be"),
    ],
)
def test_a_malformed_body_is_a_value_error_that_says_why(body, message):
    with pytest.raises(ValueError, match=message):
        command_from_dict(body, 0, 12)
