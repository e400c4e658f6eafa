"""The clocks over the API: the urgency-sorted game list and the notifications. (Vacations over
the API: tests/games/test_rule_r24_correspondence.py.)"""

from datetime import timedelta

import pytest

from games.models import Game
from tests.games.api.factories import player
from tests.games.api.factories import table

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_client_anon():
    from rest_framework.test import APIClient

    return APIClient()


def test_my_games_come_most_urgent_first(frozen_clock):
    ana, bo, cy = player("ana"), player("bo"), player("cy")
    corr = {"kind": "correspondence", "days_per_move": 3}
    games = []
    for _ in range(3):
        r = ana.post(
            "/api/v1/games",
            {"players": 2, "variants": {"set_max": 6, "rounds": 1}, "time_control": corr},
            format="json",
        )
        gid = r.json()["id"]
        assert bo.post(f"/api/v1/games/{gid}/join").status_code == 200
        assert ana.post(f"/api/v1/games/{gid}/start").status_code == 200
        games.append(Game.objects.get(pk=gid))
        frozen_clock.advance(timedelta(hours=1))
    open_gid = table(ana, [cy], players=3, start=False)
    mine = [g["id"] for g in ana.get("/api/v1/games", {"mine": "1"}).json()["results"]]
    ana_turn = [str(g.id) for g in games if g.to_move == 0]
    bo_turn = [str(g.id) for g in games if g.to_move == 1]
    assert mine == ana_turn + bo_turn + [open_gid]  # deadlines ascend within each group
    theirs = [g["id"] for g in cy.get("/api/v1/games", {"mine": "1"}).json()["results"]]
    assert theirs == [open_gid]
    assert (
        ana.get("/api/v1/games", {"mine": "1", "status": "open"}).json()["results"][0]["id"]
        == open_gid
    )


def test_the_game_list_of_mine_needs_a_login(api_client_anon):
    assert api_client_anon.get("/api/v1/games", {"mine": "1"}).status_code == 401


def test_notifications_are_listed_and_marked_read(frozen_clock):
    ana, bo = player("ana"), player("bo")
    r = ana.post(
        "/api/v1/games",
        {"players": 2, "time_control": {"kind": "correspondence"}},
        format="json",
    )
    gid = r.json()["id"]
    bo.post(f"/api/v1/games/{gid}/join")
    ana.post(f"/api/v1/games/{gid}/start")
    to_move = Game.objects.get(pk=gid).to_move
    mover = [ana, bo][to_move]
    data = mover.get("/api/v1/notifications").json()
    assert data["unread"] == 1
    assert data["results"][0]["kind"] == "your_turn"
    assert data["results"][0]["url"] == f"/games/{gid}"
    assert [ana, bo][1 - to_move].get("/api/v1/notifications").json()["unread"] == 0
    r = mover.post("/api/v1/notifications/read", {}, format="json")
    assert r.json() == {"marked": 1}
    assert mover.get("/api/v1/notifications").json()["unread"] == 0
    r = mover.post("/api/v1/notifications/read", {"ids": ["x"]}, format="json")
    assert r.status_code == 400
