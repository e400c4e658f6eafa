"""Deals nobody can choose (record version 2), tested as the attacker works.

The finding: the seed was drawn from server entropy when the game started and committed only
then, so whoever runs the server could try seeds until one dealt a seat the engine and eight
doubles, and the record still verified. Now the server seed is committed when the table opens,
before any contribution; the players' contributions are fixed at the start; the seed is derived
from both (spec/game-record.md, version 2) and the server seed is revealed only at the end.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime

import pytest
from rest_framework.test import APIClient

from eventstore import store
from games import services
from games.domain import SEED_CONTRIBUTIONS_FIXED
from games.engine.deal import derive_seed_v2
from games.engine.record import verify_record
from games.integrity import verify_game
from games.models import Game
from games.models import Seat
from games.models import stream_name
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db as in_db
from tests.realtime.helpers import play_turn
from tests.realtime.helpers import player as socket_player
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import play
from tests.support.factories import run_committed
from tests.support.marks import marked

GAMES = "/api/v1/games"
SMALL = {"set_max": 6, "rounds": 1}


def url(gid, action: str = "") -> str:
    return f"{GAMES}/{gid}/{action}" if action else f"{GAMES}/{gid}"


def get(client, path: str) -> dict:
    r = client.get(path)
    assert r.status_code == 200, (path, r.json())
    return r.json()


def post(client, path: str, body: dict | None = None, status: int = 200) -> dict:
    r = client.post(path, body or {}, format="json")
    assert r.status_code == status, (path, r.status_code, r.json())
    return r.json()


def at(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


@pytest.fixture
def people(db):
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    return ana, bo, cy, client_for(ana), client_for(bo), client_for(cy)


@pytest.mark.postgres
def test_the_commitment_is_public_as_the_table_opens_and_never_changes(people):
    ana, bo, _, to_ana, to_bo, to_cy = people
    created = post(to_ana, GAMES, {"players": 2, "variants": SMALL}, status=201)
    gid = created["id"]
    shown = created["fairness"]["server_seed_commitment"]
    # Published before any contribution was accepted, to everyone, anonymous callers too.
    assert len(shown) == 64
    assert created["seed_commitment"] == shown
    assert created["fairness"]["committed_at"] is not None
    assert get(APIClient(), url(gid))["fairness"]["server_seed_commitment"] == shown
    seen = [shown]
    post(to_ana, url(gid, "contribution"), {"value": "ana first"})
    seen.append(get(to_cy, url(gid))["fairness"]["server_seed_commitment"])
    post(to_bo, url(gid, "join"), {"contribution": "bo:4f1c9e"})
    seen.append(get(to_bo, url(gid))["fairness"]["server_seed_commitment"])
    post(to_ana, url(gid, "contribution"), {"value": "ana changed her mind"})
    started = post(to_ana, url(gid, "start"))
    seen += [started["fairness"]["server_seed_commitment"], started["seed_commitment"]]
    finished = play(Game.objects.get(pk=gid), [ana, bo])
    assert finished.status == "finished"
    game = get(to_cy, url(gid))
    seen += [game["fairness"]["server_seed_commitment"], game["seed_commitment"]]
    record = get(to_cy, url(gid, "record"))
    seen.append(record["fairness"]["server_seed_commitment"])
    assert set(seen) == {shown}
    # The server seed revealed at the end is the one committed to at creation, and every
    # contribution came after that commitment.
    server_seed = bytes.fromhex(game["fairness"]["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == shown
    committed_at = at(created["fairness"]["committed_at"])
    assert all(at(c["at"]) >= committed_at for c in game["fairness"]["contributions"])
    # The log says so too, right after MatchStarted.
    logged = store.read(stream_name(gid))
    assert logged[0].type == "MatchStarted"
    assert logged[0].data["seed_commitment"] == shown
    assert logged[1].type == SEED_CONTRIBUTIONS_FIXED
    assert logged[1].data["server_seed_commitment"] == shown


@pytest.mark.postgres
def test_contributions_cannot_change_after_the_start(people):
    ana, bo, cy, to_ana, to_bo, to_cy = people
    gid = post(
        to_ana, GAMES, {"players": 2, "variants": SMALL, "contribution": "ana-1"}, status=201
    )["id"]
    post(to_bo, url(gid, "join"), {"contribution": "bo-1"})
    post(to_bo, url(gid, "contribution"), {"value": "bo-2"})
    started = post(to_ana, url(gid, "start"))
    fixed = [(c["seat"], c["value"]) for c in started["fairness"]["contributions"]]
    assert started["fairness"]["fixed"]
    assert fixed == [(0, "ana-1"), (1, "bo-2")]
    for client in (to_ana, to_bo):
        r = client.post(url(gid, "contribution"), {"value": "a seed I like better"}, format="json")
        assert r.status_code == 409, r.json()
        assert r.json()["code"] == "contributions_fixed", r.json()
    r = to_cy.post(url(gid, "contribution"), {"value": "not seated"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "not_a_player"
    # A second join with another value does not sneak one in either.
    r = to_bo.post(url(gid, "join"), {"contribution": "again"}, format="json")
    assert r.status_code == 400
    assert [s.contribution for s in Seat.objects.filter(game_id=gid)] == ["ana-1", "bo-2"]
    again = get(to_cy, url(gid))["fairness"]["contributions"]
    assert [(c["seat"], c["value"]) for c in again] == fixed
    logged = next(e for e in store.read(stream_name(gid)) if e.type == SEED_CONTRIBUTIONS_FIXED)
    assert [c["value"] for c in logged.data["contributions"]] == ["ana-1", "bo-2"]
    row = Game.objects.get(pk=gid)
    assert row.seed == derive_seed_v2(bytes.fromhex(row.server_seed), ["ana-1", "bo-2"]).hex()


@pytest.mark.postgres
@pytest.mark.parametrize(
    "value",
    [123, None, ["a"], {"v": 1}, "é" * 129, "x" * 257, "nul\x00byte"],
    ids=["int", "null", "list", "object", "258-bytes", "257-bytes", "nul"],
)
def test_a_bad_contribution_is_refused_with_its_code(people, value):
    _, _, _, to_ana, to_bo, _ = people
    gid = post(to_ana, GAMES, {"players": 2, "variants": SMALL}, status=201)["id"]
    r = to_ana.post(url(gid, "contribution"), {"value": value}, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["code"] == "invalid_contribution", r.json()
    if value is not None:  # a null contribution at join means "none given"
        r = to_bo.post(url(gid, "join"), {"contribution": value}, format="json")
        assert r.status_code == 400, r.json()
        assert r.json()["code"] == "invalid_contribution", r.json()
        r = to_bo.post(GAMES, {"players": 2, "contribution": value}, format="json")
        assert r.status_code == 400, r.json()
        assert r.json()["code"] == "invalid_contribution", r.json()
    assert Seat.objects.filter(game_id=gid).count() == 1


@pytest.mark.postgres
def test_a_lone_surrogate_is_not_a_contribution(people):
    _, _, _, to_ana, _, _ = people
    gid = post(to_ana, GAMES, {"players": 2, "variants": SMALL}, status=201)["id"]
    r = to_ana.post(
        url(gid, "contribution"), '{"value": "\\ud800"}', content_type="application/json"
    )
    assert r.status_code == 400, r.json()
    assert r.json()["code"] == "invalid_contribution", r.json()


@pytest.mark.postgres
def test_256_bytes_is_the_limit_and_the_others_see_only_that_a_seat_contributed(people):
    _, _, _, to_ana, to_bo, to_cy = people
    longest = "é" * 128  # 256 UTF-8 bytes
    gid = post(to_ana, GAMES, {"players": 3, "variants": SMALL}, status=201)["id"]
    post(to_ana, url(gid, "contribution"), {"value": longest})
    post(to_bo, url(gid, "join"), {"contribution": "bo's secret-ish note"})
    mine = {c["seat"]: c for c in get(to_ana, url(gid))["fairness"]["contributions"]}
    assert mine[0]["value"] == longest
    assert mine[1] == {
        **mine[1],
        "value": None,
        "contributed": True,
    }
    text = json.dumps(get(to_cy, url(gid))) + json.dumps(get(to_cy, f"{GAMES}?status=open"))
    assert "secret-ish" not in text
    assert longest not in text


@pytest.mark.postgres
def test_the_revealed_seed_is_the_one_the_server_seed_and_the_contributions_give(people):
    """Two people and a bot: the bot's seat contributes "", the people theirs, in seat order;
    the seed revealed at the end follows from them and the server seed committed at creation."""
    ana, bo, _, to_ana, to_bo, to_cy = people
    created = post(to_ana, GAMES, {"players": 3, "variants": SMALL}, status=201)
    gid = created["id"]
    post(to_bo, url(gid, "join"), {"contribution": "bo:4f1c9e"})
    post(to_ana, url(gid, "bots"), {"strategy": "random"}, status=201)
    post(to_ana, url(gid, "contribution"), {"value": "ana: ünïcode ✓"})
    # Started through the service with its commit callbacks run, so the bot plays its turns
    # (the test's own transaction never commits; the deal may give the bot the first turn).
    run_committed(services.game_start, game_id=gid, user=ana)
    before_end = get(to_cy, url(gid))
    assert before_end["seed"] is None
    assert before_end["fairness"]["server_seed"] is None
    # Everyone sees every value once fixed, before the first deal is played.
    values = [c["value"] for c in before_end["fairness"]["contributions"]]
    assert values == ["ana: ünïcode ✓", "bo:4f1c9e", ""]
    finished = play(Game.objects.get(pk=gid), [ana, bo])
    assert finished.status == "finished"
    game = get(to_cy, url(gid))
    server_seed = bytes.fromhex(game["fairness"]["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == created["fairness"]["server_seed_commitment"]
    assert game["seed"] == derive_seed_v2(server_seed, values).hex()
    assert [c["value"] for c in game["fairness"]["contributions"]] == values
    assert verify_game(Game.objects.get(pk=gid)).ok


@pytest.mark.postgres
def test_a_finished_games_record_is_version_2_and_verifies_and_a_changed_one_does_not(people):
    ana, bo, _, to_ana, to_bo, _ = people
    gid = post(to_ana, GAMES, {"players": 2, "variants": SMALL, "contribution": "ana"}, status=201)[
        "id"
    ]
    post(to_bo, url(gid, "join"), {"contribution": "bo"})
    post(to_ana, url(gid, "start"))
    play(Game.objects.get(pk=gid), [ana, bo])
    record = get(APIClient(), url(gid, "record"))
    assert record["version"] == 2
    assert "seed_commitment" not in record
    assert [c["value"] for c in record["fairness"]["contributions"]] == ["ana", "bo"]
    assert record["fairness"]["server_seed"] == Game.objects.get(pk=gid).server_seed
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked
    # A copy claiming other contributions (or another server seed) does not verify.
    forged = json.loads(json.dumps(record))
    forged.pop("attestation", None)
    forged["fairness"]["contributions"][1]["value"] = "bo, who wanted other tiles"
    assert not verify_record(forged).ok
    forged = json.loads(json.dumps(record))
    forged.pop("attestation", None)
    forged["fairness"]["server_seed"] = "00" * 32
    assert not verify_record(forged).ok


@pytest.mark.postgres
def test_the_integrity_verdict_refuses_a_seed_the_contributions_do_not_give(people):
    """An operator who swaps the stored seed (for one dealing what they like) or the server
    seed is caught by the audit verdict, whatever the chain says."""
    ana, bo, _, to_ana, to_bo, _ = people
    gid = post(to_ana, GAMES, {"players": 2, "variants": SMALL}, status=201)["id"]
    post(to_bo, url(gid, "join"), {"contribution": "bo"})
    post(to_ana, url(gid, "start"))
    row = Game.objects.get(pk=gid)
    assert verify_game(row).ok
    chosen = hashlib.sha256(b"a seed I picked").hexdigest()
    Game.objects.filter(pk=gid).update(seed=chosen)
    verdict = verify_game(Game.objects.get(pk=gid))
    assert not verdict.ok, verdict
    assert verdict.check == "seed", verdict
    Game.objects.filter(pk=gid).update(seed=row.seed, server_seed=chosen)
    verdict = verify_game(Game.objects.get(pk=gid))
    assert not verdict.ok, verdict
    assert verdict.check == "seed", verdict


@pytest.mark.slow
@pytest.mark.postgres
def test_no_api_answer_shows_the_seed_or_the_server_seed_before_the_end(people):
    """Every viewer reads every GET endpoint about the game at every move: neither secret
    appears anywhere in the JSON text until the match has ended."""
    ana, bo, cy, to_ana, to_bo, to_cy = people
    mod = make_user("mod", staff=True)
    gid = post(to_ana, GAMES, {"players": 2, "variants": SMALL}, status=201)["id"]
    viewers = [to_ana, to_bo, to_cy, client_for(mod), APIClient()]
    paths = [
        url(gid),
        url(gid, "state"),
        url(gid, "events"),
        url(gid, "record"),
        f"{GAMES}?status=open",
        f"{GAMES}?status=active",
        f"{GAMES}?mine=1",
    ]
    server_seed = Game.objects.get(pk=gid).server_seed

    def sweep(secrets: list[str]) -> int:
        read = 0
        for client in viewers:
            for path in paths:
                r = client.get(path)
                if r.status_code in (401, 403, 404):
                    continue
                text = r.content.decode()
                assert not any(s in text for s in secrets), (path, r.status_code)
                read += 1
        return read

    assert sweep([server_seed]) > 0
    post(to_bo, url(gid, "join"), {"contribution": "bo"})
    sweep([server_seed])
    post(to_ana, url(gid, "start"))
    seed = Game.objects.get(pk=gid).seed
    moves = 0
    while (game := Game.objects.get(pk=gid)).status == "active":
        sweep([seed, server_seed])
        play(game, [ana, bo], moves=1)
        moves += 1
    assert game.status == "finished"
    assert moves > 3
    shown = get(to_cy, url(gid))
    assert shown["seed"] == seed
    assert shown["fairness"]["server_seed"] == server_seed


@pytest.mark.slow
@marked(*SOCKET_TEST)
async def test_no_socket_frame_shows_the_seed_or_the_server_seed_before_the_end():
    ana, bo = await in_db(socket_player, "ana"), await in_db(socket_player, "bo")
    game = await in_db(services.game_create, user=ana, players=2, variants=SMALL)
    gid = str(game.id)
    await in_db(services.game_join, game_id=gid, user=bo, contribution="bo")
    frames: list[str] = []
    async with Sockets() as opened:
        sockets = [
            (await opened.synced(gid, token=ana.token))[0],
            (await opened.synced(gid, token=bo.token))[0],
            (await opened.synced(gid))[0],  # a spectator
        ]
        await in_db(services.game_start, game_id=gid, user=ana)
        row = await in_db(Game.objects.get, pk=gid)
        secrets = [row.seed, row.server_seed]

        async def drain():
            for comm in sockets:
                while not await comm.receive_nothing(timeout=0.05):
                    out = await comm.receive_output(1)
                    if out["type"] == "websocket.send":
                        frames.append(out["text"])

        await drain()
        while await in_db(play_turn, gid, [ana, bo]) is not None:
            await drain()
        await drain()
    assert (await in_db(Game.objects.get, pk=gid)).status == "finished"
    before_end = [f for f in frames if json.loads(f).get("status") != "finished"]
    assert len(before_end) > 10
    assert [f for f in before_end if any(s in f for s in secrets)] == []
    # The contributions themselves are public once fixed: the start's frames carry them.
    assert any(SEED_CONTRIBUTIONS_FIXED in f and '"bo"' in f for f in frames)


@pytest.mark.postgres
def test_a_chosen_seed_still_deals_a_version_1_game_that_verifies(people):
    """Tests (and only tests) deal a chosen seed: that game says version 1 everywhere and its
    record verifies as version 1, the seed committed at the start."""
    ana, bo, _, to_ana, _, _ = people
    seed = bytes(range(32))
    game = services.game_create_seated(created_by=ana, users=[ana, bo], variants=SMALL, seed=seed)
    shown = get(to_ana, url(game.id))
    assert shown["fairness"]["version"] == 1
    assert shown["fairness"]["server_seed"] is None
    assert shown["seed_commitment"] == hashlib.sha256(seed).hexdigest()
    assert [e.type for e in store.read(stream_name(game.id))][:2] == [
        "MatchStarted",
        "RoundStarted",
    ]
    play(game, [ana, bo])
    record = get(to_ana, url(game.id, "record"))
    assert record["version"] == 1
    assert record["seed"] == seed.hex()
    assert verify_record(record).ok
    assert verify_game(Game.objects.get(pk=game.id)).ok


@pytest.mark.postgres
def test_a_given_server_seed_and_contributions_deal_what_the_spec_derives(people):
    """A duplicate group deals one seed at several tables: the group's server seed (committed
    when its tables open) and its contributions, in the group's order."""
    ana, bo, cy, _, _, to_cy = people
    server_seed = bytes(32)
    given = [{"seat": 0, "value": "ana:4f1c9e"}, {"seat": 1, "value": ""}]
    game = services.game_create_seated(
        created_by=cy, users=[ana, bo], variants=SMALL, server_seed=server_seed, contributions=given
    )
    row = Game.objects.get(pk=game.id)
    # The spec's version 2 vector.
    assert row.server_seed_commitment == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )
    assert row.seed == "5f19d909cb3f13798130da01770fae44b0ecee16c6c74d9e0fc91985e4e25e32"
    shown = get(to_cy, url(game.id))["fairness"]
    assert [c["value"] for c in shown["contributions"]] == ["ana:4f1c9e", ""]
    assert verify_game(row).ok
