"""The data export (accounts.export): one JSON attachment of what the platform holds about the
caller, and nothing they may not see — above all no other seat's tiles of a game in play."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from accounts.services import api_token_create
from disputes.services import dispute_open
from games import services as game_services
from games.engine.record import verify_record
from notifications.models import Notification
from signing.keys import public_key_hex
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import token_client
from tests.support.leaks import hidden_after_leaving
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tests.support.throttling import assert_throttled
from tests.support.throttling import limits_on

pytestmark = pytest.mark.django_db

URL = "/api/v1/account/export"


def export(client):
    answer = client.get(URL)
    assert answer.status_code == 200, answer.content[:300]
    assert answer["Content-Disposition"].startswith('attachment; filename="mexican-train-')
    return json.loads(answer.content)


def game_doc(doc, game):
    return next(g for g in doc["games"] if g["id"] == str(game.pk))


def test_the_export_holds_profile_ratings_games_disputes_and_notifications():
    zelda, yorick = make_user("zelda"), make_user("yorick")
    _, key = api_token_create(user=zelda, name="script")
    played = play(open_table(zelda, [yorick], bots=1), [zelda, yorick])
    rated = finished_game([zelda, yorick], [1, 2])
    dispute = dispute_open(
        user=zelda, game_id=rated.pk, category="other", reason="a question", against=[1]
    )
    Notification.objects.create(user=zelda, kind="x", text="to zelda", created_at=rated.created_at)
    Notification.objects.create(
        user=yorick, kind="x", text="to yorick", created_at=rated.created_at
    )
    doc = export(token_client(key))  # a token works as well as the session
    assert doc["format"] == "mexican-train-account-export"
    assert doc["profile"]["username"] == "zelda"
    assert doc["profile"]["id"] == zelda.pk
    assert set(doc["settings"]) == {"language", "sounds", "time_zone", "emails", "push_devices"}
    assert doc["settings"]["push_devices"] == []
    assert doc["settings"]["emails"]["your_turn"] is True  # a kind's default, no row stored
    assert "history" in doc["ratings"]
    record = game_doc(doc, played)["record"]
    assert verify_record(record, trusted_keys=[public_key_hex()]).ok  # the full, signed record
    assert [d["id"] for d in doc["disputes"]] == [dispute.pk]
    assert [m["body"] for m in doc["disputes"][0]["messages"]][:1] in ([], ["a question"])
    assert [n["text"] for n in doc["notifications"] if n["kind"] == "x"] == ["to zelda"]
    assert "to yorick" not in json.dumps(doc)


def test_the_exported_notifications_read_in_the_players_language():
    """Stored as a kind and params: the export renders them as the bell does, in Hungarian
    for a Hungarian reader, with the params beside."""
    from notifications.services import notify

    zelda = make_user("zelda")
    zelda.language = "hu"
    zelda.save()
    notify(user=zelda, kind="your_turn", params={"table": "Friday"}, url="/games/x")
    doc = export(client_for(zelda))
    [note] = [n for n in doc["notifications"] if n["kind"] == "your_turn"]
    assert note["text"] == "Te következel: Friday"
    assert note["params"] == {"table": "Friday"}


def test_nobody_else_can_export_someone():
    zelda, mallory = make_user("zelda"), make_user("mallory")
    open_table(zelda, bots=1)
    assert APIClient().get(URL).status_code in (401, 403)
    # The export is always the caller's: a parameter naming someone else changes nothing.
    doc = export(client_for(mallory))
    also = json.loads(client_for(mallory).get(f"{URL}?user={zelda.pk}&username=zelda").content)
    for body in (doc, also):
        assert body["profile"]["id"] == mallory.pk
        assert body["games"] == []
        assert "zelda" not in json.dumps(body)


def test_a_game_in_play_is_exported_from_the_own_seat_only():
    """The attacker exports mid-game hoping for the other hands or the boneyard order."""
    zelda, yorick = make_user("zelda"), make_user("yorick")
    game = open_table(zelda, [yorick], bots=1)
    game = play(game, [zelda, yorick], moves=2)
    assert game.status == "active"
    record = game_doc(export(client_for(zelda)), game)["record"]
    hidden = hidden_in_game(game.pk, 0)[-1]
    assert hidden
    assert not leaked(record, hidden), "the export shows tiles seat 0 may not see"
    assert "attestation" not in record
    assert "seed" not in record
    deal = record["rounds"][0]["deal"]
    assert deal["hands"][0]
    assert not deal["hands"][1]
    assert "boneyard" not in deal


def test_a_resigned_seat_is_exported_as_a_spectator_sees_it_even_by_staff():
    """Giving the seat up (the bot plays on) ends the right to its tiles; staff get no more
    from the export than any player (the staff view is the audit's)."""
    zelda = make_user("zelda", staff=True)
    yorick = make_user("yorick")
    game = open_table(zelda, [yorick], bots=1)
    game_services.game_resign(game_id=game.pk, user=zelda)
    game.refresh_from_db()
    assert game.status == "active"
    record = game_doc(export(client_for(zelda)), game)["record"]
    hidden = hidden_after_leaving(game.pk, 0, game.version)[-1]
    assert hidden
    assert not leaked(record, hidden)


def test_the_export_is_rate_limited(settings, monkeypatch):
    limits_on(settings, monkeypatch, account_export="2/hour")
    client = client_for(make_user("zelda"))
    export(client)
    export(client)
    assert_throttled(client.get(URL), 3600)
