"""Validation of the luck-adjusted skill index (games/bots/luck.py): does it rank players from
fewer games than their raw placements?

Run: ``make validate-skill-index`` (or ``python -m tests.benchmarks.validate_skill_index
[--games N] [--rounds R] [--samples S] [--luck-rollouts L] [--cache FILE] [--resamples B]``).
Prints figures; asserts nothing.

1. Play N 4-player games (double-12, 15 tiles each — the default table — shortened to
   ``--rounds`` rounds counting down from double-12, V6) of the bots mc (a fixed ``--samples``
   worlds per decision: deterministic), smart, greedy and random, a different deal per game, the
   seats rotating from game to game. The nominal order of strength is mc > smart > greedy >
   random; with ``--order measured`` (the default) the order the bootstrap asks for is the one
   the mean placements over all N games show (with a small ``--samples`` the mc bot may well be
   weaker than smart: printed when it is), with ``--order nominal`` the nominal one.
2. Per game and bot: the raw placement (1..4, shared places averaged: 1, 1 -> 1.5, 1.5) and
   the game's skill index from the luck analysis (``analyse_luck``; the decision analysis is not
   needed), plus the variants printed alongside (the mean raw outcome per round, result - deal,
   result - deal - the draws of the whole table).
3. Bootstrap (``--resamples`` times): n games drawn with replacement; the probability that the
   mean of a measure over them ranks the four bots in the true order. The smallest n of the
   grid reaching 90% is reported per measure, and the ratio adjusted / raw (goal: <= 0.5).

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
from collections.abc import Callable, Sequence
from typing import Any

from games.bots.luck import analyse_luck
from games.bots.strategies import make_strategy, play_match
from games.engine import Event, Ruleset

BOTS = ("mc", "smart", "greedy", "random")  # the nominal order, strongest first
GRID = (2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512)
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


def play_game(i: int, rounds: int, samples: int, luck_rollouts: int) -> dict[str, Any]:
    """Play game ``i`` and analyse its luck; return its per-bot figures (JSON-able)."""
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
    luck = analyse_luck(log, rollouts=luck_rollouts, seed=seed)
    t2 = time.process_time()
    assert state.result is not None
    places = averaged_places(state.result.places)
    rounds_out = luck["rounds"]
    per_bot: dict[str, dict[str, Any]] = {}
    for seat, name in enumerate(lineup):
        per_bot[name] = {
            "seat": seat,
            "place": places[seat],
            "total": state.result.totals[seat],
            "result": [r["result"][seat] for r in rounds_out],
            "deal": [r["deal"][seat] for r in rounds_out],
            "draws": [r["draws"][seat] for r in rounds_out],
            "draws_table": [r["draws_table"][seat] for r in rounds_out],
            "skill": luck["skill"][seat],
        }
    return {"game": i, "bots": per_bot, "play_cpu": t1 - t0, "luck_cpu": t2 - t1}


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


# Higher is better for every measure (a place is negated).
MEASURES: dict[str, Callable[[dict[str, Any]], float]] = {
    "raw placement": lambda b: -b["place"],
    "raw outcome": lambda b: _mean(b["result"]),
    "result - deal": lambda b: _mean([r - d for r, d in zip(b["result"], b["deal"], strict=True)]),
    "skill index": lambda b: b["skill"],
    "result - deal - table draws": lambda b: _mean(
        [r - d - t for r, d, t in zip(b["result"], b["deal"], b["draws_table"], strict=True)]
    ),
}
SHRUNK = "shrunk skill index"
ADJUSTED = "skill index"


def fit_shrinkage(data: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """Return (b_deal, b_draws) of the least-squares fit result ~ b_deal*deal + b_draws*draws
    over every round of every bot: how much of each (noisy) luck estimate is worth removing."""
    rows = [
        (r, d, w)
        for g in data
        for b in g["bots"].values()
        for r, d, w in zip(b["result"], b["deal"], b["draws"], strict=True)
    ]
    sdd = sum(d * d for _, d, _ in rows)
    sww = sum(w * w for _, _, w in rows)
    sdw = sum(d * w for _, d, w in rows)
    srd = sum(r * d for r, d, _ in rows)
    srw = sum(r * w for r, _, w in rows)
    det = sdd * sww - sdw * sdw
    if not det:
        return 0.0, 0.0
    return (srd * sww - srw * sdw) / det, (srw * sdd - srd * sdw) / det


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
    from games.bots.analysis import Budget

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games to play (N)")
    parser.add_argument("--rounds", type=int, default=13, help="rounds per game (V6; 13 = full)")
    parser.add_argument("--samples", type=int, default=8, help="mc worlds per decision")
    parser.add_argument("--luck-rollouts", type=int, default=Budget().luck_rollouts)
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
        f"--luck-rollouts {args.luck_rollouts} --resamples {args.resamples} --cache {args.cache}"
    )
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    full = Ruleset.for_players(4).rounds
    print(
        f"{args.games} games, 4 players, double-12, 15 tiles, {args.rounds} rounds per game"
        + (f" (a full game has {full}: shortened, V6)" if args.rounds < full else " (full games)")
        + f"; mc with samples={args.samples}; luck with {args.luck_rollouts} rollouts, "
        "reference policy smart"
    )
    key = f"rounds={args.rounds} samples={args.samples} luck_rollouts={args.luck_rollouts} v1"
    cache: dict[str, dict[str, Any]] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    games = cache.setdefault(key, {})
    t0 = time.perf_counter()
    played = 0
    for i in range(args.games):
        if str(i) in games:
            continue
        games[str(i)] = play_game(i, args.rounds, args.samples, args.luck_rollouts)
        played += 1
        if args.cache and (played % 10 == 0 or i == args.games - 1):
            _save(args.cache, cache)
        if played % 20 == 0:
            print(f"  ... {i + 1} games ({time.perf_counter() - t0:.0f} s)", flush=True)
    if args.cache and played:
        _save(args.cache, cache)
    data = [games[str(i)] for i in range(args.games)]
    cpu_play = sum(g["play_cpu"] for g in data)
    cpu_luck = sum(g["luck_cpu"] for g in data)
    print(
        f"played {played} new games in {time.perf_counter() - t0:.0f} s "
        f"({args.games - played} from the cache); CPU per game: play {cpu_play / len(data):.1f} s, "
        f"luck {cpu_luck / len(data):.1f} s"
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
    bd, bw = fit_shrinkage(data)
    print(f"\nshrinkage fit on these games: result ~ {bd:.2f} * deal + {bw:.2f} * draws")
    MEASURES[SHRUNK] = lambda b: _mean(
        [r - bd * d - bw * w for r, d, w in zip(b["result"], b["deal"], b["draws"], strict=True)]
    )
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
    shrunk, outcome = found.get(SHRUNK), found.get("raw outcome")
    if raw and shrunk:
        print(f"ratio {SHRUNK} / {RAW}: {shrunk} / {raw} = {shrunk / raw:.2f}")
    if outcome and shrunk:
        print(
            f"ratio {SHRUNK} / raw outcome (no luck removed): {shrunk} / {outcome} = {shrunk / outcome:.2f}"
        )
    return 0


def _save(path: str, cache: dict[str, Any]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(cache, f)
    os.replace(tmp, path)


if __name__ == "__main__":
    raise SystemExit(main())
