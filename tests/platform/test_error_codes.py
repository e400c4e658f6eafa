"""Every refusal the apps raise (platform/, games/, tournaments/) names its code by an app's
StrEnum member, never by a string typed at the raise: a typo'd code would reach clients, who
branch on it."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest

from accounts.errors import AccountError
from core.errors import CoreError
from disputes.errors import DisputeError
from games.errors import GameError
from notifications.errors import NotificationError
from ratings.errors import RatingError
from trust.errors import TrustError

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ROOT / "platform"
APPS = (PLATFORM, ROOT / "games", ROOT / "tournaments")
REFUSALS = {"ApplicationError", "NotAuthenticated", "Forbidden", "NotFound", "Conflict"}


def _literal_codes(source: str, where: str) -> list[str]:
    """Return ``where:line`` of each refusal in ``source`` whose code is a string literal."""
    found = []
    for node in ast.walk(ast.parse(source, where)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in REFUSALS and isinstance(node.args[0], ast.Constant | ast.JoinedStr):
            found.append(f"{where}:{node.lineno}")
    return found


def test_no_refusal_names_its_code_by_a_string_literal():
    sources = [p for app in APPS for p in app.rglob("*.py") if "migrations" not in p.parts]
    assert len(sources) > 100
    literal = [
        found
        for path in sources
        for found in _literal_codes(path.read_text(), str(path.relative_to(ROOT)))
    ]
    assert literal == []


def test_the_literal_code_check_finds_plain_and_formatted_string_codes_but_not_members():
    source = (
        'raise NotFound("not_found", "no such thing")\n'
        'raise errors.Conflict(f"{field}_taken")\n'
        "raise Forbidden(E.STAFF_ONLY)\n"
    )
    assert _literal_codes(source, "sample.py") == ["sample.py:1", "sample.py:2"]


@pytest.mark.parametrize(
    "codes",
    [CoreError, AccountError, DisputeError, GameError, NotificationError, RatingError, TrustError],
    ids=lambda codes: codes.__name__,
)
def test_each_app_error_enum_has_one_member_per_code_and_values_are_snake_case(codes):
    assert issubclass(codes, StrEnum)
    # A repeated value would make a member a silent alias of another.
    assert len(codes.__members__) == len(list(codes))
    for member in codes:
        assert member.value == member.name.lower()
