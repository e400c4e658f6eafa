"""The command line, run as a user would: ``python -m games.engine simulate|verify``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]  # tests/games/engine/test_cli.py -> repo root
SEED = "0123456789abcdef" * 4


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def text(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


def simulate(tmp_path: Path, players: int, *extra: str, seed: str = SEED) -> Path:
    out = tmp_path / f"record-{players}.json"
    r = cli("simulate", "--players", str(players), "--seed", seed, "--out", str(out), *extra)
    assert r.returncode == 0, text(r.stderr)
    assert "Traceback" not in text(r.stderr)
    return out


def assert_verifies(path: Path | str) -> None:
    r = cli("verify", str(path))
    assert r.returncode == 0, text(r.stdout) + text(r.stderr)
    assert text(r.stdout).strip() == "OK"
    assert text(r.stderr) == ""


def assert_usage_error(r: subprocess.CompletedProcess) -> str:
    err = text(r.stderr)
    assert r.returncode == 2, (r.returncode, text(r.stdout), err)
    assert "Traceback" not in err and "Traceback" not in text(r.stdout)
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
    "args,key,value",
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
    r = cli("simulate", "--players", "2", "--seed", SEED, "--rounds", "1", "--out", "-")
    assert r.returncode == 0, text(r.stderr)
    json.loads(r.stdout)
    v = cli("verify", "-", stdin=r.stdout)
    assert v.returncode == 0 and text(v.stdout).strip() == "OK", text(v.stdout)


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
    assert "not_your_turn" in out and "R6" in out
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
    r = cli("simulate", *args, "--out", str(out))
    assert_usage_error(r)
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["frobnicate"],
        ["simulate"],
        ["simulate", "--players", "2", "--seed", SEED],  # no --out
        ["verify"],
    ],
    ids=["nothing", "unknown command", "simulate bare", "no out", "verify bare"],
)
def test_bad_commands(args):
    assert_usage_error(cli(*args))


def test_unwritable_output(tmp_path):
    r = cli(
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
