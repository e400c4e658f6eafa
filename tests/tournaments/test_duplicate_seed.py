"""Duplicate: a finished table's seed, and its record (which shows every hand), stay hidden while
another table of its deal group still plays that deal; the round's secret likewise."""

from __future__ import annotations

import pytest

from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import start
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db


def test_a_deal_stays_secret_until_every_table_dealt_it_has_finished(frozen_clock, org):
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    # Bots are seeded first (their fixed belief beats a newcomer's rating): table 1 is theirs
    # and ends at once; table 2, the people's, is still being played.
    register(tournament, [*people, *bots(3)])
    tournament = start(tournament)
    bots_table, people_table = TournamentTable.objects.filter(
        round__tournament=tournament
    ).order_by("number")
    bots_game, people_game = bots_table.game, people_table.game
    bots_game.refresh_from_db()
    assert bots_table.deal_group == people_table.deal_group == 0
    assert bots_game.status == "finished"
    assert people_game.status == "active"
    assert bots_game.seed == people_game.seed
    assert bots_game.seed_hidden

    answer = client_for(people[0]).get(f"/api/v1/games/{bots_game.pk}")
    assert answer.status_code == 200
    assert answer.json()["seed"] is None
    for user in (people[0], None):
        record = client_for(user).get(f"/api/v1/games/{bots_game.pk}/record")
        assert record.status_code == 403
        assert record.json()["code"] == "seed_hidden"
    assert client_for(org).get(f"/api/v1/games/{bots_game.pk}/record").status_code == 200
    # Nor can anyone but its players watch a table of the deal: what it shows of the hands
    # would help the people still playing it elsewhere.
    for path in ("state", "events"):
        for user in (people[0], None):
            watched = client_for(user).get(f"/api/v1/games/{bots_game.pk}/{path}")
            assert watched.status_code == 403
            assert watched.json()["code"] == "seed_hidden"
        assert client_for(org).get(f"/api/v1/games/{bots_game.pk}/{path}").status_code == 200
    mine = client_for(people[0]).get(f"/api/v1/games/{people_game.pk}/state")
    assert mine.status_code == 200
    assert mine.json()["seat"] is not None
    detail = client_for().get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert detail["rounds_detail"][0]["seed"] is None

    play_people(tournament)

    assert client_for().get(f"/api/v1/games/{bots_game.pk}/state").status_code == 200
    answer = client_for(people[0]).get(f"/api/v1/games/{bots_game.pk}")
    assert answer.json()["seed"] == bots_game.seed
    record = client_for(people[0]).get(f"/api/v1/games/{bots_game.pk}/record")
    assert record.status_code == 200
    assert record.json()["seed"] == bots_game.seed
    detail = client_for().get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert len(detail["rounds_detail"][0]["seed"]) == 64
