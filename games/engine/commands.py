"""Commands: what a seat asks to do (the record's actions), and the deal a round starts with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar
from typing import NamedTuple

from .tiles import Tile
from .tiles import parse_tile
from .values import value_type

MEXICAN = "mexican"
Train = int | str  # a seat number, or "mexican"


# A NamedTuple's body holds only its fields (at run time every annotation in it becomes one, and
# mypy refuses anything else there), so each value type is a thin subclass of its fields' tuple
# that adds the constant ``action`` name: the same tuple, as cheap to build (``__slots__``: no
# ``__dict__``).


class _PlaceEngineFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class PlaceEngine(_PlaceEngineFields):
    """Place the round's engine double in the station (R6, R7)."""

    __slots__ = ()
    action: ClassVar[str] = "engine"


class _PlayTileFields(NamedTuple):
    seat: int
    tile: Tile
    train: Train
    by: str | None = None


@value_type
class PlayTile(_PlayTileFields):
    """Lay a tile from the hand on a train (R8–R20)."""

    __slots__ = ()
    action: ClassVar[str] = "play"


class _DrawTileFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class DrawTile(_DrawTileFields):
    """Draw one tile from the front of the boneyard (R7, R15, R18, V5)."""

    __slots__ = ()
    action: ClassVar[str] = "draw"


class _PassFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class Pass(_PassFields):
    """End the turn without a play: the seat's marker goes on its own train (R11, R15, R18, R19)."""

    __slots__ = ()
    action: ClassVar[str] = "pass"


class _StopFields(NamedTuple):
    seat: int
    by: str | None = None


@value_type
class Stop(_StopFields):
    """End a first turn after at least one tile (R10)."""

    __slots__ = ()
    action: ClassVar[str] = "stop"


class _StartRoundFields(NamedTuple):
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


@value_type
class StartRound(_StartRoundFields):
    """Start the next round with a deal (derived from the seed by the caller, spec §deal)."""

    __slots__ = ()
    action: ClassVar[str] = "deal"


SeatCommand = PlaceEngine | PlayTile | DrawTile | Pass | Stop
Command = SeatCommand | StartRound

ACTIONS = tuple(c.action for c in (PlaceEngine, PlayTile, DrawTile, Pass, Stop))
# The commands that hold nothing but their seat: every one but PlayTile.
_SEAT_ONLY: dict[str, Callable[[int], SeatCommand]] = {
    c.action: c for c in (PlaceEngine, DrawTile, Pass, Stop)
}
BY_VALUES = ("player", "bot", "timeout", "admin")


def command_from_dict(move: dict[str, Any], seat: int, set_max: int) -> SeatCommand:
    """Return the command a move body (``command_to_dict``'s shape, without ``by``) asks of
    ``seat``: the inverse of ``command_to_dict``. ValueError says what is malformed."""
    action = move.get("action")
    if action != PlayTile.action:
        make = _SEAT_ONLY.get(action) if isinstance(action, str) else None
        if make is None:
            raise ValueError("action must be one of " + ", ".join(ACTIONS))
        return make(seat)
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
