"""Every strategy plays only legal moves; the Monte-Carlo bot is reproducible and sees sense."""

from __future__ import annotations

import random

import pytest

from games.bots.knowledge import seat_knowledge
from games.bots.mc import MonteCarloStrategy
from games.bots.simple import POLICIES
from games.bots.simple import greedy_policy
from games.bots.simple import random_policy
from games.bots.strategies import STRATEGIES
from games.bots.strategies import make_strategy
from games.bots.strategies import play_match
from games.engine import Ruleset
from tests.games.engine.factories import T
from tests.games.engine.factories import engine
from tests.games.engine.factories import play
from tests.games.engine.factories import run
from tests.games.engine.factories import start


def test_the_simple_policies_stay_registered():
    assert POLICIES["random"] is random_policy
    assert POLICIES["greedy"] is greedy_policy
    assert {"random", "greedy", "smart", "mc", "strong"} <= set(STRATEGIES)


MATCHES = [
    (2, {}),
    (3, {"first_turn": "draw"}),
    (4, {"max_doubles_per_turn": 1}),
    (5, {"scoring": "positive"}),
    (6, {"hand_table": "double12", "double_blank_points": 0}),
    (7, {"first_turn": "draw", "max_doubles_per_turn": 1}),
    (8, {}),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("seats", "variants"), MATCHES)
def test_every_strategy_returns_a_legal_move(seats, variants, seed):
    ruleset = Ruleset.for_players(seats, rounds=2, **variants)
    names = ["mc", "smart", "greedy", "random", "strong"]
    lineup = []
    for i in range(seats):
        name = names[i % len(names)]
        opts = {"budget_ms": 5} if name in ("mc", "strong") else {}
        if name == "strong":
            opts = {"samples": 2}
        lineup.append(make_strategy(name, **opts))
    decisions = []

    def check(seat, knowledge, command, seconds):
        assert knowledge.seat == seat
        assert command in knowledge.legal_moves
        decisions.append(command)

    lineup = lineup[seed:] + lineup[:seed]
    rng = random.Random(seats * 10 + seed)
    state = play_match(bytes([seats, seed]) * 16, ruleset, lineup, rng, check)
    assert state.result is not None
    assert len(state.round_history) == 2
    assert decisions


def _match(seed: int, samples: int):
    ruleset = Ruleset.for_players(3, rounds=1)
    lineup = [MonteCarloStrategy(samples=samples), make_strategy("greedy")]
    lineup.append(MonteCarloStrategy(samples=samples, rollout_policy="smart-eps"))
    moves = []
    play_match(
        seed.to_bytes(32, "big"),
        ruleset,
        lineup,
        random.Random(seed),
        lambda seat, k, c, t: moves.append(c),
    )
    return moves


def test_mc_with_a_sample_count_is_deterministic_for_a_seeded_rng():
    assert _match(5, samples=3) == _match(5, samples=3)


def _first_turn_position():
    """Seat 0 has placed the engine and laid [6,5]; its hand [5,1] [3,1] [5,3] [5,4] can all go
    out as 5-1-3-5-4 (or 5-3-1-5-4), but the heaviest tile [5,4] leads nowhere (no 4 left)."""
    hands = [
        [T(6, 6), T(6, 5), T(5, 1), T(3, 1), T(5, 3), T(5, 4)],
        [T(0, 0), T(2, 0), T(2, 2), T(4, 0), T(6, 0), T(6, 2)],
    ]
    state, _ = start(hands, set_max=6)
    state, _ = run(state, engine(0), play(0, 6, 5, 0))
    return state


def test_greedy_misses_going_out_in_the_scripted_position():
    k = seat_knowledge(_first_turn_position(), 0)
    assert greedy_policy(k.legal_moves, random.Random(0)).tile == T(5, 4)


@pytest.mark.parametrize("rollout", ["greedy", "smart"])
def test_mc_prefers_going_out(rollout):
    k = seat_knowledge(_first_turn_position(), 0)
    bot = MonteCarloStrategy(samples=8, rollout_policy=rollout)
    move = bot.choose(k, random.Random(1))
    assert move.tile in (T(5, 1), T(5, 3))
    assert bot.last_worlds == 8


def test_mc_returns_a_forced_move_at_once():
    state, _ = start([[T(6, 6), T(1, 0)], [T(5, 5), T(4, 4)]], set_max=6)
    k = seat_knowledge(state, 0)
    assert len(k.legal_moves) == 1
    bot = MonteCarloStrategy(budget_ms=10_000)
    assert bot.choose(k, random.Random(0)) == k.legal_moves[0]
    assert bot.last_worlds == 0


def test_mc_keeps_to_its_time_budget():
    k = seat_knowledge(_first_turn_position(), 0)
    ticks = iter(range(1000))
    bot = MonteCarloStrategy(budget_ms=3000, clock=lambda: next(ticks))  # one "second" per tick
    move = bot.choose(k, random.Random(0))
    assert move in k.legal_moves
    assert bot.last_worlds <= 1


def test_the_smart_bots_chain_is_a_function_of_the_tiles_not_of_their_order():
    """A tie seen in a real game: from 8, (12,8)(12,0) and (8,7)(7,10) are worth 32 points
    each, and the chain chosen followed the order the hand's frozenset iterated in."""
    from itertools import permutations

    from games.bots.heuristic import best_chain

    hand = [(8, 6), (8, 7), (9, 8), (10, 7), (12, 0), (12, 8)]
    found = {tuple(best_chain(list(p), 8)) for p in permutations(hand)}
    assert len(found) == 1


def test_the_smart_bots_plan_does_not_depend_on_what_the_process_searched_before():
    """The plan for a position is what a fresh search finds there, whether or not the process
    planned another position before it (the cache holds only what a search returned for its own
    key; the first turn's later tiles are looked up from the turn's start, ``first_turn_plan``)."""
    from games.bots import heuristic
    from games.engine.tiles import full_set

    rng = random.Random(18)
    tiles = list(full_set(12))
    differed = 0
    for _ in range(400):
        hand = rng.sample(tiles, 15)
        end = rng.randrange(13)
        heuristic._PLANS.clear()
        plan = heuristic.planned_chain(hand, end)
        if not plan:
            continue
        first = plan[0]
        rest = [t for t in hand if t != first]
        after = first[1] if first[0] == end else first[0]
        warm = heuristic.planned_chain(rest, after)  # the cache holds the parent's plan
        heuristic._PLANS.clear()
        cold = heuristic.planned_chain(rest, after)
        assert warm == cold
        differed += plan[1:] != cold
    print(f"positions where the rest of the parent's plan is not the fresh plan: {differed}")
