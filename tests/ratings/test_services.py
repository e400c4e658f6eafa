"""Applying and reversing a game's ratings: direction, once only, leavers, bots, kinds."""

import pytest

from core.errors import ApplicationError
from core.errors import Forbidden
from games.models import GameStatus
from ratings import skill
from ratings.models import RatedGame
from ratings.models import Rating
from ratings.models import RatingChange
from ratings.services import EARLY_LEAVER_TURNS
from ratings.services import rating_apply_game
from ratings.services import rating_reverse_game
from ratings.tasks import apply_game_ratings
from tests.support.factories import bot
from tests.support.factories import finished_game
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def rating(user, kind="live") -> Rating:
    return Rating.objects.get(user=user, kind=kind)


def snapshot():
    return sorted(Rating.objects.values_list("user_id", "kind", "mu", "sigma", "games"))


# -- direction ---------------------------------------------------------------------------------


def test_in_a_two_player_game_the_winner_rises_and_the_loser_falls(ana, bo):
    game = finished_game([ana, bo], [2, 1])

    assert rating_apply_game(game_id=game.pk) is True

    winner, loser = rating(bo), rating(ana)
    assert winner.mu > skill.MU > loser.mu
    assert winner.display > 1500 > loser.display
    assert winner.games == loser.games == 1
    assert winner.provisional
    assert loser.provisional
    change = RatingChange.objects.get(user=bo)
    assert (change.place, change.players, change.seat, change.left) == (1, 2, 1, False)
    assert (change.mu_before, change.sigma_before) == (skill.MU, skill.SIGMA)
    assert (change.mu_after, change.sigma_after) == (winner.mu, winner.sigma)


def test_in_a_four_player_game_the_order_of_places_is_the_order_of_ratings(ana, bo, cy, di):
    game = finished_game([ana, bo, cy, di], [3, 1, 4, 2])

    assert rating_apply_game(game_id=game.pk)

    by_place = [rating(u) for u in (bo, di, ana, cy)]
    mus = [r.mu for r in by_place]
    assert mus == sorted(mus, reverse=True)
    assert by_place[0].mu > skill.MU > by_place[-1].mu
    assert by_place[0].display > 1500 > by_place[-1].display
    assert {c.user_id: c.place for c in RatingChange.objects.all()} == {
        ana.pk: 3,
        bo.pk: 1,
        cy.pk: 4,
        di.pk: 2,
    }


def test_players_tied_on_a_place_get_the_same_change(ana, bo, cy):
    game = finished_game([ana, bo, cy], [1, 1, 3])

    rating_apply_game(game_id=game.pk)

    assert rating(ana).mu == rating(bo).mu > skill.MU > rating(cy).mu


def test_a_stronger_player_gains_less_for_beating_a_weaker_one(ana, bo, cy, di):
    for _ in range(3):
        rating_apply_game(game_id=finished_game([ana, bo], [1, 2]).pk)
    strong_before = rating(ana).mu
    rating_apply_game(game_id=finished_game([ana, cy], [1, 2]).pk)
    rating_apply_game(game_id=finished_game([di, person("ed")], [1, 2]).pk)

    assert rating(ana).mu - strong_before < rating(di).mu - skill.MU


# -- once only ---------------------------------------------------------------------------------


def test_a_game_is_applied_once_however_often_it_is_asked(ana, bo, cy):
    game = finished_game([ana, bo, cy], [1, 2, 3])

    assert rating_apply_game(game_id=game.pk) is True
    after_first = snapshot()
    assert rating_apply_game(game_id=game.pk) is False
    assert rating_apply_game(game_id=game.pk) is False

    assert snapshot() == after_first
    assert RatingChange.objects.count() == 3
    assert RatedGame.objects.get(game=game).applications == 1


def test_the_task_applies_a_game_once_when_run_twice(ana, bo):
    game = finished_game([ana, bo], [1, 2])

    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is True
    after_first = snapshot()
    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is False

    assert snapshot() == after_first
    assert rating(ana).games == 1


def test_an_unrated_game_changes_nothing(ana, bo):
    game = finished_game([ana, bo], [1, 2], rated=False)

    assert rating_apply_game(game_id=game.pk) is False
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


@pytest.mark.parametrize("status", [GameStatus.ACTIVE, GameStatus.ABANDONED, "void"])
def test_a_game_that_has_not_finished_changes_nothing(ana, bo, status):
    game = finished_game([ana, bo], [1, 2], status=status)

    assert rating_apply_game(game_id=game.pk) is False
    assert not RatingChange.objects.exists()


def test_an_unknown_game_changes_nothing(db):
    assert rating_apply_game(game_id="00000000-0000-0000-0000-000000000000") is False
    assert rating_apply_game(game_id="not-a-uuid") is False


# -- leavers -----------------------------------------------------------------------------------


def test_a_player_who_resigned_is_rated_last_whatever_the_scores(ana, bo, cy):
    # The bot that played ana's seat on finished first; ana still counts last.
    game = finished_game([ana, bo, cy], [1, 2, 3], resigned=[0])

    rating_apply_game(game_id=game.pk)

    places = {c.user_id: (c.place, c.left) for c in RatingChange.objects.all()}
    assert places == {ana.pk: (3, True), bo.pk: (1, False), cy.pk: (2, False)}
    assert rating(ana).mu < skill.MU < rating(bo).mu
    assert rating(ana).mu < rating(cy).mu


def test_a_forfeited_seat_is_rated_last_too(ana, bo):
    """A player who forfeits after playing the game for a while (not an early leaver)."""
    game = finished_game([ana, bo], [1, 2], forfeited=[0], turns=[0, 1] * EARLY_LEAVER_TURNS)

    rating_apply_game(game_id=game.pk)

    assert rating(ana).mu < skill.MU < rating(bo).mu
    assert RatingChange.objects.get(user=ana).place == 2


def test_several_leavers_share_the_last_place(ana, bo, cy, di):
    game = finished_game(
        [ana, bo, cy, di],
        [1, 2, 3, 4],
        resigned=[0],
        forfeited=[3],
        turns=[0, 1, 2, 3] * EARLY_LEAVER_TURNS,
    )

    rating_apply_game(game_id=game.pk)

    places = {c.user_id: c.place for c in RatingChange.objects.all()}
    assert places == {ana.pk: 3, bo.pk: 1, cy.pk: 2, di.pk: 3}
    assert rating(ana).mu == rating(di).mu < rating(cy).mu


def test_an_early_leaver_loses_and_hands_the_others_nothing(ana, bo, cy):
    """Resigning after one turn (fewer than EARLY_LEAVER_TURNS of their own): ana is rated
    last and loses; bo and cy are rated as if she had never sat down."""
    game = finished_game([ana, bo, cy], [1, 2, 3], resigned=[0])
    rating_apply_game(game_id=game.pk)
    assert rating(ana).mu < skill.MU
    expected = skill.rate([(skill.MU, skill.SIGMA)] * 2, [1, 2])
    assert (rating(bo).mu, rating(cy).mu) == pytest.approx((expected[0][0], expected[1][0]))


def test_against_early_leavers_alone_a_win_changes_nothing(ana, bo):
    game = finished_game([ana, bo], [2, 1], resigned=[0])
    rating_apply_game(game_id=game.pk)
    assert rating(bo).mu == skill.MU
    assert rating(bo).sigma == skill.SIGMA
    assert rating(ana).mu < skill.MU


# -- bots --------------------------------------------------------------------------------------


def test_bots_are_opponents_but_get_no_rating_and_no_change(ana):
    greedy = bot("greedy")
    other = bot("greedy", exclude=[greedy])
    game = finished_game([greedy, ana, other], [1, 2, 3])

    assert rating_apply_game(game_id=game.pk)

    assert list(Rating.objects.values_list("user_id", flat=True)) == [ana.pk]
    change = RatingChange.objects.get()
    assert (change.user_id, change.place, change.players) == (ana.pk, 2, 3)


def test_losing_to_a_weak_bot_costs_more_than_losing_to_a_strong_one(ana, bo):
    rating_apply_game(game_id=finished_game([ana, bot("random")], [2, 1]).pk)
    rating_apply_game(game_id=finished_game([bo, bot("smart")], [2, 1]).pk)

    assert rating(ana).mu < rating(bo).mu < skill.MU


def test_a_game_of_bots_only_changes_nothing(db):
    a = bot("random")
    game = finished_game([a, bot("random", exclude=[a])], [1, 2])

    assert rating_apply_game(game_id=game.pk) is False
    assert not Rating.objects.exists()


# -- kinds -------------------------------------------------------------------------------------


def test_live_and_correspondence_ratings_are_separate(ana, bo):
    rating_apply_game(game_id=finished_game([ana, bo], [1, 2], kind="live").pk)
    live = rating(ana)
    rating_apply_game(game_id=finished_game([ana, bo], [2, 1], kind="correspondence").pk)

    assert rating(ana) == live
    assert rating(ana).mu == live.mu
    assert live.games == 1
    corr = rating(ana, "correspondence")
    assert corr.games == 1
    assert corr.mu < skill.MU < live.mu
    assert set(RatingChange.objects.values_list("kind", flat=True)) == {"live", "correspondence"}


# -- reversal ----------------------------------------------------------------------------------


def test_a_reversal_restores_the_ratings_exactly_and_only_once(ana, bo, cy, staff):
    rating_apply_game(game_id=finished_game([ana, bo, cy], [3, 2, 1]).pk)
    before = snapshot()
    game = finished_game([ana, bo, cy], [1, 2, 3])
    rating_apply_game(game_id=game.pk)

    assert rating_reverse_game(game_id=game.pk, by=staff, reason="collusion") is True
    assert snapshot() == before
    assert rating_reverse_game(game_id=game.pk, by=staff, reason="again") is False
    assert snapshot() == before

    changes = RatingChange.objects.filter(game=game)
    assert changes.count() == 3
    assert {(c.reversed_by_id, c.reversal_reason) for c in changes} == {(staff.pk, "collusion")}
    assert all(c.reversed_at is not None for c in changes)


def test_a_reversed_game_is_not_applied_again(ana, bo, staff):
    game = finished_game([ana, bo], [1, 2])
    rating_apply_game(game_id=game.pk)
    rating_reverse_game(game_id=game.pk, by=staff, reason="bug")
    reversed_state = snapshot()

    assert rating_apply_game(game_id=game.pk) is False
    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is False
    assert snapshot() == reversed_state
    assert rating(ana).games == 0


def test_reversing_an_older_game_takes_out_its_change_and_keeps_the_later_ones(ana, bo, staff):
    old = finished_game([ana, bo], [1, 2])
    rating_apply_game(game_id=old.pk)
    old_change = RatingChange.objects.get(game=old, user=ana)
    rating_apply_game(game_id=finished_game([ana, bo], [1, 2]).pk)
    current = rating(ana)

    assert rating_reverse_game(game_id=old.pk, by=staff, reason="annulled") is True

    after = rating(ana)
    assert after.mu == pytest.approx(current.mu - (old_change.mu_after - old_change.mu_before))
    assert after.sigma == pytest.approx(
        current.sigma + (old_change.sigma_before - old_change.sigma_after)
    )
    assert after.games == 1
    assert skill.MU < after.mu < current.mu


def test_reversing_a_game_before_it_was_applied_keeps_it_from_being_applied(ana, bo, staff):
    game = finished_game([ana, bo], [1, 2])

    assert rating_reverse_game(game_id=game.pk, by=staff, reason="annulled early") is False
    assert rating_apply_game(game_id=game.pk) is False
    assert not Rating.objects.exists()
    assert RatedGame.objects.get(game=game).state == "reversed"


def test_an_adjudicated_result_is_applied_after_a_reversal_only_when_asked(ana, bo, cy, staff):
    game = finished_game([ana, bo, cy], [1, 2, 3])
    rating_apply_game(game_id=game.pk)
    rating_reverse_game(game_id=game.pk, by=staff, reason="wrong result")

    assert rating_apply_game(game_id=game.pk, places={0: 3, 1: 1, 2: 2}, reapply=True)

    assert rating(bo).mu > skill.MU > rating(ana).mu
    standing = RatingChange.objects.filter(game=game, reversed_at__isnull=True)
    assert {c.user_id: c.place for c in standing} == {ana.pk: 3, bo.pk: 1, cy.pk: 2}
    assert RatingChange.objects.filter(game=game).count() == 6
    assert RatedGame.objects.get(game=game).applications == 2


def test_reapplying_replaces_the_result_that_stands(ana, bo, cy):
    game = finished_game([ana, bo, cy], [1, 2, 3])
    rating_apply_game(game_id=game.pk)

    # As disputes.adjudication awards a result: places listed by seat.
    assert rating_apply_game(game_id=game.pk, places=[3, 2, 1], reapply=True)

    fresh = finished_game([person("x"), person("y"), person("z")], [3, 2, 1])
    rating_apply_game(game_id=fresh.pk)
    for user, same in zip((ana, bo, cy), fresh.seats.order_by("index"), strict=True):
        assert rating(user).mu == pytest.approx(rating(same.user).mu)
        assert rating(user).games == 1
    assert RatingChange.objects.filter(game=game, reversed_at__isnull=True).count() == 3


def test_adjudicated_places_are_taken_as_given_even_for_a_leaver(ana, bo):
    game = finished_game([ana, bo], [1, 2], resigned=[0])

    rating_apply_game(game_id=game.pk, places=[1, 2], reapply=True)

    assert rating(ana).mu > skill.MU > rating(bo).mu


@pytest.mark.parametrize("places", [[1], [1, 0], {0: 1}, [1, "2"], [True, 2]])
def test_adjudicated_places_must_give_each_seat_a_place(ana, bo, places):
    game = finished_game([ana, bo], [1, 2])

    with pytest.raises(ApplicationError) as exc:
        rating_apply_game(game_id=game.pk, places=places, reapply=True)
    assert exc.value.code == "invalid_places"
    assert not RatingChange.objects.exists()


def test_only_staff_reverse_ratings(ana, bo):
    game = finished_game([ana, bo], [1, 2])
    rating_apply_game(game_id=game.pk)

    with pytest.raises(Forbidden):
        rating_reverse_game(game_id=game.pk, by=ana, reason="I lost")
    assert rating(ana).games == 1
