"""Commands: what a seat asks to do (the record's actions), and the deal a round starts with."""

from __future__ import annotations

from typing import Any, NamedTuple

from .tiles import Tile, parse_tile
from .values import value_type

MEXICAN = "mexican"
Train = int | str  # a seat number, or "mexican"


@value_type
class PlaceEngine(NamedTuple):
    """Place the round's engine double in the station (R6, R7)."""

    seat: int
    by: str | None = None
    action = "engine"


@value_type
class PlayTile(NamedTuple):
    """Lay a tile from the hand on a train (R8–R20)."""

    seat: int
    tile: Tile
    train: Train
    by: str | None = None
    action = "play"


@value_type
class DrawTile(NamedTuple):
    """Draw one tile from the front of the boneyard (R7, R15, R18, V5)."""

    seat: int
    by: str | None = None
    action = "draw"


@value_type
class Pass(NamedTuple):
    """End the turn without a play: the seat's marker goes on its own train (R11, R15, R18, R19)."""

    seat: int
    by: str | None = None
    action = "pass"


@value_type
class Stop(NamedTuple):
    """End a first turn after at least one tile (R10)."""

    seat: int
    by: str | None = None
    action = "stop"


@value_type
class StartRound(NamedTuple):
    """Start the next round with a deal (derived from the seed by the caller, spec §deal)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    action = "deal"


SeatCommand = PlaceEngine | PlayTile | DrawTile | Pass | Stop
Command = SeatCommand | StartRound

_BY_ACTION = {c.action: c for c in (PlaceEngine, PlayTile, DrawTile, Pass, Stop)}
ACTIONS = tuple(_BY_ACTION)
BY_VALUES = ("player", "bot", "timeout", "admin")


def command_from_dict(move: dict[str, Any], seat: int, set_max: int) -> SeatCommand:
    """Return the command a move body (``command_to_dict``'s shape, without ``by``) asks of
    ``seat``: the inverse of ``command_to_dict``. ValueError says what is malformed."""
    action = move.get("action")
    kind = _BY_ACTION.get(action) if isinstance(action, str) else None
    if kind is None:
        raise ValueError("action must be one of " + ", ".join(ACTIONS))
    if kind is not PlayTile:
        return kind(seat)
    t = parse_tile(move.get("tile"), set_max)
    train = move.get("train")
    if not (train == MEXICAN or (isinstance(train, int) and not isinstance(train, bool))):
        raise ValueError('train must be a seat number or "mexican"')
    return PlayTile(seat, t, train)


def command_to_dict(command: SeatCommand) -> dict[str, Any]:
    """Return a command in the shape of a record move / API move body."""
    out: dict[str, Any] = {"seat": command.seat, "action": command.action}
    if isinstance(command, PlayTile):
        out["tile"] = list(command.tile)
        out["train"] = command.train
    if command.by is not None:
        out["by"] = command.by
    return out
