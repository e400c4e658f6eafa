"""The game analysis (games/bots/analysis.py, games/bots/luck.py): deterministic, fair to each seat
(decisions judged from the seat's knowledge only), and it tells bad play from good.

Pure engine and bots: no database. Small sets and budgets keep every test fast.
"""

from __future__ import annotations

import json
import random

import pytest

from games.bots.analysis import ACCURACY_SCALE
from games.bots.analysis import ANALYSIS_VERSION
from games.bots.analysis import Budget
from games.bots.analysis import accuracy
from games.bots.analysis import analyse
from games.bots.analysis import analyse_decisions
from games.bots.analysis import command_of
from games.bots.analysis import evaluate_moves
from games.bots.heuristic import smart_choice
from games.bots.knowledge import seat_knowledge
from games.bots.luck import analyse_luck
from games.bots.luck import derived_rng
from games.bots.strategies import make_strategy
from games.bots.strategies import play_match
from games.engine import RoundStarted
from games.engine import Ruleset
from games.engine import command_from_dict
from games.engine import events as ev
from games.engine import legal_moves
from games.engine import replay
from games.engine.state import PLAYING
from tests.games.bots.test_knowledge import _permute_hidden
from tests.games.bots.test_knowledge import _states

SMALL = Budget(worlds=6, luck_rollouts=4, gain_worlds=6)


def _ruleset(rounds: int = 2, **variants) -> Ruleset:
    # A double-9 set, 8 tiles each: 32 of 55 tiles dealt, a boneyard of 23 to draw from.
    return Ruleset.for_players(4, set_max=9, hand_size=8, rounds=rounds, **variants)


def _events(seed: bytes, names, rounds: int = 2, **variants) -> list[ev.Event]:
    log: list[ev.Event] = []
    strategies = [make_strategy(n) for n in names]
    play_match(seed, _ruleset(rounds, **variants), strategies, random.Random(seed), log=log)
    return log


@pytest.fixture(scope="module")
def mixed():
    """A match of two random and two smart seats, and its analysis."""
    events = _events(b"analysis-1".ljust(32, b"."), ["random", "smart", "random", "smart"], 3)
    return events, analyse(events, budget=SMALL, seed=b"s")


def test_the_analysis_has_the_contracts_shape_and_is_json(mixed):
    events, a = mixed
    json.dumps(a)
    assert a["version"] == ANALYSIS_VERSION
    assert a["budget"] == {"worlds": 6, "luck_rollouts": 4, "gain_worlds": 6}
    assert a["seats"] == 4
    assert a["scoring"] == "penalty"
    assert [p["seat"] for p in a["players"]] == [0, 1, 2, 3]
    assert [r["round"] for r in a["rounds"]] == [1, 2, 3]
    assert len(a["skill"]) == 4
    assert a["decisions"]
    for d in a["decisions"]:
        assert d["options"] > 1
        assert d["loss"] >= 0
        assert d["loss"] == pytest.approx(d["best_value"] - d["value"], abs=1e-3)
        assert d["gifts"][d["seat"]] == 0
        if d["reference"] == d["played"]:
            assert d["gain"] == 0
        assert isinstance(events[d["index"]], ev.MOVE_EVENTS)
        assert events[d["index"]].seat == d["seat"]
    for p in a["players"]:
        mine = [d for d in a["decisions"] if d["seat"] == p["seat"]]
        assert p["decisions"] == len(mine)
        assert p["accuracy"] == pytest.approx(accuracy([d["loss"] for d in mine]), abs=1e-3)


def test_played_and_best_are_legal_moves_and_played_is_what_happened(mixed):
    events, a = mixed
    set_max = events[0].ruleset.set_max
    for d in a["decisions"]:
        state = replay(events[: d["index"]])
        moves = legal_moves(state, d["seat"])
        assert len(moves) == d["options"]
        played = command_from_dict(d["played"], d["seat"], set_max)
        best = command_from_dict(d["best"], d["seat"], set_max)
        assert played in moves
        assert best in moves
        assert command_of(events[d["index"]]) == played  # what the log says was played
        if d["loss"] == 0:
            assert d["best"] == d["played"]  # a tie goes to the move played


def test_the_analysis_is_deterministic_for_events_budget_and_seed(mixed):
    events, a = mixed
    again = analyse(events, budget=SMALL, seed=b"s")
    a = dict(a, seconds=0)
    assert dict(again, seconds=0) == a
    other = dict(analyse(events, budget=SMALL, seed=b"t"), seconds=0)
    assert other["decisions"] != a["decisions"]  # the seed drives the sampling


def test_a_seat_playing_at_random_loses_more_and_is_less_accurate(mixed):
    _, a = mixed
    acc = {p["seat"]: p["accuracy"] for p in a["players"]}
    loss = {p["seat"]: p["mean_loss"] for p in a["players"]}
    assert max(acc[0], acc[2]) < min(acc[1], acc[3])
    assert min(loss[0], loss[2]) > max(loss[1], loss[3])
    assert any(d["loss"] > 0 for d in a["decisions"] if d["seat"] in (0, 2))


def test_deal_luck_and_the_table_share_of_draw_luck_sum_to_zero_each_round(mixed):
    _, a = mixed
    for r in a["rounds"]:
        assert sum(r["deal"]) == pytest.approx(0, abs=1e-2)
        assert sum(r["draws_table"]) == pytest.approx(0, abs=1e-2)
        assert sum(r["result"]) == pytest.approx(0, abs=1e-2)
        for j in range(4):
            assert r["result_less_luck"][j] == pytest.approx(
                r["result"][j] - r["deal"][j] - r["draws"][j], abs=1e-3
            )


def test_a_gain_pools_the_decisions_worlds_with_the_extra_worlds_of_the_two_moves(mixed):
    """Where the move played is not the reference's, the two are evaluated again on
    ``gain_worlds`` more worlds (their own random stream), and the gain is the pooled mean."""
    events, a = mixed
    set_max = events[0].ruleset.set_max
    d = next(d for d in a["decisions"] if d["reference"] != d["played"])
    seat, index = d["seat"], d["index"]
    k = seat_knowledge(replay(events[:index]), seat)
    played = command_from_dict(d["played"], seat, set_max)
    reference = command_from_dict(d["reference"], seat, set_max)
    main = evaluate_moves(k, SMALL.worlds, derived_rng(b"s", "decision", index))
    extra = evaluate_moves(
        k, SMALL.gain_worlds, derived_rng(b"s", "gain", index), (played, reference)
    )
    assert extra.moves == (played, reference)

    def gain(mv):
        return mv.values[mv.moves.index(played)][seat] - mv.values[mv.moves.index(reference)][seat]

    pooled = (gain(main) * SMALL.worlds + gain(extra) * SMALL.gain_worlds) / (
        SMALL.worlds + SMALL.gain_worlds
    )
    assert d["gain"] == pytest.approx(pooled, abs=1e-3)
    assert gain(extra) != gain(main)  # other worlds: the extra evaluation counted
    # Without extra worlds the gain is the first evaluation's alone, never below minus the loss.
    alone = analyse_decisions(events[: index + 1], budget=Budget(6, 4, 0), seed=b"s")[-1]
    assert alone["gain"] == pytest.approx(gain(main), abs=1e-3)
    assert alone["gain"] >= -alone["loss"] - 1e-3


def test_the_skill_index_sums_the_gains_of_the_seats_own_decisions_against_the_reference(mixed):
    events, a = mixed
    set_max = events[0].ruleset.set_max
    for r in a["rounds"]:
        for j in range(4):
            gains = [
                d["gain"] for d in a["decisions"] if d["seat"] == j and d["round"] == r["round"]
            ]
            assert r["skill"][j] == pytest.approx(sum(gains), abs=1e-3)
    for j in range(4):
        mean = sum(r["skill"][j] for r in a["rounds"]) / len(a["rounds"])
        assert a["skill"][j] == pytest.approx(mean, abs=1e-3)
    # The reference is the smart heuristic in the seat's place, from the seat's knowledge.
    for d in a["decisions"]:
        state = replay(events[: d["index"]])
        k = seat_knowledge(state, d["seat"])
        expected = smart_choice(k.legal_moves, k.hand, k, d["seat"])
        assert command_from_dict(d["reference"], d["seat"], set_max) == expected
    # Seats 1 and 3 are smart bots: they always play the reference's move, and score exactly 0;
    # the random seats lose against it.
    assert all(d["gain"] == 0 for d in a["decisions"] if d["seat"] in (1, 3))
    assert a["skill"][1] == a["skill"][3] == 0
    assert max(a["skill"][0], a["skill"][2]) < 0


def test_the_result_is_the_rounds_actual_outcome(mixed):
    events, a = mixed
    ended = [e for e in events if isinstance(e, ev.RoundEnded)]
    for r, e in zip(a["rounds"], ended, strict=True):
        others = [(sum(e.scores) - s) / 3 for s in e.scores]
        assert r["result"] == pytest.approx(
            [o - s for s, o in zip(e.scores, others, strict=True)], abs=1e-3
        )


@pytest.mark.parametrize(("seats", "variants"), [(3, {}), (4, {"first_turn": "draw"})])
def test_a_decisions_evaluation_is_the_same_whatever_the_hidden_tiles(seats, variants):
    rng = random.Random(seats)
    checked = 0
    for s in _states(seats, 700 + seats, **variants):
        if s.phase != PLAYING or len(legal_moves(s, s.to_move)) < 2:
            continue
        seat = s.to_move
        base = evaluate_moves(seat_knowledge(s, seat), 3, random.Random(5))
        other = _permute_hidden(s, seat, rng)
        assert other.hands != s.hands or other.boneyard != s.boneyard
        assert evaluate_moves(seat_knowledge(other, seat), 3, random.Random(5)) == base
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_the_analysis_of_a_log_does_not_change_with_tiles_the_seat_could_not_see():
    """Two logs that differ only in the hidden part of the deal (the other hands and the
    boneyard, reshuffled among themselves) give the first decision the same evaluation."""
    for i in range(50):
        events = _events(bytes([i]) * 32, ["smart"] * 4, 1)
        if isinstance(events[2], ev.EnginePlaced):
            break  # the engine was in a hand: nothing hidden was drawn before the first turn
    else:
        pytest.fail("no deal with the engine in a hand")
    seat = events[2].seat
    deal = events[1]
    assert isinstance(deal, RoundStarted)
    hidden = [t for j, h in enumerate(deal.hands) if j != seat for t in h] + list(deal.boneyard)
    random.Random(1).shuffle(hidden)
    hands, pos = [], 0
    for j, h in enumerate(deal.hands):
        if j == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[pos : pos + len(h)])))
            pos += len(h)
    other_deal = deal._replace(hands=tuple(hands), boneyard=tuple(hidden[pos:]))
    assert other_deal != deal
    prefix = events[:4]  # MatchStarted, RoundStarted, EnginePlaced, the seat's first decision
    other = [prefix[0], other_deal, *prefix[2:]]
    one = analyse_decisions(prefix, budget=SMALL, seed=b"k")
    two = analyse_decisions(other, budget=SMALL, seed=b"k")
    assert one
    assert one[0]["index"] == 3
    assert one == two


def test_luck_alone_and_a_log_cut_mid_round():
    events = _events(b"analysis-2".ljust(32, b"."), ["greedy", "smart", "smart", "random"], 2)
    a = analyse(events, budget=SMALL, seed=b"", decisions=False)
    assert a["decisions"] == []
    assert all(p["accuracy"] == 100 for p in a["players"])
    assert a["skill"] == [None] * 4  # no decisions, no skill index
    assert all(r.pop("skill") == [None] * 4 for r in a["rounds"])
    assert a["rounds"] == analyse_luck(events, rollouts=4, seed=b"")["rounds"]
    first_end = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundEnded))
    cut = analyse(events[: first_end + 5], budget=SMALL, decisions=False)
    assert [r["round"] for r in cut["rounds"]] == [1]  # the unfinished round is left out
    assert dict(cut["rounds"][0], skill=None) == dict(a["rounds"][0], skill=None)


def test_positive_scoring_is_analysed_from_the_rulesets_point_of_view():
    events = _events(b"analysis-3".ljust(32, b"."), ["smart", "random", "smart", "random"], 1,
                     scoring="positive")  # fmt: skip
    a = analyse(events, budget=SMALL)
    assert a["scoring"] == "positive"
    for r in a["rounds"]:
        assert sum(r["deal"]) == pytest.approx(0, abs=1e-2)
    json.dumps(a)


def test_accuracy_is_100_for_no_loss_and_falls_with_the_loss():
    assert accuracy([]) == 100
    assert accuracy([0, 0]) == 100
    assert accuracy([ACCURACY_SCALE]) == pytest.approx(100 / 2.718281828, rel=1e-6)
    assert accuracy([1]) > accuracy([5]) > accuracy([20])


def test_a_log_with_an_illegal_move_is_refused():
    events = _events(b"analysis-4".ljust(32, b"."), ["smart"] * 4, 1)
    i = next(i for i, e in enumerate(events) if isinstance(e, ev.TilePlayed))
    bad = events[i]._replace(seat=(events[i].seat + 1) % 4)
    with pytest.raises(ValueError, match="not a legal move"):
        analyse_decisions([*events[:i], bad], budget=SMALL)


def test_the_skill_index_validation_runs_on_two_tiny_games(tmp_path, capsys):
    from tests.benchmarks import validate_skill_index as v

    cache = tmp_path / "cache.json"
    args = ["--games", "2", "--rounds", "1", "--samples", "1", "--worlds", "2"]
    args += ["--luck-rollouts", "1", "--gain-worlds", "2", "--jobs", "1"]
    assert v.main([*args, "--resamples", "5", "--cache", str(cache)]) == 0
    out = capsys.readouterr().out
    assert "raw placement" in out
    assert "skill index" in out
    assert json.loads(cache.read_text())  # the second run reads the games from the cache:
    assert v.main([*args, "--resamples", "5", "--cache", str(cache)]) == 0
    assert "(2 from the cache)" in capsys.readouterr().out
    assert v.averaged_places([1, 1, 3, 4]) == [1.5, 1.5, 3, 4]
