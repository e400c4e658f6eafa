"""The tournaments REST API: lists with countdowns, the detail (rounds, tables, standings, the
caller's entry), registration, check-in, withdrawal and creation, errors with stable codes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from core import clock
from tests.support.factories import SMALL
from tests.support.factories import TOURNAMENT_LIVE
from tests.support.factories import bots
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import seat
from tests.support.factories import start
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def create_body(**overrides) -> dict:
    return {
        "name": "Friday cup",
        "format": "swiss",
        "starts_at": (clock.now() + timedelta(minutes=30)).isoformat(),
        "table_size": 4,
        "rounds": 3,
        "variants": SMALL,
        "time_control": TOURNAMENT_LIVE,
        "rated": True,
        **overrides,
    }


def test_staff_create_a_tournament_and_others_may_not(frozen_clock, org):
    answer = client_for(org).post("/api/v1/tournaments", create_body(), format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["status"] == "registration"
    assert body["rated"] is True
    assert body["seconds_until_start"] == 1800.0
    assert body["time_control"]["seconds_per_move"] == 30
    assert body["entries"] == []
    assert body["rounds_detail"] == []
    assert body["standings"] is None

    ana = person("ana")
    refused = client_for(ana).post("/api/v1/tournaments", create_body(), format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_organizer"
    anonymous = client_for().post("/api/v1/tournaments", create_body(), format="json")
    assert anonymous.status_code == 401
    bad = client_for(org).post("/api/v1/tournaments", create_body(table_size=9), format="json")
    assert bad.status_code == 400
    assert bad.json()["code"] == "invalid"
    assert "table_size" in bad.json()["fields"]
    past = create_body(starts_at=(clock.now() - timedelta(minutes=1)).isoformat())
    late = client_for(org).post("/api/v1/tournaments", past, format="json")
    assert late.status_code == 400
    assert late.json()["code"] == "invalid_tournament"


def test_lists_group_tournaments_with_their_countdown_and_my_entry(frozen_clock, org):
    ana = person("ana")
    soon = new_tournament(org, starts_in=timedelta(minutes=5))
    later = new_tournament(org, starts_in=timedelta(hours=2))
    running = new_tournament(org, starts_in=timedelta(minutes=1), table_size=2, rounds=1)
    register(running, [ana, bots(1)[0]])
    register(later, [ana])
    seat(running)  # its table in its ready window: the clock stays at its start

    upcoming = client_for(ana).get("/api/v1/tournaments?status=upcoming").json()["results"]
    assert [t["id"] for t in upcoming] == [soon.pk, later.pk]
    assert upcoming[0]["seconds_until_start"] == pytest.approx(4 * 60 - 1, abs=1)
    assert [t["my_status"] for t in upcoming] == [None, "registered"]
    assert upcoming[1]["entrants"] == 1
    live = client_for().get("/api/v1/tournaments?status=running").json()["results"]
    assert [(t["id"], t["current_round"], t["seconds_until_start"]) for t in live] == [
        (running.pk, 1, None)
    ]
    everything = client_for().get("/api/v1/tournaments").json()["results"]
    assert [t["id"] for t in everything] == [running.pk, soon.pk, later.pk]
    assert client_for().get("/api/v1/tournaments?status=finished").json()["results"] == []
    bad = client_for().get("/api/v1/tournaments?status=soon")
    assert bad.status_code == 400
    assert bad.json()["code"] == "invalid_query"


def test_register_check_in_and_withdraw_through_the_api(frozen_clock, org):
    ana = person("ana")
    tournament = new_tournament(org, check_in_opens_at=clock.now() + timedelta(minutes=5))
    url = f"/api/v1/tournaments/{tournament.pk}"

    answer = client_for(ana).post(f"{url}/register")
    assert answer.status_code == 200
    assert answer.json()["me"]["status"] == "registered"
    again = client_for(ana).post(f"{url}/register")
    assert again.status_code == 400
    assert again.json()["code"] == "already_registered"
    early = client_for(ana).post(f"{url}/check-in")
    assert early.status_code == 400
    assert early.json()["code"] == "check_in_not_open"
    clock.advance(timedelta(minutes=6))
    assert client_for(ana).post(f"{url}/check-in").json()["me"]["status"] == "checked_in"
    out = client_for(ana).post(f"{url}/withdraw").json()
    assert out["me"]["status"] == "withdrawn"
    assert out["entrants"] == 0
    assert client_for().post(f"{url}/register").status_code == 401
    missing = client_for(ana).post("/api/v1/tournaments/9999/register")
    assert missing.status_code == 404
    assert missing.json()["code"] == "not_found"
    bot = bots(1)[0]
    assert client_for(bot).post(f"{url}/register").status_code == 403


def test_the_detail_shows_rounds_tables_and_standings(frozen_clock, org):
    field = bots(5)
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=2)
    register(tournament, field)
    start(tournament)

    detail = client_for(field[0]).get(f"/api/v1/tournaments/{tournament.pk}").json()

    assert detail["status"] == "finished"
    assert detail["winner"] == detail["standings"]["lines"][0]["username"]
    assert [r["number"] for r in detail["rounds_detail"]] == [1, 2]
    table = detail["rounds_detail"][0]["tables"][0]
    assert table["status"] == "finished"
    assert table["finished"] is True
    assert [p["seat"] for p in table["players"]] == list(range(len(table["players"])))
    assert sorted(p["place"] for p in table["players"])[0] == 1
    assert all(p["total"] is not None for p in table["players"])
    assert detail["me"]["username"] == field[0].username
    assert detail["me"]["final_place"] in range(1, 6)
    assert sorted(e["final_place"] for e in detail["entries"]) == [1, 2, 3, 4, 5]
    standings = detail["standings"]
    assert standings["final"] is True
    assert standings["points"] == "share"
    assert {line["games"] for line in standings["lines"]} == {2}
    first = standings["lines"][0]
    assert set(first) >= {
        "rank",
        "username",
        "points",
        "points_exact",
        "table_wins",
        "opponent_points",
        "game_score",
        "head_to_head",
    }
    after_one = client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings?round=1").json()
    assert {line["games"] for line in after_one["lines"]} == {1}
    now = client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    assert now == standings
    assert (
        client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings?round=x").status_code
        == 400
    )
    assert (
        client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings?round=9").status_code
        == 404
    )
    assert client_for().get("/api/v1/tournaments/424242").status_code == 404
    assert Tournament.objects.get(pk=tournament.pk).version == detail["version"]
