"""The record format's names and shapes (spec/game-record.md): versions, views, the keys each
part may hold, the first problem found and the verdict (games.engine.record reads, writes and
verifies records with them)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeGuard

from . import events as ev
from .state import GameState

FORMAT = "mexican-train-record"
VERSION = 1  # a record without fairness contributions (the platform's randomness only)
VERSION_2 = 2  # the players' contributions to the seed (spec, "Version 2")
VERSIONS = (VERSION, VERSION_2)
FULL = "full"
SPECTATOR = "spectator"
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
# ISO-8601 in UTC, as the spec's "at" and the platform write it: Z or +00:00, optional fraction.
_UTC_TIME = re.compile(r"^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d{1,6})?(Z|\+00:00)$")

_TOP_KEYS = {
    VERSION: {"format", "version", "ruleset", "players", "seed_commitment", "seed", "rounds",
              "result", "attestation"},
    VERSION_2: {"format", "version", "ruleset", "players", "fairness", "seed", "rounds",
                "result", "attestation"},
}  # fmt: skip
_FAIRNESS_KEYS = {"server_seed_commitment", "committed_at", "contributions", "server_seed"}
_CONTRIBUTION_KEYS = {"seat", "value", "at"}
_PLAYER_KEYS = {"seat", "name"}
_ROUND_KEYS = {"number", "engine", "deal", "moves", "result", "restart"}
_DEAL_KEYS = {"hands", "boneyard"}
_ROUND_RESULT_KEYS = {"scores", "went_out", "blocked"}
_MATCH_RESULT_KEYS = {"totals", "zero_rounds", "places"}
_MOVE_KEYS = {
    "engine": {"seat", "action", "by", "at"},
    "draw": {"seat", "action", "tile", "by", "at"},
    "play": {"seat", "action", "tile", "train", "by", "at"},
    "pass": {"seat", "action", "by", "at"},
    "stop": {"seat", "action", "by", "at"},
}


class RecordFormatError(ValueError):
    """The document is not a readable record (wrong shape); nothing can be verified."""


@dataclass(frozen=True)
class Problem:
    """The first thing wrong with a record."""

    # attestation | players | fairness | commitment | seed | ruleset | deal | move | result
    # | incomplete
    kind: str
    message: str
    round: int | None = None
    move: int | None = None
    code: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.round is not None:
            where = f"round {self.round}"
            if self.move is not None:
                where += f", move {self.move}"
            where += ": "
        tag = ""
        if self.code:
            tag = f" [{self.code}, {self.rule}]" if self.rule else f" [{self.code}]"
        return f"{where}{self.message}{tag}"


@dataclass(frozen=True)
class Verdict:
    problem: Problem | None
    events: tuple[ev.Event, ...]
    state: GameState | None
    seed_checked: bool
    attestation_checked: bool = False  # True when trusted keys were given and it held

    @property
    def ok(self) -> bool:
        return self.problem is None


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise RecordFormatError(message)


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_hex64(x: object) -> TypeGuard[str]:
    return isinstance(x, str) and bool(_HEX64.match(x))


def is_utc_time(x: object) -> TypeGuard[str]:
    """Return True if ``x`` is an ISO-8601 UTC timestamp (``Z`` or ``+00:00``) that exists."""
    m = _UTC_TIME.match(x) if isinstance(x, str) else None
    if m is None:
        return False
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return (
        1 <= month <= 12
        and 1 <= day <= days[month - 1]
        and hour < 24
        and minute < 60
        and (second < 60)
    )
