"""Validation of the skill index (games/bots/analysis.py): does it rank players from fewer
games than their raw placements?

Run: ``make validate-skill-index`` (or ``python -m tests.benchmarks.validate_skill_index
[--games N] [--rounds R] [--samples S] [--worlds W] [--luck-rollouts L] [--jobs J]
[--cache FILE] [--resamples B]``). Prints figures; asserts nothing.

1. Play N 4-player games (double-12, 15 tiles each — the default table — shortened to
   ``--rounds`` rounds counting down from double-12, V6) of the bots mc (a fixed ``--samples``
   worlds per decision: deterministic), smart, greedy and random, a different deal per game, the
   seats rotating from game to game. The nominal order of strength is mc > smart > greedy >
   random; with ``--order measured`` (the default) the order the bootstrap asks for is the one
   the mean placements over all N games show (with a small ``--samples`` the mc bot may well be
   weaker than smart: printed when it is), with ``--order nominal`` the nominal one.
2. Analyse every game as the platform does (``analyse``, the budget ``--worlds`` and
   ``--luck-rollouts``), in ``--jobs`` processes. Per game and bot: the raw placement (1..4,
   shared places averaged: 1, 1 -> 1.5, 1.5), the skill index (the game's ``skill``: the
   decisions' gains against the reference, per round), and alongside it the raw outcome per
   round, the result less the estimated luck (result - deal - draws, the index of
   ANALYSIS_VERSION 1) and the accuracy.
3. Bootstrap (``--resamples`` times): n games drawn with replacement; the probability that the
   mean of a measure over them ranks the four bots in the true order. The smallest n of the
   grid reaching 90% is reported per measure, and the ratio skill index / raw placements
   (goal: <= 0.5).

Per-game results are cached (``--cache``, JSON, keyed by the settings), so a rerun with the
same settings or with more games plays only the new ones.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from collections.abc import Sequence
from multiprocessing import get_context
from typing import Any

from games.bots.analysis import Budget
from games.bots.analysis import analyse
from games.bots.strategies import make_strategy
from games.bots.strategies import play_match
from games.engine import Event
from games.engine import Ruleset

BOTS = ("mc", "smart", "greedy", "random")  # the nominal order, strongest first
# Every n up to 32 (a coarse grid hides a ratio: 12/24 on one that is 11/16 game by game).
GRID = (*range(2, 33), 40, 48, 64, 96, 128, 192, 256, 384, 512)
TARGET = 0.9


def averaged_places(places: Sequence[int]) -> list[float]:
    """Return places with ties averaged: (1, 1, 3, 4) -> (1.5, 1.5, 3, 4)."""
    out = []
    for p in places:
        m = sum(1 for q in places if q == p)
        out.append(p + (m - 1) / 2)
    return out


def game_seed(i: int) -> bytes:
    return hashlib.sha256(b"validate-skill-index %d" % i).digest()


def play_game(
    i: int, rounds: int, samples: int, worlds: int, luck_rollouts: int, gain_worlds: int
) -> dict[str, Any]:
    """Play game ``i`` and analyse it; return its per-bot figures (JSON-able)."""
    seed = game_seed(i)
    lineup = [BOTS[(seat + i) % 4] for seat in range(4)]
    strategies = [
        make_strategy(n, samples=samples) if n == "mc" else make_strategy(n) for n in lineup
    ]
    log: list[Event] = []
    t0 = time.process_time()
    state = play_match(
        seed, Ruleset.for_players(4, rounds=rounds), strategies, random.Random(seed), log=log
    )
    t1 = time.process_time()
    budget = Budget(worlds=worlds, luck_rollouts=luck_rollouts, gain_worlds=gain_worlds)
    a = analyse(log, budget=budget, seed=seed)
    t2 = time.process_time()
    assert state.result is not None
    places = averaged_places(state.result.places)
    rounds_out = a["rounds"]
    per_bot: dict[str, dict[str, Any]] = {}
    for seat, name in enumerate(lineup):
        per_bot[name] = {
            "seat": seat,
            "place": places[seat],
            "total": state.result.totals[seat],
            "result": [r["result"][seat] for r in rounds_out],
            "deal": [r["deal"][seat] for r in rounds_out],
            "draws": [r["draws"][seat] for r in rounds_out],
            "result_less_luck": a["result_less_luck"][seat],
            "skill": a["skill"][seat],
            "accuracy": a["players"][seat]["accuracy"],
        }
    return {"game": i, "bots": per_bot, "play_cpu": t1 - t0, "analysis_cpu": t2 - t1}


def _play(args: tuple[int, int, int, int, int, int]) -> dict[str, Any]:
    return play_game(*args)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


# Higher is better for every measure (a place is negated).
MEASURES: dict[str, Callable[[dict[str, Any]], float]] = {
    "raw placement": lambda b: -b["place"],
    "raw outcome": lambda b: _mean(b["result"]),
    "result - deal - draws": lambda b: b["result_less_luck"],
    "accuracy": lambda b: b["accuracy"],
    "skill index": lambda b: b["skill"],
}
ADJUSTED = "skill index"


RAW = "raw placement"


def bootstrap(
    values: list[list[float]], grid: Sequence[int], resamples: int, rng: random.Random
) -> dict[int, float]:
    """``values[g][b]`` = the measure of bot b (in the true order) in game g. Return per n the
    share of resamples of n games whose means rank the bots in the true order."""
    out = {}
    g = len(values)
    k = len(values[0])
    for n in grid:
        ok = 0
        for _ in range(resamples):
            sums = [0.0] * k
            for _ in range(n):
                row = values[int(rng.random() * g)]
                for b in range(k):
                    sums[b] += row[b]
            if all(sums[b] > sums[b + 1] for b in range(k - 1)):
                ok += 1
        out[n] = ok / resamples
    return out


def smallest(probs: dict[int, float]) -> int | None:
    for n in sorted(probs):
        if probs[n] >= TARGET:
            return n
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games to play (N)")
    parser.add_argument("--rounds", type=int, default=13, help="rounds per game (V6; 13 = full)")
    parser.add_argument("--samples", type=int, default=8, help="mc worlds per decision")
    parser.add_argument("--worlds", type=int, default=Budget().worlds, help="analysis worlds")
    parser.add_argument("--luck-rollouts", type=int, default=Budget().luck_rollouts)
    parser.add_argument("--gain-worlds", type=int, default=Budget().gain_worlds)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples")
    parser.add_argument("--cache", default="/tmp/validate-cache.json", help="per-game cache file")
    parser.add_argument("--seed", type=int, default=1, help="the bootstrap's random seed")
    parser.add_argument(
        "--order",
        choices=("measured", "nominal"),
        default="measured",
        help="the true order: by all games' mean placement, or mc > smart > greedy > random",
    )
    args = parser.parse_args(argv)
    print(
        "$ python -m tests.benchmarks.validate_skill_index "
        f"--games {args.games} --rounds {args.rounds} --samples {args.samples} "
        f"--worlds {args.worlds} --gain-worlds {args.gain_worlds} "
        f"--luck-rollouts {args.luck_rollouts} --jobs {args.jobs} "
        f"--resamples {args.resamples} --cache {args.cache}"
    )
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.jobs} process(es)")
    full = Ruleset.for_players(4).rounds
    print(
        f"{args.games} games, 4 players, double-12, 15 tiles, {args.rounds} rounds per game"
        + (f" (a full game has {full}: shortened, V6)" if args.rounds < full else " (full games)")
        + f"; mc with samples={args.samples}; analysis with {args.worlds} worlds (+"
        f"{args.gain_worlds} for a gain), luck with "
        f"{args.luck_rollouts} rollouts, reference policy smart"
    )
    key = (
        f"rounds={args.rounds} samples={args.samples} worlds={args.worlds} "
        f"gain_worlds={args.gain_worlds} luck_rollouts={args.luck_rollouts} v2"
    )
    cache: dict[str, dict[str, Any]] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    games = cache.setdefault(key, {})
    t0 = time.perf_counter()
    todo = [
        (i, args.rounds, args.samples, args.worlds, args.luck_rollouts, args.gain_worlds)
        for i in range(args.games)
        if str(i) not in games
    ]
    played = 0
    pool = get_context("fork").Pool(args.jobs) if args.jobs > 1 and len(todo) > 1 else None
    try:
        for g in pool.imap_unordered(_play, todo) if pool else map(_play, todo):
            games[str(g["game"])] = g
            played += 1
            if args.cache and played % 10 == 0:
                _save(args.cache, cache)
            if played % 20 == 0:
                print(f"  ... {played} games ({time.perf_counter() - t0:.0f} s)", flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if args.cache and played:
        _save(args.cache, cache)
    data = [games[str(i)] for i in range(args.games)]
    cpu_play = sum(g["play_cpu"] for g in data)
    cpu_analysis = sum(g["analysis_cpu"] for g in data)
    print(
        f"played {played} new games in {time.perf_counter() - t0:.0f} s "
        f"({args.games - played} from the cache); CPU per game: play {cpu_play / len(data):.1f} s, "
        f"analysis {cpu_analysis / len(data):.1f} s"
    )

    print("\nMeans over all games (higher is better but for the place):")
    print(
        f"  {'measure':30}" + "".join(f"{b:>10}" for b in BOTS) + "   sd per game (mean over bots)"
    )
    print(
        f"  {'raw placement (1..4)':30}"
        + "".join(f"{_mean([g['bots'][b]['place'] for g in data]):10.3f}" for b in BOTS)
    )
    for name, f in MEASURES.items():
        if name == RAW:
            continue
        cols = [[f(g["bots"][b]) for g in data] for b in BOTS]
        sd = _mean([statistics.pstdev(c) for c in cols])
        print(f"  {name:30}" + "".join(f"{_mean(c):10.2f}" for c in cols) + f"   {sd:.2f}")

    order = list(BOTS)
    if args.order == "measured":
        order.sort(key=lambda b: _mean([g["bots"][b]["place"] for g in data]))
    if tuple(order) != BOTS:
        print(
            f"\nNOTE: over all {len(data)} games the placements rank {' > '.join(order)}, not the "
            f"nominal {' > '.join(BOTS)}"
            + (
                " (mc with these samples is weaker than smart)"
                if order.index("mc") > order.index("smart")
                else ""
            )
            + ("; the bootstrap asks for the measured order" if args.order == "measured" else "")
        )
    for name, f in MEASURES.items():
        if name == RAW:
            continue
        by = sorted(BOTS, key=lambda b: -_mean([f(g["bots"][b]) for g in data]))
        if by != order:
            print(f"  ({name} over all games ranks {' > '.join(by)})")
    rng = random.Random(args.seed)
    grid = [n for n in GRID if n <= max(4 * args.games, 8)]
    print(f"\nP(the mean over n games ranks {' > '.join(order)}), {args.resamples} resamples:")
    print(f"  {'n':>30}" + "".join(f"{n:>6}" for n in grid))
    found: dict[str, int | None] = {}
    for name, f in MEASURES.items():
        values = [[f(g["bots"][b]) for b in order] for g in data]
        probs = bootstrap(values, grid, args.resamples, rng)
        found[name] = smallest(probs)
        print(f"  {name:>30}" + "".join(f"{probs[n]:6.2f}" for n in grid))
    print(f"\nSmallest n reaching {TARGET:.0%}:")
    for name, n in found.items():
        print(f"  {name:30} {n if n is not None else f'> {grid[-1]}'}")
    raw, adj = found[RAW], found[ADJUSTED]
    if raw and adj:
        print(f"\nratio {ADJUSTED} / {RAW}: {adj} / {raw} = {adj / raw:.2f}  (goal <= 0.5)")
    else:
        print(
            f"\nratio {ADJUSTED} / {RAW}: not reached within the grid (raw {raw}, adjusted {adj})"
        )
    return 0


def _save(path: str, cache: dict[str, Any]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(cache, f)
    os.replace(tmp, path)


if __name__ == "__main__":
    raise SystemExit(main())
