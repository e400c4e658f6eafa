"""Chat in a game's audit, in the dispute a report opened, in the author's export; what
deleting an account does to it."""

from __future__ import annotations

import pytest

from accounts.deletion import account_delete
from chat.models import ChatMessage
from chat.models import ChatMute
from tests.chat.conftest import chat_url
from tests.chat.conftest import read
from tests.chat.conftest import say
from tests.support.factories import PASSWORD
from tests.support.factories import client_for
from tests.support.factories import play

pytestmark = pytest.mark.django_db


def test_the_audit_lists_both_channels_with_the_seq_each_message_was_said_at(
    ana, bo, eve, mod, casual
):
    say(ana, casual, body="players")
    say(eve, casual, body="rail")
    play(casual, [ana, bo], moves=1)
    say(bo, casual, quick="thanks")
    r = client_for(mod).get(f"/api/v1/audit/games/{casual.pk}")
    assert r.status_code == 200, r.json()
    chat = r.json()["chat"]
    assert [(m["channel"], m["text"]) for m in chat] == [
        ("players", "players"),
        ("spectators", "rail"),
        ("players", "Thanks"),
    ]
    seqs = [m["seq"] for m in chat]
    assert seqs[0] == seqs[1] == ChatMessage.objects.get(author=ana).seq
    assert seqs[2] > seqs[0]
    # Not for players: the audit is staff's.
    assert client_for(ana).get(f"/api/v1/audit/games/{casual.pk}").status_code == 403


def test_the_reported_message_is_in_the_dispute_staff_read(ana, bo, mod, casual):
    said = say(bo, casual, body="rude words").json()
    dispute = (
        client_for(ana).post(f"/api/v1/chat/messages/{said['id']}/report", {}, format="json").json()
    )
    detail = client_for(mod).get(f"/api/v1/disputes/{dispute['dispute']}").json()
    assert detail["category"] == "abuse"
    [reported] = detail["reported_chat"]
    assert (reported["id"], reported["author"], reported["text"]) == (
        said["id"],
        "bo",
        "rude words",
    )
    assert reported["created_at"] == said["created_at"]


def test_the_export_holds_the_users_own_messages_only(ana, bo, casual):
    say(ana, casual, body="mine")
    say(bo, casual, body="theirs")
    client_for(ana).post("/api/v1/me/mutes/bo")
    export = client_for(ana).get("/api/v1/account/export").json()
    assert [m["text"] for m in export["chat"]["messages"]] == ["mine"]
    assert export["chat"]["messages"][0]["game"] == str(casual.pk)
    assert export["chat"]["muted"] == ["bo"]


def test_a_deleted_authors_messages_stay_under_the_pseudonym_and_their_mutes_go(ana, bo, eve):
    from tests.support.factories import open_table

    game = open_table(ana, [bo], bots=1)
    say(bo, game, body="hello")
    client_for(bo).post("/api/v1/me/mutes/ana")
    client_for(ana).post("/api/v1/me/mutes/eve")
    play(game, [ana, bo])
    account_delete(user=bo, password=PASSWORD, confirm=True)
    r = client_for(eve).get(chat_url(game))
    [message] = r.json()["results"]
    assert message["text"] == "hello"
    assert message["author"] == "deleted player 1"
    assert "bo" not in r.content.decode().replace("bot", "")
    assert not ChatMute.objects.filter(muter__pk=bo.pk).exists()
    assert read(ana, game) == ["hello"]
