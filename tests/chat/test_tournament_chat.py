"""A tournament's chat: chosen by its organizer (quick only by default when rated), inherited
by its tables, written by its entrants and organizer only, read by anyone."""

from __future__ import annotations

import pytest

from chat.models import ChatReport
from games.models import Game
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import register
from tests.support.factories import seat

pytestmark = pytest.mark.django_db


def url(tournament) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/chat"


def test_a_rated_tournament_is_quick_only_and_refuses_free_chat(mod):
    from core.errors import ApplicationError

    rated = new_tournament(mod, rated=True)
    assert rated.chat == "quick"
    with pytest.raises(ApplicationError) as refused:
        new_tournament(mod, rated=True, chat="free")
    assert refused.value.code == "free_chat_in_rated"
    r = client_for(mod).post(url(rated), {"body": "welcome"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "quick_only"


def test_only_entrants_and_the_organizer_write_and_anyone_reads(mod, ana, bo, eve):
    cup = new_tournament(mod, chat="free")
    register(cup, [ana, bo])
    r = client_for(eve).post(url(cup), {"body": "let me in"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "not_a_participant"
    assert client_for(ana).post(url(cup), {"body": "hi all"}, format="json").status_code == 201
    assert client_for(mod).post(url(cup), {"quick": "good_luck"}, format="json").status_code == 201
    texts = [m["text"] for m in client_for(None).get(url(cup)).json()["results"]]
    assert texts == ["Good luck", "hi all"]
    # A report of a tournament's message is kept for staff (a dispute is about a game).
    said = client_for(ana).get(url(cup)).json()["results"][0]["id"]
    r = client_for(bo).post(f"/api/v1/chat/messages/{said}/report", {}, format="json")
    assert r.status_code == 201
    assert r.json()["dispute"] is None
    assert ChatReport.objects.filter(message_id=said, reporter=bo).exists()


def test_the_tables_of_a_tournament_take_its_chat(mod, ana, bo, frozen_clock):
    cup = new_tournament(mod, chat="off", table_size=2, rounds=1)
    register(cup, [ana, bo])
    seat(cup)
    games = Game.objects.filter(tournament_table__round__tournament=cup)
    assert games.exists()
    assert set(games.values_list("chat", flat=True)) == {"off"}
