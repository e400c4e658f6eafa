"""Live-table benchmark: N socket clients (players and spectators) on one server process.

Starts ``manage.py serve`` on a fresh PostgreSQL database with Redis (channels-redis), opens N
WebSocket clients over a set of 2-player tables (two players each, the rest spectators), plays
moves through the REST API and measures, for every event every client receives, the time from
the move being accepted (the event's server timestamp, taken just before it is committed) to
its arrival. Prints p50/p99 per N; asserts nothing.

Run: ``make bench-sockets`` or
``python -m tests.benchmarks.bench_sockets [--clients 100 1000] [--moves 60]``.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import psycopg
import websockets

from tests.support.server import ServerError
from tests.support.server import served
from tests.support.tickets import socket_url

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/mexican_train_bench_ws"
PASSWORD = "bench-password-1234"


def _recreate(url: str) -> None:
    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _drop(url: str) -> None:
    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Http:
    """A keep-alive JSON client for the REST API."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.token = token

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        r = self.conn.getresponse()
        data = r.read()
        return r.status, (json.loads(data) if data else {})


def _register(port: int, name: str) -> str:
    status, body = Http(port).call(
        "POST", "/api/v1/auth/register", {"username": name, "password": PASSWORD}
    )
    if status != 201:
        raise SystemExit(f"error: register {name}: {status} {body}")
    return body["token"]


def _table(port: int, tokens: list[str]) -> str:
    a, b = Http(port, tokens[0]), Http(port, tokens[1])
    status, game = a.call("POST", "/api/v1/games", {"players": 2})
    assert status == 201, game
    gid = game["id"]
    assert b.call("POST", f"/api/v1/games/{gid}/join")[0] == 200
    assert a.call("POST", f"/api/v1/games/{gid}/start")[0] == 200
    return gid


async def _client(
    url: str, latencies: list[float], ready: asyncio.Event, stop: asyncio.Event, counts: dict
) -> None:
    async with websockets.connect(
        url,
        origin=url.split("/ws/")[0].replace("ws://", "http://", 1),  # the page's own origin
        max_queue=None,
        ping_interval=None,
        open_timeout=60,
    ) as ws:
        hello = json.loads(await ws.recv())
        await ws.send(json.dumps({"command": "sync", "after": hello.get("seq", 0)}))
        while json.loads(await ws.recv()).get("type") != "events":
            pass  # the answer to the sync: from here on, every message is a live push
        counts["connected"] += 1
        if counts["connected"] >= counts["wanted"]:
            ready.set()
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.time()
            msg = json.loads(raw)
            if msg.get("type") != "events":
                continue
            for e in msg.get("events", []):
                at = datetime.fromisoformat(e["at"]).timestamp()
                if at > counts["since"]:
                    latencies.append(now - at)


def _play(port: int, tables: list[tuple[str, list[str]]], moves: int) -> int:
    """Make ``moves`` moves round-robin over the tables through REST; return moves made."""
    clients = {gid: [Http(port, t) for t in toks] for gid, toks in tables}
    made = 0
    while made < moves:
        progressed = False
        for gid, _ in tables:
            for c in clients[gid]:
                status, st = c.call("GET", f"/api/v1/games/{gid}/state")
                if st.get("status") == "active" and st["legal_moves"]:
                    move = st["legal_moves"][0]
                    status, ans = c.call(
                        "POST", f"/api/v1/games/{gid}/moves", {**move, "expected_seq": st["seq"]}
                    )
                    if status == 201:
                        made += 1
                        progressed = True
                    break
            if made >= moves:
                break
        if not progressed:
            break
        time.sleep(0.01)
    return made


async def _run(port: int, n: int, tables, moves: int) -> dict:
    latencies: list[float] = []
    ready, stop = asyncio.Event(), asyncio.Event()
    counts = {"connected": 0, "wanted": n, "since": time.time()}
    tasks = []
    per_table = [[] for _ in tables]
    for i in range(n):
        gid, toks = tables[i % len(tables)]
        k = len(per_table[i % len(tables)])
        per_table[i % len(tables)].append(i)
        token = toks[k] if k < 2 else None  # the two players, then spectators
        url = await asyncio.to_thread(
            socket_url, f"http://127.0.0.1:{port}", f"/ws/games/{gid}/", token
        )
        tasks.append(asyncio.create_task(_client(url, latencies, ready, stop, counts)))
        if i % 50 == 49:  # connect in waves: each synced before the next starts
            deadline = time.monotonic() + 60
            while counts["connected"] < i + 1 - 5 and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if counts["connected"] < i + 1 - 5:
                raise SystemExit(f"error: only {counts['connected']} of {i + 1} clients synced")
    await asyncio.wait_for(ready.wait(), timeout=120)
    # Warm up (first database and Redis connections of the server's threads), not measured.
    await asyncio.to_thread(_play, port, tables, 2 * len(tables))
    await asyncio.sleep(0.5)
    counts["since"] = time.time()
    t0 = time.perf_counter()
    made = await asyncio.to_thread(_play, port, tables, moves)
    elapsed = time.perf_counter() - t0
    await asyncio.sleep(1.0)  # let the last deliveries land
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    return {
        "clients": n,
        "moves": made,
        "seconds": elapsed,
        "deliveries": len(lat),
        "p50_ms": q[49] * 1000,
        "p99_ms": q[98] * 1000,
        "max_ms": lat[-1] * 1000 if lat else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=60, help="moves per client count")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB))
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    )
    args = parser.parse_args(argv)
    _recreate(args.database_url)
    redis = {} if args.redis_url == "none" else {"REDIS_URL": args.redis_url}
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        **redis,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "RATE_LIMITS": os.environ.get("RATE_LIMITS", "0"),  # moves as fast as the server goes
    }
    layer = "in-memory layer" if args.redis_url == "none" else "Redis"
    try:
        with tempfile.TemporaryDirectory() as tmp, served(env, Path(tmp) / "server.log") as url:
            port = int(url.rsplit(":", 1)[1])
            _measure(port, args, layer)
    except ServerError as exc:
        raise SystemExit(f"error: {exc}") from None
    finally:
        _drop(args.database_url)
    print("reproduce: make bench-sockets  (python -m tests.benchmarks.bench_sockets)")
    return 0


def _measure(port: int, args, layer: str) -> None:
    tokens = [_register(port, f"p{i}") for i in range(2 * args.tables)]
    tables = [
        (_table(port, tokens[2 * i : 2 * i + 2]), tokens[2 * i : 2 * i + 2])
        for i in range(args.tables)
    ]
    print(f"server on 127.0.0.1:{port}, PostgreSQL + {layer}, {args.tables} two-player tables")
    for n in args.clients:
        r = asyncio.run(_run(port, n, tables, args.moves))
        print(
            f"N={r['clients']:5d} clients: {r['moves']} moves in {r['seconds']:.1f} s, "
            f"{r['deliveries']} deliveries; move accepted -> event received: "
            f"p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms"
            f"  (target p99 < 100 ms at 1,000)"
        )


if __name__ == "__main__":
    sys.exit(main())
