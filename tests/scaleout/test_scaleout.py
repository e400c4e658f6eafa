"""Scale-out: two ASGI web processes and a Celery worker on one PostgreSQL and Redis.

A socket client on process A sees a move made through process B; the bot's seat is played by
the worker; process A is killed mid-game and its client reconnects to B and resyncs with
nothing lost (every seq from 1 to the game's version received exactly once). Once more with
the channel layer sharded over two Redis servers of the test's own (CHANNEL_REDIS_URLS).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.sync.client import connect

from tests.e2e.conftest import _is_postgres
from tests.e2e.conftest import _recreate_database
from tests.e2e.conftest import _with_database
from tests.e2e.conftest import api
from tests.support.celery import Celery
from tests.support.celery import broker_url
from tests.support.celery import purge
from tests.support.server import free_port
from tests.support.server import log_tail
from tests.support.server import start
from tests.support.server import stop
from tests.support.server import wait_ready
from tests.support.tickets import socket_url
from tests.support.xdist import worker_name

pytestmark = [
    pytest.mark.slow,
    # websockets' sync client warns when a connection is not opened in a ``with`` block; the
    # listener keeps its connection across calls on purpose.
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

PASSWORD = "scale-out-password-9"


def _require_services() -> tuple[str, str]:
    database_url = os.environ.get("DATABASE_URL", "").strip()
    redis_url = os.environ.get("REDIS_URL", "").strip()
    if not (database_url and _is_postgres(database_url) and redis_url):
        reason = "needs PostgreSQL and Redis: set DATABASE_URL and REDIS_URL (as .ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the scale-out test: {reason}", pytrace=False)
        pytest.skip(reason)
    return database_url, redis_url


class Cluster:
    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env, self.logs = env, logs
        self.web: dict[str, tuple[subprocess.Popen, int]] = {}

    def start_web(self, name: str) -> str:
        port = free_port()
        log_path = self.logs / f"web-{name}.log"
        proc = start(self.env, open(log_path, "w"), port)  # noqa: SIM115
        wait_ready(proc, port, log_path, timeout=90)
        self.web[name] = (proc, port)
        return f"http://127.0.0.1:{port}"

    def kill_web(self, name: str) -> None:
        proc, _ = self.web[name]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    def stop(self) -> None:
        for proc, _ in self.web.values():
            stop(proc)

    def tail(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{log_tail(p, 20)}" for p in sorted(self.logs.glob("*.log"))
        )


@pytest.fixture
def cluster(request, tmp_path):
    """Two web processes and a worker; with ``request.param`` true (indirect parametrizing),
    their channel layer sharded over two private redis-servers, its ``shards`` URLs."""
    database_url, redis_url = _require_services()
    shards = _private_redis_servers(tmp_path, 2) if getattr(request, "param", False) else []
    # One database per pytest-xdist worker: tests/hardening/test_socket_seats.py uses this
    # cluster too, and in parallel one's DROP ... WITH (FORCE) cut the other's servers off.
    name = f"{urlsplit(database_url).path.lstrip('/')}_scaleout{worker_name()}"
    _recreate_database(database_url, name, create=True)
    broker = broker_url(redis_url)
    purge(broker)
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)}
    env.update(
        DATABASE_URL=_with_database(database_url, name),
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=broker,
        CELERY_EAGER="0",
        SWEEP_INTERVAL="0.5",
        AUTOMATIC_GRACE_SECONDS="3",
        DJANGO_DEBUG="1",
        PYTHONUNBUFFERED="1",
        PYTHONPATH=os.pathsep.join(
            [
                str(Path(__file__).resolve().parents[2]),
                str(Path(__file__).resolve().parents[2] / "platform"),
            ]
        ),
    )
    # Its cache keys of its own: the rate limits count there by user id, and each cluster's
    # fresh database numbers its users from 1 again. Shared, five runs of the suite within the
    # hour added up to the game-creation limit of user 1 (429 "throttled", a flake-hunt's fifth
    # run).
    env["CACHE_KEY_PREFIX"] = f"scaleout-{uuid.uuid4().hex}"
    env.pop("CHANNEL_REDIS_URLS", None)
    if shards:
        env["CHANNEL_REDIS_URLS"] = ",".join(server.url for server in shards)
    with tempfile.TemporaryDirectory() as tmp:
        logs = Path(tmp)
        c = Cluster(env, logs)
        c.shards = [server.url for server in shards]
        workers = Celery(env, logs)
        try:
            for server in shards:
                server.start()
            c.a = c.start_web("a")  # migrates first; B then finds the schema in place
            c.b = c.start_web("b")
            workers.start_worker()
            c.workers = workers
            yield c
        finally:
            workers.stop()
            c.stop()
            for server in shards:
                server.stop()
            purge(broker)
            _recreate_database(database_url, name, create=False)


def _private_redis_servers(root: Path, count: int) -> list:
    """``count`` private redis-servers (tests/hardening/private.py), their ports chosen, not
    yet started; skipped where redis-server is missing."""
    from tests.hardening.private import PrivateRedis
    from tests.hardening.private import Unavailable

    servers = []
    for n in range(1, count + 1):
        folder = root / f"redis-{n}"
        folder.mkdir()
        try:
            servers.append(PrivateRedis(folder))
        except Unavailable as exc:
            pytest.skip(str(exc))
    return servers


def register(base: str, name: str) -> str:
    status, body = api(
        base, "POST", "/api/v1/auth/register", {"username": name, "password": PASSWORD}
    )
    assert status == 201, body
    return body["token"]


def open_game(base: str, token: str, players: int) -> str:
    """Open a two-round double-6 table of ``players`` seats through ``base``; return its id."""
    body = {"players": players, "variants": {"set_max": 6, "rounds": 2}}
    status, game = api(base, "POST", "/api/v1/games", body, token=token)
    assert status == 201, game
    return game["id"]


class Listener:
    """A socket client that remembers every event seq it was sent, and can move servers."""

    def __init__(self, base: str, game: str, token: str) -> None:
        self.game, self.token = game, token
        self.seqs: list[int] = []
        self.last = 0
        self.ws = None
        self.connect(base)

    def connect(self, base: str) -> None:
        host = urlsplit(base).netloc
        self.ws = connect(
            socket_url(base, f"/ws/games/{self.game}/", self.token),
            origin=f"http://{host}",
            open_timeout=10,
        )
        hello = json.loads(self.ws.recv(timeout=10))
        assert hello["type"] == "hello", hello
        self.ws.send(json.dumps({"command": "sync", "after": self.last}))

    def drain(self, until_seq: int, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while self.last < until_seq and time.monotonic() < end:
            try:
                msg = json.loads(self.ws.recv(timeout=max(end - time.monotonic(), 0.05)))
            except TimeoutError:
                break
            for e in msg.get("events", []):
                if e["seq"] > self.last:  # the client's dedupe, as the browser does it
                    self.seqs.append(e["seq"])
                    self.last = e["seq"]


def play_one(base: str, game: str, tokens: dict[int, str]) -> int | None:
    """If a person is to move, make their first legal move through ``base``; return the seq."""
    status, info = api(base, "GET", f"/api/v1/games/{game}")
    if info["status"] != "active" or info["to_move"] not in tokens:
        return None
    token = tokens[info["to_move"]]
    status, st = api(base, "GET", f"/api/v1/games/{game}/state", token=token)
    if not st["legal_moves"]:
        return None
    move = {**st["legal_moves"][0], "expected_seq": st["seq"]}
    status, body = api(base, "POST", f"/api/v1/games/{game}/moves", move, token=token)
    if status == 409:
        return None  # the game moved on meanwhile: look again
    assert status == 201, body
    return body["seq"]


def version(base: str, game: str) -> dict:
    status, info = api(base, "GET", f"/api/v1/games/{game}")
    assert status == 200, info
    return info


@pytest.mark.parametrize("cluster", [False, True], indirect=True, ids=["one-redis", "two-redis"])
def test_two_web_processes_and_a_worker_share_one_game(cluster):
    a, b = cluster.a, cluster.b
    ta, tb = register(a, "ana"), register(b, "bo")
    gid = open_game(a, ta, players=3)
    assert api(b, "POST", f"/api/v1/games/{gid}/join", token=tb)[0] == 200
    assert api(a, "POST", f"/api/v1/games/{gid}/bots", {"strategy": "greedy"}, token=ta)[0] == 201
    listener = Listener(a, gid, ta)  # ana's socket, on process A
    assert api(b, "POST", f"/api/v1/games/{gid}/start", token=ta)[0] == 200

    tokens = {0: ta, 1: tb}
    moves_via_b = 0
    deadline = time.monotonic() + 60
    # Part 1: moves through B (and the worker's bot turns) reach the socket on A.
    bot_moved = False
    while not (moves_via_b >= 6 and bot_moved) and time.monotonic() < deadline:
        seq = play_one(b, gid, tokens)
        if seq is not None:
            moves_via_b += 1
            listener.drain(seq)
            assert listener.last >= seq, f"A's socket missed seq {seq}\n{cluster.tail()}"
        else:
            time.sleep(0.1)
        status, events = api(b, "GET", f"/api/v1/games/{gid}/events", token=ta)
        bot_moved = any(e["actor"]["kind"] == "bot" for e in events)
    assert moves_via_b >= 6, cluster.tail()
    if cluster.shards:
        assert_the_game_is_sharded(cluster, gid)
    info = version(b, gid)
    listener.drain(info["seq"])
    status, events = api(b, "GET", f"/api/v1/games/{gid}/events", token=ta)
    bot_moves = [e for e in events if e["actor"]["kind"] == "bot"]
    assert bot_moves, (
        f"the worker played no bot turn: {[(e['seq'], e['type'], e['actor']) for e in events]}"
    )

    # Part 2: kill A mid-game; the client reconnects to B and resyncs.
    cluster.kill_web("a")
    for _ in range(3):  # the game goes on through B while the client is away
        if play_one(b, gid, tokens) is None:
            time.sleep(0.3)
    listener.connect(b)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        info = version(b, gid)
        if info["status"] != "active":
            break
        seq = play_one(b, gid, tokens)
        if seq is None:
            time.sleep(0.1)
        if len(listener.seqs) > 40:
            break
        listener.drain(info["seq"], timeout=2)
    info = version(b, gid)
    listener.drain(info["seq"])
    assert listener.seqs == list(range(1, info["seq"] + 1)), (
        f"received {listener.seqs[-10:]} of {info['seq']}\n{cluster.tail()}"
    )


def assert_the_game_is_sharded(cluster: Cluster, gid: str) -> None:
    """The sockets' groups are subscribed on the private Redis servers, each on the one its
    name hashes to (realtime.layers.group_host), and none on REDIS_URL's."""
    import redis
    from django.utils.module_loading import import_string

    from config.env import channel_layers_from_env
    from realtime.groups import game_seat_group
    from realtime.layers import group_host

    prefix = cluster.env["CHANNEL_LAYER_PREFIX"]
    marker = f"{prefix}__group__"
    held = []
    for url in [*cluster.shards, cluster.env["REDIS_URL"]]:
        client = redis.Redis.from_url(url, decode_responses=True)
        held.append({n[len(marker) :] for n in client.pubsub_channels(f"{marker}*")})
        client.close()
    *on_shards, on_redis_url = held
    assert not on_redis_url, on_redis_url
    layer_config = channel_layers_from_env(cluster.shards, "pubsub", prefix)["default"]
    layer = import_string(layer_config["BACKEND"])(**layer_config["CONFIG"])
    group = game_seat_group(gid, 0)  # ana's socket on process A
    index, count = group_host(layer, group)
    assert count == 2
    assert group in on_shards[index], (group, on_shards)
    assert group not in on_shards[1 - index], (group, on_shards)
