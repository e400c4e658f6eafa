"""Private tables (games.invites): listed nowhere, joined only with the invite link's code.

Attacks: a second account joins without the code and with a wrong one, looks for the table in
the lobby list, in every status filter and in the detail, state and events a spectator reads,
for the code. Watching needs no code (the table's address is the secret that finds it), and a
private game's rematch is private too.
"""

from __future__ import annotations

import json

import pytest

from games.models import Game
from games.models import GameStatus
from notifications.models import Notification
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import make_user

GAMES = "/api/v1/games"


@pytest.fixture
def people(db):
    return make_user("host"), make_user("guest"), make_user("mallory")


def private_table(host, players: int = 3) -> dict:
    r = client_for(host).post(GAMES, {"players": players, "private": True}, format="json")
    assert r.status_code == 201, r.json()
    return r.json()


def listed_ids(client, **params) -> set[str]:
    r = client.get(GAMES, params)
    assert r.status_code == 200, r.json()
    return {g["id"] for g in r.json()["results"]}


@pytest.mark.django_db
def test_the_creator_gets_the_code_and_a_guest_with_it_takes_a_seat(people):
    host, guest, _ = people
    doc = private_table(host)
    assert doc["private"] is True
    code = doc["invite_code"]
    assert code
    assert len(code) >= 16

    r = client_for(guest).post(f"{GAMES}/{doc['id']}/join", {"invite": code}, format="json")

    assert r.status_code == 200, r.json()
    assert [s["username"] for s in r.json()["seats"]] == ["host", "guest"]
    assert r.json()["invite_code"] == code  # a seated player may pass the link on


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "invite_required"),
        ({"invite": ""}, "invite_required"),
        ({"invite": "x" * 16}, "invite_invalid"),
    ],
)
def test_joining_without_the_right_code_is_refused(people, body, code):
    host, _, mallory = people
    doc = private_table(host)

    r = client_for(mallory).post(f"{GAMES}/{doc['id']}/join", body, format="json")

    assert (r.status_code, r.json()["code"]) == (403, code)
    assert list(Game.objects.get(pk=doc["id"]).seats.values_list("user__username", flat=True)) == [
        "host"
    ]


@pytest.mark.django_db
def test_a_private_table_is_in_no_list_but_its_players_own(people):
    host, guest, mallory = people
    doc = private_table(host, players=2)
    public = client_for(host).post(GAMES, {"players": 2}, format="json").json()
    attacker = client_for(mallory)

    for params in ({}, {"status": "open"}, {"status": "active"}):
        assert doc["id"] not in listed_ids(attacker, **params)
        assert doc["id"] not in listed_ids(client_for(), **params)
    assert public["id"] in listed_ids(attacker, status="open")
    assert doc["id"] in listed_ids(client_for(host), mine="true")

    client_for(guest).post(
        f"{GAMES}/{doc['id']}/join", {"invite": doc["invite_code"]}, format="json"
    )
    assert client_for(host).post(f"{GAMES}/{doc['id']}/start").status_code == 200
    assert doc["id"] not in listed_ids(attacker, status="active")
    assert doc["id"] in listed_ids(client_for(guest), mine="true")


@pytest.mark.django_db
def test_the_code_reaches_no_one_without_a_seat(people):
    host, guest, mallory = people
    doc = private_table(host, players=2)
    code, gid = doc["invite_code"], doc["id"]
    client_for(guest).post(f"{GAMES}/{gid}/join", {"invite": code}, format="json")
    client_for(host).post(f"{GAMES}/{gid}/start")

    for client in (client_for(mallory), client_for()):
        for path in ("", "/state", "/events", "/record"):
            r = client.get(f"{GAMES}/{gid}{path}")
            assert code not in r.content.decode(), path
        page = client.get(f"/games/{gid}")
        assert page.status_code == 200  # watching needs no code: the address is the secret
        assert code not in page.content.decode()
        detail = client.get(f"{GAMES}/{gid}").json()
        assert detail["private"] is True
        assert detail["invite_code"] is None
    # Nor in anyone's lobby listing of other games.
    assert code not in json.dumps(client_for(mallory).get(GAMES).json())


@pytest.mark.django_db
def test_a_private_games_rematch_is_private_and_its_notice_carries_the_link(people):
    host, guest, mallory = people
    old = finished_game([host, guest], [1, 2], rated=False)
    old.invite_code = "old-secret-code-1"
    old.save(update_fields=["invite_code"])

    r = client_for(host).post(f"{GAMES}/{old.pk}/rematch")

    assert r.status_code == 201, r.json()
    new = Game.objects.get(pk=r.json()["id"])
    assert new.private
    assert new.invite_code != old.invite_code
    note = Notification.objects.get(user=guest, kind="rematch")
    assert note.url == f"/games/{new.pk}?invite={new.invite_code}"
    assert new.status == GameStatus.OPEN
    assert str(new.pk) not in listed_ids(client_for(mallory), status="open")
    r = client_for(mallory).post(f"{GAMES}/{new.pk}/join", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "invite_required")
    # The ended game's players are invited already: the rematch page's Join needs no code.
    r = client_for(guest).post(f"{GAMES}/{new.pk}/join", {}, format="json")
    assert r.status_code == 200, r.json()
