"""Ratings that cannot be farmed: a game in which a person never played a turn of their own is
aborted (rated for nobody), and only accounts with a few finished games, or old enough, play
rated (``games.eligibility.rated_eligibility``)."""

from datetime import timedelta

import pytest
from django.utils import translation

from core.errors import Forbidden
from games import services as game_services
from games.eligibility import rated_eligibility
from games.eligibility import rated_eligibility_check
from games.models import GameStatus
from ratings.models import RatedGame
from ratings.models import RatedGameState
from ratings.models import Rating
from ratings.models import RatingChange
from ratings.services import rating_apply_game
from ratings.services import rating_reverse_game
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import person

pytestmark = pytest.mark.django_db

SMALL = {"set_max": 6, "rounds": 1}


@pytest.fixture
def gate(settings):
    """The platform's defaults for rated play (the test settings turn them off)."""
    settings.RATED_MIN_GAMES = 3
    settings.RATED_MIN_ACCOUNT_DAYS = 7
    return settings


def aged(user, days: float, clock):
    user.date_joined = clock.now() - timedelta(days=days)
    user.save(update_fields=["date_joined"])
    return user


# -- aborted games -----------------------------------------------------------------------------


def test_a_game_where_a_person_never_played_a_turn_is_rated_for_nobody(ana, bo, cy):
    game = finished_game([ana, bo, cy], [1, 2, 3], turns=[0, 2])

    assert rating_apply_game(game_id=game.pk) is False

    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.ABORTED
    assert ledger.applications == 0
    assert ledger.abort_reason == "seat 2 (bo) never played a turn of their own"
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(games__gt=0).exists()


def test_the_reason_names_each_leaver_who_left_before_a_turn(ana, bo, cy):
    game = finished_game([ana, bo, cy], [1, 2, 3], turns=[0], resigned=[1], forfeited=[2])

    rating_apply_game(game_id=game.pk)

    assert RatedGame.objects.get(game=game).abort_reason == (
        "seat 2 (bo) left before playing a turn of their own; "
        "seat 3 (cy) left before playing a turn of their own"
    )


def test_a_leaver_who_played_a_turn_first_is_rated_last(ana, bo, cy):
    game = finished_game([ana, bo, cy], [3, 1, 2], resigned=[1])

    assert rating_apply_game(game_id=game.pk) is True
    assert RatingChange.objects.get(user=bo).place == 3


def test_bots_need_no_turn_of_their_own(ana):
    game = finished_game([ana, bot("random")], [1, 2])

    assert rating_apply_game(game_id=game.pk) is True


def test_moves_made_for_a_seat_by_a_bot_or_the_timeout_action_are_not_its_own(ana, bo):
    from eventstore import store
    from games.engine import event_to_dict
    from games.engine.events import TilePlayed
    from games.engine.events import TurnPassed

    game = finished_game([ana, bo], [1, 2], turns=[0])
    for n, kind in enumerate(("timeout", "bot"), start=game.version):
        store.append(
            game.stream,
            expected_version=n,
            events=[
                event_to_dict(TurnPassed(1) if kind == "timeout" else TilePlayed(1, (6, 6), 1))
            ],
            actor={"kind": kind, "user": bo.pk, "name": bo.username},
        )
    # ... nor a move in someone else's name for that seat.
    store.append(
        game.stream,
        expected_version=game.version + 2,
        events=[event_to_dict(TurnPassed(1))],
        actor={"kind": "player", "user": ana.pk, "name": ana.username},
    )

    assert rating_apply_game(game_id=game.pk) is False
    assert RatedGame.objects.get(game=game).state == RatedGameState.ABORTED


def test_an_aborted_game_stays_aborted(ana, bo, staff):
    game = finished_game([ana, bo], [1, 2], turns=[0])
    rating_apply_game(game_id=game.pk)

    assert rating_apply_game(game_id=game.pk) is False
    assert rating_reverse_game(game_id=game.pk, by=staff, reason="void") is False
    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.ABORTED
    assert ledger.reversal_reason == ""


def test_an_adjudicated_result_rates_an_aborted_game_as_staff_decided(ana, bo):
    game = finished_game([ana, bo], [1, 2], turns=[0])
    rating_apply_game(game_id=game.pk)

    assert rating_apply_game(game_id=game.pk, places=[2, 1], reapply=True) is True

    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.APPLIED
    assert ledger.applications == 1
    assert RatingChange.objects.get(user=bo).place == 1


# -- who may play rated ------------------------------------------------------------------------


def test_with_both_requirements_off_any_account_plays_rated(ana):
    assert rated_eligibility(ana).eligible  # the test settings: 0 and 0


def test_a_fresh_account_is_not_eligible_and_is_told_what_is_missing(gate, frozen_clock):
    fresh = aged(person("fresh"), 0, frozen_clock)
    finished_game([fresh, person("x")], [1, 2], rated=False)

    with pytest.raises(Forbidden) as exc:
        rated_eligibility_check(fresh)

    err = exc.value
    assert (err.status, err.code) == (403, "not_eligible_for_rated")
    expected_at = fresh.date_joined + timedelta(days=7)
    assert err.detail == (
        "Rated games open to you after 3 finished games against other people; you have "
        "finished 1. Or wait until your account is 7 days old, on "
        f"{expected_at:%Y-%m-%d %H:%M} UTC. Unrated tables are open to you now."
    )
    assert err.extra == {
        "games_needed": 3,
        "games_finished": 1,
        "eligible_at": expected_at.isoformat(),
    }


def test_three_finished_games_rated_or_not_make_an_account_eligible(gate, frozen_clock):
    fresh = aged(person("fresh"), 1, frozen_clock)
    other = person("other")
    finished_game([fresh, other], [1, 2], rated=False)
    finished_game([fresh, other], [2, 1])
    assert not rated_eligibility(fresh).eligible

    finished_game([other, fresh], [1, 2], rated=False)

    assert rated_eligibility(fresh).eligible


def test_games_left_or_not_finished_do_not_count(gate, frozen_clock):
    fresh = aged(person("fresh"), 1, frozen_clock)
    other = person("other")
    for _ in range(3):
        finished_game([fresh, other], [1, 2], resigned=[0])
        finished_game([fresh, other], [1, 2], forfeited=[0])
        finished_game([fresh, other], [1, 2], status=GameStatus.ABANDONED)
        finished_game([fresh, other], [1, 2], status=GameStatus.ACTIVE)

    assert rated_eligibility(fresh).games == 0
    assert not rated_eligibility(fresh).eligible


def test_an_account_becomes_eligible_on_the_day_it_is_old_enough(gate, frozen_clock):
    user = aged(person("newbie"), 6, frozen_clock)
    assert not rated_eligibility(user).eligible

    frozen_clock.advance(timedelta(days=1))

    assert rated_eligibility(user).eligible


def test_with_only_the_games_requirement_age_does_not_qualify(gate, frozen_clock):
    gate.RATED_MIN_ACCOUNT_DAYS = 0
    old = aged(person("old"), 365, frozen_clock)

    with pytest.raises(Forbidden) as exc:
        rated_eligibility_check(old)
    assert exc.value.detail == (
        "Rated games open to you after 3 finished games against other people; you have "
        "finished 0. Unrated tables are open to you now."
    )
    assert "eligible_at" not in exc.value.extra


def test_with_only_the_age_requirement_games_do_not_qualify(gate, frozen_clock):
    gate.RATED_MIN_GAMES = 0
    user = aged(person("busy"), 1, frozen_clock)
    other = person("other")
    for _ in range(5):
        finished_game([user, other], [1, 2], rated=False)

    with pytest.raises(Forbidden) as exc:
        rated_eligibility_check(user)
    assert exc.value.detail.startswith(
        "Rated games open to you when your account is 7 days old, on "
    )
    assert set(exc.value.extra) == {"eligible_at"}


def test_bots_are_always_eligible(gate):
    assert rated_eligibility(bot("random")).eligible


# -- where the gate stands ---------------------------------------------------------------------


def test_the_gate_answers_over_the_api_with_its_code_and_what_is_missing(gate, frozen_clock):
    host = aged(person("host"), 30, frozen_clock)
    game = game_services.game_create(user=host, players=2, variants=SMALL, rated=True)
    fresh = aged(person("fresh"), 0, frozen_clock)

    r = client_for(fresh).post(f"/api/v1/games/{game.pk}/join", {}, format="json")

    assert r.status_code == 403
    body = r.json()
    assert body["code"] == "not_eligible_for_rated"
    assert body["games_needed"] == 3
    assert body["games_finished"] == 0
    assert body["detail"].endswith("Unrated tables are open to you now.")


def test_the_refusal_is_a_sentence_in_the_readers_language_with_the_same_code(gate, frozen_clock):
    host = aged(person("host"), 30, frozen_clock)
    game = game_services.game_create(user=host, players=2, variants=SMALL, rated=True)
    fresh = aged(person("fresh"), 0, frozen_clock)
    client = client_for(fresh)

    try:
        r = client.post(
            f"/api/v1/games/{game.pk}/join", {}, format="json", HTTP_ACCEPT_LANGUAGE="ja"
        )
    finally:
        translation.activate("en")  # the request's language stays active in this thread

    assert r.status_code == 403
    body = r.json()
    assert (body["code"], body["games_needed"], body["games_finished"]) == (
        "not_eligible_for_rated",
        3,
        0,
    )
    # Japanese, with the numbers (not the code's general message, nor the English sentence).
    assert "3" in body["detail"]
    assert "Rated" not in body["detail"]
    assert body["detail"] != "You cannot play rated games yet."
    assert "レーティング" in body["detail"]


def test_one_day_and_one_game_are_said_in_the_singular(gate, frozen_clock):
    gate.RATED_MIN_GAMES = 1
    gate.RATED_MIN_ACCOUNT_DAYS = 1
    fresh = aged(person("fresh"), 0, frozen_clock)

    with pytest.raises(Forbidden) as exc:
        rated_eligibility_check(fresh)

    assert "after 1 finished game against another person;" in exc.value.detail
    assert "is 1 day old, on " in exc.value.detail


def test_the_lobby_says_beforehand_what_the_rated_box_needs(gate, frozen_clock, client):
    fresh = aged(person("fresh"), 0, frozen_clock)
    old = aged(person("old"), 30, frozen_clock)

    client.force_login(fresh)
    page = client.get("/lobby").content.decode()
    assert 'name="rated" data-testid="rated" disabled aria-describedby="create-rated-hint"' in page
    assert (
        'id="create-rated-hint" data-testid="rated-hint">Rated games open to you after 3 ' in page
    )

    client.force_login(old)
    page = client.get("/lobby").content.decode()
    assert 'name="rated" data-testid="rated">' in page
    assert "rated-hint" not in page


def test_the_platforms_own_tables_seat_whom_the_tournament_registered(gate, frozen_clock):
    """A tournament's tables (game_create_seated) are not gated again: registration was."""
    org = aged(person("org"), 30, frozen_clock)
    fresh = [aged(person(f"p{i}"), 0, frozen_clock) for i in range(2)]

    game = game_services.game_create_seated(
        created_by=org, users=fresh, variants=SMALL, rated=True, start=False
    )

    assert game.seats.count() == 2


def test_games_against_bots_alone_do_not_count(gate, frozen_clock):
    """A script finishes games against a bot for free: only games with another person, who
    played to the end too, make an account eligible."""
    fresh = person("fresh")
    for _ in range(3):
        finished_game([fresh, bot("random")], [1, 2], rated=False)
    leaver = person("leaver")
    finished_game([fresh, leaver], [1, 2], rated=False, resigned=[1])
    e = rated_eligibility(fresh)
    assert not e.eligible
    assert e.games == 0
    other = person("other")
    for _ in range(3):
        finished_game([fresh, other, bot("random")], [1, 2, 3], rated=False)
    assert rated_eligibility(fresh).eligible
