"""The round burst: a Swiss round of 512 people seated at once, and how soon every table plays.

A scheduled tournament is the platform's peak: every table of a round is seated in the same
second, and when the ready window closes every one of them is dealt and starts at once. This
benchmark builds that moment on real servers and measures it from the players' side:

- ``--web`` ASGI processes (``manage.py serve``; with ``--nginx``, behind ``deploy/nginx.conf``
  as the deployment runs it) and ``--workers`` Celery workers on a fresh PostgreSQL database and
  Redis; a casual live Swiss of ``--players`` registered people (512: 128 tables of 4, no bots);
- the people are simulated by ``--generators`` load-generator processes of their own (asyncio
  and websockets in each; a table's players all in one process, spread over the web processes),
  each person with the tournament page open (its socket) before the start;
- at the start the round is seated by the tournament's Celery task, as beat's tick does it. Each
  generator learns the seating from the tournament socket's update (then one read of the
  tournament), and each person opens their table: sends a seed contribution over the API and
  opens the table's socket. When the ready window (``--ready`` s) closes, every table starts;
  each person then moves as soon as their socket says they may (closed loop), or after a think
  time (``--think`` s on average, exponentially distributed: a human pace, open loop per table);
- it reports the time from the round's start (the round's row: the seating) until every
  table's first move by a person was delivered to all its players, split at the ready window's
  close; then the moves/s (counted in the event table) and the move-to-delivery p50/p99 (a
  person's move, sent, until another person at that table received its event) over the
  ``--seconds`` that follow.

A table's socket that fails to open, or is closed with 1013 (try again later), is opened again
as the table page does it (after 1 s, doubling up to 30 s, with a new ticket): a browser's
retries are part of the burst, and the report counts them apart from the errors.

Prints figures; asserts nothing about them.

Run: ``make bench-round`` or ``python -m tests.benchmarks.bench_round [--players 512] [--web 1]
[--workers 1] [--nginx] [--generators 4] [--seconds 60] [--ready 5] [--think 0]``. Needs
PostgreSQL (``LOAD_DATABASE_URL``, default a database ``mexican_train_round`` on 127.0.0.1,
dropped and recreated) and Redis (``LOAD_REDIS_URL``, default database 12, broker database 13);
``--nginx`` needs nginx (``make bench-round`` installs Debian's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC
from datetime import datetime
from pathlib import Path

import psycopg
import websockets

from tests.benchmarks.load import MOVE_TYPES
from tests.benchmarks.load import fairness
from tests.benchmarks.load import fresh_platform
from tests.benchmarks.load import http
from tests.benchmarks.load import pct
from tests.support.celery import Celery
from tests.support.server import free_port
from tests.support.server import start
from tests.support.server import stop
from tests.support.server import wait_ready
from tests.support.tickets import as_a_crowd
from tests.support.tickets import socket_url

ROOT = Path(__file__).resolve().parents[2]
# A move's refusals a person answers by playing it again (the table page's "play it again").
AGAIN = frozenset({"service_unavailable"})


# -- setting up: accounts, tokens and the tournament, through the platform's services ---------------


def setup(players: int, ready: int) -> dict:
    """Create ``players`` people with API tokens and a casual live Swiss of one round they are
    all registered for, starting in an hour (the benchmark moves its start). Runs under Django
    (``python -m tests.benchmarks.bench_round setup``)."""
    from datetime import timedelta

    from tests.benchmarks.seeding import django_ready
    from tests.benchmarks.seeding import people as register_people

    django_ready()
    from core import clock
    from tournaments import services as tournament_services

    ((organizer, _),) = register_people(["round-organizer"], staff=True).values()
    made = register_people([f"round{i:04d}" for i in range(players)])
    tokens = {name: token for name, (_, token) in made.items()}
    people = [user for user, _ in made.values()]
    tournament = tournament_services.tournament_create(
        user=organizer,
        format="swiss",
        name="Round burst",
        starts_at=clock.now() + timedelta(hours=1),
        table_size=4,
        rounds=1,
        rated=False,
        ready_seconds=ready,
        round_pause_seconds=0,
        time_control={"kind": "live", "seconds_per_move": 60, "reserve_seconds": 300},
    )
    for user in people:
        tournament_services.tournament_register(tournament_id=tournament.pk, user=user)
    return {"tournament": tournament.pk, "tokens": tokens}


# -- a generator process: its share of the people -------------------------------------------------


class Table:
    def __init__(self, gid: str, players: list[str]) -> None:
        self.gid = gid
        self.players = players
        self.sent: dict[int, tuple[float, int]] = {}  # seq a move creates -> (sent, by seat)
        self.first_move_seq: int | None = None  # the seq of its first move by a person
        self.first_delivered: dict[int, float] = {}  # seat -> when it received that move
        self.latencies: list[tuple[float, float]] = []  # (received at, latency)


async def watch_tournament(base: str, tid: int, token: str, seated: asyncio.Event) -> None:
    """A person with the tournament page open: sets ``seated`` when round 1 shows."""
    uri = await asyncio.to_thread(socket_url, base, f"/ws/tournaments/{tid}/", token)
    try:
        async with websockets.connect(
            uri, origin=base, max_queue=None, ping_interval=None, open_timeout=120
        ) as ws:
            while not seated.is_set():
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.5))
                except TimeoutError:
                    continue
                doc = msg.get("tournament") or {}
                if (doc.get("current_round") or 0) >= 1:
                    seated.set()
    except (OSError, websockets.WebSocketException) as exc:
        print(f"bench-round: a tournament socket failed: {exc!r}", file=sys.stderr)
        raise


async def play(
    base: str,
    table: Table,
    me: int,
    token: str,
    think: float,
    stop_at,
    errors: Counter,
    rng: random.Random,
) -> None:
    """One person at their table: contribute to the seed, open the socket, play."""
    status, body = await asyncio.to_thread(
        http_base,
        base,
        "POST",
        f"/api/v1/games/{table.gid}/contribution",
        {"value": f"{rng.getrandbits(64):016x}"},
        token,
    )
    code = (body or {}).get("code")
    if status == 409 and code == "contributions_fixed":
        # Too late: the ready window had closed and the seed was drawn without this person's
        # part, as the platform promises (not an error of the platform's; counted apart).
        errors["late: contribution after the window closed"] += 1
    elif status != 200:
        errors[f"contribution {status} {code}"] += 1
    ws, hello = await connect_as_a_browser(base, table.gid, token, stop_at, errors, rng)
    if ws is None:
        return
    async with ws:
        await ws.send(json.dumps({"command": "sync", "after": 0}))
        seq, pending, due, active = hello.get("seq", 0), False, None, False
        sent_at = seq  # the seq the last move was sent at: a later update holds its answer

        def think_done() -> float:  # closed loop (think 0): at once
            return time.monotonic() + (rng.expovariate(1 / think) if think > 0 else 0)

        legal: list = []
        while time.time() < stop_at.value:
            timeout = 0.5 if due is None else max(0.0, min(0.5, due - time.monotonic()))
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=timeout)
            except TimeoutError:
                raw = None
            if raw is not None:
                now = time.time()
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "error":
                    pending, due = False, None
                    if msg.get("code") in AGAIN and legal and active:
                        # Refused for an outage or a dry pool, nothing made: the table page
                        # says "play it again", and a person does; without this the person
                        # waited for the clock (4 tables of 128 in a two-web burst).
                        errors[f"again: move refused {msg.get('code')}"] += 1
                        due = think_done()
                    elif msg.get("code") in AGAIN:
                        # The sync after the hello refused: the person has no table yet (the
                        # page has it from its own HTTP load); ask again shortly.
                        errors[f"again: sync refused {msg.get('code')}"] += 1
                        await asyncio.sleep(1.0)
                        await ws.send(json.dumps({"command": "sync", "after": seq}))
                    else:
                        errors[msg.get("code")] += 1
                    continue
                if kind == "move.accepted":
                    pending = False
                    if legal and active and due is None and seq > sent_at:
                        # The answer came after the update that gave the turn back (a draw,
                        # then a play): without this the person waited for the clock.
                        due = think_done()
                    continue
                if kind != "events":
                    continue
                for e in msg.get("events", []):
                    is_move = e["type"] in MOVE_TYPES and e["actor"].get("kind") == "player"
                    if is_move and table.first_move_seq is None:
                        table.first_move_seq = e["seq"]
                    if e["seq"] == table.first_move_seq and me not in table.first_delivered:
                        table.first_delivered[me] = now
                    sent = table.sent.get(e["seq"])
                    if sent is not None and sent[1] != me and is_move:
                        table.latencies.append((now, now - sent[0]))
                        del table.sent[e["seq"]]
                seq = max(seq, msg.get("seq", seq))
                legal = msg.get("legal_moves") or []
                active = msg.get("status") == "active"
                if legal and not pending and active:
                    due = think_done()
                else:
                    due = None
            if due is not None and time.monotonic() >= due and legal and not pending:
                table.sent[seq + 1] = (time.time(), me)
                pending, due, sent_at = True, None, seq
                await ws.send(
                    json.dumps(
                        {"command": "move", "move": rng.choice(legal), "expected_seq": seq,
                         "id": seq}
                    )
                )  # fmt: skip


# The table page's socket (frontend/static/frontend/js/socket.js) reconnects after a failed
# handshake or a close 1013 (a backing service down or out of connections), after 1 s, then
# doubling up to 30 s, plus up to 0.5 s at random, with a new ticket each time.
BACKOFF_FIRST, BACKOFF_MOST, JITTER = 1.0, 30.0, 0.5


async def connect_as_a_browser(base, gid, token, stop_at, errors: Counter, rng):
    """The socket of ``gid`` and its hello, tried again as the browser does until the run ends
    (each retry counted apart); ``(None, None)`` if it never opened."""
    backoff = BACKOFF_FIRST
    while time.time() < stop_at.value:
        try:
            uri = await asyncio.to_thread(socket_url, base, f"/ws/games/{gid}/", token)
            ws = await websockets.connect(
                uri, origin=base, max_queue=None, ping_interval=None, open_timeout=120
            )
            try:
                hello = json.loads(await ws.recv())
            except BaseException:
                await ws.close()
                raise
            if hello.get("type") == "hello":
                return ws, hello
            await ws.close()
            why = f"hello {hello.get('type')}"
        except (OSError, websockets.WebSocketException) as exc:
            why = f"{type(exc).__name__}: {exc}"[:80]
        errors[f"retried: {why}"] += 1
        await asyncio.sleep(backoff + rng.random() * JITTER)
        backoff = min(backoff * 2, BACKOFF_MOST)
    errors["a table socket never opened"] += 1
    return None, None


def http_base(base: str, method: str, path: str, body=None, token=None):
    host, port = base.removeprefix("http://").rsplit(":", 1)
    return http(int(port), method, path, body, token)


def generator(
    index: int, count: int, bases: list[str], tid: int, tokens: dict[str, str], think: float,
    seed_times, stop_at, reports: multiprocessing.Queue, limit: float,
) -> None:  # fmt: skip
    """Process ``index`` of ``count``: watch the tournament, then play its share of the tables
    (every ``count``-th, from ``index``); report each table's first delivery as it happens and
    everything measured at the end."""
    rng = random.Random(index)
    errors: Counter = Counter()
    mine = sorted(tokens)[index::count]  # the watchers of this process, before the seating

    async def run() -> list[Table]:
        as_a_crowd(len(mine))
        seated = asyncio.Event()
        watchers = [
            asyncio.create_task(watch_tournament(bases[i % len(bases)], tid, tokens[name], seated))
            for i, name in enumerate(mine)
        ]
        seed_times.put(("connected", index, len(mine)))
        # Round 1 shows on the tournament sockets; should none of them say so in time (all
        # closed, or the news lost), the tournament's page is asked: either way the run goes
        # on, and the report says which it was.
        try:
            await asyncio.wait_for(seated.wait(), timeout=limit)
        except TimeoutError:
            failed = sum(1 for t in watchers if t.done() and t.exception() is not None)
            errors[f"round 1 not heard on any tournament socket ({failed} failed)"] += 1
        for task in watchers:
            task.cancel()
        for r in await asyncio.gather(*watchers, return_exceptions=True):
            if isinstance(r, Exception):
                errors[f"tournament socket {type(r).__name__}"] += 1
        status, doc = await asyncio.to_thread(
            http_base, bases[0], "GET", f"/api/v1/tournaments/{tid}", None, tokens[mine[0]]
        )
        if status != 200 or not (doc or {}).get("rounds_detail"):
            raise RuntimeError(f"the tournament's page answered {status} with no round 1")
        tables = [
            Table(t["game"], [p["username"] for p in sorted(t["players"], key=lambda p: p["seat"])])
            for t in doc["rounds_detail"][0]["tables"]
        ][index::count]
        players = []
        for n, table in enumerate(tables):
            for seat, name in enumerate(table.players):
                base = bases[(n + seat) % len(bases)]  # a table's people on different processes
                players.append(
                    asyncio.create_task(
                        play(base, table, seat, tokens[name], think, stop_at, errors, rng)
                    )
                )

        async def report() -> None:
            told = set()
            while time.time() < stop_at.value:
                for t in tables:
                    if t.gid not in told and len(t.first_delivered) == len(t.players):
                        told.add(t.gid)
                        seed_times.put(("first", t.gid, max(t.first_delivered.values())))
                await asyncio.sleep(0.05)

        reporter = asyncio.create_task(report())
        results = await asyncio.gather(*players, return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException):
                errors[f"{type(r).__name__}: {r}"[:120]] += 1
        reporter.cancel()
        return tables

    try:
        tables = asyncio.run(run())
    except Exception as exc:  # said to the parent, which stops the run naming it
        seed_times.put(("failed", index, f"{type(exc).__name__}: {exc}"[:300]))
        raise
    reports.put(
        {
            "index": index,
            "tables": len(tables),
            "latencies": [x for t in tables for x in t.latencies],
            "errors": dict(errors),
        }
    )


# -- the platform: servers, a proxy, workers ------------------------------------------------------


def nginx_config(tmp: Path, ports: list[int]) -> tuple[Path, int]:
    """deploy/nginx.conf with its upstream made the local web processes and a free port."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    upstream = "\n".join(
        f"        server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;" for p in ports
    )
    start_at = text.index("    upstream web {")
    end_at = text.index("keepalive", start_at)
    text = text[:start_at] + "    upstream web {\n" + upstream + "\n        " + text[end_at:]
    port = free_port()
    if "listen 80;" not in text or "pid /tmp/nginx.pid;" not in text:
        raise SystemExit("bench-round: deploy/nginx.conf changed shape; update nginx_config")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("pid /tmp/nginx.pid;", f"pid {tmp}/nginx.pid;")
    text = text.replace("access_log /dev/stdout main;", "access_log off;")
    path = tmp / "nginx.conf"
    path.write_text(text)
    return path, port


def round_times(url: str, tid: int):
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT r.started_at, min(g.ready_deadline) FROM tournaments_tournamentround r "
            "JOIN tournaments_tournamenttable t ON t.round_id = r.id "
            "JOIN games_game g ON g.id = t.game_id WHERE r.tournament_id = %s "
            "GROUP BY r.started_at",
            (tid,),
        ).fetchone()


def count_moves(url: str, since: float, until: float) -> Counter:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT actor->>'kind', count(*) FROM eventstore_event WHERE created_at >= "
            "to_timestamp(%s) AND created_at < to_timestamp(%s) AND type = ANY(%s) GROUP BY 1",
            (since, until, list(MOVE_TYPES)),
        ).fetchall()
    return Counter({k: n for k, n in rows})


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["setup"]:
        ap = argparse.ArgumentParser()
        ap.add_argument("--players", type=int)
        ap.add_argument("--ready", type=int)
        ap.add_argument("--out", type=Path)
        args = ap.parse_args(argv[1:])
        args.out.write_text(json.dumps(setup(args.players, args.ready)))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=512, help="people (a multiple of 4)")
    ap.add_argument("--web", type=int, default=1, help="web processes")
    ap.add_argument("--workers", type=int, default=1, help="Celery workers (4 threads each)")
    ap.add_argument("--nginx", action="store_true", help="clients through deploy/nginx.conf")
    ap.add_argument("--generators", type=int, default=4, help="load-generator processes")
    ap.add_argument("--seconds", type=float, default=60, help="measured after the burst")
    ap.add_argument("--ready", type=int, default=5, help="the tables' ready window (s)")
    ap.add_argument("--think", type=float, default=0, help="mean think time (s); 0: at once")
    ap.add_argument("--limit", type=float, default=120, help="give up on the burst after (s)")
    ap.add_argument("--keep-logs", type=Path, help="copy the processes' logs into this folder")
    args = ap.parse_args(argv)
    if args.players < 8 or args.players % 4:
        ap.error("--players takes a multiple of 4, at least 8")
    if args.nginx and shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        ap.error("--nginx needs nginx (Debian's: apt-get install nginx-light)")
    url, redis_url, broker, env = fresh_platform("mexican_train_round", 12)
    if args.nginx:
        env["NUM_PROXIES"] = "1"
    procs, ports, workers, nginx, gens = [], [], [], None, []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        try:
            for i in range(args.web):
                port = free_port()
                log_path = tmp / f"web-{i}.log"
                proc = start(env, open(log_path, "w"), port)  # noqa: SIM115
                wait_ready(proc, port, log_path, timeout=180)
                procs.append(proc)
                ports.append(port)
            bases = [f"http://127.0.0.1:{p}" for p in ports]
            if args.nginx:
                conf, port = nginx_config(tmp, ports)
                nginx_bin = shutil.which("nginx") or "/usr/sbin/nginx"
                nginx = subprocess.Popen(
                    [nginx_bin, "-c", str(conf), "-p", str(tmp), "-g", "daemon off;"],
                    stdout=open(tmp / "nginx.log", "w"),  # noqa: SIM115
                    stderr=subprocess.STDOUT,
                )
                wait_ready(nginx, port, tmp / "nginx.log", path="/proxy-health")
                bases = [f"http://127.0.0.1:{port}"]
            for w in range(args.workers):
                folder = tmp / f"worker-{w}"
                folder.mkdir()
                worker = Celery(env, folder)
                worker.started = w * 100  # distinct node names
                worker.start_worker(pool="threads", concurrency=4)
                workers.append(worker)
            for worker in workers:
                worker.wait_worker_ready(timeout=120)
            made = tmp / "setup.json"
            started = time.monotonic()
            subprocess.run(
                [sys.executable, "-m", "tests.benchmarks.bench_round", "setup",
                 "--players", str(args.players), "--ready", str(args.ready), "--out", str(made)],
                cwd=ROOT, env=env, check=True,
            )  # fmt: skip
            data = json.loads(made.read_text())
            tid, tokens = data["tournament"], data["tokens"]
            print(
                f"{args.players} people registered for a Swiss round of {args.players // 4} "
                f"tables of 4 in {time.monotonic() - started:.0f} s; {args.web} web process(es)"
                f"{' behind nginx' if args.nginx else ''}, {args.workers} worker(s) of 4 "
                f"threads, {args.generators} generator processes, think "
                f"{args.think:g} s, ready window {args.ready} s",
                flush=True,
            )
            ctx = multiprocessing.get_context("spawn")
            events, reports = ctx.Queue(), ctx.Queue()
            stop_at = ctx.Value("d", time.time() + 3600)
            gens = [
                ctx.Process(
                    target=generator,
                    args=(
                        i,
                        args.generators,
                        bases,
                        tid,
                        tokens,
                        args.think,
                        events,
                        stop_at,
                        reports,
                        args.limit,
                    ),
                )  # fmt: skip
                for i in range(args.generators)
            ]
            for g in gens:
                g.start()

            def next_event(until: float):
                """The next event from the generators, or None at ``until``; a generator that
                failed or died ends the run, saying which and why (never a silent wait)."""
                while time.time() < until:
                    try:
                        kind, who, what = events.get(timeout=1)
                    except queue.Empty:
                        dead = [i for i, g in enumerate(gens) if g.exitcode not in (None, 0)]
                        if dead:
                            raise BenchError(
                                f"generator {dead[0]} died (exit {gens[dead[0]].exitcode})"
                            ) from None
                        continue
                    if kind == "failed":
                        raise BenchError(f"generator {who} failed: {what}")
                    return kind, who, what
                return None

            watching = 0
            connect_by = time.time() + 300
            while watching < args.players:
                event = next_event(connect_by)
                if event is None:
                    raise BenchError(
                        f"{watching}/{args.players} tournament sockets opened in 300 s"
                    )
                if event[0] == "connected":
                    watching += event[2]
            time.sleep(3)  # the watchers' sockets open (each process said it started them)
            # The start: what beat's tick does when the time comes, at once.
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(
                    "UPDATE tournaments_tournament SET starts_at = now() - interval '1 second', "
                    "registration_closes_at = now() - interval '1 second' WHERE id = %s",
                    (tid,),
                )
            from celery import Celery as CeleryApp

            CeleryApp(broker=broker).send_task("tournaments.tasks.advance", args=[tid])
            tables = args.players // 4
            first: dict[str, float] = {}
            give_up = time.time() + args.limit
            while len(first) < tables and (event := next_event(give_up)) is not None:
                kind, gid, at = event
                if kind == "first":
                    first[gid] = at
            burst_end = max(first.values()) if first else time.time()
            stop_at.value = burst_end + args.seconds
            # The reports first, then the joins: a generator's report (every latency it
            # measured) is bigger than a pipe holds, and its process cannot end before the
            # parent reads it (multiprocessing's "joining processes that use queues").
            results = []
            report_by = time.time() + args.seconds + 180
            while len(results) < len(gens) and time.time() < report_by:
                try:
                    results.append(reports.get(timeout=1))
                except queue.Empty:
                    if all(g.exitcode is not None for g in gens) and reports.empty():
                        break
            for g in gens:
                g.join(timeout=10)
            seated_at, deadline = round_times(url, tid)
            seated, window = seated_at.timestamp(), deadline.timestamp()
            firsts = sorted(at - seated for at in first.values())
            print(
                f"round start -> every table's first move delivered to its 4 players: "
                f"{len(first)}/{tables} tables, last {max(firsts, default=float('nan')):.2f} s, "
                f"median {pct(firsts, 50):.2f} s (the ready window closed at "
                f"{window - seated:.2f} s: after it, last {burst_end - window:.2f} s, median "
                f"{pct(firsts, 50) - (window - seated):.2f} s)"
            )
            counts = count_moves(url, burst_end, burst_end + args.seconds)
            total = sum(counts.values())
            lat = [
                lat for r in results for at, lat in r["latencies"]
                if burst_end <= at < burst_end + args.seconds
            ]  # fmt: skip
            print(
                f"the {args.seconds:.0f} s after: moves/s {total / args.seconds:.1f}; "
                f"move-to-delivery n={len(lat)} p50 {pct(lat, 50) * 1000:.1f} ms, p99 "
                f"{pct(lat, 99) * 1000:.1f} ms"
            )
            with psycopg.connect(url) as conn:
                games = conn.execute(
                    "SELECT t.game_id::text FROM tournaments_tournamenttable t JOIN "
                    "tournaments_tournamentround r ON r.id = t.round_id WHERE r.tournament_id = %s",
                    (tid,),
                ).fetchall()
            window = [datetime.fromtimestamp(x, UTC) for x in (burst_end, burst_end + args.seconds)]
            print(fairness(url, *window, [f"game-{g}" for (g,) in games]))
            errors = Counter()
            for r in results:
                errors.update(r["errors"])
            if len(results) < len(gens):
                errors["generator reported nothing"] += len(gens) - len(results)
            late = {k: v for k, v in errors.items() if k.startswith("late: ")}
            retried = {k: v for k, v in errors.items() if k.startswith("retried: ")}
            again = {k: v for k, v in errors.items() if k.startswith("again: ")}
            errors = Counter({k: v for k, v in errors.items() if k not in late | retried | again})
            print(f"errors: {sum(errors.values())} {dict(errors) if errors else ''}".rstrip())
            if retried:  # refused handshakes a browser would have tried again, as it did
                print(f"table sockets tried again: {sum(retried.values())} {retried}")
            if again:  # refusals a person meets and plays through, as the page asks
                print(f"refused to try again, and done again: {sum(again.values())} {again}")
            for what, n in late.items():
                print(f"{what.removeprefix('late: ')}: {n} people")
        finally:
            for g in gens:
                if g.is_alive():
                    g.terminate()
                    g.join(10)
            for worker in workers:
                worker.stop()
            if nginx is not None:
                stop(nginx)
            for proc in procs:
                stop(proc)
            for p in sorted(tmp.rglob("*.log")):
                text = p.read_text(errors="replace")
                if "Traceback" in text:
                    lines = text[text.index("Traceback") :].splitlines()[:40]
                    print(
                        f"--- {p.name}: {text.count('Traceback')} tracebacks, the first:\n"
                        + "\n".join(lines),
                        file=sys.stderr,
                    )
            if args.keep_logs:
                args.keep_logs.mkdir(parents=True, exist_ok=True)
                for p in tmp.rglob("*.log"):
                    shutil.copy(p, args.keep_logs / f"{p.parent.name}-{p.name}")
    return 0


class BenchError(Exception):
    """The run cannot measure what it set out to (said in one line, no traceback)."""


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as exc:
        print(f"bench-round: {exc}", file=sys.stderr)
        sys.exit(1)
