"""Ratings of matches really played through the game services, results from the engine."""

from contextlib import nullcontext

import pytest

from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from games.models import GameStatus
from ratings import skill
from ratings.models import RatedGame
from ratings.models import RatedGameState
from ratings.models import Rating
from ratings.models import RatingChange
from ratings.services import TURN_EVENTS
from ratings.tasks import apply_game_ratings
from tests.support.factories import person

SMALL = {"set_max": 6, "rounds": 1}


def rated_table(users, kind="live") -> Game:
    tc = {"kind": kind} if kind == "live" else {"kind": kind, "days_per_move": 3}
    game = game_services.game_create(
        user=users[0], players=len(users), variants=SMALL, time_control=tc, rated=True
    )
    for u in users[1:]:
        game_services.game_join(game_id=game.pk, user=u)
    game_services.game_start(game_id=game.pk, user=users[0])
    return game


def play_out(game: Game, users, committed=nullcontext) -> Game:
    """Make the first legal move of whoever may move until the match is over; each move inside
    ``committed()`` (which may run what the move scheduled on commit)."""
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            return game
        for u in users:
            moves = game_selectors.game_state_for(game, u)["legal_moves"]
            if moves:
                with committed():
                    game_services.game_move(game_id=game.pk, user=u, move=moves[0])
                break
        else:
            raise AssertionError("nobody can move in an active game")
    raise AssertionError("the match did not end")


def play_until_turn_ended(game: Game, users, who, committed=nullcontext) -> None:
    """Make the first legal move of whoever is to move until ``who`` has ended a turn of
    their own (a play, pass or stop: placing the engine, or drawing for it, is no turn)."""
    for _ in range(500):
        game.refresh_from_db()
        seat = game.seats.get(index=game.to_move)
        user = next(u for u in users if u.pk == seat.user_id)
        moves = game_selectors.game_state_for(game, user)["legal_moves"]
        with committed():
            result = game_services.game_move(game_id=game.pk, user=user, move=moves[0])
        if user == who and any(e.type in TURN_EVENTS for e in result.events):
            return
    raise AssertionError(f"{who} never ended a turn")


@pytest.mark.django_db
def test_a_match_played_to_the_end_rates_everyone_by_the_engines_places():
    users = [person(n) for n in ("ana", "bo", "cy")]
    game = play_out(rated_table(users, kind="correspondence"), users)
    assert game.status == GameStatus.FINISHED

    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is True

    places = game.result["places"]
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[s].place for s in range(3)] == places
    first = next(s for s in range(3) if places[s] == 1)
    last = next(s for s in range(3) if places[s] == max(places))
    assert Rating.objects.get(user=users[first], kind="correspondence").mu > skill.MU
    assert Rating.objects.get(user=users[last], kind="correspondence").mu < skill.MU
    assert not Rating.objects.filter(kind="live").exists()
    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is False


@pytest.mark.django_db
def test_a_player_who_resigns_a_real_match_is_rated_last(
    settings, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # no worker listens to a broker during the tests

    def committed():
        # The platform plays a resigned seat (and may rate the game) once a move commits.
        return django_capture_on_commit_callbacks(execute=True)

    users = [person(n) for n in ("ana", "bo", "cy")]
    game = rated_table(users)
    play_until_turn_ended(game, users, users[1], committed)  # else the game is not rated at all
    with committed():
        game_services.game_resign(game_id=game.pk, user=users[1])
    game = play_out(game, [users[0], users[2]], committed)

    apply_game_ratings.apply(args=[str(game.pk)])  # may already have run when the game ended
    apply_game_ratings.apply(args=[str(game.pk)])

    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 3
    assert (changes[users[1].pk].place, changes[users[1].pk].left) == (3, True)
    assert {changes[users[0].pk].place, changes[users[2].pk].place} <= {1, 2}
    assert Rating.objects.get(user=users[1]).mu < skill.MU
    assert all(r.games == 1 for r in Rating.objects.all())


@pytest.mark.django_db
def test_a_player_who_resigns_before_a_turn_of_their_own_aborts_the_rating_for_everyone(
    settings, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = True

    def committed():
        return django_capture_on_commit_callbacks(execute=True)

    users = [person(n) for n in ("ana", "bo", "cy")]
    game = rated_table(users)
    with committed():
        game_services.game_resign(game_id=game.pk, user=users[1])
    game = play_out(game, [users[0], users[2]], committed)
    assert game.status == GameStatus.FINISHED

    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is False

    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.ABORTED
    assert ledger.abort_reason == "seat 2 (bo) left before playing a turn of their own"
    assert not RatingChange.objects.filter(game=game).exists()
    assert not Rating.objects.filter(games__gt=0).exists()
