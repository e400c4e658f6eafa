"""Chat over REST, tried the way an attacker would: a spectator reading or writing the players'
channel, free text at a rated table, a staff-muted player posting directly, guessed ids of
messages one may not read, the length and rate limits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import translation

from chat.models import ChatMessage
from core import clock
from disputes.models import Dispute
from disputes.models import DisputeCategory
from games import services as game_services
from games.chat_modes import QUICK_MESSAGES
from games.models import Game
from tests.chat.conftest import chat_url
from tests.chat.conftest import read
from tests.chat.conftest import say
from tests.support.factories import client_for
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import run_committed
from tests.support.factories import token_client
from tests.support.throttling import assert_throttled
from tests.support.throttling import limits_on

pytestmark = pytest.mark.django_db


# -- modes -------------------------------------------------------------------------------------


def test_a_casual_table_chats_freely_and_a_rated_one_offers_quick_messages_only(ana, bo):
    casual = open_table(ana, [bo], bots=1)
    rated = open_table(bo, [ana], bots=1, rated=True)
    assert (casual.chat, rated.chat) == ("free", "quick")
    r = say(ana, rated, body="meet me on another site")
    assert r.status_code == 403
    assert r.json()["code"] == "quick_only"
    r = say(ana, rated, quick="good_luck")
    assert r.status_code == 201
    assert r.json()["text"] == "Good luck"
    assert ChatMessage.objects.filter(game=rated).count() == 1


def test_free_chat_cannot_be_chosen_for_a_rated_table(ana):
    r = client_for(ana).post(
        "/api/v1/games",
        {"players": 2, "variants": {"set_max": 6}, "rated": True, "chat": "free"},
        format="json",
    )
    assert r.status_code == 400
    assert r.json()["code"] == "free_chat_in_rated"
    assert not Game.objects.exists()
    r = client_for(ana).post(
        "/api/v1/games", {"players": 2, "variants": {"set_max": 6}, "chat": "loud"}, format="json"
    )
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_chat_mode"


def test_a_table_with_chat_off_refuses_every_message(ana, bo):
    r = client_for(ana).post(
        "/api/v1/games", {"players": 2, "variants": {"set_max": 6}, "chat": "off"}, format="json"
    )
    assert r.status_code == 201
    assert r.json()["chat"] == "off"
    game = Game.objects.get(pk=r.json()["id"])
    for body in ({"body": "hi"}, {"quick": "thanks"}):
        r = say(ana, game, **body)
        assert r.status_code == 403
        assert r.json()["code"] == "chat_off"


def test_quick_messages_are_rendered_in_each_readers_language(ana, bo, casual):
    say(ana, casual, quick="well_played")
    r = client_for(bo).get(chat_url(casual), HTTP_ACCEPT_LANGUAGE="it")
    message = r.json()["results"][0]
    assert message["quick"] == "well_played"
    with translation.override("it"):
        assert message["text"] == str(QUICK_MESSAGES["well_played"])
    assert ChatMessage.objects.get().body == ""


# -- bad input ---------------------------------------------------------------------------------


def test_blank_too_long_and_unknown_messages_are_refused_with_stable_codes(ana, casual):
    for body, code in (
        ({"body": "   \n\t "}, "message_required"),
        ({"body": "\u202e\u200b"}, "message_required"),  # only format characters
        ({}, "message_required"),
        ({"body": "hi", "quick": "thanks"}, "message_required"),
        ({"body": "x" * 301}, "message_too_long"),
        ({"quick": "gg_ez"}, "invalid"),
        ({"body": 5}, "invalid"),
    ):
        r = say(ana, casual, **body)
        assert r.status_code == 400, (body, r.json())
        assert r.json()["code"] == code, (body, r.json())
    assert not ChatMessage.objects.exists()
    assert say(ana, casual, body="y" * 300).status_code == 201


def test_control_characters_are_stripped_and_html_stays_text(ana, bo, casual):
    r = say(ana, casual, body="\x1b[31mhi\u202e <b>there</b>\x00")
    assert r.status_code == 201
    # The escape character goes; what it introduced is plain text now, harmless.
    assert read(bo, casual) == ["[31mhi <b>there</b>"]


def test_a_chat_of_no_game_is_404_and_an_anonymous_post_is_401(ana):
    r = client_for(ana).get("/api/v1/games/00000000-0000-0000-0000-000000000000/chat")
    assert r.status_code == 404
    game = open_table(ana, bots=1)
    r = client_for(None).post(chat_url(game), {"body": "hi"}, format="json")
    assert r.status_code == 401


# -- channels ----------------------------------------------------------------------------------


def test_a_spectator_never_reads_the_players_channel_during_the_game(ana, bo, eve, casual):
    say(ana, casual, body="players only")
    say(eve, casual, body="from the rail")
    assert read(eve, casual) == ["from the rail"]
    assert read(bo, casual) == ["players only"]
    r = client_for(None).get(chat_url(casual))  # anonymous: the spectators' too
    assert [m["text"] for m in r.json()["results"]] == ["from the rail"]
    # A spectator's post lands in the spectators' channel, whatever it asks for.
    spectators = ChatMessage.objects.get(author=eve)
    assert spectators.channel == "spectators"


def test_an_outsider_cannot_reach_a_players_message_by_guessing_its_id(ana, bo, eve, casual):
    said = say(ana, casual, body="players only").json()["id"]
    for message_id in (said, said + 1, 999999):
        r = client_for(eve).post(f"/api/v1/chat/messages/{message_id}/report", {}, format="json")
        assert r.status_code == 404, r.json()
    assert not Dispute.objects.exists()


def test_a_player_who_resigned_is_a_spectator_from_then(ana, bo, casual):
    say(ana, casual, body="before")
    run_committed(game_services.game_resign, game_id=casual.pk, user=bo)
    say(ana, casual, body="after")
    assert read(bo, casual) == []
    say(bo, casual, body="from the rail now")
    assert ChatMessage.objects.get(author=bo).channel == "spectators"
    assert read(ana, casual) == ["after", "before"]  # newest first


def test_both_channels_are_readable_by_everyone_once_the_game_has_ended(ana, bo, eve):
    game = open_table(ana, [bo], bots=1)
    say(ana, game, body="players")
    say(eve, game, body="spectators")
    game = play(game, [ana, bo])
    assert game.status == "finished"
    for user in (ana, eve, None):
        r = client_for(user).get(chat_url(game))
        assert sorted(m["text"] for m in r.json()["results"]) == ["players", "spectators"]


# -- reports, mutes, staff mutes ---------------------------------------------------------------


def test_a_report_opens_an_abuse_dispute_with_the_message_attached(ana, bo, mod, casual):
    said = say(bo, casual, body="you are terrible").json()
    r = client_for(ana).post(
        f"/api/v1/chat/messages/{said['id']}/report", {"reason": "insult"}, format="json"
    )
    assert r.status_code == 201, r.json()
    dispute = Dispute.objects.get(pk=r.json()["dispute"])
    assert dispute.category == DisputeCategory.ABUSE
    assert dispute.game_id == casual.pk
    assert f"#{said['id']}" in dispute.reason
    assert "you are terrible" in dispute.reason
    assert set(dispute.involved.values_list("username", flat=True)) == {"ana", "bo"}
    detail = client_for(mod).get(f"/api/v1/disputes/{dispute.pk}").json()
    assert "you are terrible" in detail["reason"]
    again = client_for(ana).post(f"/api/v1/chat/messages/{said['id']}/report", {}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "already_reported"
    own = client_for(bo).post(f"/api/v1/chat/messages/{said['id']}/report", {}, format="json")
    assert own.status_code == 400
    assert own.json()["code"] == "cannot_report_own"


def test_a_muted_players_messages_are_not_delivered_to_the_muter(ana, bo, casual):
    say(bo, casual, body="first")
    r = client_for(ana).post("/api/v1/me/mutes/bo")
    assert r.status_code == 200
    assert r.json() == {"muted": ["bo"]}
    say(bo, casual, body="second")
    assert read(ana, casual) == []
    assert client_for(ana).get("/api/v1/me/mutes").json() == {"muted": ["bo"]}
    assert client_for(ana).delete("/api/v1/me/mutes/bo").json() == {"muted": []}
    assert read(ana, casual) == ["second", "first"]
    assert client_for(ana).post("/api/v1/me/mutes/ana").json()["code"] == "cannot_mute_self"
    assert client_for(ana).post("/api/v1/me/mutes/nobody").status_code == 404


def test_a_staff_muted_player_posting_directly_is_refused_until_the_end(ana, bo, mod, casual):
    until = clock.now() + timedelta(hours=2)
    r = client_for(mod).post(
        "/api/v1/staff/chat-mutes/bo",
        {"until": until.isoformat(), "reason": "insults"},
        format="json",
    )
    assert r.status_code == 201, r.json()
    r = say(bo, casual, body="hello?")
    assert r.status_code == 403
    assert r.json()["code"] == "chat_muted"
    assert r.json()["until"].startswith(until.isoformat()[:19])
    assert say(bo, casual, quick="thanks").status_code == 403
    assert client_for(mod).delete("/api/v1/staff/chat-mutes/bo").json() == {"lifted": 1}
    assert say(bo, casual, body="hello").status_code == 201


def test_staff_mute_needs_staff_with_the_second_factor(ana, bo, mod):
    body = {"until": (clock.now() + timedelta(hours=1)).isoformat(), "reason": "x"}
    r = client_for(ana).post("/api/v1/staff/chat-mutes/bo", body, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "staff_only"
    plain = client_for(None)
    plain.force_authenticate(mod)  # staff, not by a session that passed the second factor
    r = plain.post("/api/v1/staff/chat-mutes/bo", body, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "session_required"
    r = client_for(mod).post("/api/v1/staff/chat-mutes/bo", {**body, "reason": " "}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "reason_required"
    past = {"until": (clock.now() - timedelta(minutes=1)).isoformat(), "reason": "x"}
    r = client_for(mod).post("/api/v1/staff/chat-mutes/bo", past, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_until"


def test_chat_is_rate_limited_with_the_platforms_429(ana, casual, settings, monkeypatch):
    limits_on(settings, monkeypatch, chat="3/min")  # a window that cannot end while it counts
    for i in range(3):
        assert say(ana, casual, body=f"m{i}").status_code == 201
    assert_throttled(say(ana, casual, body="one too many"), 60)
    assert ChatMessage.objects.count() == 3


def test_a_token_client_reads_what_its_user_may(ana, bo, eve, casual):
    from accounts.services import api_token_create

    say(ana, casual, body="players only")
    _, key = api_token_create(user=eve, name="script")
    r = token_client(key).get(chat_url(casual))
    assert r.status_code == 200
    assert r.json()["results"] == []
