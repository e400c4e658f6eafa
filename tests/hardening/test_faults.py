"""PostgreSQL, then Redis, stopped under load: clear 503s, no acknowledged move lost, recovery.

The real server (`manage.py serve`, tasks in-process) runs on a private PostgreSQL cluster and a
private redis-server (tests/hardening/private.py), so killing them disturbs no other test. Player
threads keep moving through the REST API, as clients should: a 503 is retried after a pause
with the same Idempotency-Key, a 409 re-reads the state. A socket client checks that the socket
answers a command with a 503 error message while the database is down.

Checked: every 5xx is a 503 ``{"code": "service_unavailable", "retry_after"}`` with
Retry-After, no answer carries a traceback, every move that got a 2xx is in the log after the
restarts, ``manage.py verify_events`` passes, and every table plays on once the services return.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import threading
import time
import uuid
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.support.commands import manage
from tests.support.server import log_tail
from tests.support.server import served
from tests.support.tickets import socket_url

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

API = "/api/v1"
PASSWORD = "pw-correct-horse-1"
TABLES = 3  # two of two people, one of a person and a bot
PG_DOWN_SECONDS = 13  # longer than the pool's 10 s wait for a connection
REDIS_DOWN_SECONDS = 5
RECOVERY_SECONDS = 90
SOCKET_RECOVERY_SECONDS = 30
PACE = 0.1  # seconds between a table's moves: brisk, under the 20 moves/s rate limit


@dataclass
class Answer:
    phase: str
    method: str
    path: str
    status: int
    body: str
    retry_after: str | None


@dataclass
class Log:
    phase: str = "up"
    answers: list[Answer] = field(default_factory=list)
    acknowledged: list[tuple[str, int, list[tuple[int, str]]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    recovery: dict[str, float] = field(default_factory=dict)
    held_socket_live: bool | None = None
    socket_retries: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def moves_since(self, mark: int) -> dict[str, int]:
        with self.lock:
            out: dict[str, int] = {}
            for gid, _, _ in self.acknowledged[mark:]:
                out[gid] = out.get(gid, 0) + 1
            return out


class Http:
    """One keep-alive connection; a dropped connection is opened again."""

    def __init__(self, port: int, log: Log, token: str | None = None) -> None:
        self.port, self.log, self.token = port, log, token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict | None]:
        headers = dict(headers or {})
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
            raw = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            with self.log.lock:
                self.log.errors.append(f"{self.log.phase}: {method} {path}: {exc!r}")
            return 0, None
        with self.log.lock:
            self.log.answers.append(
                Answer(
                    self.log.phase,
                    method,
                    path,
                    response.status,
                    raw,
                    response.getheader("Retry-After"),
                )
            )
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, None


def register(port: int, log: Log, name: str) -> str:
    status, body = Http(port, log).call(
        "POST", f"{API}/auth/register", {"username": name, "password": PASSWORD}
    )
    assert status == 201, body
    return body["token"]


class Table(threading.Thread):
    """Plays one table through the API until told to stop, as a careful client would."""

    def __init__(self, port: int, log: Log, gid: str, tokens: list[str], stop: threading.Event):
        super().__init__(daemon=True)
        self.gid, self.log, self.stop = gid, log, stop
        self.clients = [Http(port, log, t) for t in tokens]

    def run(self) -> None:
        while not self.stop.is_set():
            mover, st = None, None
            for client in self.clients:
                status, body = client.call("GET", f"{API}/games/{self.gid}/state")
                if status != 200:
                    mover = None
                    break
                if body["status"] != "active":
                    return
                if body["legal_moves"]:
                    mover, st = client, body
                    break
            if mover is None:
                time.sleep(0.2)  # a bot's turn, or the database is away
                continue
            self.move(mover, {**st["legal_moves"][0], "expected_seq": st["seq"]})
            time.sleep(PACE)

    def move(self, client: Http, body: dict) -> None:
        key = uuid.uuid4().hex
        while not self.stop.is_set():
            status, answer = client.call(
                "POST", f"{API}/games/{self.gid}/moves", body, {"Idempotency-Key": key}
            )
            if status in (200, 201):
                events = [(e["seq"], e["type"]) for e in answer["events"]]
                with self.log.lock:
                    self.log.acknowledged.append((self.gid, answer["seq"], events))
                return
            if status == 503 or status == 0:
                time.sleep(0.5)  # the same move, the same key: never applied twice
                continue
            return  # 409 stale and the like: read the state again


def stored_events(url: str) -> dict[str, set[tuple[int, str]]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT stream, seq, type FROM eventstore_event").fetchall()
    out: dict[str, set[tuple[int, str]]] = {}
    for stream, seq, type_ in rows:
        out.setdefault(stream, set()).add((seq, type_))
    return out


def wait_for(what: str, check, timeout: float, server_log: Path) -> None:
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        if check():
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}\n{log_tail(server_log, 60)}")


ANSWERS = {"sync": {"events", "error"}, "move": {"move.accepted", "error"}, "ping": {"pong"}}


def socket_command(ws, command: dict, timeout: float = 30) -> dict:
    """Send a command; return its answer (a sync's is the first ``events`` message after it:
    a socket gets live pushes only once it has synced)."""
    ws.send(json.dumps(command))
    until = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(until - time.monotonic(), 0.1)))
        if message.get("type") in ANSWERS[command["command"]]:
            return message


@pytest.mark.heavy(95)  # seconds, loaded machine
def test_outages_answer_503_keep_every_acknowledged_move_and_recover(private_servers, tmp_path):
    pg, rds = private_servers
    run_outages(pg, rds, tmp_path)


def run_outages(pg, rds, tmp_path: Path) -> None:
    url = pg.create_database("faults")
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)},
        "DATABASE_URL": url,
        "REDIS_URL": rds.url,
        "CELERY_EAGER": "1",  # tasks (the bot's turns) in the server process
        "AUTOMATIC_GRACE_SECONDS": "2",  # a bot turn lost in the outage is played soon after
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    server_log = tmp_path / "server.log"
    log = Log()
    stop = threading.Event()
    sockets = contextlib.ExitStack()
    with served(env, server_log) as base:
        port = int(base.rsplit(":", 1)[1])
        gids, tokens = [], []
        for t in range(TABLES):
            pair = [register(port, log, f"p{t}a"), register(port, log, f"p{t}b")]
            host = Http(port, log, pair[0])
            body = {"players": 2, "variants": {"rounds": 3}}  # double-12: outlasts the test
            status, game = host.call("POST", f"{API}/games", body)
            assert status == 201, game
            gid = game["id"]
            if t < TABLES - 1:
                assert Http(port, log, pair[1]).call("POST", f"{API}/games/{gid}/join")[0] == 200
                players = pair
            else:
                assert (
                    host.call("POST", f"{API}/games/{gid}/bots", {"strategy": "greedy"})[0] == 201
                )
                players = pair[:1]
            assert host.call("POST", f"{API}/games/{gid}/start")[0] == 200
            gids.append(gid)
            tokens.append(players)
        ws = sockets.enter_context(
            connect(
                socket_url(f"http://127.0.0.1:{port}", f"/ws/games/{gids[0]}/", tokens[0][0]),
                origin=f"http://127.0.0.1:{port}",
                open_timeout=20,
            )
        )
        assert json.loads(ws.recv(timeout=20))["type"] == "hello"
        tables = [Table(port, log, gid, toks, stop) for gid, toks in zip(gids, tokens, strict=True)]
        for table in tables:
            table.start()

        def time_recovery(service: str, name: str, mark: int) -> None:
            """Wait until every table has moved since ``mark`` (or is over), ``name`` being
            back; note in the log how long that took."""
            back = time.monotonic()
            wait_for(
                f"every table to move again after {name} returned",
                lambda: len(log.moves_since(mark)) == TABLES or all_over(tables),
                RECOVERY_SECONDS,
                server_log,
            )
            log.recovery[service] = time.monotonic() - back

        try:
            wait_for("moves", lambda: len(log.acknowledged) >= 15, 60, server_log)

            # -- PostgreSQL goes away (as in a crash: no clean shutdown) --------------------------
            log.phase = "postgres down"
            pg.stop("immediate")
            time.sleep(1)
            during = socket_command(ws, {"command": "sync", "after": 0})
            move = {"action": "draw"}
            during_move = socket_command(ws, {"command": "move", "id": "m1", "move": move})
            time.sleep(PG_DOWN_SECONDS)
            log.phase = "postgres back"
            mark = len(log.acknowledged)
            pg.start()
            time_recovery("postgres", "PostgreSQL", mark)
            after_pg = socket_command(ws, {"command": "sync", "after": 0})  # live from here

            # -- Redis goes away ------------------------------------------------------------------
            log.phase = "redis down"
            mark = len(log.acknowledged)
            rds.stop()
            time.sleep(REDIS_DOWN_SECONDS)
            moved_without_redis = log.moves_since(mark)
            log.phase = "redis back"
            rds.start()
            time_recovery("redis", "Redis", len(log.acknowledged))
            # The socket kept open through the outage: does it get live moves again?
            log.held_socket_live = live_events_arrive(ws, seconds=5)
            # A socket client reconnects (with a pause between tries, as the page does) and
            # resyncs: connections the server's pool kept to the old Redis fail once each.
            synced = reconnect_and_sync(port, gids[0], tokens[0][0], log)
        finally:
            stop.set()
            for table in tables:
                table.join(timeout=90)
            with contextlib.suppress(Exception):
                sockets.close()
            report = summary(log)
            print(report)

        # The socket told its client to retry while the database was away, and came back.
        for message in (during, during_move):
            assert message["type"] == "error", message
            assert message["status"] == 503, message
            assert message["code"] == "service_unavailable"
            assert message["retry_after"] >= 1
        assert during_move["id"] == "m1"
        assert after_pg["type"] == "events", after_pg
        assert after_pg["events"], after_pg
        # Sockets are back with Redis: a new one resyncs, the one held through it gets pushes.
        assert synced is not None, report
        assert synced["type"] == "events", synced
        assert synced["events"], synced
        assert log.held_socket_live, report

        # Clear 503s, never another 5xx, never a traceback.
        down = [a for a in log.answers if a.phase == "postgres down"]
        assert any(a.status == 503 for a in down), report
        for a in log.answers:
            assert "Traceback" not in a.body, a
            if a.status >= 500:
                assert a.status == 503, (a, log_tail(server_log))
                body = json.loads(a.body)
                assert body["code"] == "service_unavailable", a
                assert body["retry_after"] >= 1, a
                assert a.retry_after == str(body["retry_after"]), a
        # Without Redis the REST API keeps working (the database is the truth).
        assert moved_without_redis, report

    # Every acknowledged move is in the log, and the logs verify.
    stored = stored_events(url)
    lost = [
        (gid, seq, events)
        for gid, seq, events in log.acknowledged
        if not set(events) <= stored.get(f"game-{gid}", stored.get(gid, set()))
    ]
    assert log.acknowledged, lost[:5]
    assert not lost, lost[:5]
    verify = manage("verify_events", env={**env, "PYTHONUNBUFFERED": "1"}, timeout=300)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert f"{TABLES} games verified" in verify.stdout


def reconnect_and_sync(port: int, gid: str, token: str, log: Log) -> dict | None:
    """Open a socket and sync, as a client does: a socket closed or silent for 15 s is given up
    and opened again a second later, for up to SOCKET_RECOVERY_SECONDS; return the sync (None
    if no socket got one)."""
    started = time.monotonic()
    while time.monotonic() - started < SOCKET_RECOVERY_SECONDS:
        try:
            with connect(
                socket_url(f"http://127.0.0.1:{port}", f"/ws/games/{gid}/", token),
                origin=f"http://127.0.0.1:{port}",
                open_timeout=15,
            ) as ws:
                assert json.loads(ws.recv(timeout=15))["type"] == "hello"
                synced = socket_command(ws, {"command": "sync", "after": 0}, timeout=15)
                log.recovery["socket"] = time.monotonic() - started
                return synced
        except (ConnectionClosed, OSError):
            log.socket_retries += 1
            time.sleep(1)
    return None


def live_events_arrive(ws, seconds: float) -> bool:
    """Whether a live ``events`` push arrives on ``ws`` within ``seconds`` (moves go on)."""
    until = time.monotonic() + seconds
    try:
        while time.monotonic() < until:
            message = json.loads(ws.recv(timeout=max(until - time.monotonic(), 0.1)))
            if message.get("type") == "events":
                return True
    except (ConnectionClosed, TimeoutError):
        return False
    return False


def all_over(tables: list[Table]) -> bool:
    return not any(t.is_alive() for t in tables)


def summary(log: Log) -> str:
    lines = []
    for phase in ("up", "postgres down", "postgres back", "redis down", "redis back"):
        answers = [a for a in log.answers if a.phase == phase]
        counts: dict[int, int] = {}
        for a in answers:
            counts[a.status] = counts.get(a.status, 0) + 1
        lines.append(f"{phase}: {dict(sorted(counts.items()))}")
    lines.append(f"acknowledged moves: {len(log.acknowledged)}; connection errors: {log.errors}")
    recovery = {k: round(v, 1) for k, v in log.recovery.items()}
    lines.append(f"seconds to a move on every table after the restart: {recovery}")
    lines.append(f"socket reconnections needed after Redis returned: {log.socket_retries}")
    lines.append(
        f"the socket held through the Redis outage got live moves after: {log.held_socket_live}"
    )
    return "\n".join(lines)
