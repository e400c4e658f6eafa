"""Games API benchmark: moves per second through the real ASGI server, against raw inserts on the
same PostgreSQL, and what a game's length costs when it is loaded.

Run: ``make bench-api`` (or ``python -m tests.benchmarks.bench_api [--moves N] [--clients C ...]
[--database-url URL]``). Needs PostgreSQL; the database named in the URL (by default
``mexican_train_bench``) is dropped and recreated at the start and dropped at the end.

1. HTTP: ``manage.py serve`` (uvicorn, DJANGO_DEBUG=0) on a free loopback port. Each client
   thread has its own keep-alive connection, two registered players and its own 2-player tables
   (double-12, 13 rounds; a new table when one ends). It reads ``GET .../state`` for the legal
   moves and posts one with ``expected_seq``; only the ``POST .../moves`` requests are timed.
   moves/s = sum over threads of (its moves / its time spent in POSTs); the wall-clock rate,
   which also pays for the untimed GETs, is shown beside it.
2. Raw inserts: the same number of threads, each with its own psycopg connection in autocommit,
   one single-row INSERT (one transaction, one commit) at a time into ``bench_raw``, for about
   as long as an API batch lasts. Raw and API batches alternate (raw, api, raw, api, ...) so
   machine noise hits both; ratio = API moves/s / raw inserts/s (target >= 0.3).
3. Load cost, in-process (server stopped): 2-human games (double-18, 19 rounds) with random
   legal moves. A short one played through ``services.game_move`` to 50 events; a long one to
   5,000 events and then 49 more (just before its next snapshot: the worst case), its moves
   written with ``eventstore.store.append`` and snapshotted by the services' rule (or, with
   ``--build services``, through ``services.game_move``: ~4x slower). ``games.domain.load`` is
   timed on the long game and the short one in turns (median; target long/short <= 1.5x thanks
   to snapshots every 50 events), then likewise with snapshots ignored (a full replay of the
   log). Also: in-process ``services.game_move`` latency, to set against the HTTP POST's.

Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import math
import os
import platform
import random
import secrets
import shlex
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb

from tests.support import server as serve_process
from tests.support.server import free_port

REPO = Path(__file__).resolve().parents[2]
PLATFORM_DIR = REPO / "platform"
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/mexican_train_bench"
API = "/api/v1"

# The tables the HTTP clients play: 2 humans, double-12, all 13 rounds (~2,000 events a game).
API_TABLE = {
    "players": 2,
    "hand_table": "double12",
    "variants": {"rounds": 13},
    # Correspondence: no move deadline can fire while a client waits between batches.
    "time_control": {"kind": "correspondence"},
}
# The games whose loading is timed: 2 humans, double-18, 19 rounds (~7,700 events if played out).
LOAD_VARIANTS = {"set_max": 18, "hand_size": 15, "rounds": 19}
LONG_EVENTS, SHORT_EVENTS = 5_000, 50
RAW_MAX_SECONDS = 10.0  # a raw batch lasts as long as the last API batch, at most this long

RAW_TABLE = """
CREATE TABLE IF NOT EXISTS bench_raw (
    id bigserial PRIMARY KEY,
    stream text NOT NULL,
    seq int NOT NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
)
"""
RAW_INSERT = "INSERT INTO bench_raw (stream, seq, data, created_at) VALUES (%s, %s, %s, now())"


# -- small helpers -----------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    """Return the nearest-rank ``p`` percentile (0 < p <= 100) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def run_threads(count: int, work: Callable[[int, threading.Barrier], Any]) -> tuple[list, float]:
    """Run ``work(i, barrier)`` in ``count`` threads; each calls ``barrier.wait()`` when ready.

    Return (the results in thread order, wall seconds from the barrier to the last thread's end).
    An exception in any thread is raised here.
    """
    barrier = threading.Barrier(count + 1)
    results: list[Any] = [None] * count
    errors: list[BaseException] = []

    def target(i: int) -> None:
        try:
            results[i] = work(i, barrier)
        except BaseException as exc:  # re-raised in the main thread
            errors.append(exc)
            barrier.abort()

    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    try:
        barrier.wait()
    except threading.BrokenBarrierError:
        pass
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    if errors:
        raise errors[0]
    return results, wall


# -- the database ------------------------------------------------------------------------------


def split_url(url: str) -> tuple[str, str]:
    """Return (the database name, a URL of the ``postgres`` maintenance database)."""
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name:
        raise SystemExit(f"--database-url needs a database name: {url}")
    if "bench" not in name:
        raise SystemExit(f"refusing to drop and recreate {name!r}: its name must contain 'bench'")
    return name, urlunsplit(parts._replace(path="/postgres"))


def recreate_database(url: str) -> None:
    name, admin = split_url(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop_database(url: str) -> None:
    name, admin = split_url(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def setup_django(url: str) -> None:
    """Point Django at the benchmark database, set it up and migrate."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if str(PLATFORM_DIR) not in sys.path:
        sys.path.insert(0, str(PLATFORM_DIR))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def server_settings(url: str) -> dict[str, str]:
    """Return PostgreSQL's settings that matter to commit cost, read from the database."""
    with psycopg.connect(url, autocommit=True) as conn:
        names = ("server_version", "synchronous_commit", "fsync", "max_connections")
        return {n: conn.execute(f"SHOW {n}").fetchone()[0] for n in names}


# -- the HTTP server and clients ---------------------------------------------------------------


class Server:
    """``manage.py serve`` (migrate, then uvicorn) in a subprocess on a free loopback port."""

    def __init__(self, url: str) -> None:
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(  # closed (and removed) in stop()
            prefix="bench_api_server_", suffix=".log", delete=False
        )
        env = {**os.environ, "DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}
        self.proc = serve_process.start(env, self.log, self.port)

    def wait_ready(self, timeout: float = 90.0) -> float:
        """Wait until the server answers; return how long that took."""
        return serve_process.wait_ready(
            self.proc, self.port, Path(self.log.name), timeout=timeout, path=f"{API}/games"
        )

    def tail(self) -> str:
        self.log.flush()
        return serve_process.log_tail(Path(self.log.name), 30)

    def stop(self) -> None:
        serve_process.stop(self.proc)
        self.log.close()
        with contextlib.suppress(OSError):
            os.unlink(self.log.name)


class ApiError(RuntimeError):
    pass


class Http:
    """One persistent (keep-alive) HTTP/1.1 connection to the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def close(self) -> None:
        self.conn.close()

    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        """Return (status, decoded JSON body, seconds from sending to the last byte read).

        An idle connection may have been closed by the server (keep-alive timeout): a GET is
        retried once on a fresh connection; anything else raises.
        """
        headers = {"Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Token {token}"
        for attempt in (1, 2):
            try:
                t0 = time.perf_counter()
                self.conn.request(method, path, body=payload, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                elapsed = time.perf_counter() - t0
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                if method != "GET" or attempt == 2:
                    raise
        data = json.loads(raw) if raw else None
        return response.status, data, elapsed

    def call(self, method: str, path: str, expect: int, body=None, token=None) -> Any:
        status, data, _ = self.request(method, path, body, token)
        if status != expect:
            raise ApiError(f"{method} {path} -> {status} (expected {expect}): {data}")
        return data


@dataclass
class Player:
    username: str
    token: str


def register(http_: Http, username: str) -> Player:
    body = {"username": username, "password": secrets.token_urlsafe(18)}
    data = http_.call("POST", f"{API}/auth/register", 201, body)
    return Player(username, data["token"])


@dataclass
class Pair:
    """Two players who share tables; one client thread drives both seats of its current table."""

    players: tuple[Player, Player]
    rng: random.Random
    game_id: str | None = None
    guess: int = 0  # the seat probably to move next
    tables: int = 0
    finished: int = 0


class Driver:
    """A client thread's connection and its pair of players."""

    def __init__(self, port: int, pair: Pair) -> None:
        self.http = Http(port)
        self.pair = pair

    def new_table(self) -> None:
        p0, p1 = self.pair.players
        game = self.http.call("POST", f"{API}/games", 201, API_TABLE, p0.token)
        gid = game["id"]
        self.http.call("POST", f"{API}/games/{gid}/join", 200, token=p1.token)
        self.http.call("POST", f"{API}/games/{gid}/start", 200, token=p0.token)
        self.pair.game_id, self.pair.guess = gid, 0
        self.pair.tables += 1

    def state(self, seat: int) -> dict:
        path = f"{API}/games/{self.pair.game_id}/state"
        return self.http.call("GET", path, 200, token=self.pair.players[seat].token)

    def prepare(self) -> tuple[int, dict, int]:
        """Untimed: return (seat, a legal move chosen at random, the seq it expects)."""
        while True:
            if self.pair.game_id is None:
                self.new_table()
            seat = self.pair.guess
            st = self.state(seat)
            if st["status"] != "active":
                self.pair.game_id = None
                self.pair.finished += 1
                continue
            if not st["legal_moves"]:
                seat = st["view"]["to_move"]
                if seat is None:
                    raise ApiError(f"an active game with nobody to move: {st}")
                st = self.state(seat)
            if not st["legal_moves"]:
                raise ApiError(f"seat {seat} is to move but has no legal move: {st}")
            return seat, self.pair.rng.choice(st["legal_moves"]), st["seq"]

    def post(self, seat: int, move: dict, seq: int) -> float:
        """Timed: post the move; return the request's latency."""
        path = f"{API}/games/{self.pair.game_id}/moves"
        token = self.pair.players[seat].token
        status, data, elapsed = self.http.request(
            "POST", path, {**move, "expected_seq": seq}, token
        )
        if status != 201:
            raise ApiError(f"POST {path} {move} -> {status}: {data}")
        # After a draw the same seat plays or passes; otherwise the turn usually passes on.
        self.pair.guess = seat if move["action"] == "draw" else 1 - seat
        return elapsed

    def play(self, moves: int) -> list[float]:
        out = []
        for _ in range(moves):
            seat, move, seq = self.prepare()
            out.append(self.post(seat, move, seq))
        return out


@dataclass
class ApiBatch:
    moves: int
    rate: float  # sum over threads of moves / time in POSTs
    wall_rate: float  # moves / wall-clock seconds (includes the untimed GETs)
    wall: float
    latencies: list[float] = field(repr=False)


def api_batch(drivers: list[Driver], moves: int) -> ApiBatch:
    share = [moves // len(drivers) + (i < moves % len(drivers)) for i in range(len(drivers))]
    for d in drivers:
        d.http.close()  # a fresh connection, opened by the first (untimed) GET

    def work(i: int, barrier: threading.Barrier) -> list[float]:
        barrier.wait()
        return drivers[i].play(share[i])

    per_thread, wall = run_threads(len(drivers), work)
    rate = sum(len(lat) / sum(lat) for lat in per_thread if lat)
    flat = [x for lat in per_thread for x in lat]
    return ApiBatch(len(flat), rate, len(flat) / wall, wall, flat)


@dataclass
class RawBatch:
    inserts: int
    rate: float
    wall: float
    latencies: list[float] = field(repr=False)


def raw_batch(url: str, clients: int, seconds: float, tag: str) -> RawBatch:
    conns = [psycopg.connect(url, autocommit=True) for _ in range(clients)]
    try:

        def work(i: int, barrier: threading.Barrier) -> list[float]:
            conn, stream = conns[i], f"raw-{tag}-{i}"
            data = Jsonb({"seat": i % 2, "tile": [3, 5], "train": 1, "by": None})
            out = []
            barrier.wait()
            end = time.perf_counter() + seconds
            seq = 0
            while True:
                seq += 1
                t0 = time.perf_counter()
                conn.execute(RAW_INSERT, (stream, seq, data))
                t1 = time.perf_counter()
                out.append(t1 - t0)
                if t1 >= end:
                    return out

        per_thread, wall = run_threads(clients, work)
    finally:
        for c in conns:
            c.close()
    flat = [x for lat in per_thread for x in lat]
    return RawBatch(len(flat), len(flat) / wall, wall, flat)


@dataclass
class Level:
    """Everything measured at one concurrency level."""

    clients: int
    api: list[ApiBatch] = field(default_factory=list)
    raw: list[RawBatch] = field(default_factory=list)

    @property
    def api_rate(self) -> float:
        return statistics.median(b.rate for b in self.api)

    @property
    def raw_rate(self) -> float:
        return statistics.median(b.rate for b in self.raw)

    @property
    def ratio(self) -> float:
        return self.api_rate / self.raw_rate

    def api_latency(self, p: float) -> float:
        return percentile([x for b in self.api for x in b.latencies], p)

    def raw_latency(self, p: float) -> float:
        return percentile([x for b in self.raw for x in b.latencies], p)


def bench_level(
    port: int, url: str, pairs: list[Pair], clients: int, moves: int, repeat: int
) -> Level:
    drivers = [Driver(port, pairs[i]) for i in range(clients)]
    level = Level(clients)
    try:
        # Warm-up (untimed): open the tables, warm the server; estimate an API batch's length.
        warm = api_batch(drivers, max(10 * clients, moves // 10))
        seconds = warm.wall / warm.moves * moves
        for r in range(repeat):
            raw = raw_batch(
                url, clients, min(max(seconds, 2.0), RAW_MAX_SECONDS), f"c{clients}-{r}"
            )
            level.raw.append(raw)
            print(
                f"  C={clients} raw #{r + 1}: {raw.inserts:6d} inserts in {raw.wall:5.1f} s "
                f"= {raw.rate:8.1f} inserts/s  p50 {ms(percentile(raw.latencies, 50))}  "
                f"p99 {ms(percentile(raw.latencies, 99))}",
                flush=True,
            )
            api = api_batch(drivers, moves)
            level.api.append(api)
            seconds = api.wall
            print(
                f"  C={clients} api #{r + 1}: {api.moves:6d} moves   in {api.wall:5.1f} s "
                f"= {api.rate:8.1f} moves/s (POST time; {api.wall_rate:.1f}/s wall)  "
                f"p50 {ms(percentile(api.latencies, 50))}  "
                f"p99 {ms(percentile(api.latencies, 99))}  "
                f"ratio {api.rate / raw.rate:.3f}",
                flush=True,
            )
    finally:
        for d in drivers:
            d.http.close()
    return level


# -- load cost (in-process) --------------------------------------------------------------------


@dataclass
class LoadGame:
    """A game's stream as it was at one stop, and what loading it cost."""

    stream: str
    events: int
    snapshot_seq: int
    built_by: str
    state: dict = field(repr=False)
    snap: tuple[float, float] = (0.0, 0.0)  # domain.load: (median, best) seconds
    full: tuple[float, float] = (0.0, 0.0)  # the same, ignoring snapshots
    short_snap: tuple[float, float] = (0.0, 0.0)  # the short game's, timed alongside
    short_full: tuple[float, float] = (0.0, 0.0)
    agrees: bool = True  # both loads gave the state the builder holds

    @property
    def ratio(self) -> float:
        """This load / the short game's load (both with snapshots)."""
        return self.snap[0] / self.short_snap[0]

    @property
    def full_ratio(self) -> float:
        return self.full[0] / self.short_full[0]

    @property
    def tail(self) -> int:
        return self.events - self.snapshot_seq

    @property
    def label(self) -> str:
        return f"{self.events:,} events (tail {self.tail})"


def open_game(users, variants: dict = LOAD_VARIANTS):
    """Create, fill and start a 2-human table through the services; return (game, Loaded)."""
    from games import domain
    from games import services

    game = services.game_create(
        user=users[0], players=2, variants=variants, time_control={"kind": "correspondence"}
    )
    services.game_join(game_id=game.id, user=users[1])
    services.game_start(game_id=game.id, user=users[0])
    game.refresh_from_db()
    return game, domain.load(game.stream)


def _at_stop(game, state, version: int, built_by: str) -> LoadGame:
    from eventstore import store
    from games.engine import ENGINE_VERSION

    snap = store.latest_snapshot(game.stream, ENGINE_VERSION)
    return LoadGame(game.stream, version, snap.seq if snap else 0, built_by, state.to_dict())


def timed_random_move(game, users, state, seq: int, rng: random.Random):
    """Make a move chosen at random from the engine's legal moves for the seat to move in
    ``state`` with ``services.game_move``; return its result and how long the call took."""
    from games import services
    from games.engine import command_to_dict
    from games.engine import legal_moves

    seat = state.to_move
    body = command_to_dict(rng.choice(legal_moves(state, seat)))
    body.pop("seat")
    t0 = time.perf_counter()
    result = services.game_move(game_id=game.id, user=users[seat], move=body, expected_seq=seq)
    return result, time.perf_counter() - t0


def play_via_services(
    users,
    stops: list[int],
    rng: random.Random,
    latencies: list[float],
    max_moves: int | None = None,
) -> Iterator[LoadGame]:
    """Play a 2-human game with ``services.game_move``; pause (yield the game) at each number of
    events in ``stops``; stop after the last stop, or after ``max_moves`` moves.

    Each move is chosen at random from the engine's legal moves on a state folded from the
    events ``game_move`` returns: what ``selectors.game_state_for`` lists, without loading the
    game a second time per move. Each ``game_move``'s latency is added to ``latencies``.
    """
    from games import domain
    from games.engine.state import FINISHED

    game, loaded = open_game(users)
    state, seq, moves = loaded.state, loaded.version, 0
    pending = sorted(stops)
    while state.phase != FINISHED:
        if pending and seq >= pending[0]:
            yield _at_stop(game, state, seq, "services.game_move")
            pending.pop(0)
        if not pending and (max_moves is None or moves >= max_moves):
            return
        result, latency = timed_random_move(game, users, state, seq, rng)
        latencies.append(latency)
        state = domain.fold(result.events, state)
        seq, moves = result.seq, moves + 1


def play_via_append(users, stops: list[int], rng: random.Random) -> Iterator[LoadGame]:
    """Like ``play_via_services``, but write each move with ``eventstore.store.append``.

    The table is opened and started by the services; then each move is one transaction that
    appends the move's events (and the next round's deal from the game's seed, as ``game_move``
    does), then snapshots by the services' own rule (``domain.maybe_snapshot``). The stream and
    its snapshots are what ``game_move`` writes; only the ``Game`` row's projections, which
    ``load`` does not read, are left behind. Several times faster than the services.
    """
    from django.db import connection
    from django.db import transaction

    from eventstore import store
    from games.domain import maybe_snapshot
    from games.engine import StartRound
    from games.engine import deal_round
    from games.engine import event_to_dict
    from games.engine import legal_moves
    from games.engine import step
    from games.engine.state import DEALING
    from games.engine.state import FINISHED

    game, loaded = open_game(users)
    state = loaded.state
    seed = bytes.fromhex(game.seed)
    # Not what is measured: let the builder's commits skip the WAL flush wait (its data is the
    # same; only a crash could lose it).
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO off")
    actors = [{"kind": "player", "user": u.id, "name": u.username} for u in users]

    def append(events, actor) -> None:
        result = store.append(
            game.stream,
            expected_version=loaded.version,
            events=[event_to_dict(e) for e in events],
            actor=actor,
            prev_hash=loaded.head_hash,
        )
        loaded.version, loaded.head_hash = result.last_seq, result.events[-1].hash

    pending = sorted(stops)
    while pending and state.phase != FINISHED:
        if loaded.version >= pending[0]:
            yield _at_stop(game, state, loaded.version, "store.append")
            pending.pop(0)
            continue
        seat = state.to_move
        command = rng.choice(legal_moves(state, seat))
        before = loaded.version
        with transaction.atomic():
            append(step(state, command), actors[seat])
            if state.phase == DEALING:
                rs = state.ruleset
                hands, boneyard = deal_round(
                    seed, state.round + 1, rs.set_max, state.seats, rs.hand_size
                )
                append(step(state, StartRound(hands, boneyard)), {"kind": "system"})
            maybe_snapshot(game.stream, before, loaded)
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO DEFAULT")


def time_loads(streams: list[str], repeat: int, *, snapshots: bool) -> list[tuple[float, float]]:
    """Time ``domain.load`` of each stream ``repeat`` times, the streams taking turns (so that
    machine noise hits them alike); return each one's (median, best) seconds.

    Without snapshots, ``eventstore.store.latest_snapshot`` is patched to find none, so the
    same ``load`` folds the whole log from its first event.
    """
    from eventstore import store
    from games import domain

    patch = (
        contextlib.nullcontext()
        if snapshots
        else mock.patch.object(store, "latest_snapshot", return_value=None)
    )
    times: list[list[float]] = [[] for _ in streams]
    with patch:
        for stream in streams:
            domain.load(stream)  # warm-up
        for _ in range(repeat):
            for stream, out in zip(streams, times, strict=True):
                t0 = time.perf_counter()
                domain.load(stream)
                out.append(time.perf_counter() - t0)
    return [(statistics.median(t), min(t)) for t in times]


def loaded_state(stream: str, *, snapshots: bool) -> dict:
    from eventstore import store
    from games import domain

    if snapshots:
        return domain.load(stream).state.to_dict()
    with mock.patch.object(store, "latest_snapshot", return_value=None):
        return domain.load(stream).state.to_dict()


def measure(game: LoadGame, short: LoadGame, repeat: int, full_repeat: int) -> None:
    """Time loading ``game`` and ``short`` side by side; record both on ``game``."""
    streams = [game.stream, short.stream]
    game.snap, game.short_snap = time_loads(streams, repeat, snapshots=True)
    game.full, game.short_full = time_loads(streams, full_repeat, snapshots=False)
    game.agrees = (
        loaded_state(game.stream, snapshots=True)
        == loaded_state(game.stream, snapshots=False)
        == game.state
    )


@dataclass
class LoadCost:
    short: LoadGame  # 50 events, just snapshotted
    long: LoadGame  # at 5,000 events, just snapshotted like the short one
    worst: LoadGame  # the long game 49 events later, just before its next snapshot
    build_seconds: float
    service_latencies: list[float]
    read_only: float  # median seconds of store.read of the long game's whole log


def bench_load(repeat: int, full_repeat: int, service_moves: int, build: str) -> LoadCost:
    """Build the games and time their loads.

    The short game stops at 50 events (just snapshotted: ``load`` folds no event after the
    snapshot). The long one is timed at 5,000 events (likewise) and again 49 events later, just
    before its next snapshot: the longest tail ``load`` ever folds.
    """
    from django.db import connections

    from accounts.models import User
    from eventstore import store
    from games.domain import SNAPSHOT_EVERY

    rng = random.Random(20_260_101)
    users = [User.objects.create_user(f"bench-load-{i}") for i in range(2)]  # no password hash
    latencies: list[float] = []
    building = 0.0

    def timed_stops(stops: Iterator[LoadGame], short: LoadGame | None) -> list[LoadGame]:
        """Build up to each stop (timed) and measure the game there against ``short``."""
        nonlocal building
        out = []
        while True:
            t0 = time.perf_counter()
            game = next(stops, None)
            building += time.perf_counter() - t0
            if game is None:
                return out
            if short is not None:
                measure(game, short, repeat, full_repeat)
            out.append(game)

    (short,) = timed_stops(play_via_services(users, [SHORT_EVENTS], rng, latencies), None)
    long_stops = [LONG_EVENTS, LONG_EVENTS + SNAPSHOT_EVERY - 1]
    if build == "services":
        long_, worst = timed_stops(play_via_services(users, long_stops, rng, latencies), short)
    else:
        long_, worst = timed_stops(play_via_append(users, long_stops, rng), short)
        # A sample of in-process service latency, on a game of its own.
        timed_stops(play_via_services(users, [], rng, latencies, max_moves=service_moves), None)
    short.snap, short.full = long_.short_snap, long_.short_full
    short.agrees = loaded_state(short.stream, snapshots=True) == short.state
    reads = []
    for _ in range(full_repeat):
        t0 = time.perf_counter()
        store.read(worst.stream, upto=long_.events)
        reads.append(time.perf_counter() - t0)
    connections.close_all()
    return LoadCost(short, long_, worst, building, latencies, statistics.median(reads))


# -- main --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--moves", type=int, default=150, help="POSTed moves per API batch (all clients together)"
    )
    parser.add_argument(
        "--clients",
        type=int,
        nargs="+",
        default=[1, 4],
        metavar="C",
        help="concurrency levels: client threads / raw insert connections (default: 1 4)",
    )
    parser.add_argument(
        "--repeat", type=int, default=2, help="raw+api batch pairs per concurrency level"
    )
    parser.add_argument("--database-url", default=DEFAULT_URL, help=f"default {DEFAULT_URL}")
    parser.add_argument("--loads", type=int, default=300, help="timed loads per game (snapshots)")
    parser.add_argument(
        "--full-loads", type=int, default=20, help="timed loads per game ignoring snapshots"
    )
    parser.add_argument(
        "--build",
        choices=("append", "services"),
        default="append",
        help="write the ~5,000-event game's moves with store.append (default, ~4x faster) or "
        "with services.game_move",
    )
    parser.add_argument(
        "--service-moves",
        type=int,
        default=300,
        help="in-process services.game_move calls timed (with --build append)",
    )
    args = parser.parse_args(argv)
    if args.moves < 1 or args.repeat < 1 or min(args.clients) < 1:
        parser.error("--moves, --repeat and --clients must be positive")
    url = args.database_url
    db_name, _ = split_url(url)
    os.environ.setdefault("DJANGO_DEBUG", "0")  # production-like: PostgreSQL, DEBUG off
    os.environ.setdefault("RATE_LIMITS", "0")  # each player moves far faster than a person
    command = shlex.join(
        [".venv/bin/python", "-m", "tests.benchmarks.bench_api", "--moves", str(args.moves)]
        + ["--clients", *map(str, args.clients), "--repeat", str(args.repeat)]
        + ["--loads", str(args.loads), "--full-loads", str(args.full_loads)]
        + ["--build", args.build, "--service-moves", str(args.service_moves)]
        + ["--database-url", url]
    )
    started = time.perf_counter()
    load_before = os.getloadavg()[0]

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs (server, clients and PostgreSQL share them); "
        f"DJANGO_DEBUG={os.environ['DJANGO_DEBUG']}",
        flush=True,
    )
    recreate_database(url)
    server = None
    levels: list[Level] = []
    try:
        t0 = time.perf_counter()
        setup_django(url)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(RAW_TABLE)
        pg = server_settings(url)
        print(
            f"database {db_name} created and migrated in {time.perf_counter() - t0:.1f} s; "
            f"PostgreSQL {pg['server_version']}, synchronous_commit={pg['synchronous_commit']}, "
            f"fsync={pg['fsync']}",
            flush=True,
        )

        server = Server(url)
        ready = server.wait_ready()
        print(f"server: manage.py serve on 127.0.0.1:{server.port}, answering after {ready:.1f} s")
        setup = Http(server.port)
        t0 = time.perf_counter()
        suffix = secrets.token_hex(3)
        pairs = []
        for i in range(max(args.clients)):
            players = tuple(register(setup, f"bench{suffix}p{i}s{s}") for s in range(2))
            pairs.append(Pair(players, random.Random(i)))
        setup.close()
        print(
            f"registered {2 * len(pairs)} players in {time.perf_counter() - t0:.1f} s; "
            f"tables: 2 players, double-12, 13 rounds",
            flush=True,
        )
        print(
            f"API vs raw inserts, alternating raw/api, {args.repeat} pairs per level, "
            f"{args.moves} moves per API batch:",
            flush=True,
        )
        for c in args.clients:
            levels.append(bench_level(server.port, url, pairs, c, args.moves, args.repeat))
        tables = sum(p.tables for p in pairs)
        finished = sum(p.finished for p in pairs)
        server.stop()
        server = None

        print(
            f"load cost: 2-human games in-process (double-18, 19 rounds): {SHORT_EVENTS} events "
            f"through services.game_move, {LONG_EVENTS:,} through "
            f"{'services.game_move' if args.build == 'services' else 'store.append'} ...",
            flush=True,
        )
        load = bench_load(args.loads, args.full_loads, args.service_moves, args.build)
    finally:
        if server is not None:
            print(f"server log (last lines):\n{server.tail()}", file=sys.stderr)
            server.stop()
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        drop_database(url)

    service = load.service_latencies
    print()
    print("=" * 100)
    print("SUMMARY  bench_api")
    print(
        f"  machine: Python {platform.python_version()}, {os.cpu_count()} CPUs; PostgreSQL "
        f"{pg['server_version']} (synchronous_commit={pg['synchronous_commit']}, "
        f"fsync={pg['fsync']}); server DJANGO_DEBUG={os.environ['DJANGO_DEBUG']}; "
        f"1-min load average {load_before:.1f} at start, {os.getloadavg()[0]:.1f} at end"
    )
    print(
        f"  API: {args.moves} POSTs per batch, {args.repeat} batches per level (moves/s and "
        f"inserts/s: medians; latencies: all batches); tables opened {tables}, finished {finished}"
    )
    print(
        f"  {'C':>3} {'moves/s':>9} {'wall/s':>8} {'POST p50':>10} {'POST p99':>10} "
        f"{'inserts/s':>10} {'ins p50':>9} {'ins p99':>9} {'ratio':>7}  (target >= 0.3)"
    )
    for lv in levels:
        wall_rate = statistics.median(b.wall_rate for b in lv.api)
        print(
            f"  {lv.clients:>3} {lv.api_rate:9.1f} {wall_rate:8.1f} "
            f"{lv.api_latency(50) * 1000:8.2f}ms {lv.api_latency(99) * 1000:8.2f}ms "
            f"{lv.raw_rate:10.1f} {lv.raw_latency(50) * 1000:7.2f}ms "
            f"{lv.raw_latency(99) * 1000:7.2f}ms {lv.ratio:7.3f}  "
            f"{'ok' if lv.ratio >= 0.3 else 'BELOW TARGET'}"
        )
    print(
        "  moves/s = sum over client threads of moves / time in POSTs; wall/s also pays for the "
        "untimed GET .../state"
    )
    print(
        f"  in-process services.game_move (no HTTP), {len(service)} moves: "
        f"p50 {ms(percentile(service, 50))}, p99 {ms(percentile(service, 99))}"
    )
    print(
        f"  load cost (2 humans, double-18, 19 rounds; games built in {load.build_seconds:.1f} s; "
        f"domain.load median of {args.loads}, ignoring snapshots median of {args.full_loads}):"
    )
    for name, g in (("short", load.short), ("long", load.long), ("long, worst", load.worst)):
        print(
            f"    {name:<11} {g.events:5d} events via {g.built_by:<18} snapshot at "
            f"{g.snapshot_seq:5d} (tail {g.tail:2d}): load {ms(g.snap[0]):>9} "
            f"(best {ms(g.snap[1])}); ignoring snapshots {ms(g.full[0]):>10}"
        )
    for name, g in (("long", load.long), ("long, worst", load.worst)):
        print(
            f"    ratio {name:<11}/ short (timed in turns): {g.ratio:5.2f}x with snapshots "
            f"({'ok' if g.ratio <= 1.5 else 'ABOVE TARGET'}, target <= 1.5x), "
            f"{g.full_ratio:5.1f}x ignoring them; snapshots make this load "
            f"{g.full[0] / g.snap[0]:.0f}x faster"
        )
    print(
        f"    of the long full replay, store.read alone (5,000 rows -> StoredEvent) takes "
        f"{ms(load.read_only)} median"
    )
    wrong = [g.label for g in (load.short, load.long, load.worst) if not g.agrees]
    if wrong:
        print(f"  PROBLEM: snapshot load, full replay and the builder disagree at: {wrong}")
    print(f"  total run time {time.perf_counter() - started:.0f} s")
    print(f"  reproduce: {command}")
    print("=" * 100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
