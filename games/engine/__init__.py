"""The Mexican Train rules engine: pure Python, no Django, no I/O, no clock, no global random.

commands -> ``decide`` -> events -> ``apply_event`` -> state; ``replay(events)`` rebuilds any state.
Rules are cited by their ids in ../shared/RULES.md (R1–R25, V1–V6).
"""

from .commands import MEXICAN
from .commands import Command
from .commands import DrawTile
from .commands import Pass
from .commands import PlaceEngine
from .commands import PlayTile
from .commands import SeatCommand
from .commands import StartRound
from .commands import Stop
from .commands import command_from_dict
from .commands import command_to_dict
from .deal import commitment
from .deal import deal_round
from .errors import Code
from .errors import IllegalMove
from .errors import RulesetError
from .events import EnginePlaced
from .events import Event
from .events import MatchEnded
from .events import MatchStarted
from .events import RoundEnded
from .events import RoundStarted
from .events import TileDrawn
from .events import TilePlayed
from .events import TurnPassed
from .events import TurnStopped
from .events import event_from_dict
from .events import event_to_dict
from .record import export_record
from .record import import_record
from .record import verify_record
from .record_format import FULL
from .record_format import SPECTATOR
from .record_format import RecordFormatError
from .rules import decide
from .rules import legal_moves
from .rules import step
from .ruleset import Ruleset
from .state import GameState
from .state import apply_event
from .state import evolve
from .state import initial_state
from .state import replay
from .tiles import Tile
from .tiles import tile
from .views import redact_event
from .views import spectator_view
from .views import view

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
