"""What the verifier refuses that it once let through (issue 12, deliverable 6): each is reported
as a problem at its place (the round, the move), never accepted."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from games.bots.simple import POLICIES
from games.engine import RecordFormatError
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine import export_record
from games.engine import verify_record
from games.engine.simulate import simulate_match

SEED = bytes(range(32))
RULESET = Ruleset.for_players(2, rounds=2)
NAMES = ["ana", "bo"]


@pytest.fixture(scope="module")
def events():
    return simulate_match(SEED, RULESET, 2, POLICIES["random"])


@pytest.fixture
def doc(events):
    return json.loads(json.dumps(export_record(events, players=NAMES, seed=SEED)))


def problem_of(doc):
    return verify_record(json.loads(json.dumps(doc))).problem


def first(doc, predicate):
    """Return (round number, move index, move) of the first move where ``predicate(move)``."""
    for rnd in doc["rounds"]:
        for j, m in enumerate(rnd["moves"]):
            if predicate(m):
                return rnd["number"], j, m
    raise AssertionError("no such move")


def not_double(m):
    return "tile" in m and m["tile"][0] != m["tile"][1]


def test_the_record_as_exported_verifies(doc):
    assert verify_record(doc).ok


# -- a tile written [low, high] ----------------------------------------------------------------


@pytest.mark.parametrize("action", ["play", "draw"])
def test_a_tile_written_low_high_in_a_move(doc, action):
    r, j, m = first(doc, lambda m: m["action"] == action and not_double(m))
    m["tile"] = [m["tile"][1], m["tile"][0]]  # e.g. [3, 5] for [5, 3]
    p = problem_of(doc)
    assert (p.kind, p.round, p.move, p.code, p.rule) == ("move", r, j, "tile_order", "R2"), p
    assert "[high, low]" in p.message


def test_a_tile_written_low_high_in_a_hand_of_the_deal(doc):
    hand = doc["rounds"][1]["deal"]["hands"][1]
    k = next(k for k, t in enumerate(hand) if t[0] != t[1])
    hand[k] = [hand[k][1], hand[k][0]]
    p = problem_of(doc)
    assert (p.kind, p.round, p.move, p.code) == ("deal", 2, None, "tile_order"), p
    assert f"hands[1][{k}]" in p.message


def test_a_tile_written_low_high_in_the_boneyard(doc):
    bone = doc["rounds"][0]["deal"]["boneyard"]
    k = next(k for k, t in enumerate(bone) if t[0] != t[1])
    bone[k] = [bone[k][1], bone[k][0]]
    p = problem_of(doc)
    assert (p.kind, p.round, p.code) == ("deal", 1, "tile_order"), p
    assert f"boneyard[{k}]" in p.message


def test_a_tile_written_low_high_in_a_visible_hand_of_a_redacted_record(events):
    cut = events[:10]
    doc = json.loads(json.dumps(export_record(cut, viewer=0)))
    hand = doc["rounds"][0]["deal"]["hands"][0]
    k = next(k for k, t in enumerate(hand) if t[0] != t[1])
    hand[k] = [hand[k][1], hand[k][0]]
    p = problem_of(doc)
    assert (p.kind, p.round, p.code) == ("deal", 1, "tile_order"), p


# -- a draw without its tile -------------------------------------------------------------------


def test_a_draw_without_its_tile_in_a_full_record(doc):
    r, j, m = first(doc, lambda m: m["action"] == "draw")
    del m["tile"]
    p = problem_of(doc)
    assert (p.kind, p.round, p.move, p.code) == ("move", r, j, "drawn_tile_missing"), p


# -- a malformed time --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "at",
    [
        "yesterday",
        "",
        "2026-12-01",
        "2026-12-01 09:42:30Z",  # a space is not ISO-8601's T
        "2026-12-01T09:42:30",  # no zone: not known to be UTC
        "2026-12-01T09:42:30+01:00",  # not UTC
        "2026-12-01T09:42:30z",
        "2026-02-30T09:42:30Z",  # no such day
        "2025-02-29T00:00:00Z",  # not a leap year
        "2026-12-01T24:00:00Z",
        "2026-12-01T09:60:00Z",
        "2026-12-01T09:42:30.1234567Z",
        1733046150,
        None,
    ],
)
def test_a_malformed_time_on_a_move(doc, at):
    moves = doc["rounds"][1]["moves"]
    moves[4]["at"] = at
    p = problem_of(doc)
    assert (p.kind, p.round, p.move, p.code) == ("move", 2, 4, "bad_time"), p


@pytest.mark.parametrize(
    "at",
    [
        "2026-12-01T09:42:30Z",
        "2026-12-01T09:42:30.5Z",
        "2026-12-01T09:42:30.123456+00:00",  # Python's isoformat() of an aware UTC time
        "2024-02-29T23:59:59Z",
    ],
)
def test_well_formed_utc_times_are_accepted(doc, at):
    for rnd in doc["rounds"]:
        for m in rnd["moves"]:
            m["at"] = at
    assert verify_record(doc).ok


# -- a cut-off record whose seed is revealed ---------------------------------------------------


def test_a_cut_off_record_that_reveals_its_seed(events):
    part = events[: len(events) // 2]
    doc = json.loads(json.dumps(export_record(part, seed=SEED)))
    assert "seed" not in doc
    assert verify_record(doc).ok
    doc["seed"] = SEED.hex()  # every later deal would follow from it
    p = problem_of(doc)
    assert p.kind == "commitment", p
    assert "not ended" in p.message, p


def test_a_finished_record_cut_off_but_keeping_its_seed(doc):
    doc["rounds"] = doc["rounds"][:1]
    del doc["result"]
    p = problem_of(doc)
    assert p.kind == "commitment", p
    assert "not ended" in p.message, p


# -- the ruleset -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, False, 1.0, "1"])
def test_max_doubles_per_turn_that_is_not_null_or_a_number(doc, value):
    doc["ruleset"]["max_doubles_per_turn"] = value
    p = problem_of(doc)
    assert p.kind == "ruleset", p


@pytest.mark.parametrize("key", ["scoring", "first_turn", "hand_table"])
def test_a_ruleset_name_that_is_not_a_string(doc, key):
    doc["ruleset"][key] = ["penalty"]
    assert problem_of(doc).kind == "ruleset"


def test_a_ruleset_built_with_true_for_max_doubles_per_turn_is_refused():
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(2, max_doubles_per_turn=True)
    assert exc.value.rule == "V2"
    with pytest.raises(RulesetError):
        Ruleset.from_dict({**RULESET.to_dict(), "max_doubles_per_turn": True})
    assert Ruleset.from_dict({**RULESET.to_dict(), "max_doubles_per_turn": 1}).max_doubles_per_turn


def test_rounds_true_is_not_one_round():
    with pytest.raises(RulesetError):
        Ruleset(set_max=9, hand_size=15, rounds=True).check(2)


# -- results -----------------------------------------------------------------------------------


def test_an_unknown_key_in_a_round_result(doc):
    doc["rounds"][1]["result"]["bonus"] = 10
    p = problem_of(doc)
    assert (p.kind, p.round) == ("result", 2), p
    assert "bonus" in p.message


def test_an_unknown_key_in_the_match_result(doc):
    doc["result"]["winner"] = 0
    p = problem_of(doc)
    assert (p.kind, p.round) == ("result", None), p
    assert "winner" in p.message


# -- players -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [5, None, ["ana"], {"first": "ana"}, True])
def test_a_player_name_that_is_not_a_string(doc, name):
    doc["players"][1]["name"] = name
    p = problem_of(doc)
    assert p.kind == "players", p
    assert "players[1].name" in p.message, p


def test_a_player_without_a_name(doc):
    del doc["players"][0]["name"]
    p = problem_of(doc)
    assert p.kind == "players", p
    assert "players[0].name" in p.message, p


# -- unknown keys elsewhere --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "key"),
    [("play", "note"), ("pass", "tile"), ("draw", "train"), ("engine", "tile"), ("stop", "x")],
)
def test_an_unknown_key_in_a_move(doc, action, key):
    r, j, m = first(doc, lambda m: m["action"] == action)
    m[key] = [6, 6] if key == "tile" else 0
    p = problem_of(doc)
    assert (p.kind, p.round, p.move, p.code) == ("move", r, j, "unknown_key"), p


@pytest.mark.parametrize(
    "mangle",
    [
        lambda d: d.__setitem__("comment", "hi"),
        lambda d: d["players"][0].__setitem__("rating", 1500),
        lambda d: d["rounds"][0].__setitem__("notes", []),
        lambda d: d["rounds"][0]["deal"].__setitem__("seed", "00"),
        lambda d: d["rounds"][0]["deal"]["hands"].__setitem__(0, "hidden"),
        lambda d: d["rounds"][0]["deal"].__setitem__("boneyard", "hidden"),
        lambda d: d["players"][0].__setitem__("seat", False),
    ],
    ids=["top level", "player", "round", "deal", "hand text", "boneyard text", "seat false"],
)
def test_unknown_keys_or_wrong_types_in_the_document_are_malformed(doc, mangle):
    mangle(doc)
    with pytest.raises(RecordFormatError):
        verify_record(doc)


@pytest.mark.parametrize(
    "options",
    [{}, {"hand_table": "double12"}, {"max_doubles_per_turn": 1, "scoring": "positive"}],
)
def test_a_ruleset_writes_every_field_in_order_and_reads_back_the_same(options):
    """``to_dict`` (the record's ``ruleset``, every viewer's view) is what ``asdict`` gives:
    every field, in the dataclass's order, and ``from_dict`` reads it back as the same ruleset."""
    ruleset = Ruleset.for_players(4, **options)
    assert list(ruleset.to_dict().items()) == list(asdict(ruleset).items())
    assert Ruleset.from_dict(ruleset.to_dict()) == ruleset
