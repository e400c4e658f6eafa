"""Load test: many concurrent tables of bots and socket clients against real servers.

Starts ``--web`` ASGI processes (``manage.py serve``) and one Celery worker on a fresh
PostgreSQL database with Redis (channel layer and broker), opens ``--tables`` 4-seat tables —
two people playing over their sockets, two random bots played by the worker — and lets them
play for ``--seconds`` after a warm-up. Each person moves as soon as its socket says it may
(or, with ``--think S``, after a think time of S seconds on average: an open loop at a human pace)
(the move goes over the socket, with the seq it saw); the time from sending a move to the
other person at that table receiving its event is the move-to-delivery latency. Then, in the
same run, it measures raw single-row INSERT transactions on the same database for comparison.

Prints sustained moves/s (people, bots, all), p50/p99 delivery latency, errors by code, and the
raw INSERT rate; asserts nothing.

Run: ``make load`` or ``python -m tests.benchmarks.load [--tables 16] [--seconds 30] [--web 1]``.
Needs PostgreSQL (``LOAD_DATABASE_URL``, default a database ``mexican_train_load`` on
127.0.0.1) and Redis (``LOAD_REDIS_URL``, default database 14, broker database 15).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

import psycopg
import websockets

from core.collector import keep_collections_short
from tests.benchmarks.bench_api import RAW_TABLE
from tests.benchmarks.bench_api import raw_batch
from tests.benchmarks.profiling import Sampler
from tests.benchmarks.profiling import component_counters
from tests.benchmarks.profiling import cpu_counters
from tests.benchmarks.profiling import per_move
from tests.benchmarks.profiling import reset_statements
from tests.benchmarks.profiling import statements
from tests.support.celery import Celery
from tests.support.celery import purge
from tests.support.server import free_port
from tests.support.server import log_tail
from tests.support.server import start
from tests.support.server import stop
from tests.support.server import wait_ready
from tests.support.tickets import as_a_crowd
from tests.support.tickets import socket_url

ROOT = Path(__file__).resolve().parents[2]
MOVE_TYPES = ("EnginePlaced", "TileDrawn", "TilePlayed", "TurnPassed", "TurnStopped")


def recreate(url: str) -> None:
    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def http(port: int, method: str, path: str, body=None, token=None):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else None)


def fresh_platform(database: str, redis_db: int) -> tuple[str, str, str, dict[str, str]]:
    """A benchmark's platform from nothing: its database (``LOAD_DATABASE_URL``, default
    ``database`` on 127.0.0.1) dropped and recreated, its Redis (``LOAD_REDIS_URL``, default
    database ``redis_db``; the broker on the next one) emptied; return the database URL, the
    Redis URL, the broker URL and the processes' environment."""
    url = os.environ.get("LOAD_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{database}")
    redis_url = os.environ.get("LOAD_REDIS_URL", f"redis://127.0.0.1:6379/{redis_db}")
    broker = redis_url.rsplit("/", 1)[0] + f"/{int(redis_url.rsplit('/', 1)[1]) + 1}"
    recreate(url)
    purge(redis_url)
    purge(broker)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL=url,
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=broker,
        CELERY_EAGER="0",
        DJANGO_DEBUG="0",
        RATE_LIMITS="0",  # a benchmark measures the platform, not its rate limits
        PYTHONUNBUFFERED="1",
    )
    return url, redis_url, broker, env


def setup_tables(env: dict[str, str], tables: int) -> list[tuple[str, list[str]]]:
    """``tables`` open 4-seat tables, each of two people (with API tokens) and two random bots,
    made through the services in a process of their own (tests.benchmarks.seeding)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "tables.json"
        subprocess.run(
            [sys.executable, "-m", "tests.benchmarks.load", "setup", "--tables", str(tables),
             "--out", str(out)],
            cwd=ROOT, env=env, check=True,
        )  # fmt: skip
        return [(gid, tokens) for gid, tokens in json.loads(out.read_text())]


def seed(tables: int) -> list[tuple[str, list[str]]]:
    """Under Django: what ``setup_tables`` returns."""
    from tests.benchmarks.seeding import django_ready
    from tests.benchmarks.seeding import people

    django_ready()
    from games import services

    out = []
    for t in range(tables):
        made = people([f"load{t}p{p}" for p in range(2)])
        (host, host_token), (guest, guest_token) = made.values()
        game = services.game_create(user=host, players=4)
        services.game_join(game_id=game.pk, user=guest)
        for _ in range(2):
            services.game_add_bot(game_id=game.pk, user=host, strategy="random")
        out.append((str(game.pk), [host_token, guest_token]))
    return out


class Table:
    def __init__(self, gid: str) -> None:
        self.gid = gid
        # the seq a move will create -> (when it was sent, who sent it)
        self.sent: dict[int, tuple[float, int]] = {}
        # One per move delivered to the other person: (when it was sent (monotonic), sent ->
        # received, sent -> the event's commit time (its "at"), the commit time -> received)
        self.delivered: list[tuple[float, float, float, float]] = []
        # The think times drawn for this table's people: (when (monotonic), seconds), so that a
        # table that went long without a move can be told from one whose person thought long.
        self.thinks: list[tuple[float, float]] = []


async def person(
    port: int,
    table: Table,
    me: int,
    token: str,
    stats: dict,
    stop_at: list[float],
    rng: random.Random,
    think: float = 0.0,
    everyone: asyncio.Event | None = None,
) -> None:
    began = time.monotonic()
    uri = await asyncio.to_thread(
        # As long as the socket's handshake may take (below): measured, not failed.
        functools.partial(socket_url, timeout=180),
        f"http://127.0.0.1:{port}",
        f"/ws/games/{table.gid}/",
        token,
    )
    stats["ticket"].append(time.monotonic() - began)
    async with websockets.connect(
        uri,
        origin=f"http://127.0.0.1:{port}",
        max_queue=None,
        ping_interval=None,
        # A thousand sockets arriving while the first tables already play: at 500 tables on
        # one web process the slowest handshakes took about a minute (the "connected" line
        # prints how long); measured, not failed.
        open_timeout=180,
    ) as ws:
        stats.setdefault("open", []).append(time.monotonic() - began)
        hello = json.loads(await ws.recv())
        stats["hello"].append(time.monotonic() - began)
        await ws.send(json.dumps({"command": "sync", "after": 0}))
        if everyone is not None:  # --arrive-first: no move before every person's hello
            if len(stats["hello"]) == stats["people"]:
                everyone.set()
            await everyone.wait()
        seq, pending, due, moves, active = hello["seq"], False, None, [], False
        sent_at = seq  # the seq the last move was sent at

        def my_turn_then() -> float | None:
            """When to move, if the last update left this person to move: once a turn (an
            update while thinking does not draw again), and also when the answer to the
            previous move comes after the update that gave the turn back (a draw, then a
            play): without that the person waited for the clock to time them out."""
            if not (moves and not pending and active):
                return None
            if due is not None:
                return due
            drawn = rng.expovariate(1 / think) if think > 0 else 0.0
            table.thinks.append((time.monotonic(), drawn))
            return time.monotonic() + drawn

        while time.monotonic() < stop_at[0]:
            if due is not None and time.monotonic() >= due:
                # The think time is over: the move goes, with the seq it was chosen at.
                due, move = None, rng.choice(moves)
                table.sent[seq + 1] = (time.monotonic(), me)
                pending, sent_at = True, seq
                await ws.send(
                    json.dumps({"command": "move", "move": move, "expected_seq": seq, "id": seq})
                )
                continue
            wait = 0.5 if due is None else max(0.0, min(0.5, due - time.monotonic()))
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=wait)
            except TimeoutError:
                continue
            now = time.monotonic()
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                stats["errors"][msg.get("code")] += 1
                pending = False
                continue
            if kind == "move.accepted":
                pending = False
                if seq > sent_at:  # the last update already holds the move just answered
                    due = my_turn_then()
                continue
            if kind != "events":
                continue
            for e in msg.get("events", []):
                sent = table.sent.get(e["seq"])
                if sent is not None and sent[1] != me and e["actor"].get("kind") == "player":
                    at = datetime.fromisoformat(e["at"]).timestamp()
                    wall = time.time() - (time.monotonic() - now)
                    latency = now - sent[0]  # delivered to the other person
                    table.delivered.append((sent[0], latency, at - (wall - latency), wall - at))
                    del table.sent[e["seq"]]
            seq = max(seq, msg.get("seq", seq))
            moves = msg.get("legal_moves") or []
            active = msg.get("status") == "active"
            # Closed loop (think 0): at once. Open loop: after a think time drawn for this turn
            # (exponential, mean ``think``), whatever the platform is doing meanwhile.
            due = my_turn_then()


def count_moves(url: str, since, until) -> Counter:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT actor->>'kind', count(*) FROM eventstore_event "
            "WHERE created_at >= %s AND created_at < %s AND type = ANY(%s) GROUP BY 1",
            (since, until, list(MOVE_TYPES)),
        ).fetchall()
    return Counter({k: n for k, n in rows})


def fairness(url: str, since, until, streams: list[str], thinks: dict | None = None) -> str:
    """How evenly the tables were served over the window: moves per table (min, median, max),
    Jain's index (1.0: all alike; 1/n: one table got everything) and the longest any table went
    without a move (its gaps, and the window's edges, counted). With ``thinks`` (a stream's
    longest think time drawn by the generator), the longest such think at the table that waited
    longest: in an open loop a long gap is a long think, or a table the platform left standing."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT stream, created_at FROM eventstore_event WHERE created_at >= %s "
            "AND created_at < %s AND type = ANY(%s) AND stream = ANY(%s) ORDER BY stream, seq",
            (since, until, list(MOVE_TYPES), streams),
        ).fetchall()
    times: dict[str, list] = {s: [] for s in streams}
    for stream, at in rows:
        times[stream].append(at)
    counts = sorted(len(v) for v in times.values())
    if not counts or not sum(counts):
        return "fairness: no moves"
    jain = sum(counts) ** 2 / (len(counts) * sum(c * c for c in counts))
    gaps = {}
    for stream, at in times.items():
        edges = [since, *at, until]
        gaps[stream] = max((b - a).total_seconds() for a, b in zip(edges, edges[1:], strict=False))
    longest = max(gaps, key=gaps.get)
    ordered = sorted(gaps.values())
    out = (
        f"fairness over {len(counts)} tables: moves per table min {counts[0]}, median "
        f"{counts[len(counts) // 2]}, max {counts[-1]}; Jain's index {jain:.3f}; the longest a "
        f"table went without a move: {gaps[longest]:.2f} s (median table "
        f"{ordered[len(ordered) // 2]:.2f} s)"
    )
    if thinks:
        out += (
            f"; that table's longest think drawn {thinks.get(longest, 0.0):.2f} s, any table's "
            f"{max(thinks.values()):.2f} s"
        )
    return out


def connecting(stats: dict, people: int) -> str:
    """How long the people took to connect, from their start: the ticket's HTTP request, then
    the socket's hello (a burst of connections is what a round's start is)."""
    out = f"connected: {len(stats['hello'])} of {people} people"
    for name in ("ticket", "open", "hello"):
        if times := sorted(stats[name]):
            out += (
                f"; {name} after p50 {pct(times, 50):.2f} s, p99 {pct(times, 99):.2f} s, "
                f"max {times[-1]:.2f} s"
            )
    return out


def db_now(url: str):
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT now()").fetchone()[0]


async def drive(
    ports,
    tables,
    warmup: float,
    seconds: float,
    think: float = 0.0,
    everyone: asyncio.Event | None = None,
) -> list[Table]:
    """Play ``tables`` until the warm-up and the measured seconds are over; with ``everyone``
    (--arrive-first), people make no move until every one has said hello, and the warm-up
    counts from then."""
    rng = random.Random(7)
    people = sum(len(tokens) for _, tokens in tables)
    as_a_crowd(people)
    # The generator's own collections kept short, as the web process's: with a thousand
    # sockets' state in one process a full collection stalls every person at once, and the
    # stall lands in the delivery figures.
    keep_collections_short()
    stats = {"errors": Counter(), "ticket": [], "open": [], "hello": [], "people": people}
    stop_at = [time.monotonic() + warmup + seconds + 1]
    if everyone is not None:

        async def then_stop() -> None:
            await everyone.wait()
            stop_at[0] = time.monotonic() + warmup + seconds + 1

        stop_at[0] = float("inf")
        stopper = asyncio.create_task(then_stop())  # held: the loop keeps only a weak reference
    lag_probe = asyncio.create_task(watch_lag(stats.setdefault("lag", [])))
    objs = []
    tasks = []
    for i, (gid, tokens) in enumerate(tables):
        t = Table(gid)
        objs.append(t)
        for j, token in enumerate(tokens):
            port = ports[(i + j) % len(ports)]  # the two people of a table on different servers
            tasks.append(
                asyncio.create_task(person(port, t, j, token, stats, stop_at, rng, think, everyone))
            )
    try:
        await asyncio.gather(*tasks, return_exceptions=False)
    finally:
        lag_probe.cancel()
        if everyone is not None:
            stopper.cancel()
    return objs, stats


LAG_EVERY = 0.1


async def watch_lag(into: list[tuple[float, float]]) -> None:
    """How late this generator's own loop wakes from a sleep of ``LAG_EVERY`` s, with when:
    a delivery is stamped when the loop gets to it, so a busy generator adds its lag to every
    figure it reports (``load`` prints it beside them)."""
    while True:
        start = time.monotonic()
        await asyncio.sleep(LAG_EVERY)
        now = time.monotonic()
        into.append((now, now - start - LAG_EVERY))


def scrape_pauses(ports: list[int]) -> Counter:
    """The web processes' event-loop lateness and garbage-collection pauses so far, summed over
    ``ports`` from their ``/metrics``: {(family, label, bucket bound or "count"/"sum"): value}."""
    import urllib.request

    from prometheus_client.parser import text_string_to_metric_families

    wanted = {
        "mexican_train_event_loop_lag_seconds": "process",
        "mexican_train_gc_pause_seconds": "generation",
    }
    out: Counter = Counter()
    for port in ports:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as resp:
            text = resp.read().decode()
        for family in text_string_to_metric_families(text):
            if family.name not in wanted:
                continue
            for sample in family.samples:
                kind = sample.name.rsplit("_", 1)[1]  # bucket, count, sum (or created)
                key = sample.labels.get("le") if kind == "bucket" else kind
                if kind in ("bucket", "count", "sum"):
                    label = sample.labels.get(wanted[family.name], "")
                    out[(family.name, label, key)] += sample.value
    return out


def pauses(before: Counter, after: Counter) -> str:
    """What the web processes' loops and collectors did between two ``scrape_pauses``: how
    often a loop woke late by more than 10, 50 and 100 ms (it looks every 0.25 s), and each
    generation's collections (how many, their total, how many stopped the process > 50 ms)."""

    def delta(family: str, label: str, key: str) -> float:
        return after[(family, label, key)] - before[(family, label, key)]

    lag = "mexican_train_event_loop_lag_seconds"
    looks = delta(lag, "web", "count")
    late = ", ".join(
        f"> {int(float(b) * 1000)} ms {int(looks - delta(lag, 'web', b))}"
        for b in ("0.01", "0.05", "0.1")
    )
    out = f"web processes' event loops (a look each 0.25 s): {int(looks)} looks, late {late}"
    gc_pause = "mexican_train_gc_pause_seconds"
    for generation in "012":
        n = delta(gc_pause, generation, "count")
        long = n - delta(gc_pause, generation, "0.05")
        out += (
            f"; collections of generation {generation}: {int(n)}, "
            f"{delta(gc_pause, generation, 'sum') * 1000:.0f} ms in all, {int(long)} over 50 ms"
        )
    return out


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["setup"]:
        ap = argparse.ArgumentParser()
        ap.add_argument("--tables", type=int)
        ap.add_argument("--out", type=Path)
        args = ap.parse_args(argv[1:])
        args.out.write_text(json.dumps(seed(args.tables)))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--web", type=int, default=1, help="web processes (clients spread over them)")
    ap.add_argument(
        "--think",
        type=float,
        default=0,
        help="people's mean think time in s (exponential; open loop at a human pace); 0: move "
        "at once (closed loop, saturating)",
    )
    ap.add_argument(
        "--arrive-first",
        action="store_true",
        help="no move until every person's socket has said hello (a round whose players are all "
        "at their tables before it starts); the warm-up counts from then. Without it the first "
        "tables play while the rest connect",
    )
    ap.add_argument(
        "--worker-threads", type=int, default=4, help="the worker's thread pool (1: solo pool)"
    )
    ap.add_argument(
        "--profile",
        type=Path,
        help="folder: sample the web processes and the worker with py-spy over the measured "
        "seconds, and read pg_stat_statements, then print the top entries",
    )
    ap.add_argument(
        "--gil",
        action="store_true",
        help="with --profile: sample only the thread holding the interpreter lock (a process's "
        "Python runs on one core at a time: this is where that core goes, waits left out)",
    )
    args = ap.parse_args(argv)
    url, redis_url, broker, env = fresh_platform("mexican_train_load", 14)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "platform")])
    with tempfile.TemporaryDirectory() as tmp:
        logs = Path(tmp)
        procs, ports = [], []
        worker = Celery(env, logs)
        try:
            for i in range(args.web):
                port = free_port()
                log_path = logs / f"web-{i}.log"
                proc = start(env, open(log_path, "w"), port)  # noqa: SIM115
                wait_ready(proc, port, log_path, timeout=120)
                procs.append(proc)
                ports.append(port)
            if args.worker_threads > 1:
                worker.start_worker(pool="threads", concurrency=args.worker_threads)
            else:
                worker.start_worker()
            tables = setup_tables(env, args.tables)
            for gid, tokens in tables:
                status, body = http(ports[0], "POST", f"/api/v1/games/{gid}/start", token=tokens[0])
                assert status == 200, body
            print(
                f"{args.tables} tables (2 socket players + 2 bots each) on {args.web} web "
                f"process(es) and 1 worker ({args.worker_threads} threads); warm-up "
                f"{args.warmup:.0f} s, measuring "
                f"{args.seconds:.0f} s"
            )

            sampler = None

            async def run():
                nonlocal sampler
                everyone = asyncio.Event() if args.arrive_first else None
                task = asyncio.create_task(
                    drive(ports, tables, args.warmup, args.seconds, args.think, everyone)
                )
                if everyone is not None:  # or the run failed first (a person's socket did)
                    ready = asyncio.create_task(everyone.wait())
                    await asyncio.wait([ready, task], return_when=asyncio.FIRST_COMPLETED)
                    if task.done():
                        ready.cancel()
                        task.result()
                await asyncio.sleep(args.warmup)
                if args.profile:
                    reset_statements(url)
                    sampler = Sampler(args.profile, args.seconds, gil=args.gil)
                    for i, proc in enumerate(procs):
                        sampler.attach(f"web-{i}", proc.pid)
                    sampler.attach("worker", worker.worker.pid)
                    pids = {f"web-{i}": p.pid for i, p in enumerate(procs)}
                    pids["worker"] = worker.worker.pid
                    counters[0] = {
                        **component_counters(url, [redis_url, broker]),
                        **cpu_counters(pids, url, redis_url),
                    }
                scraped[0] = await asyncio.to_thread(scrape_pauses, ports)
                since = db_now(url)
                window[0] = time.monotonic()
                await asyncio.sleep(args.seconds)
                until = db_now(url)
                window[1] = time.monotonic()
                scraped[1] = await asyncio.to_thread(scrape_pauses, ports)
                if args.profile:
                    counters[1] = {
                        **component_counters(url, [redis_url, broker]),
                        **cpu_counters(pids, url, redis_url),
                    }
                objs, stats = await task
                return objs, stats, since, until

            counters: list[dict] = [{}, {}]
            scraped: list[Counter] = [Counter(), Counter()]
            window = [0.0, 0.0]  # the measured seconds (monotonic)
            objs, stats, since, until = asyncio.run(run())
            elapsed = (until - since).total_seconds()
            counts = count_moves(url, since, until)
            # The delivery figures count the moves sent in the measured window, as moves/s
            # does: the warm-up holds the arrivals' burst, which is not the steady state.
            measured = [d[1:] for t in objs for d in t.delivered if window[0] <= d[0] < window[1]]
            lat = [m[0] for m in measured]
            people, bots = counts.get("player", 0), counts.get("bot", 0)
            total = sum(counts.values())
            print(
                f"moves/s: {total / elapsed:.1f} all ({people / elapsed:.1f} by people over "
                f"sockets, {bots / elapsed:.1f} by bots in the worker) over {elapsed:.1f} s"
            )
            if lat:
                print(
                    f"move-to-delivery (people's moves sent in the window, to the other person "
                    f"at the table): "
                    f"n={len(lat)} p50 {pct(lat, 50) * 1000:.1f} ms, p99 "
                    f"{pct(lat, 99) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms, mean "
                    f"{statistics.mean(lat) * 1000:.1f} ms"
                )
            commit = [m[1] for m in measured]
            deliver = [m[2] for m in measured]
            if commit:
                print(
                    f"  of which sent -> committed p50 {pct(commit, 50) * 1000:.1f} ms, p99 "
                    f"{pct(commit, 99) * 1000:.1f} ms; committed -> delivered p50 "
                    f"{pct(deliver, 50) * 1000:.1f} ms, p99 {pct(deliver, 99) * 1000:.1f} ms"
                )
            lags = [lag for at, lag in stats["lag"] if window[0] <= at < window[1]]
            if lags:
                print(
                    f"  the generator's own loop, woken late (in every figure above): p50 "
                    f"{pct(lags, 50) * 1000:.1f} ms, p99 {pct(lags, 99) * 1000:.1f} ms, max "
                    f"{max(lags) * 1000:.1f} ms"
                )
            print("  " + pauses(*scraped))
            streams = [f"game-{gid}" for gid, _ in tables]
            thinks = {
                f"game-{t.gid}": max(
                    (s for at, s in t.thinks if window[0] - s <= at < window[1]), default=0.0
                )
                for t in objs
            }
            print(fairness(url, since, until, streams, thinks if args.think else None))
            print(connecting(stats, 2 * len(tables)))
            errors = sum(stats["errors"].values())
            print(f"errors: {errors} {dict(stats['errors']) if errors else ''}".rstrip())
            if sampler is not None:
                print(per_move(counters[0], counters[1], total))
                for profile in sampler.profiles():
                    print(profile.report())
                print(statements(url))
        finally:
            worker.stop()
            for proc in procs:
                stop(proc)
            for p in sorted(logs.glob("*.log")):
                text = p.read_text(errors="replace")
                if "Traceback" in text:
                    print(f"--- {p.name} has tracebacks:\n{log_tail(p, 30)}", file=sys.stderr)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(RAW_TABLE)
    raw = raw_batch(url, 1, 5.0, "load")
    print(f"raw single-row INSERT transactions, same database, same run: {raw.rate:.0f}/s")
    print(f"ratio moves/s : raw INSERT/s = {total / elapsed / raw.rate:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
