"""A whole match played through the REST API by four scripted players."""

import pytest
from rest_framework.test import APIClient

# slow lane: a whole match through the API
pytestmark = [pytest.mark.slow, pytest.mark.django_db]


def _player(name):
    client = APIClient()
    r = client.post(
        "/api/v1/auth/register", {"username": name, "password": "pw-" + name * 3}, format="json"
    )
    assert r.status_code == 201, r.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    return client


def test_four_players_play_a_whole_match_through_the_api():
    clients = [_player(n) for n in ("ana", "bo", "cy", "di")]
    r = clients[0].post("/api/v1/games", {"players": 4, "variants": {"rounds": 2}}, format="json")
    assert r.status_code == 201, r.json()
    gid = r.json()["id"]
    for c in clients[1:]:
        assert c.post(f"/api/v1/games/{gid}/join").status_code == 200
    r = clients[0].post(f"/api/v1/games/{gid}/start")
    assert r.status_code == 200, r.json()
    assert len(r.json()["seed_commitment"]) == 64
    assert r.json()["seed"] is None
    moves = 0
    while True:
        states = [c.get(f"/api/v1/games/{gid}/state").json() for c in clients]
        if states[0]["status"] != "active":
            break
        mover = next(i for i, s in enumerate(states) if s["legal_moves"])
        move = states[mover]["legal_moves"][0]
        r = clients[mover].post(
            f"/api/v1/games/{gid}/moves",
            {**move, "expected_seq": states[mover]["seq"]},
            format="json",
        )
        assert r.status_code == 201, r.json()
        moves += 1
    game = clients[0].get(f"/api/v1/games/{gid}").json()
    assert game["status"] == "finished"
    assert game["seed"]
    record = clients[1].get(f"/api/v1/games/{gid}/record").json()
    from games.engine import verify_record

    assert verify_record(record).problem is None
    assert moves > 20
