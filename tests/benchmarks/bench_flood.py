"""Flood benchmark: `/healthz` latency while anonymous sockets send oversized frames.

Starts ``manage.py serve`` (frames limited to 64 KiB) on a fresh SQLite database with the
in-memory channel layer, loopback only; makes one table; then measures GET /healthz one
request after another, first idle, then while ``--clients`` anonymous sockets each send
``--frame-mib`` MiB frames over and over (reconnecting when the server closes them). With
``--compare`` the same is measured against the same application under uvicorn's defaults
(16 MiB frames), the setting before the limit. Prints p50/p99/max per phase; asserts nothing.

Run: ``python -m tests.benchmarks.bench_flood [--clients 20] [--frame-mib 15] [--seconds 8]``.
Bounded: each phase lasts ``--seconds`` and every client stops with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import websockets

from tests.support.server import REPO
from tests.support.server import ServerError
from tests.support.server import free_port
from tests.support.server import log_tail
from tests.support.server import served
from tests.support.server import stop
from tests.support.server import wait_ready

PASSWORD = "bench-password-1234"


def _call(port: int, method: str, path: str, body=None, token: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    try:
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()


def _make_table(port: int) -> str:
    status, body = _call(
        port, "POST", "/api/v1/auth/register", {"username": "flooded", "password": PASSWORD}
    )
    if status != 201:
        raise SystemExit(f"error: register: {status} {body}")
    status, game = _call(port, "POST", "/api/v1/games", {"players": 2}, body["token"])
    if status != 201:
        raise SystemExit(f"error: create a table: {status} {game}")
    return game["id"]


def _probe(port: int, seconds: float, out: list[float]) -> None:
    """GET /healthz back to back on one keep-alive connection for ``seconds``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            t0 = time.perf_counter()
            try:
                conn.request("GET", "/healthz")
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                continue
            out.append(time.perf_counter() - t0)
            time.sleep(0.02)
    finally:
        conn.close()


async def _flooder(url: str, origin: str, frame: str, stop_at: float, counts: dict) -> None:
    """Send ``frame`` over and over until ``stop_at``, reconnecting whenever closed."""
    while time.monotonic() < stop_at:
        try:
            async with websockets.connect(
                url, origin=origin, ping_interval=None, open_timeout=10, max_size=None
            ) as ws:
                await asyncio.wait_for(ws.recv(), 10)  # the hello
                while time.monotonic() < stop_at:
                    await asyncio.wait_for(ws.send(frame), max(0.1, stop_at - time.monotonic()))
                    counts["sent"] += 1
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ws.recv(), 0.05)
        except (OSError, TimeoutError, websockets.WebSocketException):
            counts["closed"] += 1
            await asyncio.sleep(0.05)


def _flood(url: str, origin: str, clients: int, frame_bytes: int, seconds: float) -> dict:
    frame = '{"command": "ping", "pad": "' + "x" * frame_bytes + '"}'
    counts = {"sent": 0, "closed": 0}

    async def run():
        stop_at = time.monotonic() + seconds
        await asyncio.gather(
            *(_flooder(url, origin, frame, stop_at, counts) for _ in range(clients))
        )

    asyncio.run(run())
    return counts


def _phase(port: int, game_id: str, seconds: float, clients: int, frame_bytes: int):
    """Measure /healthz for ``seconds``, under a flood when ``clients`` > 0."""
    samples: list[float] = []
    probe = threading.Thread(target=_probe, args=(port, seconds, samples))
    probe.start()
    counts = {"sent": 0, "closed": 0}
    if clients:
        origin = f"http://127.0.0.1:{port}"
        url = f"ws://127.0.0.1:{port}/ws/games/{game_id}/"
        counts = _flood(url, origin, clients, frame_bytes, seconds)
    probe.join()
    return samples, counts


def _figures(samples: list[float]) -> str:
    if len(samples) < 2:
        return f"{len(samples)} requests answered"
    ms = sorted(s * 1000 for s in samples)
    # Inclusive: with few samples the default (exclusive) method extrapolates past the max.
    p99 = statistics.quantiles(ms, n=100, method="inclusive")[98]
    return (
        f"p50 {statistics.median(ms):7.1f} ms  p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms"
        f"  ({len(ms)} requests)"
    )


def _measure(label: str, port: int, game_id: str, args) -> None:
    idle, _ = _phase(port, game_id, args.seconds, 0, 0)
    flood, counts = _phase(port, game_id, args.seconds, args.clients, args.frame_mib << 20)
    print(f"{label}")
    print(f"  idle:   {_figures(idle)}")
    print(
        f"  flood:  {_figures(flood)}   [{args.clients} sockets, {args.frame_mib} MiB frames: "
        f"{counts['sent']} sent, {counts['closed']} closed by the server]"
    )


@contextlib.contextmanager
def _stock_uvicorn(env: dict[str, str], log_path: Path):
    """The same application under uvicorn's defaults (16 MiB frames, no request deadline)."""
    port = free_port()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "config.asgi:application",
                "--app-dir",
                "platform",
                "--port",
                str(port),
                "--lifespan",
                "off",
                "--ws",
                "websockets-sansio",
                "--no-access-log",
            ],
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_ready(proc, port, log_path, path="/healthz")
            yield port
        finally:
            stop(proc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20, help="flooding sockets (default 20)")
    parser.add_argument("--frame-mib", type=int, default=15, help="frame size (default 15 MiB)")
    parser.add_argument("--seconds", type=float, default=8.0, help="per phase (default 8)")
    parser.add_argument(
        "--compare", action="store_true", help="also measure under uvicorn's defaults"
    )
    args = parser.parse_args(argv)
    if not (1 <= args.clients <= 200 and 1 <= args.frame_mib <= 64 and args.seconds <= 60):
        print("error: at most 200 clients, 64 MiB frames and 60 s per phase", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="bench-flood-") as tmp:
        env = dict(os.environ)
        for name in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            env.pop(name, None)
        env["DJANGO_SQLITE_PATH"] = str(Path(tmp) / "db.sqlite3")
        env["CELERY_EAGER"] = "1"
        env["RATE_LIMITS"] = "0"
        try:
            with served(env, Path(tmp) / "serve.log", path="/healthz") as base:
                port = int(base.rsplit(":", 1)[1])
                game_id = _make_table(port)
                _measure("manage.py serve (frames limited to 64 KiB):", port, game_id, args)
            if args.compare:
                with _stock_uvicorn(env, Path(tmp) / "stock.log") as port:
                    _measure("uvicorn defaults (16 MiB frames):", port, game_id, args)
        except ServerError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:
            print(f"error: {exc}; see {log_tail(Path(tmp) / 'serve.log')}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
