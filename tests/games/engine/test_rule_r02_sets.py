"""R2: a double-N set holds every pair (a, b), 0 <= b <= a <= N, once; pips are a + b."""

import pytest

from games.engine import Ruleset
from games.engine import RulesetError
from games.engine.scoring import hand_points
from games.engine.tiles import full_set
from games.engine.tiles import is_double
from games.engine.tiles import set_size
from games.engine.tiles import tile
from tests.games.engine.factories import start


@pytest.mark.parametrize(("n", "size"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_a_double_n_set_holds_n_plus_one_times_n_plus_two_over_two_tiles(n, size):
    tiles = full_set(n)
    assert len(tiles) == size
    assert set_size(n) == size
    assert (n + 1) * (n + 2) // 2 == size


@pytest.mark.parametrize("n", [6, 9, 12, 15, 18])
def test_a_double_n_set_holds_every_pair_exactly_once(n):
    tiles = full_set(n)
    assert len(set(tiles)) == len(tiles)
    assert set(tiles) == {(a, b) for a in range(n + 1) for b in range(a + 1)}
    assert all(0 <= b <= a <= n for a, b in tiles)


def test_the_set_is_listed_in_the_spec_canonical_order():
    assert full_set(2) == ((0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2))


def test_a_tile_is_the_same_tile_whichever_way_round_it_is_named():
    assert tile(3, 5) == tile(5, 3) == (5, 3)
    assert tile(4, 4) == (4, 4)


def test_a_double_shows_the_same_number_on_both_ends():
    assert is_double(tile(4, 4))
    assert is_double(tile(0, 0))
    assert not is_double(tile(4, 3))


@pytest.mark.parametrize(
    ("t", "pips"), [((5, 3), 8), ((6, 6), 12), ((1, 0), 1), ((18, 17), 35), ((9, 9), 18)]
)
def test_a_tiles_pips_are_the_sum_of_its_two_ends(t, pips):
    rs = Ruleset(set_max=18, hand_size=2, rounds=19)
    assert hand_points([tile(*t)], rs) == pips


@pytest.mark.parametrize("n", [5, 7, 8, 10, 19, 0])
def test_a_set_that_is_not_double_6_9_12_15_or_18_is_refused(n):
    with pytest.raises(RulesetError) as exc:
        Ruleset(set_max=n, hand_size=2, rounds=1).check(2)
    assert exc.value.rule == "R2"
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(2, set_max=n, hand_size=2, rounds=1)
    assert exc.value.rule == "R2"


def test_a_round_is_played_with_exactly_one_full_set():
    state, _ = start([[(6, 6), (6, 5), (1, 0)], [(6, 4), (2, 1), (3, 0)]])
    in_play = state.tiles_in_play()
    assert sorted(in_play) == sorted(full_set(6))


def test_a_tile_outside_the_set_is_not_a_tile_of_that_set():
    from games.engine.tiles import parse_tile

    assert parse_tile([6, 2], 6) == (6, 2)
    assert parse_tile([2, 6], 6) == (6, 2)
    with pytest.raises(ValueError, match=r"tile \[7, 0\] is not in a double-6 set"):
        parse_tile([7, 0], 6)
    with pytest.raises(ValueError, match=r"tile \[-1, 0\] is not in a double-6 set"):
        parse_tile([-1, 0], 6)
