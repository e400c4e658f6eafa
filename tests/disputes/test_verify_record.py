"""manage.py verify_record FILE checks an exported record offline: exit 0 OK, 1 for a record
that is wrong (the first problem named), 2 for a file that is not a readable record — always
one line, never a traceback."""

import json
import os

import pytest
from django.core.management import CommandError
from django.core.management import call_command

from tests.support.commands import manage
from tests.support.factories import client_for

pytestmark = pytest.mark.django_db

# A signed record that was changed fails at its attestation, before any replay.
ANY_CHANGE = (
    "FAIL attestation: the attestation's signature does not match the record: it was changed"
)


@pytest.fixture
def record(finished_game, cy):
    """The record any player downloads once the match has ended."""
    r = client_for(cy).get(f"/api/v1/games/{finished_game.pk}/record")
    assert r.status_code == 200
    return r.json()


def run(path) -> tuple[int, str]:
    try:
        from io import StringIO

        out = StringIO()
        call_command("verify_record", str(path), stdout=out)
        return 0, out.getvalue().strip()
    except CommandError as exc:
        return exc.returncode, str(exc)


def test_a_downloaded_record_verifies(tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, line = run(path)
    assert code == 0
    assert line.startswith("OK: 3 players, 1 round;"), line  # one round: "round", not "rounds"
    assert "seed not revealed" not in line


def test_a_record_with_a_forged_move_fails_naming_the_move(tmp_path, record):
    moves = record["rounds"][0]["moves"]
    i = next(i for i, m in enumerate(moves) if m["action"] == "play")
    seat = moves[i]["seat"]
    hands = record["rounds"][0]["deal"]["hands"]
    moves[i]["tile"] = hands[(seat + 1) % len(hands)][0]  # dealt to the next seat, not to this one
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    assert run(path) == (1, ANY_CHANGE)  # signed: it fails at its attestation
    del record["attestation"]  # unsigned, the replay itself names the move
    path.write_text(json.dumps(record))
    code, line = run(path)
    assert code == 1
    assert line.startswith(f"FAIL round 1, move {i}:")
    assert "tile_not_in_hand" in line
    assert "\n" not in line


def test_a_record_whose_seed_does_not_give_its_deal_fails(tmp_path, record):
    hands = record["rounds"][0]["deal"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    assert run(path) == (1, ANY_CHANGE)
    del record["attestation"]
    path.write_text(json.dumps(record))
    code, line = run(path)
    assert code == 1
    assert "the deal is not the one the seed gives" in line


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"{not json", "is not JSON"),
        (b'{"format": "chess"}', "is not a game record"),
        (b"\xff\xfe", "is not UTF-8"),
        (b"[1, 2]", "is not a game record"),
    ],
)
def test_an_unreadable_file_exits_2(tmp_path, content, says):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, line = run(path)
    assert code == 2
    assert says in line


def test_a_missing_file_exits_2(tmp_path):
    code, line = run(tmp_path / "nowhere.json")
    assert code == 2
    assert "cannot read" in line


def test_the_command_line_gives_exit_codes_and_one_line_without_a_traceback(tmp_path, record):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for path, code in ((good, 0), (bad, 2)):
        proc = manage("verify_record", str(path), env=dict(os.environ), timeout=60)
        assert proc.returncode == code, proc.stderr
        output = (proc.stdout + proc.stderr).strip()
        assert len(output.splitlines()) == 1, output
        assert "Traceback" not in output
