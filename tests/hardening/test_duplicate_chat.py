"""A duplicate deal told through the tournament chat, attacked as the review did it: in an
unrated duplicate event the tournament chat is free by default and readable by anyone; a
player whose table finished posts their opening hand there, and a player at the sibling table,
still playing the same tiles, reads it. While any table of a duplicate deal is in play the
tournament chat now takes quick messages only; the table chat of a duplicate table was already
closed to everyone but its own players, and stays so."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from chat.models import ChatMessage
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import seat
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db

HAND = "I opened with [6|6] [6|5] [5|1] and went out in round 1"


def chat_url(tournament) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/chat"


@pytest.fixture
def duplicate_round(frozen_clock):
    """A duplicate round in play: one deal group of two tables (ana, bo and cy at one; bots
    at the other), a free tournament chat."""
    org = organizer()
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1, chat="free")
    register(tournament, [*people, *bots(3)])
    tournament = seat(tournament)
    tables = list(
        TournamentTable.objects.filter(round__tournament=tournament).select_related("game")
    )
    assert len(tables) == 2
    assert all(t.game.seed_hidden for t in tables)
    return tournament, people, tables


def test_no_free_text_reaches_the_tournament_chat_while_the_deal_is_in_play(duplicate_round):
    tournament, (ana, bo, _), _ = duplicate_round
    r = client_for(ana).post(chat_url(tournament), {"body": HAND}, format="json")
    assert r.status_code == 403, r.json()
    assert r.json()["code"] == "quick_only"
    assert not ChatMessage.objects.filter(tournament=tournament).exists()
    wished = client_for(bo).post(chat_url(tournament), {"quick": "good_luck"}, format="json")
    assert wished.status_code == 201, wished.json()
    read = APIClient().get(chat_url(tournament)).json()["results"]
    assert [(m["quick"], m["text"]) for m in read] == [("good_luck", "Good luck")]


def test_the_tournament_page_offers_quick_messages_only_meanwhile(duplicate_round, client):
    tournament, (ana, _, _), _ = duplicate_round
    client.force_login(ana)
    page = client.get(f"/tournaments/{tournament.pk}")
    assert page.status_code == 200
    assert 'data-chat-mode="quick"' in page.content.decode()


def test_the_table_chat_of_a_duplicate_table_stays_closed_to_the_other_tables(duplicate_round):
    tournament, (ana, _, _), tables = duplicate_round
    bots_table = next(t for t in tables if not t.game.seats.filter(user=ana).exists())
    r = client_for(ana).get(f"/api/v1/games/{bots_table.game_id}/chat")
    assert r.status_code == 403
    assert r.json()["code"] == "seed_hidden"


def test_free_text_is_back_once_every_table_of_the_deal_is_done(duplicate_round):
    tournament, (ana, _, _), _ = duplicate_round
    tournament = play_people(tournament)
    assert not TournamentTable.objects.filter(
        round__tournament=tournament, game__seed_hidden=True
    ).exists()
    r = client_for(ana).post(chat_url(tournament), {"body": "well played all"}, format="json")
    assert r.status_code == 201, r.json()
