"""R3: the classic table of set and hand size by player count, the small-table option, and
refusing a combination that cannot be dealt when the game is created."""

import pytest

from games.engine import Code
from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine import StartRound
from games.engine import commitment
from games.engine import deal_round
from games.engine import initial_state
from games.engine.tiles import set_size
from tests.games.engine.factories import SEED
from tests.games.engine.factories import refusal
from tests.games.engine.factories import ruleset
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal

CLASSIC = {
    2: (9, 15),
    3: (9, 15),
    4: (12, 15),
    5: (12, 12),
    6: (12, 12),
    7: (12, 11),
    8: (12, 11),
    9: (15, 11),
    10: (15, 11),
    11: (15, 11),
    12: (15, 11),
    13: (18, 11),
    14: (18, 11),
}


def _deal(rs: Ruleset, players: int):
    state = initial_state(MatchStarted(rs, players, commitment(SEED)))
    hands, boneyard = deal_round(SEED, 1, rs.set_max, players, rs.hand_size)
    return run(state, StartRound(hands, boneyard))


@pytest.mark.parametrize("players", sorted(CLASSIC))
def test_the_classic_table_gives_the_set_and_hand_size_for_every_player_count(players):
    rs = Ruleset.for_players(players)
    assert (rs.set_max, rs.hand_size) == CLASSIC[players]
    assert rs.hand_table == "classic"


@pytest.mark.parametrize("players", sorted(CLASSIC))
def test_every_classic_table_entry_can_be_dealt_with_the_rest_in_the_boneyard(players):
    rs = Ruleset.for_players(players)
    assert players * rs.hand_size <= set_size(rs.set_max)
    state, events = _deal(rs, players)
    assert [len(h) for h in state.hands] == [rs.hand_size] * players
    assert state.boneyard_left == set_size(rs.set_max) - players * rs.hand_size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_small_table_option_deals_seven_tiles_each_from_a_double_6_set(players):
    rs = Ruleset.for_players(players, set_max=6, hand_size=7)
    assert (rs.set_max, rs.hand_size, rs.rounds) == (6, 7, 7)
    state, _ = _deal(rs, players)
    assert [len(h) for h in state.hands] == [7] * players
    assert state.boneyard_left == 28 - 7 * players


def test_the_small_table_option_cannot_seat_five_players():
    # 5 x 7 = 35 tiles, more than the 28 of a double-6 set
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(5, set_max=6, hand_size=7)
    assert exc.value.rule == "R3"


@pytest.mark.parametrize(
    ("players", "set_max", "hand_size"),
    [(4, 12, 23), (2, 6, 15), (3, 9, 19), (14, 18, 14), (12, 15, 12), (8, 12, 12)],
)
def test_a_combination_that_cannot_be_dealt_is_refused_when_the_ruleset_is_created(
    players, set_max, hand_size
):
    assert players * hand_size > set_size(set_max)
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players, set_max=set_max, hand_size=hand_size)
    assert exc.value.rule == "R3"


def test_a_ruleset_built_directly_is_refused_by_its_check_when_it_cannot_be_dealt():
    rs = Ruleset(set_max=6, hand_size=8, rounds=7)
    rs.check(3)  # 24 <= 28: fine
    with pytest.raises(RulesetError) as exc:
        rs.check(4)  # 32 > 28
    assert exc.value.rule == "R3"


def test_a_combination_using_every_tile_exactly_can_be_dealt_with_an_empty_boneyard():
    rs = Ruleset.for_players(4, set_max=6, hand_size=7)
    state, _ = _deal(rs, 4)
    assert state.boneyard_left == 0


@pytest.mark.parametrize(("players", "hand_size"), [(4, 10), (6, 15), (2, 20)])
def test_an_explicit_hand_size_that_fits_the_set_is_accepted(players, hand_size):
    rs = Ruleset.for_players(players, hand_size=hand_size)
    assert rs.hand_size == hand_size
    assert rs.set_max == CLASSIC[players][0]


def test_a_deal_with_the_wrong_hand_size_is_refused():
    # the ruleset says 3 tiles each; the deal gives 2
    fresh = initial_state(MatchStarted(ruleset(hand_size=3), 2, commitment(SEED)))
    deal = scripted_deal([[(6, 6), (6, 5)], [(6, 4), (2, 1)]])
    assert refusal(fresh, deal) == (Code.BAD_DEAL, "R3")


def test_a_deal_with_the_wrong_number_of_hands_is_refused():
    fresh = initial_state(MatchStarted(ruleset(hand_size=2), 3, commitment(SEED)))
    deal = scripted_deal([[(6, 6), (6, 5)], [(6, 4), (2, 1)]])
    assert refusal(fresh, deal) == (Code.BAD_DEAL, "R3")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_choosing_the_double_6_set_alone_gives_the_small_table_of_seven_tiles(players):
    rs = Ruleset.for_players(players, set_max=6)
    assert (rs.set_max, rs.hand_size, rs.rounds) == (6, 7, 7)


def test_another_set_without_a_hand_size_is_refused():
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(4, set_max=9)
    assert exc.value.rule == "R3"


@pytest.mark.parametrize("hand_size", [0, 1])
def test_a_hand_smaller_than_two_tiles_is_refused(hand_size):
    # RULES.md names no minimum; with one tile the engine's owner would empty their hand by
    # placing the engine, before any first turn. Two tiles is the smallest playable hand.
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(2, set_max=6, hand_size=hand_size)
    assert exc.value.rule == "R3"


@pytest.mark.parametrize("hand_size", [0, 1, -3, True])
def test_a_ruleset_built_directly_with_a_hand_under_two_tiles_is_refused_by_its_check(hand_size):
    # R3: "a hand holds at least 2 tiles" (True is no number of tiles, though it equals 1)
    with pytest.raises(RulesetError) as exc:
        Ruleset(set_max=6, hand_size=hand_size, rounds=7).check(2)
    assert exc.value.rule == "R3"


def test_a_hand_of_two_tiles_is_the_smallest_that_is_dealt_and_played():
    rs = Ruleset.for_players(2, set_max=6, hand_size=2, rounds=1)
    assert rs.hand_size == 2
    fresh = initial_state(MatchStarted(rs, 2, commitment(SEED)))
    state, events = run(fresh, scripted_deal([[(6, 6), (6, 5)], [(6, 4), (2, 1)]]))
    assert [len(h) for h in state.hands] == [2, 2]
    assert state.boneyard_left == 28 - 4


def test_a_record_whose_ruleset_has_a_one_tile_hand_is_refused():
    from games.bots.simple import POLICIES
    from games.engine import export_record
    from games.engine import verify_record
    from games.engine.simulate import simulate_match

    rs = Ruleset.for_players(2, set_max=6, hand_size=2, rounds=1)
    doc = export_record(simulate_match(SEED, rs, 2, POLICIES["random"]), seed=SEED)
    assert verify_record(doc).ok
    doc["ruleset"]["hand_size"] = 1
    p = verify_record(doc).problem
    assert p.kind == "ruleset"
    assert "at least 2" in p.message
