"""``step_legal`` (a simulation's fold of a move ``legal_moves`` offered) does what ``step`` does,
and ``legal_moves`` offers the plays the checks' ``legal_plays`` finds."""

from __future__ import annotations

import random

import pytest

from games.bots.simple import POLICIES
from games.engine import MEXICAN
from games.engine import Pass
from games.engine import PlayTile
from games.engine import Ruleset
from games.engine import StartRound
from games.engine import Stop
from games.engine import events as ev
from games.engine import legal_moves
from games.engine import step
from games.engine.deal import deal_round
from games.engine.rules import legal_plays
from games.engine.rules import step_legal
from games.engine.simulate import simulate_match
from games.engine.state import DEALING
from games.engine.state import FINISHED
from games.engine.state import PLAYING
from games.engine.state import initial_state


def test_events_made_from_commands_hold_the_same_fields():
    assert ev.TilePlayed._fields == PlayTile._fields
    assert ev.TurnPassed._fields == Pass._fields
    assert ev.TurnStopped._fields == Stop._fields


@pytest.mark.parametrize(
    ("seats", "variant"),
    [(2, {}), (4, {}), (5, {"max_doubles_per_turn": 1, "first_turn": "draw"}), (8, {})],
)
def test_step_legal_folds_every_legal_move_as_step_does_and_plays_are_the_checks(seats, variant):
    seed = bytes([seats]) * 32
    rs = Ruleset.for_players(seats, rounds=2, **variant)
    rng = random.Random(seats)
    state = initial_state(ev.MatchStarted(rs, seats, "0" * 64))
    while state.phase != FINISHED:
        if state.phase == DEALING:
            hands, boneyard = deal_round(seed, state.round + 1, rs.set_max, seats, rs.hand_size)
            step(state, StartRound(hands, boneyard))
            continue
        moves = legal_moves(state, state.to_move)
        plays = [
            (m.tile, seats if m.train == MEXICAN else m.train)
            for m in moves
            if isinstance(m, PlayTile)
        ]
        if state.phase == PLAYING:  # the checks' reference enumeration, where they use it
            assert plays == legal_plays(state, state.to_move)
        for move in moves:
            checked, trusted = state.copy(), state.copy()
            assert step_legal(trusted, move) == step(checked, move)
            assert trusted == checked
        step(state, rng.choice(moves))


def test_a_policy_answering_an_equal_but_new_command_is_still_checked():
    seed = bytes(32)
    rs = Ruleset.for_players(3, rounds=1)

    def copying(moves, rng):
        m = POLICIES["random"](moves, rng)
        return type(m)(*m)  # equal, not the same object: goes through step

    assert simulate_match(seed, rs, 3, copying) == simulate_match(seed, rs, 3, POLICIES["random"])
