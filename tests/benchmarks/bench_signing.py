"""Signing benchmark: what a signed move receipt costs, against the move it is for.

Run: ``python -m tests.benchmarks.bench_signing [--moves N] [--repeat K] [--database-url URL]``.
Needs PostgreSQL; the database named in the URL (by default ``mexican_train_bench_signing``) is
dropped and recreated at the start and dropped at the end.

In one process, batches alternate so machine noise hits both sides:
1. moves: a 2-human game (double-12, correspondence) played with random legal moves through
   ``services.game_move`` (one transaction each: lock, load, engine, append, projections), each
   call timed;
2. receipts: for each of those moves, ``trust.receipts.receipt_for`` of its events (two SHA-256
   commitments, canonical JSON, one Ed25519 signature) then ``signing.keys.verify`` of it (one
   Ed25519 verification), each pair timed — what the move answer adds, and what checking it
   costs.
Prints medians per operation and their ratio; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import secrets
import shlex
import statistics
import time
from datetime import datetime

from tests.benchmarks.bench_api import drop_database
from tests.benchmarks.bench_api import open_game
from tests.benchmarks.bench_api import recreate_database
from tests.benchmarks.bench_api import setup_django
from tests.benchmarks.bench_api import split_url
from tests.benchmarks.bench_api import timed_random_move

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/mexican_train_bench_signing"
VARIANTS = {"set_max": 12, "hand_size": 12, "rounds": 13}


def play_moves(users, count: int, rng: random.Random, game_and_loaded=None):
    """Make ``count`` random legal moves through ``services.game_move`` (new games as they
    end); return each move's latency, its (game id, events), and the game to go on with."""
    from games import domain
    from games.engine.state import FINISHED

    game, loaded = game_and_loaded or open_game(users, VARIANTS)
    state, seq = loaded.state, loaded.version
    latencies, answers = [], []
    while len(latencies) < count:
        if state.phase == FINISHED:
            game, loaded = open_game(users, VARIANTS)
            state, seq = loaded.state, loaded.version
        result, latency = timed_random_move(game, users, state, seq, rng)
        latencies.append(latency)
        answers.append((game.id, result.events))
        state = domain.fold(result.events, state)
        seq = result.seq
    loaded.state, loaded.version = state, seq
    return latencies, answers, (game, loaded)


def sign_and_verify(answers) -> tuple[list[float], list[float], list[float]]:
    """Return the latencies of signing each answer's receipt, of verifying it, and of both."""
    from signing import keys
    from trust.receipts import receipt_for
    from trust.receipts import receipt_message

    signs, verifies, both = [], [], []
    for game_id, events in answers:
        t0 = time.perf_counter()
        receipt = receipt_for(game_id, events)
        t1 = time.perf_counter()
        ok = keys.verify(
            receipt["key_id"],
            receipt_message(receipt),
            receipt["signature"],
            at=datetime.fromisoformat(receipt["at"]),
        )
        t2 = time.perf_counter()
        assert ok
        signs.append(t1 - t0)
        verifies.append(t2 - t1)
        both.append(t2 - t0)
    return signs, verifies, both


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="moves per batch")
    parser.add_argument("--repeat", type=int, default=3, help="move+receipt batch pairs")
    parser.add_argument("--database-url", default=DEFAULT_URL, help=f"default {DEFAULT_URL}")
    args = parser.parse_args(argv)
    if args.moves < 1 or args.repeat < 1:
        parser.error("--moves and --repeat must be positive")
    url = args.database_url
    split_url(url)  # refuses a database whose name lacks "bench"
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("RATE_LIMITS", "0")
    command = shlex.join(
        [".venv/bin/python", "-m", "tests.benchmarks.bench_signing", "--moves", str(args.moves)]
        + ["--repeat", str(args.repeat), "--database-url", url]
    )
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    recreate_database(url)
    try:
        setup_django(url)
        from accounts.services import user_register
        from signing import keys

        suffix = secrets.token_hex(3)
        users = [user_register(username=f"sig{suffix}{i}", password="pw-bench-1") for i in (0, 1)]
        print(f"signing key {keys.key_id()} (Ed25519, cryptography/OpenSSL)")
        rng = random.Random(12)
        _, warm, going = play_moves(users, 20, rng)  # connections, caches, first game
        sign_and_verify(warm)
        moves, signs, verifies, both = [], [], [], []
        for _ in range(args.repeat):
            lat, answers, going = play_moves(users, args.moves, rng, going)
            moves += lat
            s, v, b = sign_and_verify(answers)
            signs, verifies, both = signs + s, verifies + v, both + b
        move, pair = statistics.median(moves), statistics.median(both)
        print(f"{len(moves)} moves through services.game_move on PostgreSQL: median {_us(move)}")
        print(
            f"receipt: sign (receipt_for) median {_us(statistics.median(signs))}, "
            f"verify median {_us(statistics.median(verifies))}, "
            f"sign+verify median {_us(pair)}"
        )
        print(f"ratio sign+verify / move: {pair / move:.1%}")
        print(f"command: {command}")
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
