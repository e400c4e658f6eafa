"""V6: a match may be configured with fewer rounds, counting down from double-N."""

import pytest

from games.engine import MatchEnded
from games.engine import RoundEnded
from games.engine import RoundStarted
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine.tiles import full_set
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import start


def _quick_round(state, events, first=False):
    n_max = state.ruleset.set_max
    e = n_max - (state.round - 1 if first else state.round)  # the engine of the round to play
    y = (e + 1) % (n_max + 1)
    others = [t for t in full_set(n_max) if e not in t]
    hands = [[(e, e), (e, y)], others[:2]]
    if not first:
        state, events = run(state, scripted_deal(hands, set_max=n_max), events=events)
    return run(state, engine(0), play(0, e, y, 0), pass_(1), events=events)


def test_a_three_round_match_plays_engines_six_five_four_and_ends():
    state, events = start([[(6, 6), (6, 0)], [(1, 0), (1, 1)]], rounds=3)
    state, events = _quick_round(state, events, first=True)
    state, events = _quick_round(state, events)
    assert not state.finished
    state, events = _quick_round(state, events)
    assert [e.engine for e in events if isinstance(e, RoundStarted)] == [6, 5, 4]
    assert len([e for e in events if isinstance(e, RoundEnded)]) == 3
    assert isinstance(events[-1], MatchEnded)
    assert state.finished


def test_a_one_round_match_ends_after_its_first_round():
    state, events = start([[(6, 6), (6, 0)], [(1, 0), (1, 1)]], rounds=1)
    state, events = _quick_round(state, events, first=True)
    assert isinstance(events[-1], MatchEnded)
    assert events[-1].totals == (0, 3)
    assert state.finished


@pytest.mark.parametrize(
    ("players", "rounds"), [(2, 1), (2, 5), (2, 10), (4, 1), (4, 13), (14, 19)]
)
def test_any_round_count_from_one_to_the_full_count_is_accepted(players, rounds):
    rs = Ruleset.for_players(players, rounds=rounds)
    assert rs.rounds == rounds
    assert rs.engine_for(1) == rs.set_max
    assert rs.engine_for(rounds) == rs.set_max - rounds + 1


@pytest.mark.parametrize(("players", "rounds"), [(2, 0), (2, 11), (4, 14), (4, -1), (14, 20)])
def test_zero_rounds_or_more_than_the_full_count_are_refused(players, rounds):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players, rounds=rounds)
    assert exc.value.rule == "V6"


def test_the_default_is_the_full_count_of_rounds():
    assert Ruleset.for_players(4).rounds == 13
    assert Ruleset.for_players(4, set_max=6, hand_size=7).rounds == 7
