"""A bot a person owns plays like a person through the API: the platform never moves for it, its
clock and timeouts run as a person's, it sits only at casual tables, and no game it sits in
changes a rating — whatever door (REST, a start, a platform table, the rating task) is tried."""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.services import owned_bot_create
from core.errors import ApplicationError
from eventstore import store
from games import services
from games import tasks
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from games.rematch import game_rematch
from ratings.models import RatedGame
from ratings.models import RatingChange
from ratings.services import rating_apply_game
from tests.support.clocks import LIVE
from tests.support.clocks import events_after
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.clocks import timed_game
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import person
from tests.support.factories import token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def own(ana):
    """ana's bot and its API key."""
    return owned_bot_create(owner=ana, username="ana-engine")


def _to_the_bots_turn(game: Game, ana, robot) -> Game:
    """Let ana play until the owned bot's seat is to move."""
    game.refresh_from_db()
    bot_seat = Seat.objects.get(game=game, user=robot).index
    while game.status == GameStatus.ACTIVE and game.to_move != bot_seat:
        play_turn(game, ana)
        game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.to_move == bot_seat
    return game


def test_an_owned_bot_joins_a_casual_table_through_rest_labelled_a_bot(ana, own):
    robot, key = own
    game = services.game_create(user=ana, players=3, variants={"set_max": 6, "rounds": 1})
    answer = token_client(key).post(f"/api/v1/games/{game.pk}/join", {}, format="json")
    assert answer.status_code == 200, answer.json()
    seats = {s["username"]: s for s in client_for().get(f"/api/v1/games/{game.pk}").json()["seats"]}
    assert seats["ana-engine"]["is_bot"] is True
    assert seats["ana-engine"]["owned_bot"] is True
    assert seats["ana"]["is_bot"] is False
    assert seats["ana"]["owned_bot"] is False
    services.game_add_bot(game_id=game.pk, user=ana, strategy="greedy")
    seats = client_for().get(f"/api/v1/games/{game.pk}").json()["seats"]
    platform = next(s for s in seats if s["username"].startswith("greedy-bot"))
    assert platform["is_bot"] is True
    assert platform["owned_bot"] is False


def test_a_rated_table_refuses_an_owned_bot_through_rest(ana, own):
    robot, key = own
    game = services.game_create(user=ana, players=2, rated=True)
    answer = token_client(key).post(f"/api/v1/games/{game.pk}/join", {}, format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == "bots_not_rated"
    made = token_client(key).post("/api/v1/games", {"players": 2, "rated": True}, format="json")
    assert made.status_code == 403
    assert made.json()["code"] == "bots_not_rated"
    assert not Seat.objects.filter(user=robot).exists()


def test_a_rated_table_with_an_owned_bot_seated_another_way_never_starts(ana, own):
    robot, _ = own
    game = services.game_create(user=ana, players=3, rated=True)
    Seat.objects.create(game=game, index=1, user=robot, joined_at=game.created_at)
    joined = client_for(person("bo")).post(f"/api/v1/games/{game.pk}/join", {}, format="json")
    assert joined.status_code == 403
    assert joined.json()["code"] == "bots_not_rated"
    Seat.objects.create(game=game, index=2, user=person("cy"), joined_at=game.created_at)
    answer = client_for(ana).post(f"/api/v1/games/{game.pk}/start")
    assert answer.status_code == 403
    assert answer.json()["code"] == "bots_not_rated"
    assert Game.objects.get(pk=game.pk).status == GameStatus.OPEN
    with pytest.raises(ApplicationError) as refused:
        services.game_create_seated(created_by=ana, users=[ana, robot], rated=True)
    assert refused.value.code == "bots_not_rated"


def test_the_creator_cannot_free_an_owned_bots_seat_as_a_platform_bots(ana, own):
    robot, _ = own
    game = services.game_create(user=ana, players=3)
    services.game_join(game_id=game.pk, user=robot)
    index = Seat.objects.get(game=game, user=robot).index
    answer = client_for(ana).delete(f"/api/v1/games/{game.pk}/bots/{index}")
    assert answer.json()["code"] == "not_a_bot"
    services.game_leave(game_id=game.pk, user=ana)  # the bot still holds a seat: not deserted
    assert Game.objects.get(pk=game.pk).status == GameStatus.OPEN


def test_the_platform_never_plays_an_owned_bots_turn(frozen_clock, ana, own, settings):
    robot, _ = own
    game = _to_the_bots_turn(timed_game(ana, [robot], LIVE, deal=b"owned"), ana, robot)
    seat = seat_row(game, game.to_move)
    assert seat.automatic is False
    seq = game.version
    # its clock is a person's: seconds per move (plus reserve), not the automatic grace
    allowed = LIVE["seconds_per_move"] + LIVE["reserve_seconds"]
    assert game.deadline == game.turn_started_at + timedelta(seconds=allowed)
    assert tasks.play_automatic.run(str(game.pk), seq) is None  # the bot task does nothing
    frozen_clock.advance(timedelta(seconds=settings.AUTOMATIC_GRACE_SECONDS + 1))
    assert sweep() == 0  # past the grace a lost bot task would get: still nothing
    game.refresh_from_db()
    assert game.version == seq
    assert events_after(game, seq) == []
    # once its time is out, the timeout action: as for a person, never the bot's strategy
    frozen_clock.advance(timedelta(seconds=allowed))
    assert sweep() == 1
    timed_out = events_after(game, seq)
    assert timed_out
    assert {e.actor["kind"] for e in timed_out} == {"timeout"}
    assert seat_row(game, seat.index).timeouts_in_row == 1


def test_an_owned_bot_moves_itself_with_its_token_and_its_clock_is_charged(frozen_clock, ana, own):
    robot, key = own
    game = _to_the_bots_turn(timed_game(ana, [robot], LIVE, deal=b"owned"), ana, robot)
    index = game.to_move
    as_bot = token_client(key)
    frozen_clock.advance(timedelta(seconds=LIVE["seconds_per_move"] + 5))  # 5 s of reserve
    first = None
    while game.status == GameStatus.ACTIVE and game.to_move == index:  # its whole turn
        state = as_bot.get(f"/api/v1/games/{game.pk}/state").json()
        first = first or state["seq"]
        answer = as_bot.post(
            f"/api/v1/games/{game.pk}/moves",
            {**state["legal_moves"][0], "expected_seq": state["seq"]},
            format="json",
        )
        assert answer.status_code == 201, answer.json()
        game.refresh_from_db()
    mine = [e for e in store.read(game.stream, after=first) if e.actor.get("user")]
    assert mine
    assert {e.actor["user"] for e in mine} == {robot.pk}
    assert {e.actor["kind"] for e in mine} == {"bot"}  # labelled a bot in the log too
    assert seat_row(game, index).reserve_ms == LIVE["reserve_seconds"] * 1000 - 5000


def test_no_rating_changes_from_a_game_with_an_owned_bot(ana, own):
    robot, _ = own
    game = finished_game([ana, person("bo"), robot], [1, 2, 3], rated=True)
    assert rating_apply_game(game_id=game.pk) is False
    assert not RatingChange.objects.filter(game=game).exists()
    assert not RatedGame.objects.filter(game=game, state="applied").exists()


def test_a_rematch_leaves_an_owned_bots_seat_to_the_bot(ana, own):
    robot, _ = own
    platform = bot("greedy")
    old = finished_game([ana, robot, platform], [1, 2, 3], rated=False)
    new = game_rematch(game_id=old.pk, user=ana).game
    seated = set(Seat.objects.filter(game=new).values_list("user_id", flat=True))
    assert seated == {ana.pk, platform.pk}  # the owned bot joins by itself if it wants
    services.game_join(game_id=new.pk, user=robot)
