"""Version 2 records (spec/game-record.md, "Version 2"): the players' contributions to the seed,
the server seed revealed at the end, and the attestation; version 1 records keep verifying."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.bots.simple import POLICIES
from games.engine import RecordFormatError
from games.engine import Ruleset
from games.engine import attestation as att
from games.engine import events as ev
from games.engine import export_record
from games.engine import import_record
from games.engine import verify_record
from games.engine.deal import commitment
from games.engine.deal import derive_seed_v2
from games.engine.record_keys import parse_published_keys
from games.engine.record_keys import verify_attested
from games.engine.simulate import simulate_match

SERVER_SEED = bytes(range(100, 132))
CONTRIBUTIONS = [
    {"seat": 0, "value": "ana:4f1c9e", "at": "2026-12-01T09:00:01.250000+00:00"},
    {"seat": 1, "value": ""},  # a seat the platform plays contributes the empty string
]
SEED = derive_seed_v2(SERVER_SEED, [c["value"] for c in CONTRIBUTIONS])
RULESET = Ruleset.for_players(2, rounds=2)
NAMES = ["ana", "bo"]
KEY = att.private_key(bytes([1]) * 32)
PUBLIC = att.public_key_hex(KEY)
GOLDEN = Path(__file__).parent / "golden"


def fairness(**extra):
    return {
        "server_seed_commitment": commitment(SERVER_SEED),
        "committed_at": "2026-12-01T09:00:00Z",
        "contributions": CONTRIBUTIONS,
        "server_seed": SERVER_SEED.hex(),
        **extra,
    }


@pytest.fixture(scope="module")
def events():
    return simulate_match(
        SEED, RULESET, 2, POLICIES["random"], seed_commitment=commitment(SERVER_SEED)
    )


def record(events, **kw):
    kw.setdefault("fairness", fairness())
    return json.loads(json.dumps(export_record(events, players=NAMES, **kw)))


def problem_of(doc):
    return verify_record(json.loads(json.dumps(doc))).problem


def cut(events):
    """The events up to the middle of round 2."""
    second = next(
        i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted) and e.round == 2
    )
    return events[: second + 6]


# -- export ------------------------------------------------------------------------------------


def test_a_finished_version_2_record_has_the_fairness_object_and_both_seeds(events):
    doc = record(events)
    assert doc["version"] == 2
    assert list(doc) == [
        "format", "version", "ruleset", "players", "fairness", "seed", "rounds", "result",
    ]  # fmt: skip
    assert "seed_commitment" not in doc
    assert doc["fairness"] == {
        "server_seed_commitment": commitment(SERVER_SEED),
        "committed_at": "2026-12-01T09:00:00Z",
        "contributions": CONTRIBUTIONS,
        "server_seed": SERVER_SEED.hex(),
    }
    assert doc["seed"] == SEED.hex()


def test_a_finished_version_2_record_verifies_its_deals_from_the_derived_seed(events):
    doc = record(events)
    verdict = verify_record(doc)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked, verdict.problem
    assert import_record(doc) == tuple(events)


def test_a_version_2_record_without_the_top_level_seed_still_derives_it(events):
    doc = record(events)
    del doc["seed"]
    verdict = verify_record(doc)
    assert verdict.ok
    assert verdict.seed_checked


@pytest.mark.parametrize("viewer", ["full", 0, 1, "spectator"])
def test_before_the_end_neither_seed_is_revealed(events, viewer):
    doc = record(cut(events), viewer=viewer)
    assert doc["version"] == 2
    assert "seed" not in doc
    assert "server_seed" not in doc["fairness"]
    assert doc["fairness"]["contributions"] == CONTRIBUTIONS  # fixed and shown before the deal
    if viewer == "full":
        verdict = verify_record(doc)
        assert verdict.ok
        assert not verdict.seed_checked
    else:
        assert problem_of(doc).kind == "incomplete"


def test_the_server_seed_may_be_left_out_of_the_fairness_given(events):
    doc = record(events, fairness={k: v for k, v in fairness().items() if k != "server_seed"})
    assert "seed" not in doc
    assert "server_seed" not in doc["fairness"]
    assert problem_of(doc).kind == "commitment"  # ended, but nothing to check the deals with


def test_optional_times_are_left_out_when_unknown(events):
    f = fairness(committed_at=None, contributions=[{"seat": 0, "value": "x"}])
    doc = record(events[:3], fairness=f)
    assert doc["fairness"] == {
        "server_seed_commitment": commitment(SERVER_SEED),
        "contributions": [{"seat": 0, "value": "x"}],
    }


def test_export_refuses_a_match_started_with_another_commitment(events):
    v1_events = simulate_match(SEED, RULESET, 2, POLICIES["random"])  # commits to SEED itself
    with pytest.raises(ValueError, match="seed_commitment must be the server seed's commitment"):
        export_record(v1_events, fairness=fairness())


def test_export_refuses_a_seed_that_is_not_the_derived_one(events):
    with pytest.raises(ValueError, match="seed is not the one the server seed"):
        export_record(events, seed=SERVER_SEED, fairness=fairness())
    assert export_record(events, seed=SEED, fairness=fairness())["seed"] == SEED.hex()


def test_the_spec_vector_deal_in_a_version_2_record():
    zero = bytes(32)
    seed = derive_seed_v2(zero, ["ana:4f1c9e", ""])
    rs = Ruleset.for_players(2, set_max=6, rounds=1)
    evs = simulate_match(seed, rs, 2, POLICIES["greedy"], seed_commitment=commitment(zero))
    f = {
        "server_seed_commitment": commitment(zero),
        "contributions": [{"seat": 0, "value": "ana:4f1c9e"}, {"seat": 1, "value": ""}],
        "server_seed": zero.hex(),
    }
    doc = json.loads(json.dumps(export_record(evs, fairness=f)))
    assert doc["fairness"]["server_seed_commitment"] == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )
    assert doc["seed"] == "5f19d909cb3f13798130da01770fae44b0ecee16c6c74d9e0fc91985e4e25e32"
    assert doc["rounds"][0]["deal"]["hands"][0] == [
        [4, 1], [5, 5], [6, 2], [0, 0], [6, 6], [1, 1], [4, 4],
    ]  # fmt: skip
    assert verify_record(doc).ok


# -- what verify detects in version 2 ----------------------------------------------------------


def test_a_changed_contribution_gives_another_seed(events):
    doc = record(events)
    doc["fairness"]["contributions"][0]["value"] = "ana:4f1c9f"
    p = problem_of(doc)
    assert p.kind == "seed", p


def test_a_changed_contribution_without_the_seed_gives_other_deals(events):
    doc = record(events)
    doc["fairness"]["contributions"][1]["value"] = "steered"
    del doc["seed"]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("deal", 1), p


def test_a_contribution_left_out_or_reordered_gives_another_seed(events):
    doc = record(events)
    doc["fairness"]["contributions"].reverse()
    assert problem_of(doc).kind == "seed"
    doc = record(events)
    doc["fairness"]["contributions"].pop()
    assert problem_of(doc).kind == "seed"


def test_a_changed_server_seed_does_not_match_its_commitment(events):
    doc = record(events)
    doc["fairness"]["server_seed"] = bytes(32).hex()
    p = problem_of(doc)
    assert p.kind == "commitment"
    assert "server seed" in p.message


def test_a_changed_commitment(events):
    doc = record(events)
    doc["fairness"]["server_seed_commitment"] = commitment(b"another")
    assert problem_of(doc).kind == "commitment"


def test_a_changed_seed(events):
    doc = record(events)
    doc["seed"] = SERVER_SEED.hex()
    assert problem_of(doc).kind == "seed"


@pytest.mark.parametrize("round_number", [1, 2])
def test_a_changed_deal(events, round_number):
    doc = record(events)
    hands = doc["rounds"][round_number - 1]["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    p = problem_of(doc)
    assert (p.kind, p.round) == ("deal", round_number)


def test_an_ended_match_without_its_server_seed(events):
    doc = record(events)
    del doc["fairness"]["server_seed"]
    del doc["seed"]
    p = problem_of(doc)
    assert p.kind == "commitment"
    assert "server seed is not revealed" in p.message


def test_a_seed_revealed_without_its_server_seed(events):
    doc = record(events)
    del doc["fairness"]["server_seed"]
    assert problem_of(doc).kind == "commitment"


@pytest.mark.parametrize("key", ["server_seed", "seed"])
def test_a_cut_off_version_2_record_that_reveals_a_seed(events, key):
    doc = record(cut(events))
    if key == "server_seed":
        doc["fairness"]["server_seed"] = SERVER_SEED.hex()
    else:
        doc["seed"] = SEED.hex()
    p = problem_of(doc)
    assert p.kind == "commitment"
    assert "not ended" in p.message


def test_a_contribution_longer_than_256_utf8_bytes(events):
    doc = record(events)
    doc["fairness"]["contributions"][0]["value"] = "é" * 129  # 258 bytes, 129 characters
    p = problem_of(doc)
    assert p.kind == "fairness"
    assert "contributions[0]" in p.message
    doc["fairness"]["contributions"][0]["value"] = "é" * 128  # 256 bytes: allowed
    assert problem_of(doc).kind == "seed"  # (the value changed, so the seed does not match)


@pytest.mark.parametrize(
    "where",
    ["committed_at", "contribution at"],
)
@pytest.mark.parametrize(
    "value",
    ["yesterday", "2026-12-01 09:00:00Z", "2026-12-01T09:00:00+02:00", "2026-13-01T00:00:00Z", 5],
)
def test_a_malformed_fairness_time(events, where, value):
    doc = record(events)
    if where == "committed_at":
        doc["fairness"]["committed_at"] = value
    else:
        doc["fairness"]["contributions"][1]["at"] = value
    p = problem_of(doc)
    assert p.kind == "fairness", p


def _fair(key, value):
    def f(doc):
        doc["fairness"][key] = value

    return f


def _contribution(key, value):
    def f(doc):
        doc["fairness"]["contributions"][0][key] = value

    return f


V2_MANGLERS = {
    "no fairness": lambda d: d.pop("fairness"),
    "fairness list": lambda d: d.__setitem__("fairness", []),
    "a v1 seed_commitment too": lambda d: d.__setitem__("seed_commitment", "0" * 64),
    "no commitment": lambda d: d["fairness"].pop("server_seed_commitment"),
    "commitment short": _fair("server_seed_commitment", "ab"),
    "commitment upper": _fair("server_seed_commitment", "A" * 64),
    "server seed short": _fair("server_seed", "00"),
    "unknown fairness key": _fair("nonce", 1),
    "no contributions": lambda d: d["fairness"].pop("contributions"),
    "contributions object": _fair("contributions", {}),
    "contribution a string": _fair("contributions", ["ana"]),
    "contribution value number": _contribution("value", 5),
    "contribution without value": lambda d: d["fairness"]["contributions"][0].pop("value"),
    "contribution seat text": _contribution("seat", "0"),
    "contribution unknown key": _contribution("weight", 2),
}


@pytest.mark.parametrize("name", sorted(V2_MANGLERS))
def test_malformed_version_2_records(events, name):
    doc = record(events)
    V2_MANGLERS[name](doc)
    with pytest.raises(RecordFormatError):
        verify_record(doc)


def test_a_version_1_record_with_a_fairness_object_is_malformed(events):
    doc = json.loads(
        json.dumps(export_record(simulate_match(SEED, RULESET, 2, POLICIES["random"]), seed=SEED))
    )
    doc["fairness"] = record(events)["fairness"]
    with pytest.raises(RecordFormatError):
        verify_record(doc)


# -- the attestation ---------------------------------------------------------------------------


def test_an_attested_record_verifies_with_and_without_trusted_keys(events):
    doc = att.attest(record(events), KEY)
    assert verify_record(doc).ok
    assert not verify_record(doc).attestation_checked
    verdict = verify_record(doc, trusted_keys=[PUBLIC])
    assert verdict.ok
    assert verdict.attestation_checked
    assert verdict.seed_checked
    assert verify_attested(doc, [PUBLIC]) is None


def test_a_changed_attested_record_fails_at_the_attestation_before_the_replay(events):
    doc = att.attest(record(events), KEY)
    doc["players"][1]["name"] = "mallory"  # the replay alone cannot see this
    assert verify_record(doc).ok
    p = verify_record(doc, trusted_keys=[PUBLIC]).problem
    assert p.kind == "attestation"
    assert "changed" in p.message
    doc = att.attest(record(events), KEY)
    doc["rounds"][0]["moves"][0]["seat"] = 1 - doc["rounds"][0]["moves"][0]["seat"]
    assert verify_record(doc, trusted_keys=[PUBLIC]).problem.kind == "attestation"


def test_a_record_signed_by_another_key_fails(events):
    other = att.private_key(bytes([2]) * 32)
    doc = att.attest(record(events), other)
    p = verify_attested(doc, [PUBLIC])
    assert p.kind == "attestation"
    assert "published" in p.message
    assert verify_attested(record(events), [PUBLIC]).message == "the record has no attestation"


def test_published_keys_document():
    doc = {
        "keys": [
            {"id": "k1", "alg": "ed25519", "public_key": PUBLIC,
             "valid_from": "2026-01-01T00:00:00Z", "valid_until": None},
            {"id": "k0", "alg": "ed25519", "public_key": "ab" * 32,
             "valid_from": "2025-01-01T00:00:00+00:00", "valid_until": "2026-01-01T00:00:00Z"},
        ]
    }  # fmt: skip
    assert parse_published_keys(doc) == {
        PUBLIC: {"id": "k1", "valid_from": "2026-01-01T00:00:00Z", "valid_until": None},
        "ab" * 32: {
            "id": "k0",
            "valid_from": "2025-01-01T00:00:00+00:00",
            "valid_until": "2026-01-01T00:00:00Z",
        },
    }
    for broken in (
        {"keys": []},
        {"keys": {}},
        [],
        {"keys": [{**doc["keys"][0], "alg": "rsa"}]},
        {"keys": [{**doc["keys"][0], "public_key": "AB" * 32}]},
        {"keys": [{**doc["keys"][0], "valid_from": "soon"}]},
        {"keys": [{**doc["keys"][0], "valid_until": "later"}]},
        {"keys": [{**doc["keys"][0], "id": 7}]},
    ):
        with pytest.raises(ValueError, match="key"):  # each names the key or the document
            parse_published_keys(broken)


# -- version 1 keeps verifying -----------------------------------------------------------------


def test_without_fairness_the_export_is_version_1_exactly_as_before():
    evs = simulate_match(SEED, RULESET, 2, POLICIES["random"])
    doc = json.loads(json.dumps(export_record(evs, players=NAMES, seed=SEED)))
    assert doc["version"] == 1
    assert "fairness" not in doc
    assert doc["seed_commitment"] == commitment(SEED)
    assert doc["seed"] == SEED.hex()
    assert verify_record(doc).ok


@pytest.mark.parametrize("name", ["v1_double6.json", "v2_double6.json"])
def test_golden_records_verify_and_export_byte_for_byte(name):
    """Records pinned as files: the verifier accepts them, and exporting what they replay to
    gives the same document (the format did not drift)."""
    doc = json.loads((GOLDEN / name).read_text())
    verdict = verify_record(doc)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked, verdict.problem
    names = [p["name"] for p in doc["players"]]
    times = iter([m.get("at") for r in doc["rounds"] for m in r["moves"]])
    at = [next(times) if isinstance(e, ev.MOVE_EVENTS) else None for e in verdict.events]
    if doc["version"] == 1:
        seed = bytes.fromhex(doc["seed"])
        again = export_record(verdict.events, players=names, seed=seed, at=at)
    else:
        again = export_record(verdict.events, players=names, at=at, fairness=doc["fairness"])
    assert json.loads(json.dumps(again)) == {k: v for k, v in doc.items() if k != "attestation"}


def test_the_golden_version_2_record_carries_a_valid_attestation():
    doc = json.loads((GOLDEN / "v2_double6.json").read_text())
    assert verify_record(doc, trusted_keys=[PUBLIC]).ok
    broken = copy.deepcopy(doc)
    broken["result"]["places"].reverse()
    assert verify_record(broken, trusted_keys=[PUBLIC]).problem.kind == "attestation"


def test_a_key_vouches_for_nothing_dated_after_it_expired(events):
    at = [None] + [f"2026-12-01T10:00:{i % 60:02d}.25Z" for i in range(1, len(events))]
    doc = att.attest(record(events, at=at), KEY)
    latest = max(m["at"] for r in doc["rounds"] for m in r["moves"])
    assert latest.startswith("2026-12-01T10:00:5")
    assert verify_attested(doc, [PUBLIC], {PUBLIC: None}) is None
    assert verify_attested(doc, [PUBLIC], {PUBLIC: "2027-01-01T00:00:00Z"}) is None
    p = verify_attested(doc, [PUBLIC], {PUBLIC: "2026-12-01T10:00:30+00:00"})
    assert p.kind == "attestation"
    assert "expired" in p.message
    # the same instant written two ways compares equal: still too late
    p = verify_attested(doc, [PUBLIC], {PUBLIC: latest.replace("Z", "+00:00")})
    assert p is not None
    assert verify_attested(doc, [PUBLIC], {PUBLIC: latest.replace(".25Z", ".250001Z")}) is None
