"""R5: a double-N match has N+1 rounds; round r's engine is double-(N-r+1), the last round's is
the double-blank."""

import pytest

from games.engine import Code
from games.engine import EnginePlaced
from games.engine import MatchEnded
from games.engine import RoundEnded
from games.engine import RoundStarted
from games.engine import Ruleset
from games.engine.tiles import full_set
from games.engine.tiles import tile
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import start


def _quick_deal(state):
    """The next round's deal: seat 0 holds that round's engine and one tile showing its number,
    everyone else two tiles (2 tiles each)."""
    n_max = state.ruleset.set_max
    e = n_max - state.round  # the next round's engine number
    y = (e + 1) % (n_max + 1)
    others = [t for t in full_set(n_max) if e not in t]
    hands = [[(e, e), (e, y)]] + [others[2 * (s - 1) : 2 * s] for s in range(1, state.seats)]
    return scripted_deal(hands, set_max=n_max), e, y


def _quick_round(state, events):
    """Deal the next round and end it in its first turns: seat 0 places the engine and goes out
    (R13), everyone else passes."""
    deal, e, y = _quick_deal(state)
    return run(
        state,
        deal,
        engine(0),
        play(0, e, y, 0),
        *[pass_(s) for s in range(1, state.seats)],
        events=events,
    )


def _first_round(players=2, rounds=None):
    """Round 1 (engine 6) with 2 tiles each, ended in its first turns."""
    others = [t for t in full_set(6) if 6 not in t]
    hands = [[(6, 6), (6, 0)]] + [others[2 * (s - 1) : 2 * s] for s in range(1, players)]
    state, events = start(hands, rounds=rounds)
    return run(
        state, engine(0), play(0, 6, 0, 0), *[pass_(s) for s in range(1, players)], events=events
    )


@pytest.mark.parametrize(
    ("players", "n_max", "rounds"), [(2, 9, 10), (4, 12, 13), (9, 15, 16), (13, 18, 19)]
)
def test_a_match_has_one_more_round_than_the_sets_top_number(players, n_max, rounds):
    rs = Ruleset.for_players(players)
    assert rs.set_max == n_max
    assert rs.rounds == rounds


@pytest.mark.parametrize("n_max", [6, 9, 12, 15, 18])
def test_the_engines_count_down_from_double_n_to_the_double_blank(n_max):
    rs = Ruleset(set_max=n_max, hand_size=2, rounds=n_max + 1)
    assert [rs.engine_for(r) for r in range(1, n_max + 2)] == list(range(n_max, -1, -1))


def test_a_whole_double_6_match_plays_seven_rounds_with_engines_six_down_to_blank():
    state, events = _first_round()
    for _ in range(6):
        state, events = _quick_round(state, events)
    started = [e for e in events if isinstance(e, RoundStarted)]
    assert [(e.round, e.engine) for e in started] == [(r, 7 - r) for r in range(1, 8)]
    placed = [e.tile for e in events if isinstance(e, EnginePlaced)]
    assert placed == [tile(e, e) for e in range(6, -1, -1)]
    assert [e.round for e in events if isinstance(e, RoundEnded)] == list(range(1, 8))
    assert isinstance(events[-1], MatchEnded)
    assert state.finished


def test_the_match_ends_after_the_last_round_and_no_further_round_is_dealt():
    state, events = _first_round()
    for _ in range(6):
        state, events = _quick_round(state, events)
    deal = scripted_deal([[(6, 6), (6, 0)], [(5, 5), (5, 0)]])
    assert refusal(state, deal) == (Code.MATCH_FINISHED, "R23")


def test_the_match_does_not_end_before_the_last_round():
    state, events = _first_round()
    for _ in range(5):
        state, events = _quick_round(state, events)
    assert state.round == 6
    assert not any(isinstance(e, MatchEnded) for e in events)
    assert not state.finished


def test_in_round_two_the_holder_of_the_next_lower_double_places_the_engine():
    state, events = _first_round()
    # seat 0 holds [6,6], seat 1 holds [5,5]: round 2's engine is double-5
    deal = scripted_deal([[(6, 6), (6, 1)], [(5, 5), (5, 1)]])
    state, events = run(state, deal, events=events)
    assert state.engine == 5
    assert state.to_move == 1
    assert refusal(state, engine(0)) == (Code.NOT_YOUR_TURN, "R6")
    state, events = run(state, engine(1), events=events)
    assert events[-1] == EnginePlaced(1, (5, 5))
    # every train now starts from 5: [6,6] and [6,1] cannot start one
    state, _ = run(state, pass_(1))
    assert refusal(state, play(0, 6, 1, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")


def test_a_new_round_cannot_be_dealt_while_a_round_is_under_way():
    state, events = start([[(6, 6), (6, 0)], [(5, 5), (5, 0)]])
    deal = scripted_deal([[(6, 6), (6, 0)], [(5, 5), (5, 0)]])
    assert refusal(state, deal) == (Code.ROUND_ALREADY_STARTED, "R5")
