"""A move's cost against the raw database work of a move, measured side by side in one run.

Run: ``python -m tests.benchmarks.bench_move [--rounds R] [--moves M] [--database-url URL]``
(``make bench-api`` runs it after ``bench_api``). Needs PostgreSQL; the database in the URL
(default ``mexican_train_bench_move``) is dropped, recreated, and dropped at the end.

Three measurements, alternated ``--rounds`` times so the machine's noise hits all three:

1. **raw same work** (``../shared/design/raw_same_work.py``): on one psycopg connection, lock a
   game row, insert one ~300-byte event row, update the game row, commit.
2. **in-process** ``services.game_move``: a 2-player double-12 correspondence table, a random
   legal move each time (the commit's effects included: snapshot, cache, broadcast).
3. **HTTP move**: ``POST /api/v1/games/<id>/moves`` to ``manage.py serve`` (one client,
   keep-alive), the legal moves read first (untimed).

Prints each round's p50s and the medians' ratios (in-process / raw, HTTP / raw); asserts
nothing about time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import time
import uuid

import psycopg

from tests.benchmarks.bench_api import API
from tests.benchmarks.bench_api import Driver
from tests.benchmarks.bench_api import Http
from tests.benchmarks.bench_api import Pair
from tests.benchmarks.bench_api import Server
from tests.benchmarks.bench_api import drop_database
from tests.benchmarks.bench_api import recreate_database
from tests.benchmarks.bench_api import register
from tests.benchmarks.bench_api import setup_django

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/mexican_train_bench_move"
RAW_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS raw_game (id uuid PRIMARY KEY, version int, head text, "
    "to_move int, data jsonb)",
    "CREATE TABLE IF NOT EXISTS raw_event (id bigserial PRIMARY KEY, stream text, seq int, "
    "type text, data jsonb, actor jsonb, created_at timestamptz, prev_hash text, hash text, "
    "UNIQUE (stream, seq))",
)
PAYLOAD = json.dumps({"seat": 1, "tile": [12, 5], "train": 1, "by": "player"})
ACTOR = json.dumps({"kind": "player", "user": 7, "name": "bo"})


def p50(values: list[float]) -> float:
    return statistics.median(values) * 1000


def raw_same_work(url: str, count: int) -> list[float]:
    """The yardstick: ``count`` raw move transactions; return their latencies."""
    out = []
    with psycopg.connect(url) as conn:
        cur = conn.cursor()
        gid = uuid.uuid4()
        cur.execute("INSERT INTO raw_game VALUES (%s, 0, '', 0, '{}')", (gid,))
        conn.commit()
        for seq in range(1, count + 1):
            t0 = time.perf_counter()
            cur.execute("SELECT version, head FROM raw_game WHERE id = %s FOR UPDATE", (gid,))
            v, h = cur.fetchone()
            cur.execute(
                "INSERT INTO raw_event (stream, seq, type, data, actor, created_at, prev_hash, "
                "hash) VALUES (%s, %s, %s, %s, %s, now(), %s, %s)",
                (str(gid), v + 1, "TilePlayed", PAYLOAD, ACTOR, h, "x" * 64),
            )
            cur.execute(
                "UPDATE raw_game SET version = %s, head = %s, to_move = %s WHERE id = %s",
                (v + 1, "y" * 64, seq % 4, gid),
            )
            conn.commit()
            out.append(time.perf_counter() - t0)
    return out


class InProcess:
    """2-player tables played through ``services.game_move`` in this process."""

    def __init__(self, rng: random.Random) -> None:
        from accounts.services import user_register

        suffix = secrets.token_hex(3)
        self.users = [
            user_register(username=f"move{suffix}s{i}", password=secrets.token_urlsafe(18))
            for i in range(2)
        ]
        self.rng = rng
        self.game = None

    def _new_game(self) -> None:
        from games import domain
        from games import services

        game = services.game_create(
            user=self.users[0],
            players=2,
            hand_table="double12",
            variants={"rounds": 10},
            time_control={"kind": "correspondence"},
        )
        services.game_join(game_id=game.id, user=self.users[1])
        services.game_start(game_id=game.id, user=self.users[0])
        game.refresh_from_db()
        loaded = domain.load(game.stream)
        self.game, self.state, self.seq = game, loaded.state, loaded.version

    def moves(self, count: int) -> list[float]:
        from games import domain
        from games import services
        from games.engine import command_to_dict
        from games.engine import legal_moves
        from games.engine.state import FINISHED

        out = []
        while len(out) < count:
            if self.game is None or self.state.phase == FINISHED:
                self._new_game()
            seat = self.state.to_move
            body = command_to_dict(self.rng.choice(legal_moves(self.state, seat)))
            body.pop("seat")
            t0 = time.perf_counter()
            result = services.game_move(
                game_id=self.game.id, user=self.users[seat], move=body, expected_seq=self.seq
            )
            out.append(time.perf_counter() - t0)
            self.state = domain.fold(result.events, self.state)
            self.seq = result.seq
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternations of the three")
    parser.add_argument("--moves", type=int, default=200, help="moves of each kind per round")
    parser.add_argument("--database-url", default=DEFAULT_URL)
    args = parser.parse_args(argv)
    url = args.database_url
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("RATE_LIMITS", "0")
    recreate_database(url)
    server = None
    try:
        setup_django(url)
        with psycopg.connect(url, autocommit=True) as conn:
            for statement in RAW_SCHEMA:
                conn.execute(statement)
        server = Server(url)
        server.wait_ready()
        setup = Http(server.port)
        suffix = secrets.token_hex(3)
        players = tuple(register(setup, f"http{suffix}s{s}") for s in range(2))
        setup.close()
        driver = Driver(server.port, Pair(players, random.Random(1)))
        local = InProcess(random.Random(2))
        raw_all, local_all, http_all = [], [], []
        print(f"{args.rounds} rounds of {args.moves} moves each: raw, in-process, HTTP")
        for r in range(args.rounds):
            raw = raw_same_work(url, args.moves)
            inproc = local.moves(args.moves)
            over_http = driver.play(args.moves)
            raw_all.append(p50(raw))
            local_all.append(p50(inproc))
            http_all.append(p50(over_http))
            print(
                f"round {r + 1}: raw p50 {p50(raw):.2f} ms · in-process game_move p50 "
                f"{p50(inproc):.2f} ms ({p50(inproc) / p50(raw):.1f}x) · HTTP move p50 "
                f"{p50(over_http):.2f} ms ({p50(over_http) / p50(raw):.1f}x)",
                flush=True,
            )
        raw_m, local_m, http_m = map(statistics.median, (raw_all, local_all, http_all))
        print(
            f"median of rounds: raw {raw_m:.2f} ms, in-process {local_m:.2f} ms "
            f"= {local_m / raw_m:.1f}x raw, HTTP {http_m:.2f} ms = {http_m / raw_m:.1f}x raw"
        )
        print(f"(HTTP path {API}/games/<id>/moves; the HTTP client pays for its untimed GETs)")
    finally:
        if server is not None:
            server.stop()
        from django.db import connections

        connections.close_all()
        drop_database(url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
