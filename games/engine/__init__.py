"""The Mexican Train rules engine: pure Python, no Django, no I/O, no clock, no global random.

commands -> ``decide`` -> events -> ``apply_event`` -> state; ``replay(events)`` rebuilds any state.
Rules are cited by their ids in ../shared/RULES.md (R1–R25, V1–V6).
"""

from .commands import (
    MEXICAN,
    Command,
    DrawTile,
    Pass,
    PlaceEngine,
    PlayTile,
    SeatCommand,
    StartRound,
    Stop,
    command_from_dict,
    command_to_dict,
)
from .deal import commitment, deal_round
from .errors import Code, IllegalMove, RulesetError
from .events import (
    EnginePlaced,
    Event,
    MatchEnded,
    MatchStarted,
    RoundEnded,
    RoundStarted,
    TileDrawn,
    TilePlayed,
    TurnPassed,
    TurnStopped,
    event_from_dict,
    event_to_dict,
)
from .record import export_record, import_record, verify_record
from .record_format import FULL, SPECTATOR, RecordFormatError
from .rules import decide, legal_moves, step
from .ruleset import Ruleset
from .state import GameState, apply_event, evolve, initial_state, replay
from .tiles import Tile, tile
from .views import redact_event, spectator_view, view

ENGINE_VERSION = "1"
"""Bumped whenever a change to the rules could fold the same events into a different state;
snapshots tagged with another version are rebuilt from the log."""

__all__ = [
    "ENGINE_VERSION",
    "FULL",
    "SPECTATOR",
    "MEXICAN",
    "Code",
    "Command",
    "DrawTile",
    "EnginePlaced",
    "Event",
    "GameState",
    "IllegalMove",
    "MatchEnded",
    "MatchStarted",
    "Pass",
    "PlaceEngine",
    "PlayTile",
    "RecordFormatError",
    "RoundEnded",
    "RoundStarted",
    "Ruleset",
    "RulesetError",
    "SeatCommand",
    "StartRound",
    "Stop",
    "Tile",
    "TileDrawn",
    "TilePlayed",
    "TurnPassed",
    "TurnStopped",
    "apply_event",
    "command_from_dict",
    "command_to_dict",
    "commitment",
    "deal_round",
    "decide",
    "event_from_dict",
    "event_to_dict",
    "evolve",
    "export_record",
    "import_record",
    "initial_state",
    "legal_moves",
    "redact_event",
    "replay",
    "spectator_view",
    "step",
    "tile",
    "verify_record",
    "view",
]
