"""A fast hand-made policy ("smart"): the rollout policy of the Monte-Carlo bot, and a bot itself.

First turn (R10): lay the heaviest chain the hand can build on the seat's own train (a bounded
depth-first search), then stop. Later turns: score every legal play by
- its pips (dump heavy tiles; going out beats everything),
- playing on the own train (more when its marker is up: the play takes the marker off, R16),
- keeping the own train going (another tile in hand fits the new end),
- doubles: worth it when the hand can cover the double itself (two tiles gone in one turn),
  costly when no tile in hand can follow it (a draw, an open double the table must satisfy),
- not spending the last tile that fits the own train on another train.

It reads only the seat's hand and the public table (``ends``, ``markers``, ``first_turns_left``,
``ruleset``), attributes that ``GameState`` and ``SeatKnowledge`` share, so the same code runs
on a seat's knowledge and, inside rollouts, on a sampled world.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from collections.abc import Sequence
from typing import Any

from games.engine.commands import PlayTile
from games.engine.commands import SeatCommand
from games.engine.tiles import Tile
from games.engine.tiles import tile

GOING_OUT = 1000
CHAIN_NODE_LIMIT = 1500
_PLANS: dict[tuple[frozenset[Tile], int, int], tuple[Tile, ...]] = {}
_PLANS_MAX = 20000


def tile_points(t: Tile, double_blank: int) -> int:
    a, b = t
    return a + b + (double_blank if a == 0 and b == 0 else 0)


def best_chain(hand: Collection[Tile], end: int, double_blank: int = 50) -> list[Tile]:
    """Return the chain of tiles from ``hand`` laid from ``end`` with the most points (then the
    most tiles); the search stops after ``CHAIN_NODE_LIMIT`` nodes and returns the best so far.

    A function of the set of tiles alone: they are searched in tile order, and of two chains
    worth the same the first found is kept, so the same set gives the same chain whatever order
    ``hand`` iterates in. (It did not: equal frozensets built in other ways iterate in other
    orders, and a tie — from 8, (12,8)(12,0) against (8,7)(7,10), 32 points each — went either
    way, so the smart bot's move, and an analysis replaying it, depended on the process.)"""
    by_number: dict[int, list[Tile]] = {}
    for t in sorted(hand):
        by_number.setdefault(t[0], []).append(t)
        if t[1] != t[0]:
            by_number.setdefault(t[1], []).append(t)
    best_key = (0, 0)
    best: list[Tile] = []
    path: list[Tile] = []
    used: set[Tile] = set()
    nodes = 0

    def dfs(e: int, points: int) -> None:
        nonlocal best_key, best, nodes
        nodes += 1
        key = (points, len(path))
        if key > best_key:
            best_key = key
            best = path[:]
        if nodes > CHAIN_NODE_LIMIT:
            return
        for t in by_number.get(e, ()):
            if t in used:
                continue
            used.add(t)
            path.append(t)
            dfs(t[1] if t[0] == e else t[0], points + tile_points(t, double_blank))
            path.pop()
            used.discard(t)

    dfs(end, 0)
    return best


def planned_chain(hand: Collection[Tile], end: int, double_blank: int = 50) -> tuple[Tile, ...]:
    """Return ``best_chain`` through a cache of its results (a pure function's: only what the
    search returns for a key is kept under it)."""
    key = (frozenset(hand), end, double_blank)
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    chain = tuple(best_chain(hand, end, double_blank))
    if len(_PLANS) > _PLANS_MAX:
        _PLANS.clear()
    _PLANS[key] = chain
    return chain


def first_turn_plan(hand: Collection[Tile], info: Any, seat: int) -> tuple[Tile, ...]:
    """Return the rest of the seat's first-turn chain (R10): the plan made from the hand and
    the end the turn started with, less the tiles already laid this turn if they are its first.

    The plan is looked up from the turn's start, not searched again from here: a fresh search
    after each tile cost the mc bot twice its time. (The cache used to keep every suffix of a
    plan under the position after laying its first tiles instead, so what a position gave
    depended on what the process had searched before.)"""
    laid = info.laid
    dbp = info.ruleset.double_blank_points
    train = info.trains[seat]
    if laid and len(train) >= laid:
        done = train[len(train) - laid :]  # (end, outer) pairs, in the order laid
        tiles = [tile(a, b) for a, b in done]
        plan = planned_chain([*hand, *tiles], done[0][0], dbp)
        if plan[:laid] == tuple(tiles):
            return plan[laid:]
    return planned_chain(hand, info.ends[seat], dbp)


def play_score(m: PlayTile, hand: Collection[Tile], info: Any, seat: int) -> float:
    """Return how much the heuristic likes the play ``m`` (higher is better)."""
    t = m.tile
    a, b = t
    dbp = info.ruleset.double_blank_points
    score = float(tile_points(t, dbp))
    if len(hand) == 1:
        return score + GOING_OUT
    n = info.seats
    ti = n if m.train == "mexican" else m.train
    end = info.ends[ti]
    outer = b if a == end else a
    own = ti == seat
    own_end = info.ends[seat]
    rest = [x for x in hand if x != t]
    if own:
        score += 2.0
        if info.markers[seat]:
            score += 6.0
        if any(outer in x for x in rest):
            score += 3.0
    elif a == own_end or b == own_end:
        if not any(own_end in x for x in rest):
            score -= 4.0
    if a == b:
        if any(a in x for x in rest):
            score += 4.0
        else:
            score -= 6.0
    return score


def smart_choice(
    moves: Sequence[SeatCommand], hand: Collection[Tile], info: Any, seat: int
) -> SeatCommand:
    """Return the heuristic's move among ``moves`` (a seat's legal moves)."""
    if len(moves) == 1:
        return moves[0]
    plays = [m for m in moves if isinstance(m, PlayTile)]
    if not plays:
        return moves[0]
    if info.first_turns_left:
        chain = first_turn_plan(hand, info, seat)
        if chain:
            first = chain[0]
            for m in plays:
                if m.tile == first:
                    return m
        return plays[0]
    best = plays[0]
    best_score = None
    for m in plays:
        s = play_score(m, hand, info, seat)
        if best_score is None or s > best_score:
            best, best_score = m, s
    return best


def smart_state_policy(
    state: Any, seat: int, moves: Sequence[SeatCommand], rng: random.Random
) -> SeatCommand:
    """The heuristic on a full state (rollouts): reads only ``state.hands[seat]`` and the table."""
    return smart_choice(moves, state.hands[seat], state, seat)


class SmartStrategy:
    """The heuristic as a strategy: ``choose(knowledge, rng)``."""

    name = "smart"

    def choose(self, k: Any, rng: random.Random) -> SeatCommand:
        return smart_choice(k.legal_moves, k.hand, k, k.seat)
