"""The fault suite (issue 19): the platform as deployed — two web processes, a Celery worker
and beat, PostgreSQL and Redis of this test's own — under a load of tables of two people and
two bots, while its parts are killed, crashed and paused, one fault after another.

The people are client threads that play as a careful client does: each move carries its
``expected_seq`` and an Idempotency-Key; a 503, a timeout or a dropped connection is retried
with the same key, on the other web process. The bots are played by the worker. Each table has
one watching socket that behaves as the page's does: it syncs on connect, applies live
``events`` in order, pings every few seconds and syncs when the pong's seq is ahead of it,
and opens itself again (on the other web process) when its connection drops.

Faults, each healed before the next: the worker SIGKILLed, Redis SIGKILLed and started empty
(after outages of 1, 4, 12 and 30 s), PostgreSQL crashed (``pg_ctl -m immediate``) and started, the worker paused (SIGSTOP, then
SIGCONT), Redis paused, one web process paused, one web process SIGKILLed and started again.

After each fault is healed, the stall is the time until every table still in play has moved
(a new event in its log); the report prints the worst per fault. The bound asserted
(``MOVED_WITHIN``) is a liveness bound, not a measure of speed: before issue 19 a lost bot task
waited 30 s for the sweeper, and a worker could exit for good on a Redis restart. During each
Redis outage, every process logs one line per kind of failure per interval, and no traceback
(tests/hardening/outage_logs.py).

Checked at the end: no acknowledged move is missing from the log; no move was applied twice
(every move a person made lies in the range of exactly one appended command — one
Idempotency-Key — and no game has more commands than keys were sent for it); no answer was a
5xx other than a 503 or carried a traceback; ``manage.py verify_events`` passes for every
game; the worker and beat are alive; and every watching socket, by its own pings, caught up
to its game's last event in order with no gap.

``FAULT_SUITE_REPO`` (optional) runs the servers, worker and beat from another checkout of the
project (a worktree of an older revision) with this suite, to measure before against after.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.hardening.outage_logs import Window
from tests.hardening.outage_logs import noise
from tests.support.celery import Celery
from tests.support.commands import manage
from tests.support.server import REPO
from tests.support.server import free_port
from tests.support.server import log_tail
from tests.support.server import stop
from tests.support.server import wait_ready

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

API = "/api/v1"
PASSWORD = "pw-correct-horse-1"
TABLES = int(os.environ.get("FAULT_SUITE_TABLES", "6"))
PACE = 0.15  # seconds between a person's moves
CLIENT_TIMEOUT = 12.0  # seconds a client waits for an answer before it retries elsewhere
PAUSE_SECONDS = 6.0
DOWN_SECONDS = 4.0
# Redis is restarted empty after outages of these lengths: recovery must not grow with them
# (before issue 30 the worker's reconnect steps did: 2.3 s after 1 s down, 10.8 s after 20 s).
REDIS_OUTAGES = (1.0, 4.0, 12.0, 30.0)
MOVED_WITHIN = 3.0  # liveness bound after each fault (issue 19: 20 s; issue 30: 3 s)
WAITED_AT_MOST = 60.0  # how long a stall is waited out, to report it
PING_EVERY = 5.0  # as the page's socket
CAUGHT_UP_WITHIN = 20.0
AFTER_SECONDS = 6.0  # play after the last fault, for live pushes to be seen
SUITE_REPO = Path(os.environ.get("FAULT_SUITE_REPO") or REPO)


@dataclass
class Record:
    phase: str = "warm-up"
    answers: list[tuple[str, int, str]] = field(default_factory=list)  # (phase, status, body)
    acknowledged: list[tuple[str, list[int]]] = field(default_factory=list)  # (game, seqs)
    keys_sent: dict[str, set[str]] = field(default_factory=dict)  # game -> keys
    slow_answers: list[tuple[str, float]] = field(default_factory=list)  # (phase, seconds)
    longest_move: dict[str, float] = field(default_factory=dict)  # phase -> seconds
    errors: int = 0
    worker_exits: list[str] = field(default_factory=list)  # the faults after which it had
    worker_restart_to_ready: float = 0.0  # seconds the restarted worker took to be ready
    lock: threading.Lock = field(default_factory=threading.Lock)


class Client:
    """A person's connection, alternating between the web processes after any failure."""

    def __init__(self, ports: list[int], record: Record, token: str, first: int) -> None:
        self.ports, self.record, self.token, self.at = ports, record, token, first
        self.conn: http.client.HTTPConnection | None = None

    def _connection(self) -> http.client.HTTPConnection:
        if self.conn is None:
            port = self.ports[self.at % len(self.ports)]
            self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT)
        return self.conn

    def _switch(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.conn = None
        self.at += 1

    def call(self, method: str, path: str, body=None, key: str | None = None):
        headers = {"Authorization": f"Token {self.token}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if key:
            headers["Idempotency-Key"] = key
        started = time.monotonic()
        try:
            conn = self._connection()
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = conn.getresponse()
            raw = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException):
            self._switch()
            with self.record.lock:
                self.record.errors += 1
            return 0, None
        took = time.monotonic() - started
        with self.record.lock:
            self.record.answers.append((self.record.phase, response.status, raw))
            if method == "POST" and path.endswith("/moves"):
                phase = self.record.phase
                self.record.longest_move[phase] = max(self.record.longest_move.get(phase, 0), took)
                if took > 2:
                    self.record.slow_answers.append((phase, round(took, 1)))
        if response.status >= 500:
            self._switch()
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, None


class People(threading.Thread):
    """The two people of one table, playing until the game ends or the suite stops."""

    def __init__(self, gid: str, clients: list[Client], record: Record, halt: threading.Event):
        super().__init__(daemon=True, name=f"people-{gid[:8]}")
        self.gid, self.clients, self.record, self.halt = gid, clients, record, halt

    def run(self) -> None:
        while not self.halt.is_set():
            mover = state = None
            for client in self.clients:
                status, body = client.call("GET", f"{API}/games/{self.gid}/state")
                if status != 200 or body is None:
                    break
                if body["status"] != "active":
                    return
                if body["legal_moves"]:
                    mover, state = client, body
                    break
            if mover is None or state is None:
                time.sleep(0.2)  # a bot's turn, or a part of the platform is away
                continue
            self.move(mover, {**state["legal_moves"][0], "expected_seq": state["seq"]})
            time.sleep(PACE)

    def move(self, client: Client, body: dict) -> None:
        key = uuid.uuid4().hex
        with self.record.lock:
            self.record.keys_sent.setdefault(self.gid, set()).add(key)
        while not self.halt.is_set():
            status, answer = client.call("POST", f"{API}/games/{self.gid}/moves", body, key)
            if status in (200, 201) and answer is not None:
                with self.record.lock:
                    self.record.acknowledged.append(
                        (self.gid, [e["seq"] for e in answer["events"]])
                    )
                return
            if status in (0, 503):
                time.sleep(0.5)  # the same move with the same key: never applied twice
                continue
            return  # 409 and the like: read the state again


class Watcher(threading.Thread):
    """One table's watching socket, as the page's: events applied in order, a ping every
    PING_EVERY seconds, a sync when the pong is ahead, a new socket when one drops."""

    def __init__(
        self, ports: list[int], gid: str, record: Record, halt: threading.Event, first: int
    ) -> None:
        super().__init__(daemon=True, name=f"watch-{gid[:8]}")
        self.ports, self.gid, self.record, self.halt, self.at = ports, gid, record, halt, first
        self.seq = 0  # the last event applied, in order
        self.syncs_asked = 0  # syncs sent and not yet answered on this socket
        self.pushed: dict[str, int] = {}  # phase -> events that arrived as live pushes
        self.gaps_seen = 0  # live batches that skipped ahead (then synced)
        self.pong_syncs = 0  # syncs asked because a pong was ahead (an update was lost)
        self.reconnects = 0
        self.out_of_order: list[tuple[int, int]] = []

    def run(self) -> None:
        while not self.halt.is_set():
            port = self.ports[self.at % len(self.ports)]
            try:
                with connect(
                    f"ws://127.0.0.1:{port}/ws/games/{self.gid}/",
                    origin=f"http://127.0.0.1:{port}",
                    open_timeout=10,
                ) as ws:
                    self.watch(ws)
            except (ConnectionClosed, OSError, TimeoutError):
                pass
            if not self.halt.is_set():
                self.reconnects += 1
                self.at += 1
                time.sleep(1)

    def watch(self, ws) -> None:
        hello = json.loads(ws.recv(timeout=10))
        if hello.get("type") != "hello":
            raise ConnectionClosed(None, None)
        self.syncs_asked = 0
        self.sync(ws)
        last_ping = time.monotonic()
        waiting_pong = False
        while not self.halt.is_set():
            if time.monotonic() - last_ping >= PING_EVERY:
                if waiting_pong:  # no pong within a ping interval: the socket is dead
                    return
                ws.send(json.dumps({"command": "ping"}))
                last_ping, waiting_pong = time.monotonic(), True
            try:
                message = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                continue
            kind = message.get("type")
            if kind == "pong":
                waiting_pong = False
                if message.get("seq", 0) > self.seq:
                    self.pong_syncs += 1
                    self.sync(ws)
            elif kind == "events":
                pushed = self.syncs_asked == 0  # else the answer to a sync (in order)
                self.syncs_asked = max(self.syncs_asked - 1, 0)
                applied = self.apply(ws, message["events"])
                if pushed:
                    phase = self.record.phase
                    self.pushed[phase] = self.pushed.get(phase, 0) + applied
            elif kind == "hello":
                self.sync(ws)

    def sync(self, ws) -> None:
        self.syncs_asked += 1
        ws.send(json.dumps({"command": "sync", "after": self.seq}))

    def apply(self, ws, events: list[dict]) -> int:
        """Apply ``events`` in order; return how many were new."""
        applied = 0
        for event in events:
            seq = event["seq"]
            if seq <= self.seq:
                continue  # already applied (a sync and a live push overlapped)
            if seq != self.seq + 1:
                self.gaps_seen += 1  # an update was lost: ask for what is missing
                self.sync(ws)
                return applied
            self.seq = seq
            applied += 1
        return applied


class Web:
    """One `manage.py serve` process on a fixed port, to pause, kill and start again."""

    def __init__(self, env: dict[str, str], logs: Path, name: str) -> None:
        self.env, self.port, self.name = env, free_port(), name
        self.log_path = logs / f"{name}.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log_path, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "manage.py", "serve", "--port", str(self.port)],
                cwd=SUITE_REPO,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_ready(self.proc, self.port, self.log_path, timeout=90, path="/healthz")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(OSError):
                self.proc.send_signal(signal.SIGCONT)
            stop(self.proc)


def versions(url: str, gids: list[str]) -> dict[str, tuple[int, str]]:
    """Each game's (version, status), read from the database (None while it is away)."""
    with psycopg.connect(url, connect_timeout=2) as conn:
        rows = conn.execute(
            "SELECT id::text, version, status FROM games_game WHERE id::text = ANY(%s)", [gids]
        ).fetchall()
    return {gid: (version, status) for gid, version, status in rows}


def under_way(url: str, starts: dict[str, int], moves: int = 4) -> None:
    """Wait until every table has played ``moves`` events past its start (up to a minute)."""
    until = time.monotonic() + WAITED_AT_MOST
    while time.monotonic() < until:
        at = versions(url, list(starts))
        if all(at[gid][0] >= seq + moves or at[gid][1] != "active" for gid, seq in starts.items()):
            return
        time.sleep(0.1)
    raise AssertionError(f"the tables did not get under way: {versions(url, list(starts))}")


def stall_after_heal(url: str, gids: list[str]) -> tuple[float, str]:
    """Seconds from now until every game still active has moved past its version now, and
    what the last table to move waited on (its next event's actor and type, with when it was
    written after the heal)."""
    healed, healed_at = time.monotonic(), datetime.now(UTC)
    at = None
    while at is None:
        with contextlib.suppress(psycopg.OperationalError):
            at = versions(url, gids)
        if at is None:
            time.sleep(0.1)
    waiting = {gid for gid, (_, status) in at.items() if status == "active"}
    worst, last = 0.0, ""
    while waiting and time.monotonic() - healed < WAITED_AT_MOST:
        with contextlib.suppress(psycopg.OperationalError):
            now = versions(url, gids)
            for gid in list(waiting):
                version, status = now[gid]
                if version > at[gid][0] or status != "active":
                    waiting.discard(gid)
                    worst, last = time.monotonic() - healed, gid
        time.sleep(0.05)
    if waiting:
        return float("inf"), f"tables that never moved: {sorted(waiting)}"
    return worst, waited_on(url, last, at[last][0], healed_at) if last else ""


def waited_on(url: str, gid: str, version: int, healed_at: datetime) -> str:
    """The event that ended table ``gid``'s stall: its type, actor and time after the heal."""
    with contextlib.suppress(psycopg.OperationalError), psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT type, actor, created_at FROM eventstore_event WHERE stream = %s AND seq = %s",
            [f"game-{gid}", version + 1],
        ).fetchone()
        if row:
            kind, actor, created = row
            return f"{kind} by {actor} at +{(created - healed_at).total_seconds():.2f} s"
    return "?"


def alive(proc: subprocess.Popen | None) -> bool:
    return proc is not None and proc.poll() is None


def signal_process(proc: subprocess.Popen | None, sig: int) -> None:
    assert proc is not None
    assert proc.poll() is None, "the process to signal has exited"
    proc.send_signal(sig)


@pytest.mark.heavy(215)  # seconds, loaded machine
def test_every_fault_heals_in_seconds_with_nothing_lost_or_doubled(private_servers, tmp_path):
    pg, rds = private_servers
    run_suite(pg, rds, tmp_path)


def run_suite(pg, rds, tmp_path: Path) -> None:
    url = pg.create_database("suite")
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL=url,
        REDIS_URL=rds.url,
        CELERY_BROKER_URL=rds.url.rsplit("/", 1)[0] + "/1",
        CELERY_EAGER="0",
        DJANGO_DEBUG="0",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        RATE_LIMIT_REGISTER="100/min",  # every account here signs up from one address
        PYTHONPATH=os.pathsep.join([str(SUITE_REPO), str(SUITE_REPO / "platform")]),
        # The platform's defaults otherwise (grace, sweep interval): they are what is measured.
    )
    for name in ("AUTOMATIC_GRACE_SECONDS", "SWEEP_INTERVAL", "CELERY_EAGER_PROPAGATES"):
        env.pop(name, None)
    env["CELERY_EAGER"] = "0"
    webs = [Web(env, tmp_path, "web-a"), Web(env, tmp_path, "web-b")]
    webs[0].start()  # migrates first, alone
    webs[1].start()
    celery = Celery(env, tmp_path, repo=SUITE_REPO)
    celery.start_worker(pool="prefork", concurrency=2)  # as deployed
    celery.start_beat()
    ports = [w.port for w in webs]
    record = Record()
    halt = threading.Event()  # the people stop
    watch_halt = threading.Event()  # the watching sockets stop
    stalls: dict[str, float] = {}
    waits: dict[str, str] = {}  # fault -> what its last table waited on
    outages: list[Window] = []
    threads: list[threading.Thread] = []
    try:
        gids, starts = [], {}
        for t in range(TABLES):
            tokens = [register(ports[0], f"t{t}a"), register(ports[0], f"t{t}b")]
            host, guest = (Client(ports, record, tok, t) for tok in tokens)
            status, game = host.call("POST", f"{API}/games", {"players": 4})
            assert status == 201, game
            gid = game["id"]
            assert guest.call("POST", f"{API}/games/{gid}/join")[0] == 200
            for strategy in ("greedy", "random"):
                status, body = host.call("POST", f"{API}/games/{gid}/bots", {"strategy": strategy})
                assert status == 201, body
            status, body = host.call("POST", f"{API}/games/{gid}/start")
            assert status == 200, body
            gids.append(gid)
            starts[gid] = body.get("seq", 0) if isinstance(body, dict) else 0
            threads.append(People(gid, [host, guest], record, halt))
            threads.append(Watcher(ports, gid, record, watch_halt, first=t))
        for thread in threads:
            thread.start()
        under_way(url, starts)  # every table has played a few moves: the faults begin

        def fault(name: str, action) -> None:
            record.phase = name
            action()
            stalls[name], waits[name] = stall_after_heal(url, gids)
            if not alive(celery.worker):  # as a process manager would: counted, restarted
                record.worker_exits.append(name)
                celery.start_worker(pool="prefork", concurrency=2)
            # Play on a little before the next fault; past the last outage's window of log
            # lines (MOVED_WITHIN after Redis is back), so that the next one's are not in it.
            time.sleep(MOVED_WITHIN)

        def worker_killed():
            celery.kill_worker()
            celery.start_worker(pool="prefork", concurrency=2)
            # Healed once the new worker is ready (its start is the process manager's time):
            # the stall is counted from there, the start reported beside it.
            record.worker_restart_to_ready = celery.wait_worker_ready()

        def redis_restarted(seconds: float):
            def action():
                start = datetime.now(UTC)
                rds.stop()  # SIGKILL, nothing persisted: queued tasks and the layer's state gone
                time.sleep(seconds)
                rds.start()
                # The lines of the outage: until the stall after it is over, at the most.
                outages.append(
                    Window(
                        f"Redis down {seconds:g} s",
                        start,
                        datetime.now(UTC) + timedelta(seconds=MOVED_WITHIN),
                    )
                )

            return action

        def postgres_crashed():
            pg.stop("immediate")
            time.sleep(DOWN_SECONDS)
            pg.start()

        def paused(proc_of):
            def action():
                signal_process(proc_of(), signal.SIGSTOP)
                time.sleep(PAUSE_SECONDS)
                signal_process(proc_of(), signal.SIGCONT)

            return action

        def web_killed():
            webs[1].kill()
            time.sleep(1)
            webs[1].start()

        fault("worker SIGKILL", worker_killed)
        for seconds in REDIS_OUTAGES:
            fault(f"Redis restart, data lost, down {seconds:g} s", redis_restarted(seconds))
        fault("PostgreSQL crash", postgres_crashed)
        fault("worker paused", paused(lambda: celery.worker))
        fault("Redis paused", paused(lambda: rds.proc))
        fault("web paused", paused(lambda: webs[0].proc))
        fault("web SIGKILL", web_killed)
        record.phase = "after"
        time.sleep(AFTER_SECONDS)
        active = {gid for gid, (_, status) in versions(url, gids).items() if status == "active"}
    finally:
        halt.set()
        for thread in threads:
            if isinstance(thread, People):
                thread.join(timeout=30)
        # The sockets catch up by themselves: once the tables are quiet (the people stopped,
        # the bots played their turns), each watcher reaches its game's last event within a
        # few pings — also one whose live pushes were lost.
        final = quiet(url, gids)
        until = time.monotonic() + CAUGHT_UP_WITHIN
        watchers = [t for t in threads if isinstance(t, Watcher)]
        while time.monotonic() < until and any(w.seq < final[w.gid][0] for w in watchers):
            time.sleep(0.2)
        watch_halt.set()
        for thread in watchers:
            thread.join(timeout=30)
        report = summary(record, stalls, waits, threads, webs, celery)
        print(report)
    try:
        lagging = {w.gid: (w.seq, final[w.gid][0]) for w in watchers if w.seq != final[w.gid][0]}
        assert not lagging, f"sockets behind their game (seen, last): {lagging}\n{report}"
        # ... and live pushes reach every socket again after the last fault (none that
        # subscribed before a Redis restart went deaf for good).
        deaf = [w.gid for w in watchers if w.gid in active and not w.pushed.get("after")]
        assert not deaf, f"sockets with no live push after the faults: {deaf}\n{report}"
        for name, stall in stalls.items():
            assert stall <= MOVED_WITHIN, f"{name}: a table stood still\n{report}"
        logs = [w.log_path for w in webs] + sorted(tmp_path.glob("worker-*.log"))
        logs += sorted(tmp_path.glob("beat-*.log"))
        for window in outages:
            repeated, tracebacks = noise(logs, window)
            assert not tracebacks, f"{window.name}: tracebacks logged\n" + "\n".join(tracebacks)
            assert not repeated, f"{window.name}: a failure logged again and again\n" + "\n".join(
                repeated
            )
        # A move's answer never waits on Redis: not for the pause's length (it used to).
        assert record.longest_move.get("Redis paused", 0) < PAUSE_SECONDS / 2, report
        assert not record.worker_exits, f"the worker exited\n{report}\n{celery.log_tail()}"
        assert alive(celery.worker), celery.log_tail()
        assert alive(celery.beat), celery.log_tail()
        for phase, status, body in record.answers:
            assert "Traceback" not in body, (phase, status, body[:500])
            assert status < 500 or status == 503, (phase, status, body[:500])
        check_log(url, record, gids, starts)
    finally:
        celery.stop()
        for web in webs:
            web.stop()
    verify = manage("verify_events", env=env, timeout=600, repo=SUITE_REPO)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert f"{TABLES} games verified" in verify.stdout, verify.stdout


def register(port: int, name: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"username": name, "password": PASSWORD})
    conn.request("POST", f"{API}/auth/register", body, {"Content-Type": "application/json"})
    response = conn.getresponse()
    answer = json.loads(response.read())
    assert response.status == 201, answer
    return answer["token"]


def quiet(url: str, gids: list[str]) -> dict[str, tuple[int, str]]:
    """The games' versions once none has moved for 3 s (the bots' turns played out)."""
    last, since = versions(url, gids), time.monotonic()
    give_up = since + 30
    while time.monotonic() - since < 3 and time.monotonic() < give_up:
        time.sleep(0.5)
        now = versions(url, gids)
        if now != last:
            last, since = now, time.monotonic()
    return last


def check_log(url: str, record: Record, gids: list[str], starts: dict[str, int]) -> None:
    """Nothing acknowledged lost, nothing applied twice."""
    with psycopg.connect(url) as conn:
        events = conn.execute(
            "SELECT stream, seq, actor FROM eventstore_event ORDER BY stream, seq"
        ).fetchall()
        commands = conn.execute(
            "SELECT stream, first_seq, last_seq FROM eventstore_appendedcommand"
        ).fetchall()
    stored: dict[str, set[int]] = {}
    for stream, seq, _ in events:
        stored.setdefault(stream, set()).add(seq)
    stream_of = {gid: next((s for s in stored if gid in s), None) for gid in gids}
    lost = [
        (gid, seqs)
        for gid, seqs in record.acknowledged
        if not set(seqs) <= stored.get(stream_of[gid] or "", set())
    ]
    assert record.acknowledged
    assert not lost, lost[:5]
    ranges: dict[str, list[tuple[int, int]]] = {}
    for stream, first, last in commands:
        ranges.setdefault(stream, []).append((first, last))
    for gid in gids:
        stream = stream_of[gid]
        assert stream is not None, gid
        own = ranges.get(stream, [])
        # A person's every move after the start came with a key: each lies in one command.
        for s, seq, actor in events:
            if s == stream and seq > starts[gid] and (actor or {}).get("kind") == "player":
                holding = [r for r in own if r[0] <= seq <= r[1]]
                assert len(holding) == 1, (gid, seq, actor, holding)
        assert len(own) <= len(record.keys_sent.get(gid, ())), (gid, len(own))


def summary(
    record: Record, stalls: dict[str, float], waits: dict[str, str], threads, webs, celery
) -> str:
    lines = [f"fault suite: {TABLES} tables of 2 people and 2 bots, code from {SUITE_REPO}"]
    lines.append(
        "worst stall after each fault was healed (s; the worker counts as healed once the new one "
        f"is ready, which took {record.worker_restart_to_ready:.1f} s):"
    )
    for name, stall in stalls.items():
        lines.append(f"  {name}: {stall:.1f} (the last table: {waits.get(name, '?')})")
    statuses: dict[int, int] = {}
    for _, status, _ in record.answers:
        statuses[status] = statuses.get(status, 0) + 1
    lines.append(f"answers by status: {dict(sorted(statuses.items()))}")
    lines.append(f"acknowledged moves: {len(record.acknowledged)}; dropped: {record.errors}")
    lines.append(f"moves answered after more than 2 s: {record.slow_answers}")
    longest = {phase: round(took, 1) for phase, took in record.longest_move.items()}
    lines.append(f"longest answer to a move, by phase (s): {longest}")
    watchers = [t for t in threads if isinstance(t, Watcher)]
    pushed: dict[str, int] = {}
    for w in watchers:
        for phase, n in w.pushed.items():
            pushed[phase] = pushed.get(phase, 0) + n
    lines.append(f"events that reached the watching sockets as live pushes, by phase: {pushed}")
    lines.append(
        "watching sockets: gaps caught up "
        f"{sum(w.gaps_seen for w in watchers)}, syncs after a pong ahead "
        f"{sum(w.pong_syncs for w in watchers)}, "
        f"reconnections {sum(w.reconnects for w in watchers)}"
    )
    living = {
        "worker": alive(celery.worker),
        "beat": alive(celery.beat),
        **{w.name: alive(w.proc) for w in webs},
    }
    lines.append(f"alive at the end: {living}; the worker exited after: {record.worker_exits}")
    for w in webs:
        lines.append(f"--- {w.name}\n{log_tail(w.log_path, 10)}")
    return "\n".join(lines)
