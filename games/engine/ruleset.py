"""Rulesets: set, hand size, rounds and the named variants V1–V6 (RULES §1, §9)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from .errors import RulesetError
from .tiles import set_size

MIN_PLAYERS, MAX_PLAYERS = 1 + 1, 14  # R1
SETS = (6, 9, 12, 15, 18)  # R2: the double-N sets that exist
SMALL_TABLE = (6, 7)  # R3: double-6, 7 tiles each, for 2-4 players
HAND_TABLES = ("classic", "double12")
SCORINGS = ("penalty", "positive")
FIRST_TURNS = ("free", "draw")


# The hand tables (R3, V1): (the most players a row seats, set_max, hand_size), fewest first.
_CLASSIC_ROWS = ((3, 9, 15), (4, 12, 15), (6, 12, 12), (8, 12, 11), (12, 15, 11), (14, 18, 11))
_DOUBLE12_ROWS = ((4, 12, 15), (6, 12, 12), (8, 12, 10), (10, 12, 8))


def _table_row(rows: tuple[tuple[int, int, int], ...], players: int) -> tuple[int, int]:
    """Return (set_max, hand_size) of the first row seating ``players``; the last row seats more."""
    _, set_max, hand_size = next((row for row in rows if players <= row[0]), rows[-1])
    return set_max, hand_size


def classic_table(players: int) -> tuple[int, int]:
    """Return (set_max, hand_size) for the classic table (R3)."""
    return _table_row(_CLASSIC_ROWS, players)


def double12_table(players: int) -> tuple[int, int]:
    """Return (set_max, hand_size) for the double-12 table of texts 003/004 (V1)."""
    if players > 10:
        raise RulesetError(f"the double12 table seats 2 to 10 players, not {players}", "V1")
    return _table_row(_DOUBLE12_ROWS, players)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything the rules leave open, fixed when a game is created (the record's ``ruleset``)."""

    set_max: int
    hand_size: int
    rounds: int
    hand_table: str = "classic"
    max_doubles_per_turn: int | None = None  # V2: None (unlimited) or 1
    double_blank_points: int = 50  # V3: 50 or 0
    scoring: str = "penalty"  # V4
    first_turn: str = "free"  # V5

    @classmethod
    def for_players(
        cls,
        players: int,
        *,
        hand_table: str = "classic",
        set_max: int | None = None,
        hand_size: int | None = None,
        rounds: int | None = None,
        **variants: Any,
    ) -> Ruleset:
        """Return the default ruleset for ``players``, with options applied (R3, V1–V6)."""
        check_players(players)
        if hand_table not in HAND_TABLES:
            raise RulesetError(f"hand_table must be one of {', '.join(HAND_TABLES)}", "V1")
        table_set, table_hand = (
            classic_table(players) if hand_table == "classic" else double12_table(players)
        )
        if set_max == SMALL_TABLE[0] and hand_size is None and set_max != table_set:
            hand_size = SMALL_TABLE[1]  # R3: the small-table option, 7 tiles each
        if set_max is not None and hand_size is None and set_max != table_set:
            raise RulesetError("give hand_size too when choosing another set", "R3")
        s = table_set if set_max is None else set_max
        h = table_hand if hand_size is None else hand_size
        ruleset = cls(
            set_max=s,
            hand_size=h,
            rounds=s + 1 if rounds is None else rounds,
            hand_table=hand_table,
            **variants,
        )
        ruleset.check(players)
        return ruleset

    def check(self, players: int) -> None:
        """Refuse a ruleset that cannot be dealt or played by ``players`` (R1–R3, R5, V1–V6)."""
        check_players(players)
        if self.hand_table not in HAND_TABLES:
            raise RulesetError(f"hand_table must be one of {', '.join(HAND_TABLES)}", "V1")
        if self.hand_table == "double12" and players > 10:
            raise RulesetError(f"the double12 table seats 2 to 10 players, not {players}", "V1")
        # JSON true/false are no numbers, though Python compares true == 1 and false == 0
        if not _whole(self.set_max) or self.set_max not in SETS:
            raise RulesetError(f"set_max must be one of {', '.join(map(str, SETS))}", "R2")
        if not _whole(self.hand_size) or self.hand_size < 2:
            raise RulesetError("hand_size must be at least 2", "R3")
        if players * self.hand_size > set_size(self.set_max):
            raise RulesetError(
                f"{players} players x {self.hand_size} tiles is more than the "
                f"{set_size(self.set_max)} tiles of a double-{self.set_max} set",
                "R3",
            )
        if not _whole(self.rounds) or not 1 <= self.rounds <= self.set_max + 1:
            raise RulesetError(f"rounds must be 1 to {self.set_max + 1}", "V6")
        mdpt = self.max_doubles_per_turn
        if mdpt is not None and not (_whole(mdpt) and mdpt == 1):
            raise RulesetError("max_doubles_per_turn must be null (unlimited) or 1", "V2")
        if not _whole(self.double_blank_points) or self.double_blank_points not in (50, 0):
            raise RulesetError("double_blank_points must be 50 or 0", "V3")
        if self.scoring not in SCORINGS:
            raise RulesetError(f"scoring must be one of {', '.join(SCORINGS)}", "V4")
        if self.first_turn not in FIRST_TURNS:
            raise RulesetError(f"first_turn must be one of {', '.join(FIRST_TURNS)}", "V5")

    def engine_for(self, round_number: int) -> int:
        """Return the engine double's number for a round, counting down from double-N (R5)."""
        return self.set_max - (round_number - 1)

    def to_dict(self) -> dict[str, Any]:
        # Every field is a scalar: the fields read in order give what ``asdict`` gives, without
        # its recursive copy (a third of a viewer's view when every move builds one per seat).
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Return the ruleset a record's ``ruleset`` object describes; refuse unknown keys."""
        if not isinstance(data, dict):
            raise RulesetError("ruleset must be an object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesetError(f"unknown ruleset keys: {', '.join(unknown)}")
        missing = sorted({"set_max", "hand_size", "rounds"} - set(data))
        if missing:
            raise RulesetError(f"ruleset lacks {', '.join(missing)}")
        for key in ("set_max", "hand_size", "rounds", "double_blank_points"):
            if key in data and not _whole(data[key]):
                raise RulesetError(f"ruleset {key} must be a whole number")
        mdpt = data.get("max_doubles_per_turn")
        if mdpt is not None and not _whole(mdpt):
            # JSON true is not the number 1 (Python would compare them equal).
            raise RulesetError("ruleset max_doubles_per_turn must be null or a whole number", "V2")
        for key in ("hand_table", "scoring", "first_turn"):
            if key in data and not isinstance(data[key], str):
                raise RulesetError(f"ruleset {key} must be a string")
        return cls(**data)

    def with_variants(self, **changes: Any) -> Ruleset:
        return replace(self, **changes)


def _whole(x: object) -> bool:
    """True for an int that is not a bool (JSON true/false are not numbers)."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_players(players: int) -> None:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesetError(
            f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", "R1"
        )


def parse_variant(key: str, raw: str) -> tuple[str, Any]:
    """Return (key, value) for a ``key=value`` option as written on a command line."""
    value: Any
    if key in ("max_doubles_per_turn",):
        value = None if raw.lower() in ("null", "none", "unlimited") else _int(key, raw)
    elif key in ("set_max", "hand_size", "rounds", "double_blank_points"):
        value = _int(key, raw)
    elif key in ("hand_table", "scoring", "first_turn"):
        value = raw
    else:
        raise RulesetError(f"unknown variant {key!r}")
    return key, value


def _int(key: str, raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise RulesetError(f"{key} must be a whole number, not {raw!r}") from None
