"""RULES R25: "A player who leaves a tournament game is not removed from the record: their seat
keeps its history, and a bot or forfeit continues it as the game's rules say."

Here: a seat whose player resigned, over the API — a bot plays it on to the end of the game, its
history kept, and the player may no longer move for it; when every person has resigned, the game
is abandoned. (A forfeited seat: test_rule_r25_forfeited_seat.py; timeouts in a row that hand a
seat over: test_rule_r24_timeouts_in_row.py; leaving a tournament:
test_rule_r25_tournament_withdrawal.py.)
"""

from __future__ import annotations

import pytest

from games.integrity import verify_game
from tests.games.api.factories import game_row
from tests.games.api.factories import player
from tests.games.api.factories import post_move
from tests.games.api.factories import projections
from tests.games.api.factories import state
from tests.games.api.factories import table
from tests.games.api.factories import url
from tests.games.api.test_games_api import assert_projections_rebuild_equal
from tests.games.api.test_games_api import play_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    """Three API clients, each logged in with its own token (tests/games/api's players)."""
    return player("ana"), player("bo"), player("cy")


@pytest.mark.django_db(transaction=True)  # bots move once the move commits
def test_a_resigned_seat_is_played_by_a_bot_and_the_game_goes_on(players):
    ana, bo, cy = players
    gid = table(ana, [bo, cy], variants={"rounds": 2})
    r = bo.post(url(gid, "resign"))
    assert r.status_code == 200, r.json()
    resigned_seq = r.json()["events"][0]["seq"]
    assert r.json()["events"][0]["type"] == "SeatResigned"
    assert r.json()["events"][0]["data"] == {"seat": 1}
    game = ana.get(url(gid)).json()
    assert game["status"] == "active"
    assert [s["resigned"] for s in game["seats"]] == [False, True, False]
    assert_projections_rebuild_equal(gid, 0)
    r = bo.post(url(gid, "resign"))
    assert r.status_code == 400
    assert r.json()["code"] == "already_resigned"
    r = post_move(bo, gid, {"action": "draw"})
    assert r.status_code == 403
    assert r.json()["code"] == "resigned"
    assert state(bo, gid)["legal_moves"] == []

    play_match(gid, {0: ana, 2: cy}, seed=3, check_every=12)

    later = ana.get(url(gid, "events"), {"after": resigned_seq}).json()
    by_seat_1 = [e for e in later if e["data"].get("seat") == 1 and "by" in e["data"]]
    assert by_seat_1, "seat 1 made no move after resigning"
    assert all(e["actor"]["kind"] == "bot" and e["data"]["by"] == "bot" for e in by_seat_1)
    assert game_row(gid).status == "finished"
    assert verify_game(game_row(gid)).ok
    assert_projections_rebuild_equal(gid, 1)


@pytest.mark.django_db(transaction=True)  # bots move once the move commits
def test_when_every_person_resigns_the_game_is_abandoned(players):
    ana, bo, _ = players
    gid = table(ana, [bo], bots=1, strategy="greedy")
    assert ana.post(url(gid, "resign")).status_code == 200
    assert game_row(gid).status == "active"
    assert game_row(gid).to_move == 1  # the bots played ana's turns up to bo's
    r = bo.post(url(gid, "resign"))
    assert r.status_code == 200
    assert [e["type"] for e in r.json()["events"]] == ["SeatResigned", "GameAbandoned"]
    game = bo.get(url(gid)).json()
    assert game["status"] == "abandoned"
    assert game["finished_at"]
    assert game["seed"] is None
    assert state(ana, gid)["legal_moves"] == []
    r = ana.post(url(gid, "resign"))
    assert r.status_code == 400
    assert r.json()["code"] == "game_over"
    assert verify_game(game_row(gid)).ok
    live = projections(gid)
    assert live["resigned_at"][0]
    assert live["resigned_at"][1]
    assert live["resigned_at"][2] is None
    assert_projections_rebuild_equal(gid, 0)
    assert_projections_rebuild_equal(gid, 1)
