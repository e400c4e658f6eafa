"""Input limits, attacked as an outsider would: against a real `manage.py serve` process,
oversized and deeply nested WebSocket frames from an anonymous socket, nested JSON and 1.1 MiB
bodies over REST, over-long idempotency keys, half-open HTTP connections; and booleans where
every API input expects an integer."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import socket
import threading
import uuid
from collections.abc import Iterator

import crossplane
import pytest
import websockets

from core.limits import MAX_FRAME_BYTES
from core.limits import MAX_IDEMPOTENCY_KEY
from core.limits import MAX_JSON_DEPTH
from tests.support.server import REPO
from tests.support.server import ServerError
from tests.support.server import served

# slow lane: a served platform and connections left idle until closed
pytestmark = pytest.mark.slow

PASSWORD = "limits-password-1234"
# Seconds the server under test gives a client for each request (HTTP_REQUEST_TIMEOUT).
REQUEST_TIMEOUT = 2
# How long a test waits for the server to close a half-open connection before failing: far
# past REQUEST_TIMEOUT, so only a server that never closes it fails.
CLOSE_WAIT = 20
ONE_MIB = 1024 * 1024


def run_apart(coro):
    """Run ``coro`` on an event loop of its own thread: a test before this one (the browser's)
    may have left a loop running in this thread, where asyncio.run refuses to start."""
    out: dict = {}

    def target():
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


# -- a real server ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """`manage.py serve` on a free loopback port, on SQLite and the in-memory channel layer."""
    env = dict(os.environ)
    for name in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        env.pop(name, None)
    tmp = tmp_path_factory.mktemp("limits")
    env["DJANGO_SQLITE_PATH"] = str(tmp / "db.sqlite3")
    env["CELERY_EAGER"] = "1"
    env["HTTP_REQUEST_TIMEOUT"] = str(REQUEST_TIMEOUT)
    env["RATE_LIMIT_REGISTER"] = env["RATE_LIMIT_LOGIN"] = "1000/min"
    env["PYTHONUNBUFFERED"] = "1"
    try:
        with served(env, tmp / "server.log", path="/healthz") as url:
            yield url
    except ServerError as exc:
        pytest.fail(str(exc), pytrace=False)


def _port(server: str) -> int:
    return int(server.rsplit(":", 1)[1])


def _call(
    server: str,
    method: str,
    path: str,
    body: bytes | str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=60)
    try:
        conn.request(method, path, body, {"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
    finally:
        conn.close()
    return response.status, (json.loads(data) if data else {})


USERNAME = f"lim{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="module")
def token(server) -> str:
    credentials = json.dumps({"username": USERNAME, "password": PASSWORD})
    status, body = _call(server, "POST", "/api/v1/auth/register", credentials)
    assert status == 201, body
    return body["token"]


@pytest.fixture(scope="module")
def session_cookie(server, token) -> str:
    """The player's session cookie (POST /api/v1/auth/login), as a Cookie header value."""
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=60)
    try:
        conn.request(
            "POST",
            "/api/v1/auth/login",
            json.dumps({"username": USERNAME, "password": PASSWORD}),
            {"Content-Type": "application/json"},
        )
        response = conn.getresponse()
        response.read()
        assert response.status == 200, response.status
        cookies = [
            v.split(";", 1)[0] for k, v in response.getheaders() if k.lower() == "set-cookie"
        ]
    finally:
        conn.close()
    return "; ".join(cookies)


@pytest.fixture(scope="module")
def game_id(server, token) -> str:
    status, body = _call(
        server,
        "POST",
        "/api/v1/games",
        json.dumps({"players": 2}),
        {"Authorization": f"Token {token}"},
    )
    assert status == 201, body
    return body["id"]


def _socket_url(server: str, game_id: str) -> str:
    return server.replace("http://", "ws://") + f"/ws/games/{game_id}/"


async def _anonymous_socket(server: str, game_id: str):
    ws = await websockets.connect(
        _socket_url(server, game_id), origin=server, ping_interval=None, open_timeout=30
    )
    hello = json.loads(await asyncio.wait_for(ws.recv(), 30))
    assert hello["type"] == "hello", hello
    return ws


def nested(depth: int) -> str:
    return '{"command": "ping", "x": ' + "[" * depth + "]" * depth + "}"


# -- WebSocket frames ---------------------------------------------------------------------------


async def receive_until_closed(ws) -> None:
    """Receive until the server closes ``ws`` (raising ``ConnectionClosed``)."""
    while True:
        await asyncio.wait_for(ws.recv(), 30)


def test_a_frame_over_64_kib_from_an_anonymous_socket_closes_it_with_1009(server, game_id):
    async def attack():
        ws = await _anonymous_socket(server, game_id)
        await ws.send('{"command": "ping", "pad": "' + "x" * (MAX_FRAME_BYTES + 1024) + '"}')
        with pytest.raises(websockets.ConnectionClosed):
            await receive_until_closed(ws)
        return ws.close_code

    assert run_apart(attack()) == 1009


def test_a_frame_just_under_the_limit_is_still_answered(server, game_id):
    async def send():
        ws = await _anonymous_socket(server, game_id)
        try:
            await ws.send('{"command": "ping", "pad": "' + "x" * (MAX_FRAME_BYTES - 100) + '"}')
            return json.loads(await asyncio.wait_for(ws.recv(), 30))
        finally:
            await ws.close()

    assert run_apart(send())["type"] == "pong"


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 10, 30_000])
def test_a_deeply_nested_frame_gets_an_error_and_the_socket_stays_open(server, game_id, depth):
    frame = nested(depth)
    assert len(frame) < MAX_FRAME_BYTES

    async def attack():
        ws = await _anonymous_socket(server, game_id)
        try:
            await ws.send(frame)
            error = json.loads(await asyncio.wait_for(ws.recv(), 30))
            await ws.send(json.dumps({"command": "ping"}))
            pong = json.loads(await asyncio.wait_for(ws.recv(), 30))
            return error, pong
        finally:
            await ws.close()

    error, pong = run_apart(attack())
    assert error["type"] == "error"
    assert (error["status"], error["code"]) == (400, "invalid_json")
    assert pong["type"] == "pong"


def test_an_idempotency_key_over_128_characters_on_the_socket_is_invalid(
    server, session_cookie, game_id
):
    async def attack():
        ws = await websockets.connect(
            _socket_url(server, game_id),
            origin=server,
            ping_interval=None,
            open_timeout=30,
            additional_headers={"Cookie": session_cookie},
        )
        try:
            assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "hello"
            await ws.send(
                json.dumps(
                    {
                        "command": "move",
                        "id": 7,
                        "move": {"action": "draw"},
                        "idempotency_key": "k" * (MAX_IDEMPOTENCY_KEY + 1),
                    }
                )
            )
            return json.loads(await asyncio.wait_for(ws.recv(), 30))
        finally:
            await ws.close()

    answer = run_apart(attack())
    assert (answer["type"], answer["id"], answer["status"]) == ("error", 7, 400)
    assert answer["code"] == "invalid"
    assert "idempotency_key" in answer["fields"]


# -- REST bodies --------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 10, 100_000])
def test_a_deeply_nested_json_body_is_400_invalid_json(server, token, depth):
    body = '{"players": 2, "name": ' + "[" * depth + "]" * depth + "}"
    status, answer = _call(
        server, "POST", "/api/v1/games", body, {"Authorization": f"Token {token}"}
    )
    assert (status, answer["code"]) == (400, "invalid_json")


def test_a_body_over_1_mib_is_413_before_it_is_read(server, token):
    body = json.dumps({"players": 2, "name": "x" * (ONE_MIB + ONE_MIB // 10)}).encode()
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=60)
    try:
        conn.putrequest("POST", "/api/v1/games")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Authorization", f"Token {token}")
        conn.putheader("Content-Length", str(len(body)))
        conn.endheaders()
        try:
            conn.send(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered and closed without reading the body: what is asked of it
        response = conn.getresponse()
        status, answer = response.status, json.loads(response.read())
    finally:
        conn.close()
    assert status == 413
    assert answer["code"] == "request_too_large"
    assert answer["detail"]


def test_a_body_over_1_mib_is_refused_in_the_language_the_client_asks_for(server, token):
    """Answered before Django runs, yet in Japanese, as the application's own errors are."""
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=60)
    try:
        conn.putrequest("POST", "/api/v1/games")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Accept-Language", "ja")
        conn.putheader("Authorization", f"Token {token}")
        conn.putheader("Content-Length", str(2 * ONE_MIB))
        conn.endheaders()  # no body: the declared length is refused at once
        response = conn.getresponse()
        status, answer = response.status, json.loads(response.read())
    finally:
        conn.close()
    assert status == 413
    assert answer == {
        "code": "request_too_large",
        "detail": f"リクエスト本文が {ONE_MIB} バイトを超えています。",
        "limit": ONE_MIB,
    }


def test_a_chunked_body_over_1_mib_is_413(server, token):
    """No Content-Length to refuse up front: the body is cut off once it passes 1 MiB."""
    chunk = b"x" * 65536
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=60)
    try:
        conn.putrequest("POST", "/api/v1/games")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Authorization", f"Token {token}")
        conn.putheader("Transfer-Encoding", "chunked")
        conn.endheaders()
        try:
            for _ in range(18):  # 1.125 MiB
                conn.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            conn.send(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before taking it all
        response = conn.getresponse()
        status, answer = response.status, json.loads(response.read())
    finally:
        conn.close()
    assert (status, answer["code"]) == (413, "request_too_large")


def test_a_body_just_under_1_mib_is_read(server, token):
    body = json.dumps({"players": 2, "name": "x" * (ONE_MIB - 1000)})
    status, answer = _call(
        server, "POST", "/api/v1/games", body, {"Authorization": f"Token {token}"}
    )
    # Read and validated: the name is too long for a table, which is a 400, not a 413.
    assert (status, answer["code"]) == (400, "invalid")
    assert "name" in answer["fields"]


def test_an_idempotency_key_over_128_characters_is_400_invalid(server, token, game_id):
    status, answer = _call(
        server,
        "POST",
        f"/api/v1/games/{game_id}/moves",
        json.dumps({"action": "draw"}),
        {"Authorization": f"Token {token}", "Idempotency-Key": "k" * (MAX_IDEMPOTENCY_KEY + 1)},
    )
    assert (status, answer["code"]) == (400, "invalid")
    assert "Idempotency-Key" in answer["fields"]


# -- half-open connections ----------------------------------------------------------------------


def _closed_by_server(server: str, first_bytes: bytes) -> bool:
    """Open a connection, send ``first_bytes`` and nothing more; tell whether the server
    closes it (within CLOSE_WAIT seconds)."""
    with socket.create_connection(("127.0.0.1", _port(server)), timeout=CLOSE_WAIT) as sock:
        if first_bytes:
            sock.sendall(first_bytes)
        try:
            return sock.recv(4096) == b""
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True


def test_a_connection_that_sends_nothing_is_closed(server):
    assert _closed_by_server(server, b"")


def test_a_connection_that_stops_in_its_headers_is_closed(server):
    assert _closed_by_server(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")


def test_a_connection_that_stops_in_its_body_is_closed(server):
    head = b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"
    with socket.create_connection(("127.0.0.1", _port(server)), timeout=CLOSE_WAIT) as sock:
        sock.sendall(head)
        try:
            data = sock.recv(4096)
        except TimeoutError:
            pytest.fail("the server kept a connection whose body never came")
        except ConnectionResetError:
            data = b""
    assert data == b"" or data.startswith(b"HTTP/1.1 4")


def test_a_keep_alive_connection_is_still_served_twice(server):
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=30)
    try:
        for _ in range(2):
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            assert response.status == 200
    finally:
        conn.close()


# -- booleans are not integers ------------------------------------------------------------------


@pytest.mark.django_db
class TestBooleansAreRefusedWhereIntegersAreExpected:
    @pytest.fixture
    def ana(self):
        from tests.games.api.factories import player

        return player("ana")

    @pytest.mark.parametrize("players", [True, False])
    def test_players_true_makes_no_table(self, ana, players):
        from games.models import Game

        r = ana.post("/api/v1/games", {"players": players}, format="json")
        assert r.status_code == 400
        assert r.json()["code"] == "invalid"
        assert "players" in r.json()["fields"]
        assert not Game.objects.exists()

    @pytest.mark.parametrize(
        "body",
        [
            {"action": "draw", "expected_seq": True},
            {"action": "play", "tile": [True, 0], "train": 0},
            {"action": "play", "tile": [6, 6], "seat": True},
        ],
    )
    def test_a_move_with_a_boolean_integer_is_invalid(self, ana, body):
        from tests.games.api.factories import create

        gid = create(ana, 2)["id"]
        r = ana.post(f"/api/v1/games/{gid}/moves", body, format="json")
        assert (r.status_code, r.json()["code"]) == (400, "invalid")

    def test_vacation_days_true_is_invalid(self, ana):
        r = ana.post("/api/v1/me/vacation", {"days": True}, format="json")
        assert (r.status_code, r.json()["code"]) == (400, "invalid")
        assert "days" in r.json()["fields"]


def _input(api: str):
    module, _, view = api.rpartition(".")
    return getattr(__import__(module, fromlist=[view]), view).Input


@pytest.mark.parametrize(
    ("api", "data", "field"),
    [
        (
            "tournaments.apis.TournamentListApi",
            {
                "name": "Cup",
                "format": "swiss",
                "starts_at": "2030-01-01T12:00:00Z",
                "table_size": True,
            },
            "table_size",
        ),
        (
            "tournaments.apis.TournamentListApi",
            {
                "name": "Cup",
                "format": "swiss",
                "starts_at": "2030-01-01T12:00:00Z",
                "table_size": 4,
                "rounds": True,
            },
            "rounds",
        ),
        (
            "disputes.apis.DisputeListApi",
            {"game": str(uuid.uuid4()), "category": "other", "reason": "x", "seq": True},
            "seq",
        ),
        (
            "disputes.apis.DisputeListApi",
            {"game": str(uuid.uuid4()), "category": "other", "reason": "x", "against": [True]},
            "against",
        ),
        ("disputes.audit_apis.AuditAwardApi", {"reason": "x", "places": [1, True]}, "places"),
        (
            "disputes.audit_apis.AuditAwardApi",
            {"reason": "x", "places": [1, 2], "dispute": True},
            "dispute",
        ),
        ("disputes.audit_apis.AuditRestartRoundApi", {"reason": "x", "at_seq": True}, "at_seq"),
    ],
)
def test_every_integer_input_refuses_a_boolean(api, data, field):
    serializer = _input(api)(data=data)
    assert not serializer.is_valid()
    assert field in serializer.errors


# -- the proxy ----------------------------------------------------------------------------------


def test_the_proxy_refuses_large_bodies_and_times_out_slow_clients():
    parsed = crossplane.parse(str(REPO / "deploy" / "nginx.conf"), check_ctx=True, check_args=True)
    assert parsed["status"] == "ok", parsed["errors"]
    (http_block,) = [d for d in parsed["config"][0]["parsed"] if d["directive"] == "http"]
    directives = {d["directive"]: d["args"] for d in http_block["block"]}
    assert directives["client_max_body_size"] == ["1m"]
    assert directives["client_header_timeout"] == ["10s"]
    assert directives["client_body_timeout"] == ["10s"]
