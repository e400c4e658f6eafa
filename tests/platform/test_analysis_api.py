"""The analysis of finished games over the API (analysis.*): written by its task off the move
path, served once the game has finished, on the profile and the leaderboard, and the staff's
fair-play signals. The hidden-deal refusals are in tests/hardening/test_staff_stake.py."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from analysis import services
from analysis.models import GameAnalysis
from analysis.models import PlayerGameAnalysis
from core import clock
from tests.hardening.test_staff_door import staff_token_client
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import open_table
from tests.support.factories import person
from tests.support.factories import play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tiny_budget(settings):
    settings.ANALYSIS_WORLDS = 2
    settings.ANALYSIS_LUCK_ROLLOUTS = 2
    settings.ANALYSIS_GAIN_WORLDS = 2


def played_to_the_end(ana, *, rated=False):
    game = open_table(ana, bots=1, strategy="greedy", rated=rated)
    game = play(game, [ana])
    assert game.status == "finished"
    return game


def analysis_url(game) -> str:
    return f"/api/v1/games/{game.pk}/analysis"


def test_nothing_is_analysed_before_the_end_and_the_analysis_is_pending_until_its_task():
    ana, eve = person("ana"), person("eve")
    game = open_table(ana, bots=1, strategy="greedy")
    for user in (ana, eve, None):
        r = client_for(user).get(analysis_url(game))
        assert r.status_code == 409, r.json()
        assert r.json()["code"] == "game_not_finished"
    game = play(game, [ana])
    r = client_for(eve).get(analysis_url(game))
    assert r.status_code == 200
    assert r.json()["status"] == "pending"
    assert r.json()["analysis"] is None
    # The game's end only submitted the task (tests run tasks inline: it was left alone).
    assert not GameAnalysis.objects.filter(game=game, status="done").exists()


def test_the_task_writes_the_analysis_every_reader_then_sees():
    ana = person("ana")
    game = played_to_the_end(ana)
    row = services.analyse_game(game_id=game.pk)
    assert row.status == "done"
    body = client_for(None).get(analysis_url(game)).json()
    assert body["status"] == "done"
    a = body["analysis"]
    assert a["seats"] == 2
    assert len(a["players"]) == 2
    assert {p["username"] for p in body["players"]} == {
        "ana",
        game.seats.get(index=1).user.username,
    }
    assert [p["is_bot"] for p in body["players"]] == [False, True]
    for p in body["players"]:
        assert 0 <= p["accuracy"] <= 100
    for d in a["decisions"]:
        assert d["loss"] >= 0
        assert d["options"] > 1
    assert len(a["rounds"]) == 1
    assert len(a["rounds"][0]["deal"]) == 2
    rows = PlayerGameAnalysis.objects.filter(game=game).order_by("seat")
    assert [r.user_id for r in rows] == [s.user_id for s in game.seats.order_by("index")]
    # Deterministic: recomputed, the same figures.
    again = services.analyse_game(game_id=game.pk, recompute=True)
    assert again.result["decisions"] == a["decisions"]
    assert again.result["rounds"] == a["rounds"]


def test_the_profile_and_the_leaderboard_carry_accuracy_and_the_skill_index():
    ana = person("ana")
    game = played_to_the_end(ana, rated=True)
    r = client_for(None).get("/api/v1/players/ana").json()
    assert r["analysis"] == {"games": 0, "accuracy": None, "skill_index": None, "recent": []}
    services.analyse_game(game_id=game.pk)
    mine = PlayerGameAnalysis.objects.get(game=game, user=ana)
    r = client_for(None).get("/api/v1/players/ana").json()["analysis"]
    assert r["games"] == 1
    assert r["accuracy"] == pytest.approx(mine.accuracy, abs=0.05)
    assert r["skill_index"] == pytest.approx(mine.skill, abs=0.01)
    assert [g["game"] for g in r["recent"]] == [str(game.pk)]
    board = client_for(None).get("/api/v1/ratings/leaderboard?kind=live").json()["results"]
    assert [(e["username"], e["skill_index"]) for e in board] == [
        ("ana", pytest.approx(mine.skill, abs=0.01))
    ]
    # An analysis of the first version measured another skill (result - deal - draws): it
    # counts for accuracy, not in the index, until it is recomputed.
    GameAnalysis.objects.filter(game=game).update(version=1)
    r = client_for(None).get("/api/v1/players/ana").json()["analysis"]
    assert (r["games"], r["skill_index"], r["recent"][0]["skill"]) == (1, None, None)
    assert r["accuracy"] == pytest.approx(mine.accuracy, abs=0.05)
    board = client_for(None).get("/api/v1/ratings/leaderboard?kind=live").json()["results"]
    assert [(e["username"], e["skill_index"]) for e in board] == [("ana", None)]
    call_command("analyse_games", "--all")
    r = client_for(None).get("/api/v1/players/ana").json()["analysis"]
    assert r["skill_index"] == pytest.approx(mine.skill, abs=0.01)


def test_the_command_analyses_a_game_and_says_what_is_wrong_in_one_line():
    ana = person("ana")
    game = played_to_the_end(ana)
    call_command("analyse_games", "--game", str(game.pk))
    assert GameAnalysis.objects.get(game=game).status == "done"
    with pytest.raises(CommandError, match="^no game "):
        call_command("analyse_games", "--game", "00000000-0000-0000-0000-000000000000")
    running = open_table(ana, bots=1)
    with pytest.raises(CommandError, match="only a finished game"):
        call_command("analyse_games", "--game", str(running.pk))
    with pytest.raises(CommandError, match="--game"):
        call_command("analyse_games")


def skewed_history(player, friend, others, games: int = 12):
    """``player``'s analysed games: every game with ``friend`` hands them 6 points, the
    others about none; accuracy as high as the strong bot's."""
    now = clock.now()
    for i in range(games):
        rivals = [friend, others[i % len(others)]]
        game = finished_game([player, *rivals], [1, 2, 3], rated=False)
        row = GameAnalysis.objects.create(game=game, status="done", version=1, result={})
        gifts = [
            {"seat": 1, "user": friend.pk, "gift": 6.0 + (i % 3) * 0.1},
            {"seat": 2, "user": rivals[1].pk, "gift": (i % 3 - 1) * 0.3},
        ]
        PlayerGameAnalysis.objects.create(
            analysis=row,
            game=game,
            user=player,
            seat=0,
            decisions=30,
            accuracy=95.0,
            mean_loss=0.2,
            skill=1.0,
            gifts=gifts,
            finished_at=now,
        )


def test_fair_play_signals_are_for_staff_by_session_only():
    ana, boss = person("ana"), person("boss", staff=True)
    url = "/api/v1/audit/players/ana/fair-play"
    assert client_for(None).get(url).status_code == 401
    r = client_for(ana).get(url)
    assert r.status_code == 403
    assert r.json()["code"] == "staff_only"
    r = staff_token_client("boss").get(url)  # a staff token, not the browser session
    assert r.status_code == 403
    assert r.json()["code"] == "session_required"
    r = client_for(boss).get(url)  # the session that passed the second factor
    assert r.status_code == 200, r.json()
    assert r.json()["games"] == 0
    assert r.json()["assistance"] is False
    assert r.json()["bot_accuracy"] is None  # no analysed strong-bot games: no reference


def test_fair_play_points_at_the_opponent_a_player_keeps_helping_and_at_bot_like_accuracy():
    ana, friend = person("ana"), person("friend")
    others = [person(f"p{i}") for i in range(4)]
    skewed_history(ana, friend, others)
    strong = bot("mc")  # the reference: the strong bot's accuracy in its analysed games here
    for i in range(10):
        game = finished_game([strong, others[i % 4], others[(i + 1) % 4]], [1, 2, 3], rated=False)
        row = GameAnalysis.objects.create(game=game, status="done", version=1, result={})
        PlayerGameAnalysis.objects.create(
            analysis=row,
            game=game,
            user=strong,
            seat=0,
            is_bot=True,
            decisions=30,
            accuracy=96.0,
            mean_loss=0.1,
            skill=2.0,
            gifts=[],
            finished_at=clock.now(),
        )
    honest = person("honest")
    client = client_for(person("boss", staff=True))
    body = client.get("/api/v1/audit/players/ana/fair-play").json()
    assert body["games"] == 12
    assert body["bot_accuracy"] == 96.0
    assert body["assistance"] is True
    by_name = {o["username"]: o for o in body["opponents"]}
    assert by_name["friend"]["signal"] is True
    assert by_name["friend"]["games"] == 12
    assert not any(o["signal"] for n, o in by_name.items() if n != "friend")
    assert body["opponents"][0]["username"] == "friend"
    clean = client.get(f"/api/v1/audit/players/{honest.username}/fair-play").json()
    assert clean["opponents"] == []
    assert clean["assistance"] is False
    # Signals only: nothing about the player changed.
    ana.refresh_from_db()
    assert ana.is_active


def test_a_bot_is_labelled_in_the_analysis():
    ana = person("ana")
    game = played_to_the_end(ana)
    services.analyse_game(game_id=game.pk)
    players = client_for(ana).get(analysis_url(game)).json()["players"]
    assert players[1]["is_bot"] is True
    assert players[0]["is_bot"] is False


def test_the_analysis_task_goes_to_a_queue_of_its_own_and_bot_turns_do_not():
    """A game's analysis takes a core for up to minutes: on the bots' and clocks' queue it
    would hold their tasks behind it (deploy/ runs a worker per queue)."""
    from django.conf import settings

    from analysis.tasks import analyse_game
    from config.celery import app
    from games.tasks import apply_timeout
    from games.tasks import play_automatic

    def queue(task) -> str:
        return app.amqp.router.route({}, task.name, args=(), kwargs={})["queue"].name

    assert queue(analyse_game) == settings.ANALYSIS_QUEUE == "analysis"
    assert queue(play_automatic) == queue(apply_timeout) == "celery"
