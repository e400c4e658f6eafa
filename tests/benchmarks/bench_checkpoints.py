"""What signed checkpoints cost per move: a checkpoint of the head at every append, against one
every K events, against none, in one run.

Run: ``python -m tests.benchmarks.bench_checkpoints [--moves N] [--every K] [--database-url URL]``.
Needs PostgreSQL; the database (default ``mexican_train_bench_checkpoints``) is dropped and
recreated at the start and dropped at the end.

2-human games (double-18, 19 rounds) are played in-process through ``services.game_move`` with
random legal moves, after ``store.append`` of one small event alone. The three ways take turns every ``--batch`` moves (none, every append,
every K, none, ...) on the same games, so machine noise hits all three; "none" and "every K"
are had by standing in for ``eventstore.checkpoints.make`` (nothing written; or written only
once K events have passed since the stream's last one — the checkpoint at each game's end that
way needs is left out, one per game). Also: Ed25519 signing and verifying one checkpoint alone.

Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import UTC
from datetime import datetime

from tests.benchmarks.bench_api import drop_database
from tests.benchmarks.bench_api import ms
from tests.benchmarks.bench_api import open_game
from tests.benchmarks.bench_api import recreate_database
from tests.benchmarks.bench_api import setup_django

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/mexican_train_bench_checkpoints"
VARIANTS = {"set_max": 18, "hand_size": 15, "rounds": 19}


def modes(every: int):
    """Return the stand-ins for ``checkpoints.make``, by name."""
    from eventstore import checkpoints

    real = checkpoints.make
    last_signed: dict[str, int] = {}

    def none(stream, first_seq, seq, head_hash, at):
        return None  # store._insert writes no head row

    def every_k(stream, first_seq, seq, head_hash, at):
        if seq - last_signed.get(stream, 0) >= every:
            since = last_signed.get(stream, 0) + 1
            last_signed[stream] = seq
            return real(stream, since, seq, head_hash, at)
        return None  # store._insert writes no head row

    return {"none": none, "every append": real, f"every {every} events": every_k}


def new_game(users):
    game, loaded = open_game(users, VARIANTS)
    return game, loaded.state, loaded.version


def run(moves: int, batch: int, every: int, seed: int) -> dict[str, list[float]]:
    from accounts.services import user_register
    from eventstore import checkpoints
    from games import domain
    from games import services
    from games.engine import command_to_dict
    from games.engine import legal_moves
    from games.engine.state import FINISHED

    rng = random.Random(seed)
    users = [user_register(username=f"p{i}", password="pw-correct-horse-1") for i in range(2)]
    ways = modes(every)
    timings: dict[str, list[float]] = {name: [] for name in ways}
    real = checkpoints.make
    game, state, seq = new_game(users)
    done = 0
    try:
        while done < moves * len(ways):
            for name, make in ways.items():
                checkpoints.make = make
                for _ in range(batch):
                    if state.phase == FINISHED:
                        game, state, seq = new_game(users)
                    seat = state.to_move
                    body = command_to_dict(rng.choice(legal_moves(state, seat)))
                    body.pop("seat")
                    t0 = time.perf_counter()
                    result = services.game_move(
                        game_id=game.id, user=users[seat], move=body, expected_seq=seq
                    )
                    timings[name].append(time.perf_counter() - t0)
                    state = domain.fold(result.events, state)
                    seq = result.seq
                    done += 1
    finally:
        checkpoints.make = real
    return timings


def appends(n: int, batch: int, every: int) -> dict[str, list[float]]:
    """Time ``store.append`` of one event (its own transaction and commit) each way, in turns."""
    from eventstore import checkpoints
    from eventstore import store

    ways = modes(every)
    timings: dict[str, list[float]] = {name: [] for name in ways}
    real = checkpoints.make
    versions = {name: 0 for name in ways}
    try:
        for _ in range(n // batch):
            for name, make in ways.items():
                checkpoints.make = make
                stream = f"bench:{name}"
                for _ in range(batch):
                    t0 = time.perf_counter()
                    store.append(
                        stream,
                        expected_version=versions[name],
                        events=[{"type": "Noted", "data": {"n": versions[name]}}],
                        actor={"kind": "bench"},
                    )
                    timings[name].append(time.perf_counter() - t0)
                    versions[name] += 1
    finally:
        checkpoints.make = real
    return timings


def report(title: str, timings: dict[str, list[float]]) -> None:
    base = statistics.median(timings["none"])
    print(title)
    for name, values in timings.items():
        median = statistics.median(values)
        print(
            f"  {name:>16}: median {ms(median)}, mean {ms(statistics.fmean(values))}; "
            f"median / none = {median / base:.3f} (+{ms(median - base)})"
        )


def sign_and_verify(n: int = 2000) -> tuple[float, float]:
    from eventstore import checkpoints

    at = datetime.now(UTC)
    made = []
    t0 = time.perf_counter()
    for i in range(n):
        made.append(checkpoints.make("game:bench", i + 1, i + 1, f"{i:064x}", at))
    sign = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for c in made:
        assert checkpoints.is_signed(c)
    verify = (time.perf_counter() - t0) / n
    return sign, verify


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600, help="timed moves per way")
    parser.add_argument("--appends", type=int, default=2000, help="timed appends per way")
    parser.add_argument("--batch", type=int, default=50, help="moves per turn of each way")
    parser.add_argument("--every", type=int, default=16, help="K of 'every K events'")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=DEFAULT_URL)
    args = parser.parse_args(argv)

    recreate_database(args.database_url)
    try:
        setup_django(args.database_url)
        sign, verify = sign_and_verify()
        print(f"one checkpoint: sign {ms(sign)} (message + Ed25519), verify {ms(verify)}")
        report(
            f"store.append of one event (autocommit), {args.appends} per way, in turns of "
            f"{args.batch}:",
            appends(args.appends, args.batch, args.every),
        )
        report(
            f"services.game_move, {args.moves} moves per way, in turns of {args.batch}:",
            run(args.moves, args.batch, args.every, args.seed),
        )
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(args.database_url)


if __name__ == "__main__":
    main()
