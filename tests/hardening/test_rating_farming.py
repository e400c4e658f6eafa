"""Farming a rating with throw-away accounts, as reproduced against a local server: the host
opens a rated table, two fresh accounts join and resign at once, the host plays out against the
bots that take their seats and wins — three such games handed the host about +180.

The rules that make this worth nothing (docs/players/ratings.md): a rated game counts only once every
person at it has played a turn of their own (an earlier departure aborts the game's rating),
and an account joins rated tables only after a few finished games or once old enough.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import TestCase

from core import clock
from eventstore import store
from games import selectors
from games.automatic import game_apply_timeout
from games.models import Game
from games.models import GameStatus
from ratings import skill
from ratings.models import RatedGame
from ratings.models import RatedGameState
from ratings.models import Rating
from ratings.models import RatingChange
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import play

pytestmark = pytest.mark.django_db

SMALL = {"set_max": 6, "rounds": 1}
_names = iter(range(10_000))


@pytest.fixture
def eligibility(settings):
    """The platform's defaults for rated play (the test settings turn them off)."""
    settings.RATED_MIN_GAMES = 3
    settings.RATED_MIN_ACCOUNT_DAYS = 7
    return settings


def aged(user, days: int):
    """Make ``user``'s account ``days`` days old."""
    user.date_joined = clock.now() - timedelta(days=days)
    user.save(update_fields=["date_joined"])
    return user


def throwaway():
    return make_user(f"throwaway{next(_names)}")


def call(user, path: str, body=None):
    """POST as ``user`` and run what the request scheduled on commit (bots' turns, ratings)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client_for(user).post(f"/api/v1/{path}", body or {}, format="json")


def rated_table(host, guests) -> Game:
    r = call(host, "games", {"players": 1 + len(guests), "rated": True, "variants": SMALL})
    assert r.status_code == 201, r.json()
    game_id = r.json()["id"]
    for guest in guests:
        r = call(guest, f"games/{game_id}/join")
        assert r.status_code == 200, r.json()
    r = call(host, f"games/{game_id}/start")
    assert r.status_code in (200, 201), r.json()
    return Game.objects.get(pk=game_id)


def move(game: Game, user) -> list[str]:
    """Make ``user``'s first legal move; return the types of the events it appended."""
    st = selectors.game_state_for(Game.objects.get(pk=game.pk), user)
    r = call(user, f"games/{game.pk}/moves", {**st["legal_moves"][0], "expected_seq": st["seq"]})
    assert r.status_code in (200, 201), r.json()
    appended = store.read(game.stream, after=st["seq"])
    return [e.type for e in appended if e.actor.get("user") == user.pk]


def farm(host, *, first_turn: bool = False, guests=None) -> Game:
    """One farming game: two throw-aways join, (play a turn,) resign; the host plays out."""
    guests = guests or [throwaway(), throwaway()]
    for _attempt in range(5):
        game = rated_table(host, guests)
        if not first_turn or _first_turns_then_host_to_move(game, host, guests):
            break
        # The small deal ended during the first turns (R13 allows a whole hand in one turn):
        # the farmer opens the next table, as a real one would.
    else:
        pytest.fail("five small games in a row ended during their first turns")
    for guest in guests:
        r = call(guest, f"games/{game.pk}/resign")
        assert r.status_code == 200, r.json()
    game = play(game, [host])
    assert game.status == GameStatus.FINISHED  # rated: the leavers rank below the host
    return game


def _first_turns_then_host_to_move(game: Game, host, guests) -> bool:
    """Play each guest's first turn, then on until the host is to move, so no bot plays
    between the guests' two resignations. False if the game ended on the way."""
    people = [host, *guests]
    done: set[int] = set()
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status != GameStatus.ACTIVE:
            return False
        seat = game.seats.get(index=game.to_move)
        if len(done) == len(guests) and seat.user_id == host.pk:
            return True
        user = next(u for u in people if u.pk == seat.user_id)
        ended_a_turn = {"TilePlayed", "TurnPassed", "TurnStopped"} & set(move(game, user))
        if ended_a_turn and user in guests:
            done.add(user.pk)


def host_display(host) -> int:
    r = Rating.objects.filter(user=host, kind="live").first()
    return r.display if r is not None else skill.display(skill.MU, skill.SIGMA)


def test_throwaways_who_resign_before_their_first_turn_give_the_host_nothing():
    host = make_user("host")
    before = host_display(host)

    games = [farm(host) for _ in range(3)]

    assert host_display(host) == before
    assert not RatingChange.objects.filter(user=host).exists()
    ledgers = RatedGame.objects.filter(game__in=games)
    assert ledgers.count() == 3
    for ledger in ledgers:
        assert ledger.state == RatedGameState.ABORTED
        assert "before playing a turn" in ledger.abort_reason
        assert ledger.aborted_at is not None
    # Nobody at those tables was rated: the leavers lose nothing either.
    assert not RatingChange.objects.filter(game__in=games).exists()


def test_the_abort_holds_when_the_ratings_task_runs_again():
    from ratings.tasks import apply_game_ratings

    host = make_user("host")
    game = farm(host)

    assert apply_game_ratings.apply(args=[str(game.pk)]).get() is False
    assert RatedGame.objects.get(game=game).state == RatedGameState.ABORTED
    assert not RatingChange.objects.filter(game=game).exists()


def test_throwaways_who_time_out_to_a_bot_give_the_host_nothing(frozen_clock):

    host = make_user("host")
    guests = [throwaway(), throwaway()]
    tc = {"kind": "live", "seconds_per_move": 5, "reserve_seconds": 0, "timeouts_allowed": 1}
    r = call(host, "games", {"players": 3, "rated": True, "variants": SMALL, "time_control": tc})
    game_id = r.json()["id"]
    for guest in guests:
        call(guest, f"games/{game_id}/join")
    call(host, f"games/{game_id}/start")
    # The throw-aways never move: each turn of theirs times out, and the seat goes to a bot.
    # The small deal can end before the second one's turn comes (1 deal in about 24): then that
    # one never played a turn either, and the game must still rate nobody.
    while (game := Game.objects.get(pk=game_id)).status == GameStatus.ACTIVE:
        if game.seats.filter(resigned_at__isnull=True).count() == 1:
            break
        seat = game.seats.get(index=game.to_move)
        if seat.user_id == host.pk:
            move(game, host)
            continue
        frozen_clock.advance(timedelta(seconds=6))
        with TestCase.captureOnCommitCallbacks(execute=True):
            assert game_apply_timeout(game_id=game_id, seq=game.version) is not None
    if game.status == GameStatus.ACTIVE:
        game = play(game, [host])

    assert game.status == GameStatus.FINISHED
    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.ABORTED
    # Each throw-away named: "left before playing a turn of their own" (timed out to a bot),
    # or "never played a turn of their own" when the deal ended before their turn came.
    for guest in guests:
        assert re.search(
            rf"\({guest.username}\) (left before playing|never played) a turn of their own",
            ledger.abort_reason,
        ), ledger.abort_reason
    assert not RatingChange.objects.filter(user=host).exists()


def test_fresh_throwaways_are_refused_at_a_rated_table(eligibility):
    host = aged(make_user("host"), days=30)
    r = call(host, "games", {"players": 3, "rated": True, "variants": SMALL})
    assert r.status_code == 201
    game_id = r.json()["id"]

    for _ in range(2):
        r = call(throwaway(), f"games/{game_id}/join")
        assert r.status_code == 403
        assert r.json()["code"] == "not_eligible_for_rated"
        assert "3 finished games" in r.json()["detail"]
        assert "7 days" in r.json()["detail"]

    assert Game.objects.get(pk=game_id).seats.count() == 1  # the table never fills
    assert host_display(host) == skill.display(skill.MU, skill.SIGMA)


def test_a_fresh_account_cannot_open_a_rated_table_to_farm_from(eligibility):
    r = call(throwaway(), "games", {"players": 3, "rated": True, "variants": SMALL})

    assert r.status_code == 403
    assert r.json()["code"] == "not_eligible_for_rated"
    assert not Game.objects.exists()


def test_a_fresh_account_may_still_play_unrated_tables(eligibility):
    host = aged(make_user("host"), days=30)
    r = call(host, "games", {"players": 3, "variants": SMALL})
    game_id = r.json()["id"]

    assert call(throwaway(), f"games/{game_id}/join").status_code == 200


def test_throwaways_who_play_a_turn_then_resign_are_stopped_by_eligibility(eligibility):
    """Playing a turn satisfies the first-turn rule, so the gate at the door is what stops
    this: fresh accounts are refused; accounts a farmer aged for a week are real participants
    of the game — rated, and last, for leaving."""
    host = aged(make_user("host"), days=30)
    r = call(host, "games", {"players": 3, "rated": True, "variants": SMALL})
    for guest in (throwaway(), throwaway()):
        r2 = call(guest, f"games/{r.json()['id']}/join")
        assert (r2.status_code, r2.json()["code"]) == (403, "not_eligible_for_rated")

    game = farm(host, first_turn=True, guests=[aged(throwaway(), days=7) for _ in range(2)])

    assert RatedGame.objects.get(game=game).state == RatedGameState.APPLIED
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 3
    leavers = [c for uid, c in changes.items() if uid != host.pk]
    assert all(c.left and c.place == 2 and c.mu_after < c.mu_before for c in leavers)
    # One turn each, then gone: early leavers, from whom the host gains nothing.
    assert (changes[host.pk].mu_after, changes[host.pk].sigma_after) == (
        changes[host.pk].mu_before,
        changes[host.pk].sigma_before,
    )


def finished_against_a_bot(user) -> Game:
    """A tiny unrated game ``user`` plays to the end against one bot."""
    r = call(user, "games", {"players": 2, "variants": SMALL})
    assert r.status_code == 201, r.json()
    assert call(user, f"games/{r.json()['id']}/bots", {"strategy": "random"}).status_code == 201
    call(user, f"games/{r.json()['id']}/start")
    game = play(Game.objects.get(pk=r.json()["id"]), [user])
    assert game.status == GameStatus.FINISHED
    return game


def test_the_reviews_farm_three_bot_games_a_turn_and_a_resignation_raises_nobody(eligibility):
    """As the third review did it: each throw-away finishes 3 tiny games against a bot (which
    made it eligible), joins the host's rated table, plays one full turn and resigns; two such
    games took the host from 1500 to 1628. Games against bots alone no longer qualify an
    account, and an account aged to qualify hands the host nothing for leaving early."""
    host = aged(make_user("host"), days=30)
    before = host_display(host)
    fresh = [throwaway(), throwaway()]
    for guest in fresh:
        for _ in range(3):
            finished_against_a_bot(guest)
    r = call(host, "games", {"players": 3, "rated": True, "variants": SMALL})
    for guest in fresh:
        refused = call(guest, f"games/{r.json()['id']}/join")
        assert refused.status_code == 403
        assert refused.json()["code"] == "not_eligible_for_rated"
        # Three games against a bot count for nothing: none finished against another person.
        assert "against other people; you have finished 0." in refused.json()["detail"]
    games = [
        farm(host, first_turn=True, guests=[aged(throwaway(), days=7) for _ in range(2)])
        for _ in range(2)
    ]
    # The host gains nothing from either farming game. A table ``farm`` gave up on (its small
    # deal ended during the first turns, nobody leaving) is an honest game and may rate the
    # host: compare the farming games themselves, and the total only when there was none.
    for game in games:
        change = RatingChange.objects.get(game=game, user=host)
        assert (change.mu_after, change.sigma_after) == (change.mu_before, change.sigma_before)
    if not RatingChange.objects.filter(user=host).exclude(game__in=games).exists():
        assert host_display(host) == before


def test_an_honest_game_between_eligible_accounts_still_rates(eligibility):
    host = aged(make_user("host"), days=30)
    guests = [aged(make_user("guest1"), days=8), aged(make_user("guest2"), days=8)]
    game = play(rated_table(host, guests), [host, *guests])

    assert game.status == GameStatus.FINISHED
    ledger = RatedGame.objects.get(game=game)
    assert ledger.state == RatedGameState.APPLIED
    assert ledger.abort_reason == ""
    assert RatingChange.objects.filter(game=game).count() == 3
    winner = game.seats.get(index=game.result["places"].index(1)).user
    assert Rating.objects.get(user=winner, kind="live").mu > skill.MU


def test_a_rated_tournament_refuses_fresh_accounts(eligibility):
    from tournaments import services as tournament_services

    org = aged(make_user("org", staff=True), days=30)
    kwargs = dict(
        user=org,
        format="swiss",
        starts_at=clock.now() + timedelta(hours=1),
        table_size=3,
        rounds=1,
        variants=SMALL,
    )
    rated = tournament_services.tournament_create(name="rated cup", rated=True, **kwargs)
    unrated = tournament_services.tournament_create(name="friendly cup", **kwargs)
    fresh = throwaway()

    r = call(fresh, f"tournaments/{rated.pk}/register")
    assert r.status_code == 403
    assert r.json()["code"] == "not_eligible_for_rated"
    assert not rated.entries.exists()

    assert call(fresh, f"tournaments/{unrated.pk}/register").status_code == 200
    veteran = aged(make_user("veteran"), days=8)
    assert call(veteran, f"tournaments/{rated.pk}/register").status_code == 200
