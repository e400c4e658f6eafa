"""Game records (spec/game-record.md): export/import, the document's shape, what viewers see,
and what ``verify_record`` detects."""

from __future__ import annotations

import copy
import hashlib
import json
import re

import pytest

from games.bots.simple import POLICIES
from games.engine import Code
from games.engine import MatchEnded
from games.engine import RecordFormatError
from games.engine import RoundEnded
from games.engine import RoundStarted
from games.engine import Ruleset
from games.engine import commitment
from games.engine import deal_round
from games.engine import events as ev
from games.engine import export_record
from games.engine import import_record
from games.engine import legal_moves
from games.engine import replay
from games.engine import verify_record
from games.engine.record_format import FULL
from games.engine.record_format import SPECTATOR
from games.engine.simulate import simulate_match
from games.engine.tiles import full_set
from games.engine.tiles import tile
from games.engine.views import hidden_tiles

SEED = bytes(range(32))
SEATS = 2
RULESET = Ruleset.for_players(SEATS, rounds=2)
NAMES = ["ana", "bo"]
RULESET_KEYS = {
    "set_max",
    "hand_size",
    "rounds",
    "hand_table",
    "max_doubles_per_turn",
    "double_blank_points",
    "scoring",
    "first_turn",
}
HEX64 = re.compile(r"^[0-9a-f]{64}$")


# -- fixtures and helpers ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def events():
    return simulate_match(SEED, RULESET, SEATS, POLICIES["random"])


def full_record(events, **kw):
    return json.loads(json.dumps(export_record(events, players=NAMES, seed=SEED, **kw)))


def step_ends(events) -> list[int]:
    """Return every n such that events[:n] stops right after a move and what it caused
    (a move that ends a round is followed by its RoundEnded, and MatchEnded)."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, ev.MOVE_EVENTS):
            n = i + 1
            while n < len(events) and isinstance(events[n], (RoundEnded, MatchEnded)):
                n += 1
            out.append(n)
    return out


def cut_where(events, predicate):
    """Return events[:n] for the first cut (after a move) where ``predicate(events[:n])``."""
    for n in step_ends(events):
        part = events[:n]
        if not isinstance(part[-1], MatchEnded) and predicate(part):
            return part
    raise AssertionError("no such point in the match")


def current_round_events(part):
    start = max(i for i, e in enumerate(part) if isinstance(e, RoundStarted))
    return part[start:]


def both_seats_drew_in_round_2(part):
    if not any(isinstance(e, RoundStarted) and e.round == 2 for e in part):
        return False
    drawers = {e.seat for e in current_round_events(part) if isinstance(e, ev.TileDrawn)}
    return drawers == {0, 1}


@pytest.fixture(scope="module")
def mid_match(events):
    """Events of the match cut in round 2, after both seats have drawn in that round."""
    return cut_where(events, both_seats_drew_in_round_2)


def move_index(events, round_number: int, move: int) -> int:
    r, j = 0, -1
    for i, e in enumerate(events):
        if isinstance(e, RoundStarted):
            r, j = e.round, -1
        elif isinstance(e, ev.MOVE_EVENTS):
            j += 1
            if (r, j) == (round_number, move):
                return i
    raise AssertionError("no such move")


def state_before(events, round_number: int, move: int):
    return replay(events[: move_index(events, round_number, move)])


def find_move(events, doc, predicate):
    """Return (round number, move index, state before it) of the first move where
    ``predicate(move, state)``."""
    for rnd in doc["rounds"]:
        for j, m in enumerate(rnd["moves"]):
            s = state_before(events, rnd["number"], j)
            if predicate(m, s):
                return rnd["number"], j, s
    raise AssertionError("no such move in the match")


def problem_of(doc):
    return verify_record(json.loads(json.dumps(doc))).problem


def move_problem(doc, round_number: int, move: int) -> tuple:
    """Return the (code, rule) of the problem verifying ``doc`` finds; fail unless it names
    move ``move`` of round ``round_number``."""
    p = problem_of(doc)
    assert (p.kind, p.round, p.move) == ("move", round_number, move), str(p)
    return p.code, p.rule


def tile_pairs(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from tile_pairs(v)
    elif isinstance(obj, list):
        if len(obj) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in obj):
            yield tile(*obj)
            return
        for v in obj:
            yield from tile_pairs(v)


# -- export / import round trip ----------------------------------------------------------------


def test_round_trip_of_a_finished_match(events):
    doc = full_record(events)
    assert import_record(doc) == tuple(events)
    verdict = verify_record(doc)
    assert verdict.ok
    assert verdict.seed_checked
    assert verdict.state == replay(events)


def test_round_trip_without_names_or_seed_given(events):
    doc = json.loads(json.dumps(export_record(events, seed=SEED)))
    assert import_record(doc) == tuple(events)
    assert [p["seat"] for p in doc["players"]] == [0, 1]


@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99])
def test_round_trip_mid_match(events, fraction):
    cuts = [n for n in step_ends(events) if not isinstance(events[n - 1], MatchEnded)]
    part = events[: cuts[int(fraction * (len(cuts) - 1))]]
    doc = json.loads(json.dumps(export_record(part, players=NAMES, seed=SEED)))
    assert "seed" not in doc  # not revealed before the end
    assert "result" not in doc
    assert import_record(doc) == tuple(part)
    verdict = verify_record(doc)
    assert verdict.ok
    assert not verdict.seed_checked
    assert verdict.state == replay(part)


def test_round_trip_between_rounds(events):
    first_end = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
    part = events[: first_end + 1]
    doc = json.loads(json.dumps(export_record(part)))
    assert len(doc["rounds"]) == 1
    assert "result" in doc["rounds"][0]
    assert import_record(doc) == tuple(part)


def test_optional_by_and_at_are_kept(events):
    at = [None] + [f"2024-05-01T12:{i // 60 % 60:02d}:{i % 60:02d}Z" for i in range(1, len(events))]
    doc = json.loads(json.dumps(export_record(events, seed=SEED, at=at)))
    for rnd in doc["rounds"]:
        for m in rnd["moves"]:
            assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", m["at"])
            m["by"] = "bot"
    assert verify_record(doc).ok
    doc["rounds"][0]["moves"][0]["by"] = "wizard"
    p = verify_record(doc).problem
    assert (p.kind, p.round, p.move) == ("move", 1, 0)


# -- the document's shape ----------------------------------------------------------------------


def test_document_shape(events):
    doc = full_record(events)
    assert set(doc) == {
        "format",
        "version",
        "ruleset",
        "players",
        "seed_commitment",
        "seed",
        "rounds",
        "result",
    }
    assert doc["format"] == "mexican-train-record"
    assert doc["version"] == 1
    assert set(doc["ruleset"]) == RULESET_KEYS
    assert doc["ruleset"] == {
        "set_max": 9,
        "hand_size": 15,
        "rounds": 2,
        "hand_table": "classic",
        "max_doubles_per_turn": None,
        "double_blank_points": 50,
        "scoring": "penalty",
        "first_turn": "free",
    }
    assert doc["players"] == [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "bo"}]
    assert HEX64.match(doc["seed_commitment"])
    assert doc["seed_commitment"] == hashlib.sha256(SEED).hexdigest() == commitment(SEED)
    assert doc["seed"] == SEED.hex()
    assert len(doc["rounds"]) == 2


def test_rounds_shape(events):
    doc = full_record(events)
    move_events = [e for e in events if isinstance(e, ev.MOVE_EVENTS)]
    recorded_moves = []
    for k, rnd in enumerate(doc["rounds"]):
        number = k + 1
        assert set(rnd) == {"number", "engine", "deal", "moves", "result"}
        assert rnd["number"] == number
        assert rnd["engine"] == RULESET.set_max - k  # R5: counting down from double-N
        assert set(rnd["deal"]) == {"hands", "boneyard"}
        hands, boneyard = deal_round(SEED, number, RULESET.set_max, SEATS, RULESET.hand_size)
        assert rnd["deal"]["hands"] == [[list(t) for t in h] for h in hands]
        assert rnd["deal"]["boneyard"] == [list(t) for t in boneyard]
        dealt = [tuple(t) for h in rnd["deal"]["hands"] for t in h] + [
            tuple(t) for t in rnd["deal"]["boneyard"]
        ]
        assert sorted(dealt) == sorted(full_set(RULESET.set_max))
        assert all(len(h) == RULESET.hand_size for h in rnd["deal"]["hands"])
        assert rnd["moves"][0]["action"] in ("engine", "draw")
        assert any(m["action"] == "engine" for m in rnd["moves"])
        for m in rnd["moves"]:
            assert m["action"] in ("engine", "draw", "play", "pass", "stop")
            assert isinstance(m["seat"], int)
            assert 0 <= m["seat"] < SEATS
            if m["action"] == "play":
                assert set(m) == {"seat", "action", "tile", "train"}
                assert m["train"] == "mexican" or m["train"] in range(SEATS)
            elif m["action"] == "draw":
                assert set(m) == {"seat", "action", "tile"}
            else:
                assert set(m) == {"seat", "action"}
            if "tile" in m:
                a, b = m["tile"]
                assert 0 <= b <= a <= RULESET.set_max  # [high, low]
            recorded_moves.append(m)
        res = rnd["result"]
        assert set(res) == {"scores", "went_out", "blocked"}
        assert len(res["scores"]) == SEATS
        assert all(isinstance(x, int) for x in res["scores"])
        assert isinstance(res["blocked"], bool)
        if res["blocked"]:
            assert res["went_out"] is None
        else:
            assert res["went_out"] in range(SEATS)
            assert res["scores"][res["went_out"]] == 0  # R22
    assert len(recorded_moves) == len(move_events)
    for m, e in zip(recorded_moves, move_events, strict=False):
        assert m["seat"] == e.seat
        if "tile" in m:
            assert tuple(m["tile"]) == e.tile


def test_match_result_shape(events):
    doc = full_record(events)
    res = doc["result"]
    assert set(res) == {"totals", "zero_rounds", "places"}
    scores = [r["result"]["scores"] for r in doc["rounds"]]
    assert res["totals"] == [sum(s[i] for s in scores) for i in range(SEATS)]
    assert res["zero_rounds"] == [sum(1 for s in scores if s[i] == 0) for i in range(SEATS)]
    assert sorted(res["places"])[0] == 1
    assert all(1 <= p <= SEATS for p in res["places"])
    if res["totals"][0] != res["totals"][1]:
        low = min(range(SEATS), key=lambda i: res["totals"][i])  # R23: lowest total wins
        assert res["places"][low] == 1


def test_seed_test_vector():
    """The spec's test vector: seed = 32 zero bytes, double-6, round 1, 2 players × 7 tiles."""
    seed = bytes(32)
    assert commitment(seed) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    hands, boneyard = deal_round(seed, 1, 6, 2, 7)

    def tiles(text):
        return tuple(tuple(map(int, t.split(","))) for t in re.findall(r"\[(\d+,\d+)\]", text))

    assert hands[0] == tiles("[6,6] [1,0] [5,3] [3,3] [6,2] [4,2] [3,0]")
    assert hands[1] == tiles("[2,0] [5,5] [3,2] [5,1] [3,1] [6,1] [5,2]")
    assert boneyard == tiles(
        "[2,1] [2,2] [0,0] [4,0] [6,3] [1,1] [6,5] [4,3] [6,0] [6,4] [4,1] [5,4] [5,0] [4,4]"
    )


# -- what viewers see --------------------------------------------------------------------------


def test_mid_match_full_record_has_everything_but_the_seed(mid_match):
    doc = json.loads(json.dumps(export_record(mid_match, seed=SEED)))
    assert "seed" not in doc
    assert "result" not in doc
    for rnd in doc["rounds"]:
        assert all(isinstance(h, list) for h in rnd["deal"]["hands"])
        assert "boneyard" in rnd["deal"]
        assert all("tile" in m for m in rnd["moves"] if m["action"] == "draw")


@pytest.mark.parametrize("viewer", [0, 1])
def test_seat_record_before_the_end_hides_others(mid_match, viewer):
    doc = json.loads(json.dumps(export_record(mid_match, seed=SEED, viewer=viewer)))
    assert "seed" not in doc
    assert "result" not in doc
    assert doc["seed_commitment"] == commitment(SEED)
    dealt = [e for e in mid_match if isinstance(e, RoundStarted)]
    saw_own_draw = saw_other_draw = False
    for rnd, deal in zip(doc["rounds"], dealt, strict=False):
        hands = rnd["deal"]["hands"]
        assert len(hands) == SEATS
        assert hands[viewer] == [list(t) for t in deal.hands[viewer]]
        assert all(h is None for s, h in enumerate(hands) if s != viewer)
        assert "boneyard" not in rnd["deal"]
        for m in rnd["moves"]:
            if m["action"] == "draw":
                if m["seat"] == viewer:
                    assert "tile" in m
                    saw_own_draw = True
                else:
                    assert "tile" not in m
                    saw_other_draw = True
            if m["action"] == "play":
                assert "tile" in m
                assert "train" in m
    assert saw_own_draw
    assert saw_other_draw
    # Nothing in the current round shows a tile the viewer may not see.
    state = replay(mid_match)
    current = {k: v for k, v in doc["rounds"][-1].items() if k != "result"}
    assert not set(tile_pairs(current)) & hidden_tiles(state, viewer)


def test_spectator_record_before_the_end_hides_all_hands(mid_match):
    doc = json.loads(json.dumps(export_record(mid_match, seed=SEED, viewer=SPECTATOR)))
    assert "seed" not in doc
    for rnd in doc["rounds"]:
        assert rnd["deal"]["hands"] == [None] * SEATS
        assert "boneyard" not in rnd["deal"]
        assert all("tile" not in m for m in rnd["moves"] if m["action"] == "draw")
    state = replay(mid_match)
    current = doc["rounds"][-1]
    assert not set(tile_pairs(current)) & hidden_tiles(state, None)


@pytest.mark.parametrize("viewer", [0, 1, SPECTATOR, FULL])
def test_every_record_is_complete_after_the_end(events, viewer):
    doc = json.loads(json.dumps(export_record(events, players=NAMES, seed=SEED, viewer=viewer)))
    assert doc == full_record(events)
    assert doc["seed"] == SEED.hex()
    assert verify_record(doc).ok


# -- what verify detects -----------------------------------------------------------------------


def test_wrong_seed_commitment(events):
    doc = full_record(events)
    doc["seed_commitment"] = hashlib.sha256(b"another seed").hexdigest()
    assert problem_of(doc).kind == "commitment"


def test_seed_that_is_not_the_committed_one(events):
    doc = full_record(events)
    doc["seed"] = bytes(32).hex()
    assert problem_of(doc).kind == "commitment"


def test_finished_match_without_its_seed(events):
    doc = full_record(events)
    del doc["seed"]
    assert problem_of(doc).kind == "commitment"


@pytest.mark.parametrize("round_number", [1, 2])
def test_deal_that_is_not_the_seeds(events, round_number):
    doc = full_record(events)
    hands = doc["rounds"][round_number - 1]["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("deal", round_number)


def test_boneyard_order_that_is_not_the_seeds(events):
    doc = full_record(events)
    bone = doc["rounds"][0]["deal"]["boneyard"]
    bone[0], bone[-1] = bone[-1], bone[0]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("deal", 1)


def test_deal_that_is_not_a_set(events):
    part = cut_where(events, lambda p: True)
    doc = json.loads(json.dumps(export_record(part)))  # no seed: the deal is checked on its own
    doc["rounds"][0]["deal"]["hands"][0][0] = doc["rounds"][0]["deal"]["hands"][1][0]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("deal", 1)


def test_engine_placed_by_the_wrong_seat(events):
    doc = full_record(events)
    r, j, s = find_move(events, doc, lambda m, s: m["action"] == "engine")
    moves = doc["rounds"][r - 1]["moves"]
    moves[j]["seat"] = 1 - moves[j]["seat"]
    assert move_problem(doc, r, j) == (Code.NOT_YOUR_TURN.value, "R6")


def test_tile_from_another_hand(events):
    doc = full_record(events)
    r, j, s = find_move(events, doc, lambda m, s: m["action"] == "play")
    move = doc["rounds"][r - 1]["moves"][j]
    other = min(s.hands[1 - move["seat"]])
    move["tile"] = list(other)
    assert move_problem(doc, r, j) == (Code.TILE_NOT_IN_HAND.value, "R4")


def test_first_turn_play_on_the_mexican_train(events):
    doc = full_record(events)
    r, j, s = find_move(events, doc, lambda m, s: m["action"] == "play" and s.first_turn)
    doc["rounds"][r - 1]["moves"][j]["train"] = "mexican"
    assert move_problem(doc, r, j) == (Code.FIRST_TURN_OWN_TRAIN_ONLY.value, "R12")


def test_pass_while_holding_a_legal_play(events):
    doc = full_record(events)

    def later_turn_play(m, s):
        return (
            m["action"] == "play"
            and not s.first_turn
            and not s.open_doubles
            and not s.laid
            and s.drawn is None
        )

    r, j, s = find_move(events, doc, later_turn_play)
    moves = doc["rounds"][r - 1]["moves"]
    moves[j] = {"seat": moves[j]["seat"], "action": "pass"}
    assert move_problem(doc, r, j) == (Code.HAS_LEGAL_PLAY.value, "R15")


def test_drawn_tile_that_is_not_the_boneyards_next(events):
    doc = full_record(events)
    r, j, s = find_move(events, doc, lambda m, s: m["action"] == "draw")
    move = doc["rounds"][r - 1]["moves"][j]
    move["tile"] = [t for t in map(list, full_set(9)) if t != move["tile"]][0]
    code, _ = move_problem(doc, r, j)
    assert code == "drawn_tile_mismatch"


def test_move_after_the_round_ended(events):
    doc = full_record(events)
    moves = doc["rounds"][0]["moves"]
    moves.append({"seat": 0, "action": "pass"})
    move_problem(doc, 1, len(moves) - 1)


def test_unknown_action(events):
    doc = full_record(events)
    doc["rounds"][1]["moves"][3]["action"] = "resign"
    code, _ = move_problem(doc, 2, 3)
    assert code == Code.UNKNOWN_ACTION.value


def test_every_illegal_move_is_named_by_index(events):
    """Replacing any move by a command the rules refuse there is reported at that move."""
    doc = full_record(events)
    checked = 0
    for rnd in doc["rounds"]:
        for j, _m in enumerate(rnd["moves"]):
            s = state_before(events, rnd["number"], j)
            legal = legal_moves(s, s.to_move)
            bad = {"seat": s.to_move, "action": "stop"}
            if any(c.action == "stop" for c in legal):
                continue
            broken = copy.deepcopy(doc)
            broken["rounds"][rnd["number"] - 1]["moves"][j] = bad
            code, rule = move_problem(broken, rnd["number"], j)
            assert rule
            assert code
            checked += 1
            if checked >= 40:
                return


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("scores", lambda r: [r["scores"][0] + 1] + r["scores"][1:]),
        ("went_out", lambda r: 1 - r["went_out"] if r["went_out"] is not None else 0),
        ("blocked", lambda r: not r["blocked"]),
    ],
)
def test_wrong_round_result(events, field, value):
    doc = full_record(events)
    res = doc["rounds"][0]["result"]
    res[field] = value(res)
    p = problem_of(doc)
    assert (p.kind, p.round) == ("result", 1)


def test_missing_round_result(events):
    doc = full_record(events)
    del doc["rounds"][0]["result"]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("result", 1)


@pytest.mark.parametrize("field", ["totals", "zero_rounds", "places"])
def test_wrong_match_result(events, field):
    doc = full_record(events)
    doc["result"][field] = [x + 1 for x in doc["result"][field]]
    p = problem_of(doc)
    assert p.kind == "result"
    assert p.round is None
    assert p.move is None


def test_result_of_a_match_that_is_not_over(events):
    doc = full_record(events)
    doc["rounds"] = doc["rounds"][:1]
    assert problem_of(doc).kind == "result"


def test_more_rounds_than_the_ruleset_has(events):
    doc = full_record(events)
    doc["rounds"].append(copy.deepcopy(doc["rounds"][-1]))
    assert problem_of(doc).kind in ("result", "deal")


@pytest.mark.parametrize("viewer", [0, 1, SPECTATOR])
def test_redacted_record_is_incomplete(mid_match, viewer):
    doc = json.loads(json.dumps(export_record(mid_match, seed=SEED, viewer=viewer)))
    p = problem_of(doc)
    assert p.kind == "incomplete"
    assert p.round == 1


def test_hand_left_out_is_incomplete(events):
    doc = full_record(events)
    doc["rounds"][1]["deal"]["hands"][1] = None
    p = problem_of(doc)
    assert (p.kind, p.round) == ("incomplete", 2)


def test_boneyard_left_out_is_incomplete(events):
    doc = full_record(events)
    del doc["rounds"][0]["deal"]["boneyard"]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("incomplete", 1)


def test_unfinished_round_before_another_is_incomplete(events):
    doc = full_record(events)
    doc["rounds"][0]["moves"] = doc["rounds"][0]["moves"][:5]
    del doc["rounds"][0]["result"]
    del doc["result"]
    del doc["seed"]
    p = problem_of(doc)
    assert p.kind == "incomplete"
    assert p.round in (1, 2)


# -- not a record at all -----------------------------------------------------------------------


def _without(key):
    def f(doc):
        del doc[key]

    return f


def _set(key, value):
    def f(doc):
        doc[key] = value

    return f


def _round(key, value):
    def f(doc):
        doc["rounds"][0][key] = value

    return f


MANGLERS = {
    "format": _set("format", "pgn"),
    "no format": _without("format"),
    "version 2": _set("version", 2),
    "version text": _set("version", "1"),
    "no rounds": _without("rounds"),
    "rounds object": _set("rounds", {}),
    "no players": _without("players"),
    "players empty": _set("players", []),
    "players seat": _set("players", [{"seat": 1, "name": "a"}, {"seat": 0, "name": "b"}]),
    "no ruleset": _without("ruleset"),
    "ruleset list": _set("ruleset", [9, 15, 2]),
    "no commitment": _without("seed_commitment"),
    "commitment short": _set("seed_commitment", "abc"),
    "commitment upper": _set("seed_commitment", "A" * 64),
    "seed not hex": _set("seed", "zz" * 32),
    "seed short": _set("seed", "00" * 31),
    "round not object": lambda d: d["rounds"].__setitem__(0, [1, 2]),
    "round without number": lambda d: d["rounds"][0].pop("number"),
    "round without deal": lambda d: d["rounds"][0].pop("deal"),
    "deal without hands": lambda d: d["rounds"][0]["deal"].pop("hands"),
    "moves not list": _round("moves", "engine"),
    "round result shape": _round("result", {"scores": [1, 2]}),
    "match result shape": _set("result", {"totals": [1, 2]}),
    "tile not a pair": lambda d: d["rounds"][0]["deal"]["hands"][0].__setitem__(0, [1, 2, 3]),
}


@pytest.mark.parametrize("doc", [None, 42, "mexican-train-record", [], [{"format": 1}], True])
def test_non_objects_are_not_records(doc):
    with pytest.raises(RecordFormatError):
        verify_record(doc)
    with pytest.raises(RecordFormatError):
        import_record(doc)


def test_empty_object_is_not_a_record():
    with pytest.raises(RecordFormatError):
        verify_record({})


@pytest.mark.parametrize("name", sorted(MANGLERS))
def test_malformed_records(events, name):
    doc = full_record(events)
    MANGLERS[name](doc)
    with pytest.raises(RecordFormatError):
        verify_record(doc)
    with pytest.raises(RecordFormatError):
        import_record(doc)


def test_import_refuses_a_record_with_a_problem(events):
    doc = full_record(events)
    doc["result"]["totals"][0] += 1
    with pytest.raises(ValueError, match="the match result should be"):
        import_record(doc)
