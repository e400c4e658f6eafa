"""Throttles for everything that costs, as an attacker tries them: one socket flooding
commands, one user or one address opening socket after socket, an anonymous client hammering
the heavy reads, a player flooding the lobby with tables, a dispute thread flooded with
messages. Small limits via settings; the clock pinned (tests/hardening/conftest.py)."""

from __future__ import annotations

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.cache import cache
from rest_framework.test import APIClient

from config.asgi import application
from core import throttling
from tests.realtime import helpers as rt
from tests.realtime.helpers import WebsocketCommunicator
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.throttling import PINNED_NOW
from tests.support.throttling import assert_throttled
from tests.support.throttling import redis_caches

GAMES = "/api/v1/games"
DISPUTES = "/api/v1/disputes"


@pytest.fixture
def throttles(rate_limits):
    """The rate limits on, with small limits of every kind this file attacks."""
    rate_limits.RATE_LIMITS = {
        **rate_limits.RATE_LIMITS,
        "socket_commands": "5/s",
        "reads": "5/min",
        "reads_user": "50/min",
        "table_create": "4/hour",
        "dispute_message": "3/min",
    }
    rate_limits.SOCKETS_PER_USER = 3
    rate_limits.SOCKETS_PER_ADDRESS = 4
    rate_limits.OPEN_TABLES_PER_USER = 2
    return rate_limits


def from_address(address: str) -> APIClient:
    return APIClient(REMOTE_ADDR=address)


# -- sockets --------------------------------------------------------------------------------------


class Socket(WebsocketCommunicator):
    """A socket from a given client address (the ASGI scope's ``client``)."""

    def __init__(self, path: str, *, address: str, token: str | None = None) -> None:
        query = f"ticket={rt.ticket_for(token)}" if token else ""
        scope = {
            "type": "websocket",
            "scheme": "ws",
            "path": path,
            "query_string": query.encode(),
            "headers": [(b"origin", rt.ORIGIN.encode()), (b"host", b"localhost:8000")],
            "subprotocols": [],
            "client": (address, 50000),
        }
        ApplicationCommunicator.__init__(self, application, scope)


async def open_socket(sockets: rt.Sockets, gid: str, *, address: str, token: str | None = None):
    """Connect to game ``gid`` (disconnected when ``sockets`` closes); return (the socket, its
    first message, its close code or None)."""
    comm = sockets.keep(Socket(f"/ws/games/{gid}/", address=address, token=token))
    ok, _ = await comm.connect(timeout=rt.TIMEOUT)
    assert ok  # accepted first, always: a close before accept would lose its code
    first = await rt.receive(comm)
    if first["type"] == "hello":
        return comm, first, None
    closed = await comm.receive_output(rt.TIMEOUT)
    assert closed["type"] == "websocket.close", closed
    return comm, first, closed.get("code")


async def answer(comm) -> dict:
    """The next answer to a command, skipping live pushes."""
    while True:
        message = await rt.receive(comm)
        if message["type"] not in ("events", "hello"):
            return message


def assert_socket_throttled(message: dict, window: int) -> None:
    assert message["type"] == "error", message
    assert message["status"] == 429, message
    assert message["code"] == "throttled"
    assert message["detail"]
    assert isinstance(message["retry_after"], int)
    assert 1 <= message["retry_after"] <= window


def socket_test(func):
    """A socket test: asyncio, on PostgreSQL, committing (the sockets read what was written)."""
    for mark in (
        pytest.mark.asyncio,
        pytest.mark.postgres,
        pytest.mark.django_db(transaction=True),
    ):
        func = mark(func)
    return func


@socket_test
async def test_a_socket_flooding_pings_gets_429_errors_and_stays_usable(
    throttles, layer, monkeypatch
):
    ana, bo = await rt.db(rt.player, "ana"), await rt.db(rt.player, "bo")
    gid = await rt.db(rt.table, ana, [bo], bots=0)
    async with rt.Sockets() as sockets:
        comm, _, code = await open_socket(sockets, gid, address="203.0.113.60", token=ana.token)
        assert code is None
        for _ in range(5):
            await comm.send_json_to({"command": "ping"})
            assert (await answer(comm))["type"] == "pong"
        for i in range(3):  # over the rate: each is refused, with its id when it has one
            await comm.send_json_to({"command": "move", "id": f"m{i}", "move": {"action": "draw"}})
            refused = await answer(comm)
            assert_socket_throttled(refused, 1)
            assert refused["id"] == f"m{i}"
        # Another socket of the same player counts on its own.
        other, _, code = await open_socket(sockets, gid, address="203.0.113.61", token=ana.token)
        assert code is None
        await other.send_json_to({"command": "ping"})
        assert (await answer(other))["type"] == "pong"
        await other.disconnect()
        # The next window: the same socket answers again.
        monkeypatch.setattr(throttling, "_now", lambda: PINNED_NOW + 1)
        await comm.send_json_to({"command": "sync", "after": 0})
        assert (await rt.receive(comm))["type"] == "events"
        await comm.send_json_to({"command": "ping"})
        assert (await answer(comm))["type"] == "pong"


@socket_test
async def test_a_socket_flooding_far_over_its_rate_is_closed_with_1008(throttles, layer):
    gid = await rt.db(rt.table, await rt.db(rt.player, "ana"), [], bots=1)
    async with rt.Sockets() as sockets:
        comm, _, code = await open_socket(sockets, gid, address="203.0.113.62")
        assert code is None
        for _ in range(5 * throttling.ABUSE_FACTOR + 1):
            await comm.send_json_to({"command": "ping"})
        answers = []
        while True:
            out = await comm.receive_output(rt.TIMEOUT)
            if out["type"] == "websocket.close":
                break
            answers.append(out)
    assert out.get("code") == throttling.CLOSE_POLICY_VIOLATION
    assert len(answers) == 5 * throttling.ABUSE_FACTOR  # 5 pongs, then errors, then closed


@socket_test
async def test_a_users_socket_over_the_cap_is_refused_with_4429_and_one_closed_frees_a_slot(
    throttles, layer
):
    ana = await rt.db(rt.player, "ana")
    gid = await rt.db(rt.table, ana, [], bots=1)
    socks = []
    async with rt.Sockets() as sockets:
        for i in range(3):  # from three addresses: only the per-user cap is reached
            comm, _, code = await open_socket(
                sockets, gid, address=f"198.51.100.{i}", token=ana.token
            )
            assert code is None
            socks.append(comm)
        extra, refused, code = await open_socket(
            sockets, gid, address="198.51.100.9", token=ana.token
        )
        assert code == throttling.CLOSE_TOO_MANY_SOCKETS
        assert_socket_throttled(refused, throttling.SLOT_TTL)
        await extra.disconnect()
        # The tournament page's socket counts with the game sockets.
        tsock = sockets.keep(
            Socket("/ws/tournaments/999999/", address="198.51.100.8", token=ana.token)
        )
        assert (await tsock.connect(timeout=rt.TIMEOUT))[0]
        assert_socket_throttled(await rt.receive(tsock), throttling.SLOT_TTL)
        closed = await tsock.receive_output(rt.TIMEOUT)
        assert closed["code"] == throttling.CLOSE_TOO_MANY_SOCKETS
        await tsock.disconnect()
        # Another player is not affected; and a socket closed frees its slot.
        bo = await rt.db(rt.player, "bo")
        comm, _, code = await open_socket(sockets, gid, address="198.51.100.10", token=bo.token)
        assert code is None
        await comm.disconnect()
        await socks.pop().disconnect()
        comm, _, code = await open_socket(sockets, gid, address="198.51.100.9", token=ana.token)
        assert code is None


@socket_test
async def test_an_addresss_socket_over_the_cap_is_refused_with_4429(throttles, layer):
    gid = await rt.db(rt.table, await rt.db(rt.player, "ana"), [], bots=1)
    async with rt.Sockets() as sockets:
        for _ in range(4):  # anonymous spectators, all from one address
            comm, _, code = await open_socket(sockets, gid, address="203.0.113.70")
            assert code is None
        extra, refused, code = await open_socket(sockets, gid, address="203.0.113.70")
        assert code == throttling.CLOSE_TOO_MANY_SOCKETS
        assert_socket_throttled(refused, throttling.SLOT_TTL)
        await extra.disconnect()
        # A signed-in player from that address is refused too: the address is full.
        bo = await rt.db(rt.player, "bo")
        extra, _, code = await open_socket(sockets, gid, address="203.0.113.70", token=bo.token)
        assert code == throttling.CLOSE_TOO_MANY_SOCKETS
        await extra.disconnect()
        # Another address is not.
        comm, _, code = await open_socket(sockets, gid, address="203.0.113.71")
        assert code is None


@pytest.mark.django_db
def test_a_socket_slot_expires_if_its_process_dies(throttles, redis_url):
    """A process that dies never disconnects its sockets: their slots carry a TTL (refreshed
    while the socket lives), so they free themselves; counted in Redis, across processes."""
    throttles.CACHES = redis_caches(redis_url, "default")
    dead = throttling.SocketSlots("dead-process-socket")
    try:
        assert dead.claim("ip", "203.0.113.80", 2)
        other = throttling.SocketSlots("another-process-socket")
        assert other.claim("ip", "203.0.113.80", 2)
        assert not throttling.SocketSlots("third").claim("ip", "203.0.113.80", 2)
        client = cache._cache.get_client(dead.keys[0])
        for key in dead.keys + other.keys:
            ttl = client.ttl(cache.make_key(key))
            assert 0 < ttl <= throttling.SLOT_TTL
        other.release()
        assert throttling.SocketSlots("fourth").claim("ip", "203.0.113.80", 2)
    finally:
        # Its own keys only: cache.clear() is a FLUSHDB of the database every test process of
        # the parallel lane shares, and it wiped another test's channel groups mid-game (the
        # socket of tests/hardening/test_socket_seats.py that fell silent).
        cache.delete_many(throttling.SocketSlots.slot_keys("ip", "203.0.113.80", 2))


def test_the_socket_address_follows_num_proxies(settings):
    scope = {"client": ("10.0.0.2", 1), "headers": [(b"x-forwarded-for", b"1.2.3.4, 5.6.7.8")]}
    settings.NUM_PROXIES = 0
    assert throttling.socket_address(scope) == "10.0.0.2"  # the header is a client's to forge
    settings.NUM_PROXIES = 1
    assert throttling.socket_address(scope) == "5.6.7.8"
    assert throttling.socket_address({"client": None, "headers": []}) is None


# -- heavy reads ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_anonymous_client_hammering_records_is_throttled_while_players_still_read(throttles):
    ana, bo = make_user("ana"), make_user("bo")
    game = play(open_table(ana, [bo]), [ana, bo])
    url = f"{GAMES}/{game.pk}/record"
    hammer = from_address("203.0.113.90")
    for _ in range(5):
        assert hammer.get(url).status_code == 200
    assert_throttled(hammer.get(url), 60)
    assert_throttled(hammer.get(f"{GAMES}/{game.pk}/events"), 60)  # one budget for heavy reads
    assert_throttled(hammer.get(GAMES), 60)  # the lobby list too
    # A signed-in player from the same address is counted as themselves, with a higher limit.
    player = client_for(ana)
    player.defaults["REMOTE_ADDR"] = "203.0.113.90"
    for _ in range(10):
        assert player.get(url).status_code == 200
    # Another anonymous address is not affected.
    assert from_address("203.0.113.91").get(url).status_code == 200


@pytest.mark.django_db
def test_tournament_standings_and_detail_are_heavy_reads(throttles):
    from tests.support.factories import new_tournament
    from tests.support.factories import organizer

    tid = new_tournament(organizer()).pk
    hammer = from_address("203.0.113.92")
    for i in range(5):
        path = "standings" if i % 2 else ""
        assert hammer.get(f"/api/v1/tournaments/{tid}/{path}".rstrip("/")).status_code == 200
    assert_throttled(hammer.get(f"/api/v1/tournaments/{tid}/standings"), 60)
    assert_throttled(hammer.get(f"/api/v1/tournaments/{tid}"), 60)


# -- the lobby ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_lobby_flood_stops_at_the_open_tables_cap(throttles):
    flooder = client_for(make_user("flooder"))
    made = []
    for _ in range(5):
        r = flooder.post(GAMES, {"players": 4}, format="json")
        if r.status_code != 201:
            break
        made.append(r.json()["id"])
    assert len(made) == 2
    assert r.status_code == 409, r.json()
    assert r.json()["code"] == "too_many_open_tables"
    assert r.json()["limit"] == 2
    lobby = client_for(make_user("visitor")).get(GAMES, {"status": "open"}).json()["results"]
    assert sorted(g["id"] for g in lobby) == sorted(made)
    # Another player may still open a table; leaving one (abandoning it) frees a place.
    host = client_for(make_user("host"))
    assert host.post(GAMES, {"players": 2}, format="json").status_code == 201
    assert flooder.post(f"{GAMES}/{made[0]}/leave").status_code == 200
    assert flooder.post(GAMES, {"players": 4}, format="json").status_code == 201


@pytest.mark.django_db
def test_table_creation_is_rate_limited_per_player(throttles):
    throttles.OPEN_TABLES_PER_USER = 100
    flooder = client_for(make_user("flooder"))
    for _ in range(4):
        r = flooder.post(GAMES, {"players": 2}, format="json")
        assert r.status_code == 201, r.json()
        assert flooder.post(f"{GAMES}/{r.json()['id']}/leave").status_code == 200
    assert_throttled(flooder.post(GAMES, {"players": 2}, format="json"), 3600)
    # Reading the lobby is not creating a table.
    assert flooder.get(GAMES).status_code == 200


@pytest.mark.django_db
def test_tournament_tables_are_not_counted_against_their_organizer(throttles):
    """A tournament seats its round in tables its organizer created, each in a ready window
    (as tournaments.services does): none is a lobby table of the organizer's."""
    from datetime import timedelta

    from core import clock
    from games import services

    mod, ana, bo = make_user("mod", staff=True), make_user("ana"), make_user("bo")
    for _ in range(3):
        game = services.game_create_seated(created_by=mod, users=[ana, bo], start=False)
        game.ready_deadline = clock.now() + timedelta(minutes=2)
        game.save(update_fields=["ready_deadline"])
    assert client_for(mod).post(GAMES, {"players": 2}, format="json").status_code == 201


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_creations_never_pass_the_open_tables_cap_together(throttles, monkeypatch):
    """The first creation is held after its count; the second must wait for it (the user's
    row is locked), then count its table: one of the two is refused."""
    import threading
    import time

    from django.contrib.auth import get_user_model
    from django.db import connection

    from core.errors import Conflict
    from games import services

    throttles.OPEN_TABLES_PER_USER = 1
    racer = make_user("racer")
    held, go = threading.Event(), threading.Event()
    real = services.secrets.token_bytes

    def token_bytes(n):  # drawn right after the count: hold the first creation there
        if threading.current_thread().name == "first":
            held.set()
            go.wait(30)
        return real(n)

    monkeypatch.setattr(services.secrets, "token_bytes", token_bytes)
    results: dict[str, str] = {}

    def create(name: str) -> None:
        try:
            user = get_user_model().objects.get(pk=racer.pk)
            services.game_create(user=user, players=2)
            results[name] = "created"
        except Conflict as exc:
            results[name] = exc.code
        finally:
            connection.close()

    first = threading.Thread(target=create, args=("first",), name="first")
    second = threading.Thread(target=create, args=("second",), name="second")
    first.start()
    assert held.wait(30)
    second.start()
    for _ in range(400):  # until the second waits for the lock (or, unlocked, has finished)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            waiting = cursor.fetchone()[0]
        if waiting or not second.is_alive():
            break
        time.sleep(0.05)
    go.set()
    first.join(30)
    second.join(30)
    assert sorted(results.values()) == ["created", "too_many_open_tables"], results


# -- disputes -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_dispute_message_flood_stops(throttles, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ana, bo = make_user("ana"), make_user("bo")
    game = play(open_table(ana, [bo]), [ana, bo])
    body = {"game": str(game.pk), "category": "rules_or_bug", "reason": "that draw", "against": [1]}
    r = client_for(ana).post(DISPUTES, body, format="json")
    assert r.status_code == 201, r.json()
    url = f"{DISPUTES}/{r.json()['id']}/messages"
    sent = 1  # opening it wrote the first message
    while True:
        r = client_for(ana).post(url, {"body": f"again {sent}"}, format="json")
        if r.status_code != 201:
            break
        sent += 1
        assert sent < 10, "no limit"
    assert sent == 3
    assert_throttled(r, 60)
    # The other player may still answer.
    assert client_for(bo).post(url, {"body": "calm down"}, format="json").status_code == 201


# -- the defaults ---------------------------------------------------------------------------------


def test_the_default_limits_are_the_documented_ones():
    """The defaults docs/operators/hardening.md and .env.example list, when no variable is set."""
    from config import settings as conf

    names = [n for n in conf.ENV if n.startswith(("RATE_LIMIT", "SOCKETS_PER", "OPEN_TABLES"))]
    if names:
        pytest.skip(f"set in this environment: {', '.join(names)}")
    assert conf.RATE_LIMITS == {
        **conf.RATE_LIMITS,
        "socket_commands": "20/s",
        "reads": "120/min",
        "reads_user": "600/min",
        "table_create": "10/hour",
        "dispute_message": "10/min",
    }
    assert (conf.SOCKETS_PER_USER, conf.SOCKETS_PER_ADDRESS, conf.OPEN_TABLES_PER_USER) == (
        20,
        50,
        3,
    )
