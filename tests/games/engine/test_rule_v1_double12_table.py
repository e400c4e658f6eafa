"""V1 hand_table "double12": a double-12 set for 2 to 10 players; 2-4 -> 15 tiles, 5-6 -> 12,
7-8 -> 10, 9-10 -> 8."""

import pytest

from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine import StartRound
from games.engine import commitment
from games.engine import deal_round
from games.engine import initial_state
from tests.games.engine.factories import SEED
from tests.games.engine.factories import run

DOUBLE12 = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}


@pytest.mark.parametrize("players", sorted(DOUBLE12))
def test_the_double12_table_gives_a_double_12_set_and_the_hand_size_for_every_player_count(players):
    rs = Ruleset.for_players(players, hand_table="double12")
    assert rs.hand_table == "double12"
    assert (rs.set_max, rs.hand_size) == (12, DOUBLE12[players])
    assert rs.rounds == 13


@pytest.mark.parametrize("players", sorted(DOUBLE12))
def test_every_double12_table_entry_can_be_dealt(players):
    rs = Ruleset.for_players(players, hand_table="double12")
    state = initial_state(MatchStarted(rs, players, commitment(SEED)))
    hands, boneyard = deal_round(SEED, 1, 12, players, rs.hand_size)
    state, _ = run(state, StartRound(hands, boneyard))
    assert [len(h) for h in state.hands] == [DOUBLE12[players]] * players
    assert state.boneyard_left == 91 - players * DOUBLE12[players]


@pytest.mark.parametrize("players", [11, 12, 13, 14])
def test_the_double12_table_seats_no_more_than_ten_players(players):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players, hand_table="double12")
    assert exc.value.rule == "V1"
    with pytest.raises(RulesetError) as exc:
        Ruleset(set_max=12, hand_size=2, rounds=13, hand_table="double12").check(players)
    assert exc.value.rule == "V1"


@pytest.mark.parametrize("players", [1, 15])
def test_the_double12_table_still_needs_two_to_fourteen_players(players):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players, hand_table="double12")
    assert exc.value.rule == "R1"


@pytest.mark.parametrize("name", ["small", "Classic", "double-12", ""])
def test_an_unknown_hand_table_is_refused(name):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(4, hand_table=name)
    assert exc.value.rule == "V1"


def test_the_classic_table_is_the_default():
    assert Ruleset.for_players(8).hand_table == "classic"
    assert (Ruleset.for_players(8).set_max, Ruleset.for_players(8).hand_size) == (12, 11)
    assert Ruleset.for_players(8, hand_table="double12").hand_size == 10
