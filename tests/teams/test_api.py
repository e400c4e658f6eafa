"""The teams API (/api/v1/teams...), with the attacks: leader actions by a member or an
outsider, staff powers without staff (or without the second factor), a closed team, a bot, the
last leader leaving."""

from __future__ import annotations

import pytest

from teams import services
from teams.models import Team
from tests.support.factories import bot
from tests.support.factories import client_for

from .conftest import api

pytestmark = pytest.mark.django_db


def test_create_list_search_and_detail(ana, bo):
    r = api(ana, "post", "teams", {"name": "Domino Club", "description": "We love doubles"})
    assert r.status_code == 201, r.json()
    body = r.json()
    assert body["slug"] == "domino-club"
    assert body["my_role"] == "leader"
    assert body["members_list"] == [
        {
            "username": "ana",
            "role": "leader",
            "joined_at": body["members_list"][0]["joined_at"],
            "founder": True,
            "rating": None,
            "provisional": True,
        }
    ]
    assert body["average_rating"] is None
    api(bo, "post", "teams", {"name": "Other Train", "open": False})
    anyone = client_for(None)
    listed = anyone.get("/api/v1/teams").json()
    assert [t["name"] for t in listed["results"]] == ["Domino Club", "Other Train"]
    assert listed["count"] == 2
    found = anyone.get("/api/v1/teams?q=DOUBLES").json()["results"]
    assert [t["slug"] for t in found] == ["domino-club"]
    detail = anyone.get("/api/v1/teams/domino-club").json()
    assert detail["my_role"] is None
    assert detail["founder"] == "ana"
    assert anyone.get("/api/v1/teams/nope").status_code == 404
    r = api(bo, "post", "teams", {"name": "domino CLUB"})
    assert (r.status_code, r.json()["code"]) == (409, "name_taken")
    r = anyone.post("/api/v1/teams", {"name": "Anon"}, format="json")
    assert r.status_code in (401, 403)


def test_join_an_open_team_and_ask_a_closed_one(ana, bo, club, guild):
    r = api(bo, "post", f"teams/{club.slug}/join")
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == "member"
    assert r.json()["team"]["my_role"] == "member"
    r = api(bo, "post", f"teams/{guild.slug}/join", {"message": "let me in"})
    assert r.json()["status"] == "requested"
    assert r.json()["team"]["my_request"] is True
    r = api(bo, "post", f"teams/{guild.slug}/join")
    assert (r.status_code, r.json()["code"]) == (409, "request_pending")
    listed = api(ana, "get", f"teams/{guild.slug}/requests").json()["results"]
    assert [(q["username"], q["message"]) for q in listed] == [("bo", "let me in")]
    r = api(ana, "post", f"teams/{guild.slug}/requests/{listed[0]['id']}/accept")
    assert r.status_code == 200
    assert [m["username"] for m in r.json()["members_list"]] == ["ana", "bo"]


def test_a_member_and_an_outsider_cannot_use_leader_powers(ana, bo, cy, club):
    api(bo, "post", f"teams/{club.slug}/join")  # cy stays outside
    for who in (bo, cy):
        for method, path, body in (
            ("get", f"teams/{club.slug}/requests", None),
            ("patch", f"teams/{club.slug}", {"name": "Hijacked"}),
            ("post", f"teams/{club.slug}/members/ana/remove", None),
            ("post", f"teams/{club.slug}/members/ana/demote", None),
            ("post", f"teams/{club.slug}/members/{who.username}/promote", None),
            ("post", f"teams/{club.slug}/chat/close", None),
        ):
            r = api(who, method, path, body)
            assert (r.status_code, r.json()["code"]) == (403, "leaders_only"), (who, path)
    assert Team.objects.get(pk=club.pk).name == "Train Spotters"


def test_a_second_account_cannot_decide_its_own_request(ana, bo, guild):
    request = services.team_request_join(team_id=guild.pk, user=bo)
    r = api(bo, "post", f"teams/{guild.slug}/requests/{request.pk}/accept")
    assert (r.status_code, r.json()["code"]) == (403, "leaders_only")
    # A request of another team, named under this one, is not found.
    other = services.team_create(user=bo, name="Bo Team", open=False)
    r = api(ana, "post", f"teams/{other.slug}/requests/{request.pk}/accept")
    assert r.status_code == 403
    r = api(ana, "post", f"teams/{guild.slug}/requests/999999/accept")
    assert r.status_code == 404


def test_leaders_remove_promote_and_demote(ana, bo, cy, club):
    api(bo, "post", f"teams/{club.slug}/join")
    api(cy, "post", f"teams/{club.slug}/join")
    r = api(ana, "post", f"teams/{club.slug}/members/bo/promote")
    assert {m["username"]: m["role"] for m in r.json()["members_list"]} == {
        "ana": "leader",
        "bo": "leader",
        "cy": "member",
    }
    r = api(bo, "post", f"teams/{club.slug}/members/ana/demote")
    assert (r.status_code, r.json()["code"]) == (403, "founder_protected")
    r = api(bo, "post", f"teams/{club.slug}/members/ana/remove")
    assert (r.status_code, r.json()["code"]) == (403, "target_is_leader")
    r = api(bo, "post", f"teams/{club.slug}/members/cy/remove")
    assert r.status_code == 200
    assert [m["username"] for m in r.json()["members_list"]] == ["ana", "bo"]
    r = api(ana, "post", f"teams/{club.slug}/members/nobody/remove")
    assert (r.status_code, r.json()["code"]) == (404, "not_a_member")
    r = api(cy, "post", f"teams/{club.slug}/join")
    assert r.json()["status"] == "requested"


def test_the_last_leader_leaving_is_refused(ana, bo, club):
    api(bo, "post", f"teams/{club.slug}/join")
    r = api(ana, "post", f"teams/{club.slug}/leave")
    assert (r.status_code, r.json()["code"]) == (409, "last_leader")
    r = api(bo, "post", f"teams/{club.slug}/leave")
    assert r.status_code == 200
    assert r.json()["my_role"] is None
    r = api(bo, "post", f"teams/{club.slug}/leave")
    assert (r.status_code, r.json()["code"]) == (409, "not_a_member")


def test_staff_close_needs_staff_and_the_second_factor(ana, bo, mod, club):
    path = f"/api/v1/teams/{club.slug}/close"
    r = client_for(ana).post(path, {"reason": "mine"}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "staff_only")
    plain = client_for(None)
    plain.force_authenticate(mod)  # staff, not by a session that passed the second factor
    r = plain.post(path, {"reason": "spam"}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "session_required")
    staff = client_for(mod)
    r = staff.post(path, {"reason": " "}, format="json")
    assert (r.status_code, r.json()["code"]) == (400, "reason_required")
    r = staff.post(path, {"reason": "spam"}, format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["closed"] is True
    assert r.json()["closed_reason"] == "spam"
    # Closed: hidden from the list, still readable, refuses joins.
    assert client_for(None).get("/api/v1/teams").json()["results"] == []
    assert client_for(None).get(f"/api/v1/teams/{club.slug}").json()["closed"] is True
    r = api(bo, "post", f"teams/{club.slug}/join")
    assert (r.status_code, r.json()["code"]) == (409, "team_closed")


def test_a_bot_is_refused(club):
    machine = bot()
    r = client_for(machine).post(f"/api/v1/teams/{club.slug}/join", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "bot_not_allowed")


def test_team_chat_is_for_members_and_leaders_close_it(ana, bo, cy, mod, club):
    api(bo, "post", f"teams/{club.slug}/join")
    chat = f"teams/{club.slug}/chat"
    assert api(ana, "post", chat, {"body": "welcome"}).status_code == 201
    r = api(bo, "post", chat, {"quick": "have_fun"})
    assert r.status_code == 201
    assert r.json()["channel"] == "team"
    texts = [m["text"] for m in api(bo, "get", chat).json()["results"]]
    assert texts == ["Have fun", "welcome"]
    # An outsider neither reads nor writes; nor can they report what they cannot read.
    r = api(cy, "get", chat)
    assert (r.status_code, r.json()["code"]) == (403, "not_a_member")
    r = api(cy, "post", chat, {"body": "let me talk"})
    assert (r.status_code, r.json()["code"]) == (403, "not_a_member")
    said = api(ana, "get", chat).json()["results"][0]["id"]
    r = api(cy, "post", f"chat/messages/{said}/report", {})
    assert r.status_code == 404
    assert api(ana, "post", f"chat/messages/{said}/report", {}).status_code == 201
    assert client_for(None).get(f"/api/v1/{chat}").status_code in (401, 403)
    # Staff read it (to moderate) but do not write in it.
    assert client_for(mod).get(f"/api/v1/{chat}").status_code == 200
    r = client_for(mod).post(f"/api/v1/{chat}", {"body": "hello"}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "not_a_member")
    # Leaders close it: new messages are refused, what was said stays.
    r = api(ana, "post", f"teams/{club.slug}/chat/close")
    assert r.json()["chat_open"] is False
    for who in (ana, bo):
        r = api(who, "post", chat, {"body": "still there?"})
        assert (r.status_code, r.json()["code"]) == (403, "team_chat_closed")
    assert len(api(bo, "get", chat).json()["results"]) == 2
    api(ana, "post", f"teams/{club.slug}/chat/open")
    assert api(bo, "post", chat, {"body": "back"}).status_code == 201
    # A member who left no longer reads it.
    api(bo, "post", f"teams/{club.slug}/leave")
    assert api(bo, "get", chat).status_code == 403


def test_a_players_team_messages_are_in_their_export(ana, club):
    from chat.account_data import chat_export

    api(ana, "post", f"teams/{club.slug}/chat", {"body": "for the record"})
    [said] = chat_export(ana)["messages"]
    assert said["team"] == club.pk
    assert said["channel"] == "team"
    assert said["text"] == "for the record"


def test_the_detail_gives_each_members_live_rating_and_the_teams_average(ana, bo, cy, club):
    from ratings.models import Rating

    for user, mu, games in ((ana, 25.0, 12), (bo, 30.0, 3), (cy, 40.0, 0)):
        Rating.objects.create(user=user, kind="live", mu=mu, sigma=2.0, games=games)
    services.team_join(team_id=club.pk, user=bo)
    services.team_join(team_id=club.pk, user=cy)
    body = client_for(None).get(f"/api/v1/teams/{club.slug}").json()
    ratings = {m["username"]: (m["rating"], m["provisional"]) for m in body["members_list"]}
    assert ratings == {"ana": (1880, False), "bo": (1980, True), "cy": (None, True)}
    assert body["average_rating"] == 1930  # cy has no rated game yet
