"""The games API: the lobby, whole matches played by scripted players, hidden information in
every payload, legal moves, projections rebuilt from the log. (Resigning, RULES R25:
tests/games/test_rule_r25_left_seat.py.)"""

from __future__ import annotations

import hashlib
import io
import json
import random

import pytest
from django.core.management import call_command
from django.db import connection
from django.db import transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.engine import verify_record
from games.engine.deal import derive_seed_v2
from games.integrity import verify_game
from games.models import stream_name
from games.projections import game_rebuild_projections
from tests.games.api.factories import GAMES
from tests.games.api.factories import SMALL_4
from tests.games.api.factories import create
from tests.games.api.factories import game_row
from tests.games.api.factories import post_move
from tests.games.api.factories import projections
from tests.games.api.factories import state
from tests.games.api.factories import table
from tests.games.api.factories import url
from tests.games.api.factories import version
from tests.support.leaks import Timeline

pytestmark = pytest.mark.django_db


# -- lobby -------------------------------------------------------------------------------------


def test_create_opens_a_table_with_its_variants_and_time_control_and_seats_the_creator(ana):
    game = create(
        ana,
        3,
        name="friday",
        variants={"set_max": 6, "rounds": 2, "first_turn": "draw"},
        time_control={"kind": "correspondence", "days_per_move": 5},
    )
    assert game["status"] == "open"
    assert game["name"] == "friday"
    assert game["players"] == 3
    assert game["ruleset"]["set_max"] == 6
    assert game["ruleset"]["hand_size"] == 7  # R3: the small table
    assert game["ruleset"]["rounds"] == 2
    assert game["ruleset"]["first_turn"] == "draw"
    assert game["time_control"] == {
        "kind": "correspondence",
        "days_per_move": 5,
        "vacation_days": 14,
        "weekend_pause": False,
        "timeouts_allowed": 2,
        "on_timeouts": "bot",
    }
    assert [(s["index"], s["username"]) for s in game["seats"]] == [(0, "ana")]
    assert game["seq"] == 0
    assert game["seed"] is None
    # Record version 2: the server seed's commitment is published as the table opens.
    assert len(game["seed_commitment"]) == 64
    assert game["fairness"]["server_seed_commitment"] == game["seed_commitment"]
    assert ana.get(url(game["id"])).json() == game
    assert game["id"] in [
        g["id"] for g in APIClient().get(GAMES, {"status": "open"}).json()["results"]
    ]


def test_create_defaults_to_a_live_clock(ana):
    game = create(ana, 2)
    assert game["time_control"]["kind"] == "live"
    assert game["ruleset"]["rounds"] == game["ruleset"]["set_max"] + 1


@pytest.mark.parametrize(
    ("players", "variants", "rule"),
    [
        (2, {"rounds": 99}, "V6"),
        (4, {"set_max": 6, "hand_size": 10}, "R3"),
        (2, {"set_max": 7, "hand_size": 7}, "R2"),
        (3, {"scoring": "golf"}, "V4"),
        (3, {"double_blank_points": 7}, "V3"),
    ],
)
def test_an_invalid_ruleset_is_400_invalid_ruleset_naming_the_rule(ana, players, variants, rule):
    r = ana.post(GAMES, {"players": players, "variants": variants}, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["code"] == "invalid_ruleset"
    assert r.json()["rule"] == rule


def test_an_unknown_variant_is_400_invalid_ruleset(ana):
    r = ana.post(GAMES, {"players": 2, "variants": {"wild_tiles": 3}}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_ruleset"
    assert "wild_tiles" in r.json()["detail"]


@pytest.mark.parametrize(
    "time_control",
    [
        {"kind": "blitz"},
        {"kind": "live", "seconds_per_move": 1},
        {"kind": "correspondence", "days_per_move": 30},
        {"kind": "live", "hourglass": True},
    ],
)
def test_an_invalid_time_control_is_400_invalid_time_control(ana, time_control):
    r = ana.post(GAMES, {"players": 2, "time_control": time_control}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_time_control"


def test_a_games_detail_costs_the_same_queries_whatever_the_number_of_seats(ana, bo):
    """The table's page asks for the detail after every move: its seats and their players are
    read in one query each, not once per seat (it was 12 queries at a table of two, 16 at
    four)."""
    counts = {}
    for players, others in ((2, [bo]), (4, [bo])):
        gid = table(ana, others, players=players, bots=players - 1 - len(others))
        with CaptureQueriesContext(connection) as queries:
            r = ana.get(url(gid))
        assert r.status_code == 200, r.json()
        assert len(r.json()["seats"]) == players
        counts[players] = len(queries)
    assert counts[2] == counts[4], counts


def test_players_join_in_seat_order_until_the_table_is_full(ana, bo, cy):
    gid = create(ana, 2)["id"]
    r = bo.post(url(gid, "join"))
    assert r.status_code == 200
    assert [(s["index"], s["username"]) for s in r.json()["seats"]] == [(0, "ana"), (1, "bo")]
    r = cy.post(url(gid, "join"))
    assert r.status_code == 400
    assert r.json()["code"] == "table_full"


def test_joining_a_table_twice_is_400_already_seated(ana, bo):
    gid = create(ana, 3)["id"]
    assert bo.post(url(gid, "join")).status_code == 200
    for client in (ana, bo):
        r = client.post(url(gid, "join"))
        assert r.status_code == 400
        assert r.json()["code"] == "already_seated"
    assert len(game_row(gid).seats.all()) == 2


def test_leaving_frees_the_seat_and_the_last_person_leaving_abandons_the_table(ana, bo, cy):
    gid = create(ana, 3)["id"]
    bo.post(url(gid, "join"))
    r = bo.post(url(gid, "leave"))
    assert r.status_code == 200
    assert [s["username"] for s in r.json()["seats"]] == ["ana"]
    r = cy.post(url(gid, "leave"))
    assert r.status_code == 403
    assert r.json()["code"] == "not_a_player"
    assert cy.post(url(gid, "join")).json()["seats"][1]["username"] == "cy"
    cy.post(url(gid, "leave"))
    r = ana.post(url(gid, "leave"))
    assert r.status_code == 200
    assert r.json()["status"] == "abandoned"
    r = bo.post(url(gid, "join"))
    assert r.status_code == 400
    assert r.json()["code"] == "game_not_open"


def test_the_creator_seats_bots_and_nobody_else_may(ana, bo):
    gid = create(ana, 4, variants=SMALL_4)["id"]
    bo.post(url(gid, "join"))
    r = bo.post(url(gid, "bots"), {"strategy": "greedy"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "not_creator"
    r = ana.post(url(gid, "bots"), {"strategy": "greedy"}, format="json")
    assert r.status_code == 201
    r = ana.post(url(gid, "bots"), {"strategy": "greedy"}, format="json")
    seats = r.json()["seats"]
    assert [s["is_bot"] for s in seats] == [False, False, True, True]
    assert seats[2]["username"] != seats[3]["username"]
    r = ana.post(url(gid, "bots"), {"strategy": "random"}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "table_full"
    r = ana.post(url(gid, "bots"), {"strategy": "clairvoyant"}, format="json")
    assert r.status_code == 400


def test_only_the_creator_starts_and_only_a_full_table(ana, bo):
    gid = create(ana, 3, variants={"set_max": 6})["id"]
    bo.post(url(gid, "join"))
    r = ana.post(url(gid, "start"))
    assert r.status_code == 400
    assert r.json()["code"] == "table_not_full"
    ana.post(url(gid, "bots"), {"strategy": "random"}, format="json")
    r = bo.post(url(gid, "start"))
    assert r.status_code == 403
    assert r.json()["code"] == "not_creator"
    assert game_row(gid).status == "open"
    assert version(gid) == 0


def test_start_shows_the_seed_commitment_and_never_the_seed(ana, bo, cy):
    gid = table(ana, [bo], start=False)
    r = ana.post(url(gid, "start"))
    assert r.status_code == 200
    game = r.json()
    assert game["status"] == "active"
    assert game["seq"] >= 2
    assert game["started_at"]
    assert len(game["seed_commitment"]) == 64
    assert game["seed"] is None
    row = game_row(gid)
    seed, server_seed = row.seed, row.server_seed
    # Record version 2: the commitment is the server seed's; the seed is derived from it and
    # the contributions fixed at the start.
    assert hashlib.sha256(bytes.fromhex(server_seed)).hexdigest() == game["seed_commitment"]
    values = [c["value"] for c in game["fairness"]["contributions"]]
    assert derive_seed_v2(bytes.fromhex(server_seed), values).hex() == seed
    payloads = [game]
    for client in (ana, bo, cy, APIClient()):
        for path in ("", "state", "events", "record"):
            payloads.append(client.get(url(gid, path)).json())
    assert all(seed not in json.dumps(p) and server_seed not in json.dumps(p) for p in payloads)
    assert state(bo, gid)["view"]["seed_commitment"] == game["seed_commitment"]
    r = ana.post(url(gid, "start"))
    assert r.status_code == 400
    assert r.json()["code"] == "game_not_open"


# -- whole matches -----------------------------------------------------------------------------


def move_key(m: dict) -> tuple:
    return (m["action"], tuple(m["tile"]) if "tile" in m else None, m.get("train"))


def candidates(st: dict) -> list[dict]:
    """Every move a seat could ask for: each tile of its hand on each train, and the rest."""
    trains = [*range(st["view"]["seats"]), "mexican"]
    out = [{"action": a} for a in ("engine", "draw", "pass", "stop")]
    out += [{"action": "play", "tile": t, "train": tr} for t in st["view"]["hand"] for tr in trains]
    return out


def assert_legal_moves_are_exactly_the_accepted_ones(client, gid: str, st: dict) -> None:
    """Try every candidate: the listed ones are accepted (then rolled back), the rest refused."""
    legal = {move_key(m) for m in st["legal_moves"]}
    assert len(legal) == len(st["legal_moves"])
    seq = st["seq"]
    accepted = set()
    for move in candidates(st):
        with transaction.atomic():
            r = post_move(client, gid, {**move, "expected_seq": seq})
            transaction.set_rollback(True)
        assert r.status_code in (201, 400), r.json()
        if r.status_code == 201:
            accepted.add(move_key(move))
        else:
            assert "rule" in r.json(), r.json()
        assert version(gid) == seq
    assert accepted == legal


def assert_projections_rebuild_equal(gid: str, how: int) -> None:
    live = projections(gid)
    if how % 2:
        call_command("rebuild_projections", gid, stdout=io.StringIO())
    else:
        game_rebuild_projections(game_id=gid)
    assert projections(gid) == live


def assert_nothing_leaks(gid: str, by_seat: dict, tl: Timeline, viewers) -> None:
    """Every payload each viewer can fetch shows none of the tiles hidden from it."""
    tl.sync()
    for seat, client in viewers:
        st = state(client, gid)
        assert st["seat"] == seat
        tl.assert_view_hides(st, seat)
        if seat != game_row(gid).to_move:
            assert st["legal_moves"] == []
        events = client.get(url(gid, "events")).json()
        assert [e["seq"] for e in events] == list(range(1, version(gid) + 1))
        tl.assert_events_hide(events, seat)
        later = client.get(url(gid, "events"), {"after": max(0, version(gid) - 3)}).json()
        assert later == events[-len(later) :]
        assert len(later) <= 3
        tl.assert_record_hides(client.get(url(gid, "record")).json(), seat)
        tl.assert_view_hides(client.get(url(gid)).json(), seat)


def play_match(gid: str, by_seat: dict, *, seed: int, check_every: int) -> int:
    """Play the humans' turns with random legal moves until the match ends; check as it goes."""
    rng = random.Random(seed)
    tl = Timeline(gid)
    viewers = [*by_seat.items(), (None, APIClient())]
    moves = 0
    while game_row(gid).status == "active":
        seat = game_row(gid).to_move
        assert seat in by_seat, "the platform must play every other seat itself"
        client = by_seat[seat]
        st = state(client, gid)
        assert st["seq"] == version(gid)
        assert st["status"] == "active"
        tl.sync().assert_view_hides(st, seat)
        if moves % check_every == 0:
            assert_nothing_leaks(gid, by_seat, tl, viewers)
            assert_legal_moves_are_exactly_the_accepted_ones(client, gid, st)
            assert_projections_rebuild_equal(gid, moves // check_every)
        move = rng.choice(st["legal_moves"])
        r = post_move(client, gid, {**move, "expected_seq": st["seq"]})
        assert r.status_code == 201, (move, r.json())
        answer = r.json()
        # The answer holds the move and what the platform appended with it (a deal); the
        # bots' turns are appended after it commits, by their own tasks.
        assert answer["seq"] <= version(gid)
        assert [e["seq"] for e in answer["events"]] == list(range(st["seq"] + 1, answer["seq"] + 1))
        assert answer["events"][0]["actor"]["kind"] == "player"
        assert {e["actor"]["kind"] for e in answer["events"]} <= {"player", "system"}
        tl.sync().assert_events_hide(answer["events"], seat)
        moves += 1
    return moves


def assert_finished_match_checks_out(gid: str, clients) -> None:
    game = clients[0].get(url(gid)).json()
    assert game["status"] == "finished"
    assert game["finished_at"]
    assert game["result"]
    fairness = game["fairness"]
    server_seed = bytes.fromhex(fairness["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == game["seed_commitment"]
    values = [c["value"] for c in fairness["contributions"]]
    assert derive_seed_v2(server_seed, values).hex() == game["seed"]
    records = [c.get(url(gid, "record")).json() for c in [*clients, APIClient()]]
    assert all(r == records[0] for r in records)
    record = records[0]
    assert record["version"] == 2
    assert record["seed"] == game["seed"]
    assert record["fairness"]["server_seed_commitment"] == game["seed_commitment"]
    assert record["fairness"]["server_seed"] == fairness["server_seed"]
    assert record["result"] == {k: game["result"][k] for k in ("totals", "zero_rounds", "places")}
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked
    assert len(record["rounds"]) == 2
    assert all("boneyard" in r["deal"] and None not in r["deal"]["hands"] for r in record["rounds"])
    assert verify_game(game_row(gid)).ok
    for client in clients:
        st = state(client, gid)
        assert st["status"] == "finished"
        assert st["legal_moves"] == []
    assert_projections_rebuild_equal(gid, 0)
    assert_projections_rebuild_equal(gid, 1)


def test_four_people_play_a_whole_match_and_no_payload_shows_a_hidden_tile(ana, bo, cy, di):
    clients = [ana, bo, cy, di]
    gid = table(ana, clients[1:], variants={**SMALL_4, "rounds": 2})
    moves = play_match(gid, dict(enumerate(clients)), seed=4, check_every=15)
    assert moves > 10
    assert_finished_match_checks_out(gid, clients)


@pytest.mark.django_db(transaction=True)  # bots move once the move commits
def test_two_people_and_two_bots_play_a_whole_match_and_nothing_leaks(ana, bo):
    gid = table(ana, [bo], bots=2, strategy="random", variants={**SMALL_4, "rounds": 2})
    moves = play_match(gid, {0: ana, 1: bo}, seed=22, check_every=10)
    assert moves > 5
    bot_moves = [
        e
        for e in ana.get(url(gid, "events")).json()
        if e.get("data", {}).get("seat") in (2, 3) and e["type"] != "RoundStarted"
    ]
    assert bot_moves
    assert all(e["actor"]["kind"] == "bot" for e in bot_moves)
    assert_finished_match_checks_out(gid, [ana, bo])


def test_legal_moves_in_the_engine_phase_are_exactly_the_accepted_ones(ana, bo):
    gid = table(ana, [bo])
    seat = game_row(gid).to_move
    client = {0: ana, 1: bo}[seat]
    st = state(client, gid)
    assert st["view"]["phase"] == "engine"
    assert [m["action"] for m in st["legal_moves"]] in (["engine"], ["draw"])
    assert_legal_moves_are_exactly_the_accepted_ones(client, gid, st)


# -- resignation -------------------------------------------------------------------------------


def test_a_spectator_sees_the_table_but_no_hand(ana, bo):
    gid = table(ana, [bo])
    st = APIClient().get(url(gid, "state")).json()
    assert st["seat"] is None
    assert st["legal_moves"] == []
    assert "hand" not in st["view"]
    events = APIClient().get(url(gid, "events")).json()
    dealt = next(e for e in events if e["type"] == "RoundStarted")
    assert dealt["data"]["hands"] == [None, None]
    assert "boneyard" not in dealt["data"]
    Timeline(gid).sync().assert_events_hide(events, None)
    assert stream_name(gid) == f"game-{gid}"
