"""Game analysis (issue 18): the task's rows, GET games/<id>/analysis and its visibility,
the profile's and leaderboard's fields, and the staff's fair-play signals."""

from __future__ import annotations

import pytest
from analysis.models import GameAnalysis, PlayerGameAnalysis
from analysis.services import analyse_game
from django.utils import timezone

from core import tasks as runner
from disputes.models import StaffAction
from games import selectors, services
from games.models import Game
from ratings.models import Rating
from tests.support import factories as tf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tiny(settings, monkeypatch):
    settings.ANALYSIS_WORLDS, settings.ANALYSIS_LUCK_ROLLOUTS = 2, 2
    submitted: list = []
    monkeypatch.setattr(runner, "submit", lambda task, *a, **k: submitted.append(task.name))
    return submitted


def new_game(users) -> Game:
    game = services.game_create(
        user=users[0], players=len(users), variants={"set_max": 6, "rounds": 1}
    )
    for user in users[1:]:
        services.game_join(game_id=game.id, user=user)
    services.game_start(game_id=game.id, user=users[0])
    return Game.objects.get(pk=game.id)


def move_once(game: Game, users) -> Game:
    seat = game.seats.get(index=game.to_move)
    user = next(u for u in users if u.pk == seat.user_id)
    st = selectors.game_state_for(game, user)
    services.game_move(
        game_id=game.id, user=user, move=st["legal_moves"][0], expected_seq=st["seq"]
    )
    return Game.objects.get(pk=game.id)


def finished(users) -> Game:
    game = new_game(users)
    while game.status == "active":
        game = move_once(game, users)
    assert game.status == "finished"
    return game


def url(game) -> str:
    return f"/api/v1/games/{game.pk}/analysis"


def test_the_service_writes_a_row_per_seat_once():
    ana, bo = tf.person("ana"), tf.person("bo")
    game = finished([ana, bo])
    assert analyse_game(game.pk) is True
    row = GameAnalysis.objects.get(game=game)
    assert row.status == "done"
    assert row.version == 1
    assert row.budget == {"worlds": 2, "luck_rollouts": 2}
    players = {p.seat: p for p in PlayerGameAnalysis.objects.filter(game=game)}
    assert sorted(players) == [0, 1]
    seat_of = {s.user_id: s.index for s in game.seats.all()}
    assert players[seat_of[ana.pk]].user == ana
    other = str(seat_of[bo.pk])
    assert players[seat_of[ana.pk]].gifts[other]["user"] == bo.pk
    assert analyse_game(game.pk) is False  # done: a no-op
    assert analyse_game(game.pk, recompute=True) is True
    assert PlayerGameAnalysis.objects.filter(game=game).count() == 2


def test_api_refuses_before_the_end_then_pending_then_done():
    ana, bo, dee = tf.person("ana"), tf.person("bo"), tf.person("dee")
    game = new_game([ana, bo])
    r = tf.client_for(ana).get(url(game))
    assert r.status_code == 409
    assert r.json()["code"] == "game_not_finished"
    while game.status == "active":
        game = move_once(game, [ana, bo])
    body = tf.client_for(dee).get(url(game)).json()
    assert body["status"] == "pending"
    assert body["analysis"] is None
    assert [p["accuracy"] for p in body["players"]] == [None, None]
    analyse_game(game.pk)
    r = tf.client_for(None).get(url(game))
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "done"
    assert body["analysis"]["version"] == 1
    assert {p["username"] for p in body["players"]} == {"ana", "bo"}
    assert all(p["is_bot"] is False and p["accuracy"] is not None for p in body["players"])
    assert (
        tf.client_for(None)
        .get("/api/v1/games/00000000-0000-0000-0000-000000000000/analysis")
        .status_code
        == 404
    )


def test_a_hidden_deal_is_refused_to_others_and_staff_with_a_stake():
    ana, bo, dee = tf.person("ana"), tf.person("bo"), tf.person("dee")
    game = finished([ana, bo])
    analyse_game(game.pk)
    Game.objects.filter(pk=game.pk).update(seed_hidden=True)
    for client in (tf.client_for(dee), tf.client_for(None)):
        r = client.get(url(game))
        assert r.status_code == 403
        assert r.json()["code"] == "seed_hidden"
    assert tf.client_for(ana).get(url(game)).status_code == 200  # a player of it
    staff = tf.person("sam", staff=True)
    assert tf.client_for(staff).get(url(game)).status_code == 200  # no stake: in the trail
    read = StaffAction.objects.get(staff=staff, game=game)
    assert read.data == {"view": "analysis"}


def test_profile_and_leaderboard_carry_the_analysis():
    ana, bo = tf.person("ana"), tf.person("bo")
    game = finished([ana, bo])
    profile = tf.client_for(None).get("/api/v1/players/ana").json()
    assert profile["analysis"] == {"games": 0, "accuracy": None, "skill_index": None, "recent": []}
    analyse_game(game.pk)
    profile = tf.client_for(None).get("/api/v1/players/ana").json()["analysis"]
    assert profile["games"] == 1
    assert profile["accuracy"] is not None
    assert profile["recent"][0]["game"] == str(game.pk)
    Rating.objects.create(user=ana, kind="live", games=1)
    Rating.objects.create(user=bo, kind="live", games=1)
    rows = tf.client_for(None).get("/api/v1/ratings/leaderboard?kind=live").json()["results"]
    mine = PlayerGameAnalysis.objects.get(game=game, user=ana).skill
    assert {r["username"]: r["skill_index"] for r in rows}["ana"] == pytest.approx(mine, abs=1e-3)


def _row(game, user, seat, gifts, accuracy=80.0, *, bot=False, policy=""):
    return PlayerGameAnalysis.objects.create(
        game=game,
        user=user,
        seat=seat,
        is_bot=bot,
        policy=policy,
        accuracy=accuracy,
        skill=0.0,
        decisions=20,
        mean_loss=1.0,
        gifts=gifts,
        finished_at=timezone.now(),
    )


def test_fair_play_is_staff_only_and_signals_gifts_to_one_opponent():
    ana, bo, cy, dee = (tf.person(n) for n in ("ana", "bo", "cy", "dee"))
    r = tf.client_for(bo).get("/api/v1/audit/players/ana/fair-play")
    assert r.status_code == 403
    assert r.json()["code"] == "staff_only"
    for i in range(12):
        game = tf.finished_game([ana, bo, cy, dee], [1, 2, 3, 4], rated=False)
        gifts = {
            "1": {"user": bo.pk, "gift": 6.0 + 0.1 * (i % 3)},
            "2": {"user": cy.pk, "gift": 0.1 * (i % 2)},
            "3": {"user": dee.pk, "gift": -0.1 * (i % 2)},
        }
        _row(game, ana, 0, gifts, accuracy=95.0)
    staff = tf.person("sam", staff=True)
    body = tf.client_for(staff).get("/api/v1/audit/players/ana/fair-play").json()
    assert body["player"] == "ana"
    assert body["games"] == 12
    assert body["accuracy"] == 95.0
    assert body["bot_accuracy"] == 90.0  # no mc bot analysed yet: the documented reference
    assert body["assistance"] is True
    by_name = {o["username"]: o for o in body["opponents"]}
    assert by_name["bo"]["signal"] is True
    assert by_name["bo"]["games"] == 12
    assert by_name["cy"]["signal"] is False
    assert by_name["dee"]["signal"] is False
    assert body["opponents"][0]["username"] == "bo"


def test_the_command_analyses_what_is_missing_and_refuses_in_one_line():
    from io import StringIO

    from django.core.management import CommandError, call_command

    ana, bo = tf.person("ana"), tf.person("bo")
    game = finished([ana, bo])
    out = StringIO()
    call_command("analyse_games", stdout=out)
    assert out.getvalue().strip() == f"{game.pk} analysed"
    out = StringIO()
    call_command("analyse_games", "--game", str(game.pk), stdout=out)
    assert out.getvalue().strip() == f"{game.pk} done"
    with pytest.raises(CommandError, match="^no game nope$"):
        call_command("analyse_games", "--game", "nope")
    running = new_game([tf.person("cy"), tf.person("dee")])
    with pytest.raises(CommandError, match="has not finished"):
        call_command("analyse_games", "--game", str(running.pk))


def test_the_audit_game_payload_carries_its_peoples_fair_play():
    ana, bo = tf.person("ana"), tf.person("bo")
    game = finished([ana, bo])
    analyse_game(game.pk)
    staff = tf.person("sam", staff=True)
    body = tf.client_for(staff).get(f"/api/v1/audit/games/{game.pk}").json()
    assert sorted(p["player"] for p in body["fair_play"]) == ["ana", "bo"]
    assert all(p["games"] == 1 for p in body["fair_play"])
