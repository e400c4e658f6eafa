"""The command lines, run as a user would: ``python -m games.bots simulate`` (a policy plays a
match: the engine imports no bot) and ``python -m games.engine verify``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]  # tests/games/engine/test_cli.py -> repo root
SEED = "0123456789abcdef" * 4


def cli(*args: str, stdin: bytes | None = None, module: str = "games.engine"):
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def bots_cli(*args: str) -> subprocess.CompletedProcess:
    return cli(*args, module="games.bots")


def text(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


def simulate(tmp_path: Path, players: int, *extra: str, seed: str = SEED) -> Path:
    out = tmp_path / f"record-{players}.json"
    r = bots_cli("simulate", "--players", str(players), "--seed", seed, "--out", str(out), *extra)
    assert r.returncode == 0, text(r.stderr)
    assert "Traceback" not in text(r.stderr)
    return out


def assert_verifies(path: Path | str) -> None:
    r = cli("verify", str(path))
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)
    out = text(r.stdout)
    assert out.startswith("OK: "), out
    assert len(out.splitlines()) == 1, out
    assert "deals match the seed and its commitment; no attestation" in out
    assert text(r.stderr) == ""


def assert_usage_error(r: subprocess.CompletedProcess) -> str:
    err = text(r.stderr)
    assert r.returncode == 2, (r.returncode, text(r.stdout), err)
    assert "Traceback" not in err
    assert "Traceback" not in text(r.stdout)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    assert lines[0].startswith("error:"), err
    return lines[0]


@pytest.fixture
def record(tmp_path) -> Path:
    return simulate(tmp_path, 2, "--rounds", "2")


# -- simulate, then verify ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 8, 14])
def test_simulate_then_verify(tmp_path, players):
    path = simulate(tmp_path, players)
    doc = json.loads(path.read_text())
    assert doc["format"] == "mexican-train-record"
    assert len(doc["players"]) == players
    assert len(doc["rounds"]) == doc["ruleset"]["set_max"] + 1  # R5: the full count
    assert doc["seed"] == SEED
    assert "result" in doc
    assert_verifies(path)


@pytest.mark.parametrize(
    ("args", "key", "value"),
    [
        (["--variant", "max_doubles_per_turn=1"], "max_doubles_per_turn", 1),
        (["--variant", "double_blank_points=0"], "double_blank_points", 0),
        (["--variant", "scoring=positive"], "scoring", "positive"),
        (["--variant", "first_turn=draw"], "first_turn", "draw"),
        (["--variant", "hand_table=double12"], "hand_table", "double12"),
        (["--rounds", "3"], "rounds", 3),
        (["--policy", "greedy"], None, None),
    ],
)
@pytest.mark.parametrize("players", [3, 6])
def test_variants_verify(tmp_path, players, args, key, value):
    path = simulate(tmp_path, players, *args)
    doc = json.loads(path.read_text())
    if key is not None:
        assert doc["ruleset"][key] == value
    if key == "rounds":
        assert len(doc["rounds"]) == 3
    assert_verifies(path)


def test_all_variants_at_once(tmp_path):
    path = simulate(
        tmp_path,
        5,
        "--rounds",
        "4",
        "--policy",
        "greedy",
        "--variant",
        "max_doubles_per_turn=1",
        "--variant",
        "double_blank_points=0",
        "--variant",
        "scoring=positive",
        "--variant",
        "first_turn=draw",
        "--variant",
        "hand_table=double12",
    )
    doc = json.loads(path.read_text())
    assert doc["ruleset"] == {
        "set_max": 12,
        "hand_size": 12,
        "rounds": 4,
        "hand_table": "double12",
        "max_doubles_per_turn": 1,
        "double_blank_points": 0,
        "scoring": "positive",
        "first_turn": "draw",
    }
    assert_verifies(path)


def test_simulate_to_stdout_and_verify_from_stdin():
    r = bots_cli("simulate", "--players", "2", "--seed", SEED, "--rounds", "1", "--out", "-")
    assert r.returncode == 0, text(r.stderr)
    json.loads(r.stdout)
    v = cli("verify", "-", stdin=r.stdout)
    assert v.returncode == 0, text(v.stdout)
    assert text(v.stdout).startswith("OK: 1 round replayed"), text(v.stdout)


def test_same_seed_same_record(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = simulate(tmp_path / "a", 4, "--rounds", "2")
    b = simulate(tmp_path / "b", 4, "--rounds", "2")
    assert a.read_text() == b.read_text()


def test_mid_match_record_verifies_without_the_seed(tmp_path, record):
    doc = json.loads(record.read_text())
    doc["rounds"] = doc["rounds"][:1]
    del doc["result"], doc["seed"]
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path))
    assert r.returncode == 0
    assert text(r.stdout).startswith("OK")
    assert "seed not revealed: deals not checked against it" in text(r.stdout)


# -- a corrupted record ------------------------------------------------------------------------


def test_corrupted_record_names_the_move(tmp_path, record):
    doc = json.loads(record.read_text())
    moves = doc["rounds"][1]["moves"]
    j = next(i for i, m in enumerate(moves) if m["action"] == "engine")
    moves[j]["seat"] = 1 - moves[j]["seat"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path))
    assert r.returncode == 1, text(r.stdout) + text(r.stderr)
    out = text(r.stdout)
    assert out.startswith("FAIL")
    assert f"round 2, move {j}" in out
    assert "not_your_turn" in out
    assert "R6" in out
    assert "Traceback" not in text(r.stderr)


def test_wrong_result_fails(tmp_path, record):
    doc = json.loads(record.read_text())
    doc["result"]["totals"][0] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path))
    assert r.returncode == 1
    assert text(r.stdout).startswith("FAIL")


def test_redacted_record_fails_as_incomplete(tmp_path, record):
    doc = json.loads(record.read_text())
    doc["rounds"][0]["deal"]["hands"][1] = None
    path = tmp_path / "redacted.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path))
    assert r.returncode == 1
    assert text(r.stdout).startswith("FAIL")


# -- unreadable input --------------------------------------------------------------------------


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda t: t / "missing.json", id="missing file"),
        pytest.param(lambda t: _write(t, "x.json", b"{not json"), id="not json"),
        pytest.param(lambda t: _write(t, "x.json", b""), id="empty file"),
        pytest.param(lambda t: _write(t, "x.json", b"[1, 2, 3]"), id="json list"),
        pytest.param(lambda t: _write(t, "x.json", b'"record"'), id="json string"),
        pytest.param(lambda t: _write(t, "x.json", b"null"), id="json null"),
        pytest.param(
            lambda t: _write(t, "x.json", b'{"format": "mexican-train-record"}'),
            id="json object not a record",
        ),
        pytest.param(
            lambda t: _write(t, "x.json", b'{"format": "pgn", "version": 1}'), id="wrong format"
        ),
        pytest.param(lambda t: t, id="directory"),
        pytest.param(lambda t: _write(t, "x.bin", bytes(range(256)) * 4), id="binary garbage"),
        pytest.param(lambda t: _write(t, "x.bin", b"\xff\xfe\x00\x00garbage\x80"), id="bad utf-8"),
    ],
)
def test_unreadable_input(tmp_path, make):
    r = cli("verify", str(make(tmp_path)))
    assert_usage_error(r)
    assert text(r.stdout) == ""


def test_record_with_malformed_round(tmp_path, record):
    doc = json.loads(record.read_text())
    doc["rounds"][0]["deal"] = "dealt"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc))
    assert_usage_error(cli("verify", str(path)))


def test_garbage_on_stdin():
    assert_usage_error(cli("verify", "-", stdin=b"\x00\x01garbage"))


# -- bad arguments -----------------------------------------------------------------------------

BAD_SIMULATE = {
    "players 1": ["--players", "1"],
    "players 15": ["--players", "15"],
    "players 0": ["--players", "0"],
    "players text": ["--players", "two"],
    "seed not hex": ["--players", "2", "--seed", "zz" * 32],
    "seed short": ["--players", "2", "--seed", "00" * 31],
    "seed long": ["--players", "2", "--seed", "00" * 33],
    "seed odd": ["--players", "2", "--seed", "0" * 63],
    "unknown variant": ["--players", "2", "--variant", "jokers=1"],
    "variant without =": ["--players", "2", "--variant", "scoring"],
    "scoring value": ["--players", "2", "--variant", "scoring=bogus"],
    "first_turn value": ["--players", "2", "--variant", "first_turn=maybe"],
    "hand_table value": ["--players", "2", "--variant", "hand_table=tiny"],
    "double12 for 12": ["--players", "12", "--variant", "hand_table=double12"],
    "max doubles 2": ["--players", "2", "--variant", "max_doubles_per_turn=2"],
    "max doubles text": ["--players", "2", "--variant", "max_doubles_per_turn=lots"],
    "double blank 25": ["--players", "2", "--variant", "double_blank_points=25"],
    "double blank text": ["--players", "2", "--variant", "double_blank_points=fifty"],
    "rounds 0": ["--players", "2", "--rounds", "0"],
    "rounds too many": ["--players", "2", "--rounds", "11"],
    "policy": ["--players", "2", "--policy", "clever"],
}


@pytest.mark.parametrize("name", sorted(BAD_SIMULATE))
def test_bad_simulate_arguments(tmp_path, name):
    args = BAD_SIMULATE[name]
    if "--seed" not in args:
        args = args + ["--seed", SEED]
    out = tmp_path / "out.json"
    r = bots_cli("simulate", *args, "--out", str(out))
    assert_usage_error(r)
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["frobnicate"],
        ["verify"],
    ],
    ids=["nothing", "unknown command", "verify bare"],
)
def test_bad_engine_commands(args):
    assert_usage_error(cli(*args))


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["verify", "record.json"],  # the engine's command, not the bots'
        ["simulate"],
        ["simulate", "--players", "2", "--seed", SEED],  # no --out
    ],
    ids=["nothing", "verify", "simulate bare", "no out"],
)
def test_bad_bots_commands(args):
    assert_usage_error(bots_cli(*args))


def test_simulate_asked_of_the_engine_names_the_bots_command(tmp_path):
    out = tmp_path / "out.json"
    r = cli("simulate", "--players", "2", "--seed", SEED, "--out", str(out))
    assert "python -m games.bots simulate" in assert_usage_error(r)
    assert not out.exists()


def test_unwritable_output(tmp_path):
    r = bots_cli(
        "simulate",
        "--players",
        "2",
        "--seed",
        SEED,
        "--rounds",
        "1",
        "--out",
        str(tmp_path / "no" / "such" / "dir.json"),
    )
    assert_usage_error(r)


# -- attestations: --key and --keys ------------------------------------------------------------

KEY_SEED = bytes([1]) * 32


def _signing():
    from games.engine import attestation

    key = attestation.private_key(KEY_SEED)
    return attestation, key, attestation.public_key_hex(key)


def _keys_document(*public: str) -> dict:
    return {
        "keys": [
            {
                "id": f"k{i}",
                "alg": "ed25519",
                "public_key": p,
                "valid_from": "2026-01-01T00:00:00Z",
                "valid_until": None if i == len(public) - 1 else "2026-06-01T00:00:00Z",
            }
            for i, p in enumerate(public)
        ]
    }


def _other_seat(move: dict) -> None:
    move["seat"] = 1 - move["seat"]


@pytest.fixture
def signed(tmp_path, record) -> Path:
    attestation, key, _ = _signing()
    path = tmp_path / "signed.json"
    path.write_text(json.dumps(attestation.attest(json.loads(record.read_text()), key)))
    return path


@pytest.fixture
def keys_file(tmp_path) -> Path:
    _, _, public = _signing()
    path = tmp_path / "keys.json"
    path.write_text(json.dumps(_keys_document("cd" * 32, public)))
    return path


def test_a_signed_record_verifies_with_its_key(signed):
    _, _, public = _signing()
    r = cli("verify", str(signed), "--key", public)
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)
    out = text(r.stdout)
    assert out.startswith("OK: 2 rounds replayed")
    assert f"attestation checked (key {public[:16]})" in out
    assert text(r.stderr) == ""


def test_a_signed_record_verifies_with_the_published_keys(signed, keys_file):
    r = cli("verify", str(signed), "--keys", str(keys_file))
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)
    assert 'attestation checked (key "k1")' in text(r.stdout)


def test_without_a_key_a_signed_record_says_its_attestation_was_not_checked(signed):
    r = cli("verify", str(signed))
    assert r.returncode == 0
    assert "attestation present but not checked (give --key or --keys)" in text(r.stdout)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d["players"][0].__setitem__("name", "mallory"), id="a name"),
        pytest.param(lambda d: d["result"]["places"].reverse(), id="the places"),
        pytest.param(lambda d: _other_seat(d["rounds"][1]["moves"][0]), id="a move's seat"),
    ],
)
@pytest.mark.parametrize("trust", ["--key", "--keys"])
def test_a_changed_copy_fails_at_the_header(tmp_path, signed, keys_file, change, trust):
    _, _, public = _signing()
    doc = json.loads(signed.read_text())
    change(doc)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path), trust, public if trust == "--key" else str(keys_file))
    assert r.returncode == 1, text(r.stdout) + text(r.stderr)
    out = text(r.stdout)
    assert out.startswith("FAIL at the header: "), out
    assert "changed" in out, out
    assert "round" not in out  # named before any replay
    assert len(out.splitlines()) == 1


def test_a_record_signed_by_an_unpublished_key_fails_at_the_header(tmp_path, record, keys_file):
    from games.engine import attestation

    other = attestation.private_key(bytes([2]) * 32)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(attestation.attest(json.loads(record.read_text()), other)))
    r = cli("verify", str(path), "--keys", str(keys_file))
    assert r.returncode == 1
    assert text(r.stdout).startswith("FAIL at the header: ")
    assert "published keys" in text(r.stdout)


def test_an_unsigned_record_fails_when_a_key_is_required(record):
    _, _, public = _signing()
    r = cli("verify", str(record), "--key", public)
    assert r.returncode == 1
    assert text(r.stdout).strip() == "FAIL at the header: the record has no attestation"


def test_a_signed_version_2_record_verifies(tmp_path):
    from games.bots.simple import POLICIES
    from games.engine import Ruleset
    from games.engine import export_record
    from games.engine.deal import commitment
    from games.engine.deal import derive_seed_v2
    from games.engine.simulate import simulate_match

    attestation, key, public = _signing()
    server_seed = bytes(32)
    values = ["ana:4f1c9e", ""]
    rs = Ruleset.for_players(3, rounds=2)
    events = simulate_match(
        derive_seed_v2(server_seed, values),
        rs,
        3,
        POLICIES["random"],
        seed_commitment=commitment(server_seed),
    )
    fairness = {
        "server_seed_commitment": commitment(server_seed),
        "contributions": [{"seat": 0, "value": values[0]}, {"seat": 2, "value": values[1]}],
        "server_seed": server_seed.hex(),
    }
    doc = attestation.attest(export_record(events, fairness=fairness), key)
    path = tmp_path / "v2.json"
    path.write_text(json.dumps(doc))
    r = cli("verify", str(path), "--key", public)
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)
    out = text(r.stdout)
    assert "deals match the seed of the server seed and 2 contributions" in out
    assert "attestation checked" in out
    doc["fairness"]["contributions"][1]["value"] = "steered"
    path.write_text(json.dumps(attestation.attest(doc, key)))  # re-signed: only replay sees it
    r = cli("verify", str(path), "--key", public)
    assert r.returncode == 1
    assert text(r.stdout).startswith("FAIL the seed is not the one the server seed")


def _keys(tmp_path, data) -> str:
    path = tmp_path / "keys.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


BAD_TRUST = {
    "key not hex": lambda t: ["--key", "zz" * 32],
    "key short": lambda t: ["--key", "ab" * 31],
    "key long": lambda t: ["--key", "ab" * 33],
    "key empty": lambda t: ["--key", ""],
    "key without value": lambda t: ["--key"],
    "key and keys": lambda t: ["--key", "ab" * 32, "--keys", _keys(t, _keys_document("ab" * 32))],
    "keys missing file": lambda t: ["--keys", str(t / "nope.json")],
    "keys not json": lambda t: ["--keys", _keys(t, "{nope")],
    "keys a list": lambda t: ["--keys", _keys(t, [])],
    "keys empty": lambda t: ["--keys", _keys(t, {"keys": []})],
    "keys bad alg": lambda t: [
        "--keys",
        _keys(t, {"keys": [{**_keys_document("ab" * 32)["keys"][0], "alg": "rsa"}]}),
    ],  # fmt: skip
    "keys bad public key": lambda t: ["--keys", _keys(t, _keys_document("xyz"))],
    "keys bad valid_from": lambda t: [
        "--keys",
        _keys(t, {"keys": [{**_keys_document("ab" * 32)["keys"][0], "valid_from": "today"}]}),
    ],  # fmt: skip
}


@pytest.mark.parametrize("name", sorted(BAD_TRUST))
def test_bad_key_arguments(tmp_path, signed, name):
    r = cli("verify", str(signed), *BAD_TRUST[name](tmp_path))
    assert_usage_error(r)
    assert text(r.stdout) == ""


def test_an_uppercase_key_is_accepted(signed):
    _, _, public = _signing()
    r = cli("verify", str(signed), "--key", public.upper())
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)


def test_a_record_dated_after_its_key_expired_fails_at_the_header(tmp_path, record):
    attestation, key, public = _signing()
    doc = json.loads(record.read_text())
    doc["rounds"][0]["moves"][0]["at"] = "2026-07-01T12:00:00Z"
    path = tmp_path / "late.json"
    path.write_text(json.dumps(attestation.attest(doc, key)))
    keys = _keys_document(public, "cd" * 32)  # the signing key retired on 2026-06-01
    r = cli("verify", str(path), "--keys", _keys(tmp_path, keys))
    assert r.returncode == 1, text(r.stdout)
    assert text(r.stdout).startswith("FAIL at the header: ")
    assert "expired" in text(r.stdout)
    r = cli("verify", str(path), "--key", public)  # a bare key has no end of validity
    assert r.returncode == 0, text(r.stdout)
