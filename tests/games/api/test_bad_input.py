"""Bad move requests: each gets a clear 4xx with a stable code and appends nothing."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from games.engine.tiles import full_set
from tests.games.api.factories import game_row
from tests.games.api.factories import player
from tests.games.api.factories import post_move
from tests.games.api.factories import state
from tests.games.api.factories import table
from tests.games.api.factories import url
from tests.games.api.factories import version

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(ana, bo):
    """A started two-player double-6 game; returns (gid, {seat: client})."""
    gid = table(ana, [bo], variants={"rounds": 2})
    by_seat = {0: ana, 1: bo}
    while True:  # past the engine's placement, into ordinary play
        client = by_seat[game_row(gid).to_move]
        st = state(client, gid)
        if st["view"]["phase"] == "playing":
            return gid, by_seat
        r = post_move(client, gid, st["legal_moves"][0])
        assert r.status_code == 201, r.json()


def mover(game):
    gid, by_seat = game
    seat = game_row(gid).to_move
    return by_seat[seat], by_seat[1 - seat], seat


def refused(client, gid, body, status, code, *, key=None, **content):
    """POST a move, expect ``status`` and ``code``, and check nothing was appended."""
    before = version(gid)
    r = (
        post_move(client, gid, body, key)
        if not content
        else client.post(url(gid, "moves"), **content)
    )
    assert r.status_code == status, r.content
    assert r.json()["code"] == code, r.json()
    assert "detail" in r.json()
    assert version(gid) == before
    return r.json()


def replayed(client, gid, body, key, first):
    """POST a move with a used ``key``; expect ``first``'s answer again and nothing appended."""
    before = version(gid)
    r = post_move(client, gid, body, key=key)
    assert r.status_code == 200
    assert r.json() == first.json()
    assert version(gid) == before


def test_malformed_json_is_400_malformed_json(game):
    gid, _ = game
    client, _, _ = mover(game)
    refused(
        client,
        gid,
        None,
        400,
        "malformed_json",
        data='{"action": "draw",',
        content_type="application/json",
    )


@pytest.mark.parametrize("action", ["fly", "", None, 3, "PLAY"])
def test_an_unknown_action_is_400_invalid(game, action):
    gid, _ = game
    client, _, _ = mover(game)
    body = refused(client, gid, {"action": action}, 400, "invalid")
    assert "action" in body["fields"]


def test_a_missing_body_is_400_invalid(game):
    gid, _ = game
    client, _, _ = mover(game)
    assert "action" in refused(client, gid, {}, 400, "invalid")["fields"]


def test_a_tile_not_in_hand_is_400_tile_not_in_hand_under_r4(game):
    gid, _ = game
    client, _, seat = mover(game)
    st = state(client, gid)
    mine = {tuple(t) for t in st["view"]["hand"]}
    elsewhere = next(list(t) for t in full_set(6) if t not in mine)
    body = refused(
        client,
        gid,
        {"action": "play", "tile": elsewhere, "train": seat, "expected_seq": st["seq"]},
        400,
        "tile_not_in_hand",
    )
    assert body["rule"] == "R4"


@pytest.mark.parametrize(
    ("tile", "code"),
    [
        ([7, 7], "invalid_move"),  # a real tile, but not of a double-6 set
        ([6, -1], "invalid"),
        ([19, 0], "invalid"),
        ([1, 2, 3], "invalid"),
        ([1], "invalid"),
        ("6-6", "invalid"),
        ([True, 1], "invalid"),
        ([1.5, 1], "invalid"),
        (None, "invalid"),
    ],
)
def test_a_tile_out_of_range_or_not_a_pair_is_400(game, tile, code):
    gid, _ = game
    client, _, seat = mover(game)
    refused(client, gid, {"action": "play", "tile": tile, "train": seat}, 400, code)


@pytest.mark.parametrize("train", ["north", None, [0], 1.5, True])
def test_a_train_that_is_not_a_seat_or_mexican_is_400(game, train):
    gid, _ = game
    client, _, _ = mover(game)
    hand = state(client, gid)["view"]["hand"]
    r = post_move(client, gid, {"action": "play", "tile": hand[0], "train": train})
    assert r.status_code == 400, r.json()
    assert r.json()["code"] in {"invalid", "invalid_move", "unknown_train"}
    assert version(gid) == game_row(gid).version


def test_a_play_without_a_tile_or_train_is_400_invalid(game):
    gid, _ = game
    client, _, _ = mover(game)
    refused(client, gid, {"action": "play", "train": 0}, 400, "invalid")
    refused(client, gid, {"action": "play", "tile": [6, 6]}, 400, "invalid")


def test_claiming_another_seat_in_the_body_is_403_not_your_seat(game):
    gid, _ = game
    client, _, seat = mover(game)
    move = state(client, gid)["legal_moves"][0]
    refused(client, gid, {**move, "seat": 1 - seat}, 403, "not_your_seat")


def test_a_user_without_a_seat_is_403_not_a_player(game):
    gid, _ = game
    client, _, _ = mover(game)
    move = state(client, gid)["legal_moves"][0]
    refused(player("cy"), gid, move, 403, "not_a_player")


def test_moving_out_of_turn_is_400_not_your_turn_under_r6(game):
    gid, _ = game
    _, idle, _ = mover(game)
    st = state(idle, gid)
    assert st["legal_moves"] == []
    for move in (
        {"action": "draw"},
        {"action": "pass"},
        {"action": "play", "tile": st["view"]["hand"][0], "train": "mexican"},
    ):
        body = refused(idle, gid, {**move, "expected_seq": st["seq"]}, 400, "not_your_turn")
        assert body["rule"] == "R6"


def test_a_stale_expected_seq_is_409_stale_with_the_current_seq(game):
    gid, _ = game
    client, _, _ = mover(game)
    st = state(client, gid)
    for expected in (st["seq"] - 1, st["seq"] + 1, 0):
        body = refused(
            client, gid, {**st["legal_moves"][0], "expected_seq": expected}, 409, "stale"
        )
        assert body["seq"] == st["seq"]


def test_a_move_before_the_start_is_400_game_not_started(ana, bo):
    gid = table(ana, [bo], start=False)
    refused(ana, gid, {"action": "draw"}, 400, "game_not_started")
    refused(bo, gid, {"action": "draw"}, 400, "game_not_started")


def finish(gid: str, by_seat: dict) -> None:
    while game_row(gid).status == "active":
        client = by_seat[game_row(gid).to_move]
        st = state(client, gid)
        r = post_move(client, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]})
        assert r.status_code == 201, r.json()


def test_a_move_after_the_end_is_400_game_over(ana, bo):
    gid = table(ana, [bo], variants={"rounds": 1})
    finish(gid, {0: ana, 1: bo})
    assert game_row(gid).status == "finished"
    refused(ana, gid, {"action": "draw"}, 400, "game_over")
    refused(bo, gid, {"action": "pass", "expected_seq": version(gid)}, 400, "game_over")


def test_a_move_in_an_abandoned_game_is_400_game_over(ana, bo):
    gid = table(ana, [bo])
    assert ana.post(url(gid, "resign")).status_code == 200
    assert bo.post(url(gid, "resign")).status_code == 200
    assert game_row(gid).status == "abandoned"
    refused(ana, gid, {"action": "draw"}, 400, "game_over")


def test_an_unknown_game_is_404_not_found(ana):
    gid = str(uuid.uuid4())
    for method, path, body in (
        ("post", url(gid, "moves"), {"action": "draw"}),
        ("get", url(gid, "state"), None),
        ("get", url(gid, "events"), None),
        ("get", url(gid, "record"), None),
        ("get", url(gid), None),
        ("post", url(gid, "resign"), None),
        ("post", url(gid, "join"), None),
    ):
        r = getattr(ana, method)(path, body, format="json")
        assert r.status_code == 404, (path, r.json())
        assert r.json()["code"] == "not_found"


def test_a_game_id_that_is_not_a_uuid_is_404_not_found(ana):
    r = ana.post("/api/v1/games/not-a-uuid/moves", {"action": "draw"}, format="json")
    assert r.status_code == 404
    assert r.json()["code"] == "not_found"


def test_an_anonymous_move_is_401_not_authenticated(game):
    gid, _ = game
    refused(APIClient(), gid, {"action": "draw"}, 401, "not_authenticated")
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    refused(stranger, gid, {"action": "draw"}, 401, "not_authenticated")


def test_anonymous_lobby_writes_are_401(game):
    gid, _ = game
    anon = APIClient()
    for path in (url(gid, "join"), url(gid, "resign"), url(gid, "start"), url(gid, "bots")):
        r = anon.post(path)
        assert r.status_code == 401
        assert r.json()["code"] == "not_authenticated"
    r = anon.post("/api/v1/games", {"players": 2}, format="json")
    assert r.status_code == 401
    assert r.json()["code"] == "not_authenticated"


def test_a_repeated_idempotency_key_returns_the_first_answer_and_appends_nothing(game):
    gid, _ = game
    client, _, _ = mover(game)
    st = state(client, gid)
    body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
    first = post_move(client, gid, body, key="k-1")
    assert first.status_code == 201
    replayed(client, gid, body, "k-1", first)


def test_a_different_move_with_a_used_key_also_returns_the_first_answer(game):
    gid, by_seat = game
    client, _, _ = mover(game)
    st = state(client, gid)
    first = post_move(client, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]}, key="k")
    assert first.status_code == 201
    after = version(gid)
    for other in (
        {"action": "pass"},
        {"action": "draw", "expected_seq": after},
        {**st["legal_moves"][-1]},
    ):
        replayed(client, gid, other, "k", first)
    assert version(gid) == after


def test_the_same_key_from_another_player_is_a_new_request(game):
    gid, by_seat = game
    client, _, seat = mover(game)
    st = state(client, gid)
    assert post_move(client, gid, st["legal_moves"][0], key="shared").status_code == 201
    while game_row(gid).to_move == seat:
        st = state(client, gid)
        assert post_move(client, gid, st["legal_moves"][0]).status_code == 201
    other = by_seat[1 - seat]
    before = version(gid)
    r = post_move(other, gid, state(other, gid)["legal_moves"][0], key="shared")
    assert r.status_code == 201
    assert r.json()["events"][0]["seq"] == before + 1


def test_a_refused_move_does_not_use_up_its_idempotency_key(game):
    gid, _ = game
    client, _, _ = mover(game)
    st = state(client, gid)
    refused(
        client, gid, {"action": "play", "tile": [7, 7], "train": 0}, 400, "invalid_move", key="k"
    )
    r = post_move(client, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]}, key="k")
    assert r.status_code == 201
