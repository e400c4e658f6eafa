"""The quick-pairing REST API (/api/v1/pools...): the grid (counts only), join, my ticket,
leave — and the attacks: a second ticket in another pool, another player's ticket, a player
still at an unfinished live quick game, anonymous callers."""

from __future__ import annotations

import json

import pytest

from games.models import Game
from matchmaking.models import Ticket
from ratings.models import Rating
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import person

pytestmark = pytest.mark.django_db

GRID = "/api/v1/pools"
TICKET = "/api/v1/pools/ticket"


def join_url(pool: str) -> str:
    return f"/api/v1/pools/{pool}/join"


def post_join(user, pool="4p-60s", **body):
    with committed():
        return client_for(user).post(join_url(pool), body, format="json")


def test_the_grid_lists_every_pool_with_counts_only_and_the_window():
    ana = person("ana")
    Rating.objects.create(user=ana, kind="live", mu=33.3, sigma=1.1)
    assert post_join(ana, rated=True).status_code == 201
    response = client_for().get(GRID)
    assert response.status_code == 200
    body = response.json()
    keys = [p["key"] for p in body["pools"]]
    for seats in (3, 4):
        for clock in ("30s", "60s", "3m", "1d", "3d"):
            assert f"{seats}p-{clock}" in keys
    pool = next(p for p in body["pools"] if p["key"] == "4p-60s")
    assert pool["waiting"] == {"rated": 1, "casual": 0}
    assert pool["seats"] == 4
    assert pool["kind"] == "live"
    assert body["window"] == {"start": 100, "step": 50, "every": 10, "cap": 400, "max_wait": 60}
    text = json.dumps(body)
    assert "ana" not in text
    assert str(Rating.objects.get(user=ana).display) not in text


def test_join_shows_the_ticket_and_leave_ends_it(frozen_clock):
    ana = person("ana")
    response = post_join(ana, "3p-3m", bots_after=30)
    assert response.status_code == 201, response.json()
    ticket = response.json()
    assert ticket["status"] == "waiting"
    assert ticket["pool"] == "3p-3m"
    assert ticket["rated"] is False
    assert ticket["bots_after"] == 30
    assert ticket["waited_seconds"] == 0
    client = client_for(ana)
    assert client.get(TICKET).json()["status"] == "waiting"
    with committed():
        left = client.delete(TICKET)
    assert left.status_code == 200
    assert left.json()["status"] == "none"
    assert client.delete(TICKET).json()["code"] == "not_waiting"


def test_a_second_ticket_in_another_pool_is_refused():
    ana = person("ana")
    assert post_join(ana, "3p-30s").status_code == 201
    response = post_join(ana, "4p-1d", rated=True)
    assert response.status_code == 409
    assert response.json()["code"] == "already_waiting"
    assert response.json()["pool"] == "3p-30s"
    assert list(Ticket.objects.values_list("pool", flat=True)) == ["3p-30s"]


def test_nobody_can_leave_or_read_anothers_ticket():
    ana, eve = person("ana"), person("eve")
    assert post_join(ana).status_code == 201
    eve_client = client_for(eve)
    with committed():
        assert eve_client.delete(TICKET).status_code == 404
    assert eve_client.get(TICKET).json()["status"] == "none"
    assert Ticket.objects.filter(user=ana).exists()
    # There is no ticket id to name: the paths take none.
    with committed():
        assert eve_client.delete(f"{TICKET}/{ana.pk}").status_code == 404
        assert eve_client.post(f"/api/v1/pools/ticket/{ana.pk}/leave").status_code == 404
    assert Ticket.objects.filter(user=ana).exists()


def test_a_player_at_an_unfinished_quick_game_cannot_join_and_sees_the_game():
    players = [person(n) for n in ("ana", "bo", "cy")]
    for user in players:
        assert post_join(user, "3p-60s").status_code == 201
    game = Game.objects.get()
    mine = client_for(players[0]).get(TICKET).json()
    assert mine["status"] == "seated"
    assert mine["game"] == str(game.pk)
    response = post_join(players[0], "3p-30s")
    assert response.status_code == 409
    assert response.json()["code"] == "at_a_live_table"
    assert response.json()["game"] == str(game.pk)


def test_anonymous_callers_may_look_but_not_join():
    anonymous = client_for()
    assert anonymous.get(GRID).status_code == 200
    assert anonymous.post(join_url("4p-60s"), {}, format="json").status_code in (401, 403)
    assert anonymous.get(TICKET).status_code in (401, 403)
    assert anonymous.delete(TICKET).status_code in (401, 403)


def test_bad_input_is_refused_with_its_code():
    ana = person("ana")
    assert post_join(ana, "nope").json()["code"] == "unknown_pool"
    assert post_join(ana, bots_after=5).json()["code"] == "invalid_bots_after"
    assert post_join(ana, rated="maybe").json()["code"] == "invalid"
    assert not Ticket.objects.exists()


def test_a_player_under_a_play_ban_is_not_seated_by_quick_pairing(frozen_clock):
    """A play ban for no-shows and early leaves (tournaments.bans) bars quick pairing's new
    tables as it bars new events: the join is refused with the ban's end, no ticket made."""
    from datetime import timedelta

    from tournaments import bans

    ana = person("ana")
    for i in range(4):  # the ladder: a warning, then a ban
        bans.offence_record(user=ana, kind="no_show", key=f"table:test-{i}")
    ban = bans.active_ban(ana)
    assert ban is not None
    refused = post_join(ana)
    assert refused.status_code == 403
    assert refused.json()["code"] == "play_ban"
    assert refused.json()["ban"]["ends_at"]
    assert not Ticket.objects.filter(user=ana).exists()
    frozen_clock.advance(ban.ends_at - frozen_clock.now() + timedelta(seconds=1))
    assert post_join(ana).status_code == 201
