"""Events: what happened, past tense, with stable registered names (never class paths)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from .ruleset import Ruleset
from .tiles import Tile, tile

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class MatchStarted:
    ruleset: Ruleset
    seats: int
    seed_commitment: str
    type = "MatchStarted"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    engine: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    type = "RoundStarted"


@dataclass(frozen=True, slots=True)
class EnginePlaced:
    seat: int
    tile: Tile
    by: str | None = None
    type = "EnginePlaced"


@dataclass(frozen=True, slots=True)
class TileDrawn:
    seat: int
    tile: Tile
    by: str | None = None
    type = "TileDrawn"


@dataclass(frozen=True, slots=True)
class TilePlayed:
    seat: int
    tile: Tile
    train: int | str
    by: str | None = None
    type = "TilePlayed"


@dataclass(frozen=True, slots=True)
class TurnPassed:
    seat: int
    by: str | None = None
    type = "TurnPassed"


@dataclass(frozen=True, slots=True)
class TurnStopped:
    seat: int
    by: str | None = None
    type = "TurnStopped"


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    scores: tuple[int, ...]
    went_out: int | None
    blocked: bool
    type = "RoundEnded"


@dataclass(frozen=True, slots=True)
class MatchEnded:
    totals: tuple[int, ...]
    zero_rounds: tuple[int, ...]
    places: tuple[int, ...]
    type = "MatchEnded"


Event = Union[
    MatchStarted, RoundStarted, EnginePlaced, TileDrawn, TilePlayed, TurnPassed, TurnStopped,
    RoundEnded, MatchEnded,
]
MOVE_EVENTS = (EnginePlaced, TileDrawn, TilePlayed, TurnPassed, TurnStopped)
EVENT_TYPES: dict[str, type] = {
    cls.type: cls
    for cls in (MatchStarted, RoundStarted, EnginePlaced, TileDrawn, TilePlayed, TurnPassed,
                TurnStopped, RoundEnded, MatchEnded)
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
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name == "by" and value is None:
            continue
        data[f.name] = _jsonable(value)
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
