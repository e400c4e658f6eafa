"""Events: what happened, past tense, with stable registered names (never class paths)."""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import NamedTuple

from .ruleset import Ruleset
from .tiles import Tile
from .tiles import tile
from .values import value_type

SCHEMA_VERSION = 1


# A NamedTuple's body holds only its fields (at run time every annotation in it becomes one, and
# mypy refuses anything else there), so each value type is a thin subclass of its fields' tuple
# that adds the constant ``type`` name: the same tuple, as cheap to build (``__slots__``: no
# ``__dict__``).


class _MatchStartedFields(NamedTuple):
    ruleset: Ruleset
    seats: int
    seed_commitment: str


@value_type
class MatchStarted(_MatchStartedFields):
    __slots__ = ()
    type: ClassVar[str] = "MatchStarted"


class _RoundStartedFields(NamedTuple):
    round: int
    engine: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


@value_type
class RoundStarted(_RoundStartedFields):
    __slots__ = ()
    type: ClassVar[str] = "RoundStarted"


class _EnginePlacedFields(NamedTuple):
    seat: int
    tile: Tile
    by: str | None = None


@value_type
class EnginePlaced(_EnginePlacedFields):
    __slots__ = ()
    type: ClassVar[str] = "EnginePlaced"


class _TileDrawnFields(NamedTuple):
    seat: int
    tile: Tile
    by: str | None = None


@value_type
class TileDrawn(_TileDrawnFields):
    __slots__ = ()
    type: ClassVar[str] = "TileDrawn"


class _TilePlayedFields(NamedTuple):
    seat: int
    tile: Tile
    train: int | str
    by: str | None = None


@value_type
class TilePlayed(_TilePlayedFields):
    __slots__ = ()
    type: ClassVar[str] = "TilePlayed"


class _TurnPassedFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class TurnPassed(_TurnPassedFields):
    __slots__ = ()
    type: ClassVar[str] = "TurnPassed"


class _TurnStoppedFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class TurnStopped(_TurnStoppedFields):
    __slots__ = ()
    type: ClassVar[str] = "TurnStopped"


class _RoundEndedFields(NamedTuple):
    round: int
    scores: tuple[int, ...]
    went_out: int | None
    blocked: bool


@value_type
class RoundEnded(_RoundEndedFields):
    __slots__ = ()
    type: ClassVar[str] = "RoundEnded"


class _MatchEndedFields(NamedTuple):
    totals: tuple[int, ...]
    zero_rounds: tuple[int, ...]
    places: tuple[int, ...]


@value_type
class MatchEnded(_MatchEndedFields):
    __slots__ = ()
    type: ClassVar[str] = "MatchEnded"


Event = (
    MatchStarted
    | RoundStarted
    | EnginePlaced
    | TileDrawn
    | TilePlayed
    | TurnPassed
    | TurnStopped
    | RoundEnded
    | MatchEnded
)
MOVE_EVENTS = (EnginePlaced, TileDrawn, TilePlayed, TurnPassed, TurnStopped)
EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        MatchStarted,
        RoundStarted,
        EnginePlaced,
        TileDrawn,
        TilePlayed,
        TurnPassed,
        TurnStopped,
        RoundEnded,
        MatchEnded,
    )
}


def _jsonable(value: Any) -> Any:
    if isinstance(value, Ruleset):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """Return ``{"type", "schema_version", "data"}``: the JSON form stored and sent."""
    data = {}
    for name, value in zip(event._fields, event, strict=False):
        if name == "by" and value is None:
            continue
        data[name] = _jsonable(value)
    return {"type": event.type, "schema_version": SCHEMA_VERSION, "data": data}


def event_from_dict(payload: dict[str, Any]) -> Event:
    """Return the event a stored JSON payload describes; raise ``ValueError`` if it is not one."""
    try:
        cls = EVENT_TYPES[payload["type"]]
        data = dict(payload["data"])
    except (KeyError, TypeError):
        raise ValueError(f"not an event payload: {payload!r}") from None
    if payload.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise ValueError(f"unsupported schema_version {payload.get('schema_version')!r}")
    if cls is MatchStarted:
        data["ruleset"] = Ruleset.from_dict(data["ruleset"])
    if "tile" in data:
        data["tile"] = tile(*data["tile"])
    if cls is RoundStarted:
        data["hands"] = tuple(tuple(tile(*t) for t in h) for h in data["hands"])
        data["boneyard"] = tuple(tile(*t) for t in data["boneyard"])
    for key in ("scores", "totals", "zero_rounds", "places"):
        if key in data:
            data[key] = tuple(data[key])
    return cls(**data)
