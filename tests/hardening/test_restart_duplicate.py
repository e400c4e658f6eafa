"""Attacks on staff restarts and on duplicate siblings, as a player would make them.

A restart used to put the position back with the same hidden tiles: whoever had drawn knew the
boneyard's order, and drew the same tile again. Now restart k of round r is dealt from
SHA-256(seed ‖ "mexican-train/redeal" ‖ u32be(r) ‖ u32be(k)), and the verdict checks it.

The tables of a duplicate deal group hold the same tiles; how a sibling table is doing (its
status, round, turn, scores, places) used to be public while the others still played the deal.
A player of table A now finds none of table B's progress on any endpoint or socket until the
whole group has finished; then all of it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from disputes import adjudication
from eventstore import store
from games.domain import load
from games.domain import platform_event
from games.engine import deal_round
from games.engine import event_to_dict
from games.engine.deal import redeal_seed
from games.engine.events import RoundStarted
from games.engine.views import hidden_tiles
from games.integrity import verify_game
from games.models import Game
from games.models import GameStatus
from tests.realtime import helpers as rt
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import person
from tests.support.factories import play
from tests.support.factories import register
from tests.support.factories import start
from tests.support.leaks import assert_frames_hide
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tournaments.broadcast import update_text
from tournaments.models import Tournament
from tournaments.models import TournamentTable

# -- the derivation, pinned ---------------------------------------------------------------------


def test_the_redeal_derivation_is_pinned():
    """Seed = 32 zero bytes, round 1, restart 1, double-6, 2 players × 7 tiles."""
    seed = bytes(32)
    fresh = redeal_seed(seed, 1, 1)
    by_hand = hashlib.sha256(
        seed + b"mexican-train/redeal" + (1).to_bytes(4, "big") + (1).to_bytes(4, "big")
    ).digest()
    assert fresh == by_hand
    assert fresh.hex() == "9334a43fce63107a0270a491a4684c1a952b1ae2373ae74e38a19fc62b3ca679"
    assert redeal_seed(seed, 3, 2).hex() == (
        "13098bae1b0d86e07e944bd70e647e5ef418b904c87d9f4662d04f8615951df3"
    )
    hands, boneyard = deal_round(fresh, 1, 6, 2, 7)
    assert hands == (
        ((0, 0), (6, 2), (4, 1), (5, 5), (2, 1), (3, 0), (6, 1)),
        ((5, 4), (5, 3), (6, 3), (4, 3), (1, 1), (6, 4), (3, 3)),
    )
    assert boneyard == (
        (2, 2), (5, 1), (3, 2), (6, 0), (1, 0), (4, 4), (4, 2),
        (5, 0), (5, 2), (6, 5), (6, 6), (3, 1), (4, 0), (2, 0),
    )  # fmt: skip
    assert (hands, boneyard) != deal_round(seed, 1, 6, 2, 7)  # not the round's own deal
    with pytest.raises(ValueError, match="restarts count from 1"):
        redeal_seed(seed, 1, 0)


# -- restarts -------------------------------------------------------------------------------------


def documented_deal(game: Game, round_number: int, restart: int):
    """The deal the spec's text gives restart ``restart`` of ``round_number``, by hand."""
    material = (
        bytes.fromhex(game.seed)
        + b"mexican-train/redeal"
        + round_number.to_bytes(4, "big")
        + restart.to_bytes(4, "big")
    )
    rs = load(game.stream).state.ruleset
    return deal_round(
        hashlib.sha256(material).digest(), round_number, rs.set_max, game.players, rs.hand_size
    )


def game_just_after_a_draw(ana, bo):
    """A two-player game in play whose last event is a draw from the boneyard (deals are
    random: a table played out without one is set aside for another)."""
    for _ in range(10):
        game = open_table(ana, [bo], bots=0, rounds=2)
        while game.status == "active":
            game = play(game, [ana, bo], moves=1)
            if store.read(game.stream)[-1].type == "TileDrawn":
                return game
    raise AssertionError("ten tables played out without a draw")


@pytest.mark.django_db
def test_a_restart_after_a_draw_deals_fresh_tiles_from_the_documented_derivation(ana_bo_mod):
    ana, bo, mod = ana_bo_mod
    game = game_just_after_a_draw(ana, bo)
    stored = store.read(game.stream)
    drew = stored[-1]
    dealt = next(e for e in reversed(stored) if e.type == "RoundStarted")
    before = load(game.stream).state
    at = [e.seq for e in stored if e.seq >= dealt.seq and e.seq < drew.seq][-1]

    # The attack: staff restart "from just before the draw"; the drawer knows what comes next.
    answer = client_for(mod).post(
        f"/api/v1/audit/games/{game.pk}/restart-round",
        {"reason": "the server lost a move", "at_seq": at},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert not leaked(answer.json(), set(before.tiles_in_play()))

    game = Game.objects.get(pk=game.pk)
    after = load(game.stream).state
    fresh = store.read(game.stream)[-1]
    assert fresh.type == "RoundStarted"
    assert fresh.data["round"] == before.round
    # Never the same hidden tiles: another boneyard order, other hands, from the round's start.
    old_boneyard = tuple(tuple(t) for t in dealt.data["boneyard"])
    assert after.boneyard != old_boneyard
    assert before.boneyard == old_boneyard
    # What the drawer would draw from here is not what they drew (and what followed it).
    assert after.boneyard[after.bpos :] != old_boneyard[before.bpos - 1 :]
    assert old_boneyard[before.bpos - 1] == tuple(drew.data["tile"])
    old_hands = [sorted(tuple(t) for t in h) for h in dealt.data["hands"]]
    assert [sorted(h) for h in after.hands] != old_hands
    assert (after.bpos, after.phase) == (0, "engine")
    hands, boneyard = documented_deal(game, before.round, 1)
    assert (fresh.data["hands"], fresh.data["boneyard"]) == (
        [[list(t) for t in h] for h in hands],
        [list(t) for t in boneyard],
    )
    assert after.round_history == before.round_history  # earlier rounds' scores stand
    assert verify_game(game).ok


@pytest.mark.django_db
def test_a_restart_that_deals_the_same_tiles_again_is_caught_by_the_verdict(ana_bo_mod):
    """An operator who appends a "restart" with the round's old deal (what the platform used
    to do, in effect) or any deal but the derivation is named by verify_game."""
    ana, bo, mod = ana_bo_mod
    game = game_just_after_a_draw(ana, bo)
    stored = store.read(game.stream)
    dealt = next(e for e in reversed(stored) if e.type == "RoundStarted")
    state = load(game.stream).state
    old = RoundStarted(
        state.round,
        dealt.data["engine"],
        tuple(tuple(tuple(t) for t in h) for h in dealt.data["hands"]),
        tuple(tuple(t) for t in dealt.data["boneyard"]),
    )
    restarted = platform_event(
        "RoundRestarted", reason="r", dispute=None, round=state.round, restart=1, at_seq=None
    )
    result = store.append(
        game.stream,
        expected_version=game.version,
        events=[restarted, event_to_dict(old)],
        actor={"kind": "staff", "user": mod.pk, "name": mod.username},
        prev_hash=game.head_hash,
    )
    Game.objects.filter(pk=game.pk).update(
        version=result.last_seq, head_hash=result.events[-1].hash
    )
    verdict = verify_game(Game.objects.get(pk=game.pk))
    assert not verdict.ok
    assert (verdict.check, verdict.seq) == ("deal", result.last_seq), verdict
    assert "redeal_seed" in verdict.reason


@pytest.mark.asyncio
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_a_restart_sends_no_hidden_tile_in_any_payload(layer):
    """Each seat's socket and a spectator's, then every REST view: the restart and its fresh
    deal show each viewer its own new hand, nobody else's, and no boneyard."""
    ana, bo = await rt.db(rt.player, "ana"), await rt.db(rt.player, "bo")
    mod = await rt.db(make_user, "mod", staff=True)
    gid = await rt.db(rt.table, ana, [bo], bots=0)
    for _ in range(3):
        await rt.db(rt.play_turn, gid, [ana, bo])
    tokens = {0: ana.token, 1: bo.token, None: None}
    messages = {}
    async with rt.Sockets() as sockets:
        by_seat = {}
        for seat, token in tokens.items():
            by_seat[seat], first = await sockets.synced(gid, token=token)
            messages[seat] = [first]
        done = await rt.db(adjudication.adjudicate_restart_round, game_id=gid, by=mod, reason="r")
        for seat, comm in by_seat.items():
            messages[seat] += await rt.receive_until_seq(comm, done.event.seq + 1)

    state = (await rt.db(load, f"game-{gid}")).state
    users = {0: ana, 1: bo, None: None}
    for seat, received in messages.items():
        hidden = await rt.db(hidden_in_game, gid, seat)
        kinds = [e["type"] for m in received for e in m["events"] if e["seq"] > 3]
        assert kinds[-2:] == ["RoundRestarted", "RoundStarted"], (seat, kinds)
        assert {m["status"] for m in received} == {"active"}  # so every view is checked
        assert_frames_hide(received, hidden, label=seat, types={"events"})
        for m in received:
            for e in m["events"]:
                assert "state" not in e["data"]
        fresh = received[-1]["events"][-1]["data"]
        assert "boneyard" not in fresh
        if seat is not None:
            assert sorted(tuple(t) for t in fresh["hands"][seat]) == sorted(state.hands[seat])

        # REST: each event as the viewer knew the game then (a player's own superseded hand
        # is no secret to them), the position and the record (its fresh deal) as it is now.
        client = await rt.db(client_for, users[seat])
        events = await rt.db(client.get, f"/api/v1/games/{gid}/events")
        assert events.status_code == 200
        for e in events.json():
            assert not leaked(e, hidden[e["seq"]]), (seat, e)
        now = hidden_tiles(state, seat)
        for path in ("state", "record"):
            answer = await rt.db(client.get, f"/api/v1/games/{gid}/{path}")
            assert answer.status_code == 200, (path, answer.json())
            assert not leaked(answer.json(), now), (seat, path)


# -- duplicate siblings -----------------------------------------------------------------------


def duplicate_field(
    org, people, *, with_bots: int = 0, rated: bool = False
) -> tuple[Tournament, list]:
    """A one-round duplicate tournament at tables of 3: the group's tables, top table first."""
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1, rated=rated)
    register(tournament, [*people, *bots(with_bots)])
    tournament = start(tournament)
    tables = list(
        TournamentTable.objects.filter(round__tournament=tournament)
        .select_related("game")
        .order_by("number")
    )
    assert len({t.deal_group for t in tables}) == 1
    assert len(tables) == 2
    return tournament, tables


def play_out(game: Game) -> Game:
    """Play ``game``'s people's first legal moves until it ends (bots answer by themselves);
    the tournament's steps run on each commit."""
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            return game
        seat = game.seats.select_related("user").get(index=game.to_move)
        state = client_for(seat.user).get(f"/api/v1/games/{game.pk}/state").json()
        with committed():
            from games import services

            services.game_move(
                game_id=game.pk,
                user=seat.user,
                move=state["legal_moves"][0],
                expected_seq=state["seq"],
            )


def progress_of(doc: dict, table_game: str) -> dict:
    """What a tournament detail says of one table."""
    return next(t for r in doc["rounds_detail"] for t in r["tables"] if t["game"] == table_game)


def assert_sibling_hidden(viewer, tournament: Tournament, b: Game) -> None:
    """Every endpoint a player of the other table may call tells nothing of B's progress: the
    tournament's detail (REST, and the text its socket pushes), its standings, B's game."""
    client = client_for(viewer)
    for doc in (
        client.get(f"/api/v1/tournaments/{tournament.pk}").json(),
        json.loads(update_text(tournament.pk))["tournament"],
    ):
        table = progress_of(doc, str(b.pk))
        assert table["status"] == "active", table
        assert table["finished"] is False, table
        assert table["seed_hidden"] is True
        for p in table["players"]:
            assert (p["total"], p["place"], p["forfeited"], p["left"]) == (None, None, None, False)
        assert doc["standings"] is None  # the group's only other table still plays
        assert doc["rounds_detail"][0]["finished_at"] is None
    standings = client.get(f"/api/v1/tournaments/{tournament.pk}/standings")
    assert standings.status_code == 200
    assert standings.json() is None

    detail = client.get(f"/api/v1/games/{b.pk}").json()
    assert detail["status"] == "active"
    assert detail["progress_hidden"] is True
    assert (detail["seq"], detail["round"], detail["to_move"], detail["result"]) == (
        0,
        0,
        None,
        None,
    )
    assert detail["finished_at"] is None
    assert detail["deadline"] is None
    assert all(s["reserve_ms"] is None and not s["resigned"] for s in detail["seats"])
    for status, listed_b in (("active", True), ("finished", False), (None, True)):
        query = f"?status={status}" if status else ""
        games = {g["id"]: g for g in client.get(f"/api/v1/games{query}").json()["results"]}
        assert (str(b.pk) in games) is listed_b, status
        if listed_b:  # the list tells what the detail tells, no more
            listed = games[str(b.pk)]
            assert listed == {k: detail[k] for k in listed}
    # The detail's own fields (what the page shows after the end) tell nothing either.
    assert (detail["ratings"], detail["rematch"]) == (None, None)
    for path in ("state", "events", "record"):
        answer = client.get(f"/api/v1/games/{b.pk}/{path}")
        assert answer.status_code == 403, path
        assert answer.json()["code"] == "seed_hidden", path


@pytest.mark.django_db
def test_a_sibling_tables_progress_stays_hidden_until_the_whole_group_has_finished(
    frozen_clock, org
):
    people = [person(n) for n in ("a1", "a2", "a3", "b1", "b2", "b3")]
    tournament, (table_a, table_b) = duplicate_field(org, people)
    a, b = table_a.game, table_b.game
    a_player = a.seats.select_related("user").first().user
    b_player = b.seats.select_related("user").first().user
    assert Game.objects.get(pk=a.pk).status == Game.objects.get(pk=b.pk).status == "active"

    # While both tables play: the other table's players, anyone else, and anonymous see only
    # that B is in play.
    for viewer in (a_player, person("outsider"), None):
        assert_sibling_hidden(viewer, tournament, b)

    b = play_out(b)  # B finishes; A still plays the deal
    assert b.status == "finished"
    assert b.seed_hidden
    assert Game.objects.get(pk=a.pk).status == "active"
    tournament.refresh_from_db()
    assert tournament.standings is not None  # the stored standings do count B ...
    for viewer in (a_player, None):
        assert_sibling_hidden(viewer, tournament, b)  # ... nobody is shown them
    # B's own players see their table as it is, and staff with no stake in the deal.
    for viewer in (b_player, org):
        mine = client_for(viewer).get(f"/api/v1/games/{b.pk}").json()
        assert mine["status"] == "finished"
        assert mine["result"]["places"] == b.result["places"]
        assert mine["progress_hidden"] is False

    a = play_out(a)  # the whole group has finished: everything shows
    b = Game.objects.get(pk=b.pk)
    assert not a.seed_hidden
    assert not b.seed_hidden
    doc = client_for(a_player).get(f"/api/v1/tournaments/{tournament.pk}").json()
    table = progress_of(doc, str(b.pk))
    assert table["status"] == "finished"
    assert table["finished"] is True
    assert [p["place"] for p in table["players"]] == b.result["places"]
    assert all(p["total"] is not None for p in table["players"])
    lines = {line["username"]: line for line in doc["standings"]["lines"]}
    assert all(lines[s.user.username]["games"] == 1 for s in b.seats.select_related("user"))
    detail = client_for(a_player).get(f"/api/v1/games/{b.pk}").json()
    assert detail["status"] == "finished"
    assert detail["result"]["places"] == b.result["places"]
    assert detail["seq"] == b.version
    assert detail["progress_hidden"] is False
    assert str(b.pk) in {
        g["id"] for g in client_for(None).get("/api/v1/games?status=finished").json()["results"]
    }
    for path in ("state", "events", "record"):
        assert client_for(a_player).get(f"/api/v1/games/{b.pk}/{path}").status_code == 200


@pytest.mark.django_db
def test_a_rated_siblings_rating_changes_wait_until_the_whole_group_has_finished(frozen_clock, org):
    """A rating change carries the place: applied when B ends, it would tell A's players (and
    everyone reading B's players' profiles) B's result while A still plays the deal."""
    from ratings.models import RatingChange

    people = [person(n) for n in ("ra1", "ra2", "ra3", "rb1", "rb2", "rb3")]
    tournament, (table_a, table_b) = duplicate_field(org, people, rated=True)
    a, b = table_a.game, table_b.game
    assert a.rated
    assert b.rated
    b = play_out(b)
    assert b.status == "finished"
    assert b.seed_hidden
    assert not RatingChange.objects.filter(game=b).exists()
    for seat in b.seats.select_related("user"):
        history = client_for(None).get(f"/api/v1/players/{seat.user.username}/rating-history")
        assert history.status_code == 200, history.json()
        assert all(p["game"] != str(b.pk) for p in history.json()["points"])

    play_out(a)  # the group is done: both tables' ratings apply
    assert not Game.objects.get(pk=b.pk).seed_hidden
    assert RatingChange.objects.filter(game=b).count() == 3
    assert RatingChange.objects.filter(game=a).count() == 3


@pytest.mark.asyncio
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_the_tournament_socket_shows_no_finished_siblings_progress(frozen_clock, settings):
    """Bots at table 1 finish at once; the people at table 2 still play the same deal. Their
    socket's detail (on connect and on sync) shows table 1 only as in play, no standings."""
    from channels.layers import get_channel_layer

    from config.asgi import application
    from tests.support.factories import organizer
    from tests.tournaments.test_socket import HEADERS

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    get_channel_layer()
    org = await rt.db(organizer)
    people = [await rt.db(person, n) for n in ("ana", "bo", "cy")]
    tournament, (bots_table, people_table) = await rt.db(duplicate_field, org, people, with_bots=3)
    bots_game = await rt.db(Game.objects.get, pk=bots_table.game_id)
    assert bots_game.status == GameStatus.FINISHED
    assert bots_game.seed_hidden
    stored = await rt.db(Tournament.objects.get, pk=tournament.pk)
    assert stored.standings is not None  # the bots' table counts in what is stored

    comm = rt.WebsocketCommunicator(application, f"/ws/tournaments/{tournament.pk}/", HEADERS)
    connected, _ = await comm.connect(timeout=5)
    assert connected
    try:
        first = await comm.receive_json_from(timeout=5)
        await comm.send_json_to({"command": "sync"})
        again = await comm.receive_json_from(timeout=5)
    finally:
        await comm.disconnect()
    for message in (first, again):
        doc = message["tournament"]
        table = progress_of(doc, str(bots_game.pk))
        assert table["status"] == "active"
        assert table["finished"] is False
        assert all(p["total"] is None and p["place"] is None for p in table["players"])
        assert doc["standings"] is None
        assert progress_of(doc, str(people_table.game_id))["status"] == "active"

    # Nor may a player of the other table watch the sibling's own socket.
    async with rt.Sockets() as sockets:
        sibling = sockets.socket(str(bots_game.pk), token=(await rt.db(player_token, people[0])))
        ok, code = await sibling.connect(timeout=5)
        if ok:
            closed = await sibling.receive_output(timeout=5)
            assert closed["type"] == "websocket.close", closed
            code = closed.get("code")
    assert code == 4403


def player_token(user) -> str:
    from tests.realtime.helpers import token_for

    return token_for(user)


@pytest.fixture
def ana_bo_mod(db):
    return make_user("ana"), make_user("bo"), make_user("mod", staff=True)


@pytest.fixture
def org(db):
    from tests.support.factories import organizer

    return organizer()
