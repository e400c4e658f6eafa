"""The table's creator frees a bot's seat before the start (DELETE .../bots/<seat>)."""

from __future__ import annotations

import pytest

from games.models import Seat
from tests.games.api.factories import create
from tests.games.api.factories import url

pytestmark = pytest.mark.django_db


def seated(gid: str) -> dict[int, str]:
    return dict(Seat.objects.filter(game_id=gid).values_list("index", "user__username"))


def test_the_creator_frees_a_bots_seat_and_a_person_takes_it(ana, bo):
    gid = create(ana, 3)["id"]
    assert ana.post(url(gid, "bots"), {"strategy": "random"}, format="json").status_code == 201
    bot_seat = next(i for i, name in seated(gid).items() if name != "ana")

    r = ana.delete(url(gid, f"bots/{bot_seat}"))

    assert r.status_code == 200, r.json()
    assert [s["username"] for s in r.json()["seats"]] == ["ana"]
    assert bot_seat not in seated(gid)
    assert bo.post(url(gid, "join")).status_code == 200
    assert seated(gid)[bot_seat] == "bo"  # the freed seat is the first free one


def test_only_a_bots_seat_of_an_open_table_is_freed_and_only_by_its_creator(ana, bo):
    gid = create(ana, 3)["id"]
    bo.post(url(gid, "join"))
    ana.post(url(gid, "bots"), {"strategy": "greedy"}, format="json")
    seats = seated(gid)
    bot_seat = next(i for i, name in seats.items() if name not in ("ana", "bo"))
    bo_seat = next(i for i, name in seats.items() if name == "bo")

    assert bo.delete(url(gid, f"bots/{bot_seat}")).json()["code"] == "not_creator"
    assert ana.delete(url(gid, f"bots/{bo_seat}")).json()["code"] == "not_a_bot"
    r = ana.delete(url(gid, "bots/7"))
    assert (r.status_code, r.json()["code"]) == (404, "no_such_seat")
    assert seated(gid) == seats  # nothing changed

    ana.post(url(gid, "start"))
    r = ana.delete(url(gid, f"bots/{bot_seat}"))
    assert (r.status_code, r.json()["code"]) == (400, "game_not_open")
    assert seated(gid) == seats
