"""The rating arithmetic, without the database."""

import pytest

from ratings import skill

NEW = (skill.MU, skill.SIGMA)


def test_a_newcomer_shows_1500_and_is_provisional():
    assert skill.display(*NEW) == 1500
    assert skill.provisional(0)
    assert skill.provisional(9)
    assert not skill.provisional(10)


def test_the_shown_rating_is_the_ordinal_on_the_1500_scale():
    assert skill.ordinal(30.0, 2.0) == 24.0
    assert skill.display(30.0, 2.0) == 1500 + 20 * 24


def test_leavers_rank_below_everyone_who_stayed_and_tie_among_themselves():
    # Seat 0 "won" on the scores but left; seats 2 and 3 both left.
    assert skill.ranks([1, 2, 3, 4], [True, False, False, False]) == [4, 1, 2, 3]
    assert skill.ranks([1, 2, 3, 4], [False, False, True, True]) == [1, 2, 3, 3]
    assert skill.ranks([2, 1, 4, 3], [True, False, True, False]) == [3, 1, 3, 2]


def test_tied_places_share_a_rank_and_skip_the_next():
    assert skill.ranks([1, 1, 3], [False, False, False]) == [1, 1, 3]


@pytest.mark.parametrize("seats", [2, 3, 4, 8])
def test_the_winner_rises_and_the_last_falls(seats):
    after = skill.rate([NEW] * seats, list(range(1, seats + 1)))

    mus = [mu for mu, _ in after]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > skill.MU > mus[-1]
    assert skill.display(*after[0]) > 1500 > skill.display(*after[-1])
    assert all(sigma < skill.SIGMA for _, sigma in after)


def test_beating_a_stronger_bot_gains_more_than_beating_a_weaker_one():
    strong = skill.rate([NEW, skill.bot_belief("smart")], [1, 2])[0]
    weak = skill.rate([NEW, skill.bot_belief("random")], [1, 2])[0]

    assert strong[0] > weak[0] > skill.MU


def test_an_unknown_bot_strategy_plays_at_the_default_belief():
    assert skill.bot_belief("no-such-strategy") == (skill.BOT_MU_DEFAULT, skill.BOT_SIGMA)


def test_taking_a_game_out_undoes_its_delta_and_keeps_sigma_in_bounds():
    mu, sigma = skill.without((27.0, 6.0), before=(25.0, 8.0), after=(26.0, 7.5))
    assert mu == 26.0
    assert sigma == 6.5

    _, sigma = skill.without((27.0, 8.3), before=(25.0, 8.3), after=(26.0, 7.0))
    assert sigma == skill.SIGMA  # never less certain than a newcomer
