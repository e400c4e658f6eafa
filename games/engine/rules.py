"""Which commands the rules allow (``legal_moves``) and what they cause (``decide``)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from . import events as ev
from .commands import MEXICAN
from .commands import Command
from .commands import DrawTile
from .commands import Pass
from .commands import PlaceEngine
from .commands import PlayTile
from .commands import SeatCommand
from .commands import StartRound
from .commands import Stop
from .errors import Code
from .errors import IllegalMove
from .ruleset import MAX_PLAYERS
from .state import _EVOLVE
from .state import DEALING
from .state import ENGINE
from .state import FINISHED
from .state import MATCH_OVER
from .state import PLAYING
from .state import ROUND_OVER
from .state import GameState
from .state import _engine_placed
from .state import _tile_drawn
from .state import _tile_played
from .state import _turn_passed
from .state import _turn_stopped
from .state import evolve
from .state import round_end_events
from .tiles import SHOWING
from .tiles import Tile
from .tiles import full_set


def play_targets(s: GameState, seat: int) -> Sequence[int]:
    """Return the trains (internal indices, ascending) ``seat`` may lay on at this point."""
    if s.first_turns_left:
        return (seat,)  # R10, R12: only their own train on the first turn
    if s.open_doubles and not s.laid:
        return (s.open_doubles[0],)  # R19: the oldest open double first, whoever's train it is
    # R9, R14: their own train, any train with a marker, the Mexican Train (always open).
    targets = [i for i, marked in enumerate(s.markers) if marked or i == seat]
    targets.append(s.seats)
    return targets


def legal_plays(s: GameState, seat: int) -> list[tuple[Tile, int]]:
    """Return every (tile, train index) ``seat`` may lay now, sorted by tile then train."""
    targets = play_targets(s, seat)
    ends = s.ends
    # After a draw only the drawn tile can be new to the hand's options (R15, R18, V5).
    hand = {s.drawn} if s.drawn is not None else s.hands[seat]
    out = [(t, ti) for ti in targets for t in SHOWING[ends[ti]] & hand]
    if s.doubles_laid and not s.first_turns_left and s.ruleset.max_doubles_per_turn == 1:
        out = [p for p in out if p[0][0] != p[0][1]]  # V2: one double per turn
    if len(out) > 1:
        out.sort()
    return out


class _PlayRow(dict[Tile, PlayTile]):
    """One seat's ``PlayTile`` on one train, by tile, each made the first time it is asked for.

    Commands are immutable values, so ``legal_moves`` hands out these shared ones rather than
    building a new command for every legal play of every call (once most of its cost).
    """

    __slots__ = ("seat", "train")

    def __init__(self, seat: int, train: int | str) -> None:
        super().__init__()
        self.seat = seat
        self.train = train

    def __missing__(self, t: Tile) -> PlayTile:
        cmd = self[t] = PlayTile(self.seat, t, self.train)
        return cmd


class _PlayRows(dict[int, tuple[tuple[_PlayRow, ...], ...]]):
    """By table size: [seat][train index] -> that seat's ``_PlayRow`` for that train."""

    def __missing__(self, seats: int) -> tuple[tuple[_PlayRow, ...], ...]:
        rows = self[seats] = tuple(
            tuple(_PlayRow(seat, MEXICAN if ti == seats else ti) for ti in range(seats + 1))
            for seat in range(seats)
        )
        return rows


_PLAY_ROWS = _PlayRows()
# The seat-only commands, shared for the same reason.
_DRAW = tuple(DrawTile(seat) for seat in range(MAX_PLAYERS))
_PASS = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
_STOP = tuple(Stop(seat) for seat in range(MAX_PLAYERS))
_PLACE_ENGINE = tuple(PlaceEngine(seat) for seat in range(MAX_PLAYERS))


class _Targets(dict[tuple[bool, ...], tuple[int, ...]]):
    """One seat's trains open to it (R9, R14) by the table's markers: its own, every marked one
    and the Mexican Train, ascending; each found the first time those markers are asked for (a
    lookup is cheaper than a loop over the markers on every move)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, markers: tuple[bool, ...]) -> tuple[int, ...]:
        seat = self.seat
        targets = [i for i, marked in enumerate(markers) if marked or i == seat]
        targets.append(len(markers))
        found = tuple(targets)
        if len(self) < _TARGETS_KEPT:  # 2^seats patterns at most: a large table's stay bounded
            self[markers] = found
        return found


_TARGETS_KEPT = 1 << 10


class _TargetsBySize(dict[int, tuple[_Targets, ...]]):
    def __missing__(self, seats: int) -> tuple[_Targets, ...]:
        by_seat = self[seats] = tuple(_Targets(seat) for seat in range(seats))
        return by_seat


_TARGETS = _TargetsBySize()


def _py_plays(
    hand: AbstractSet[Tile], ends: list[int], targets: Sequence[int], rows: Sequence[_PlayRow]
) -> list[PlayTile]:
    """Return the commands laying a tile of ``hand`` on a train of ``targets`` (indices,
    ascending) whose open end it shows, sorted by tile, then train: ``rows[ti][t]`` for each.

    The reference of the compiled ``_speedups.plays`` (which gives the same list, or None for
    input that is not the engine's own state); ``legal_moves`` calls that where it was built."""
    pairs = []
    for ti in targets:
        for t in SHOWING[ends[ti]] & hand:
            pairs.append((t, ti))
    if len(pairs) > 1:
        pairs.sort()
    plays = []
    for t, ti in pairs:
        plays.append(rows[ti][t])
    return plays


def _py_open_plays(
    hand: AbstractSet[Tile],
    ends: list[int],
    markers: list[bool],
    seat: int,
    rows: Sequence[_PlayRow],
) -> list[PlayTile]:
    """``_py_plays`` on the trains open to ``seat`` in a later turn (R9, R14: its own, every one
    whose marker is out, the Mexican Train, index ``len(markers)``; ascending): the
    reference of the compiled ``_speedups.open_plays``, which names those trains itself."""
    targets: Sequence[int] = (seat, len(markers))
    if True in markers:
        targets = _TARGETS[len(markers)][seat][tuple(markers)]
    return _py_plays(hand, ends, targets, rows)


_compiled_plays: Callable[..., list[PlayTile] | None] | None
_compiled_open_plays: Callable[..., list[PlayTile] | None] | None
try:
    from ._speedups import open_plays as _compiled_open_plays
    from ._speedups import plays as _compiled_plays
except ImportError:  # built without a C compiler (setup.py): the Python references serve
    _compiled_plays = _compiled_open_plays = None

# What ``legal_moves`` asks first: the compiled functions if built (their None sends it to the
# Python reference), else the references themselves.
_plays: Callable[..., list[PlayTile] | None] = _compiled_plays or _py_plays
_open_plays: Callable[..., list[PlayTile] | None] = _compiled_open_plays or _py_open_plays
COMPILED = _compiled_plays is not None
"""True when the engine runs its compiled part (games/engine/_speedups.c; see setup.py)."""

# (ti,): the one train of a first turn or of an open double, as ``_plays``'s targets.
_ONE_TRAIN = tuple((ti,) for ti in range(MAX_PLAYERS + 1))


def _may_draw_first_turn(s: GameState, seat: int) -> bool:
    # V5: a player who cannot start their train draws one tile before passing.
    return (
        s.ruleset.first_turn == "draw"
        and not s.laid
        and s.drawn is None
        and s.bpos < len(s.boneyard)
    )


def legal_moves(s: GameState, seat: int) -> list[SeatCommand]:
    """Return every command ``seat`` may give now, in a fixed order (empty if not their turn).

    Plays come first, sorted by tile then train (seats ascending, the Mexican Train last).
    The commands may be shared with other calls: they are immutable values.

    The plays are ``legal_plays``'s (tests/games/engine/test_step_legal.py holds them equal),
    found here with ``play_targets`` inlined and the hand's plays on those trains found by the
    compiled ``_speedups`` where it was built (``_py_plays`` and ``_py_open_plays`` otherwise,
    its reference; tests/games/engine/test_speedups.py holds them equal): this runs once per
    move of every simulated match, where each Python step shows.
    """
    if seat != s.to_move or s.phase != PLAYING:
        if s.phase == ENGINE and seat == s.to_move:
            if s.engine_tile() in s.hands[seat]:
                return [_PLACE_ENGINE[seat]]
            return [_DRAW[seat]]  # R7
        return []
    rows = _PLAY_ROWS[s.seats][seat]
    ends = s.ends
    drawn = s.drawn
    moves: list[SeatCommand]
    if s.first_turns_left or (s.open_doubles and not s.laid):
        # R10, R12: only their own train on the first turn; R19: the oldest open double first,
        # whoever's train it is.
        ti = seat if s.first_turns_left else s.open_doubles[0]
        if drawn is not None:
            moves = [rows[ti][drawn]] if ends[ti] in drawn else []
        else:
            found = _plays(s.hands[seat], ends, _ONE_TRAIN[ti], rows)
            if found is None:
                found = _py_plays(s.hands[seat], ends, _ONE_TRAIN[ti], rows)
            moves = found  # type: ignore[assignment]  # a new list: widening it is safe
        if s.first_turns_left:
            if s.laid:
                moves.append(_STOP[seat])  # R10
            elif not moves and _may_draw_first_turn(s, seat):
                moves.append(_DRAW[seat])  # V5
            else:
                moves.append(_PASS[seat])  # R11 (V5: a player who can start may still pass)
            return moves
    else:
        # R9, R14: their own train, any train with a marker, the Mexican Train (always open).
        markers = s.markers
        plays: list[PlayTile] | None
        if drawn is not None:
            # After a draw only the drawn tile may be laid (R15, R18, V5).
            plays = []
            targets: Sequence[int] = (seat, s.seats)  # as _py_open_plays names them
            if True in markers:
                targets = _TARGETS[s.seats][seat][tuple(markers)]
            for ti in targets:
                if ends[ti] in drawn:
                    plays.append(rows[ti][drawn])
        else:
            plays = _open_plays(s.hands[seat], ends, markers, seat, rows)
            if plays is None:
                plays = _py_open_plays(s.hands[seat], ends, markers, seat, rows)
        if s.doubles_laid and s.ruleset.max_doubles_per_turn == 1:
            plays = [c for c in plays if c.tile[0] != c.tile[1]]  # V2: one double per turn
        moves = plays  # type: ignore[assignment]  # a new list: widening it is safe
    if moves:
        return moves  # R15: playing is compulsory
    if drawn is None and s.bpos < len(s.boneyard):
        return [_DRAW[seat]]  # R15, R18, R19
    return [_PASS[seat]]


# -- validation ------------------------------------------------------------------------------


def _check_turn(s: GameState, seat: object) -> None:
    if s.phase == FINISHED:
        raise IllegalMove(Code.MATCH_FINISHED, "R23", "the match is over")
    if s.phase in (DEALING, ROUND_OVER, MATCH_OVER):
        raise IllegalMove(Code.ROUND_NOT_STARTED, "R4", "the round has not been dealt yet")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.seats:
        raise IllegalMove(Code.UNKNOWN_SEAT, "R1", f"there is no seat {seat!r}")
    if seat != s.to_move:
        raise IllegalMove(Code.NOT_YOUR_TURN, "R6", f"seat {s.to_move} is to move")


def _check_engine(s: GameState, c: PlaceEngine) -> ev.Event:
    _check_turn(s, c.seat)
    if s.phase != ENGINE:
        raise IllegalMove(Code.ENGINE_ALREADY_PLACED, "R6", "the engine is already in the station")
    engine = s.engine_tile()
    if engine not in s.hands[c.seat]:
        raise IllegalMove(
            Code.NO_ENGINE_DOUBLE, "R7", f"seat {c.seat} does not hold the engine; draw"
        )
    return ev.EnginePlaced(c.seat, engine, c.by)


def _check_draw(s: GameState, c: DrawTile) -> ev.Event:
    _check_turn(s, c.seat)
    seat = c.seat
    if s.phase == ENGINE:
        if s.engine_tile() in s.hands[seat]:
            raise IllegalMove(Code.MUST_PLACE_ENGINE, "R6", "place the engine double")
        return ev.TileDrawn(seat, s.boneyard[s.bpos], c.by)  # R7: the engine is in the boneyard
    if s.first_turns_left:
        rule = "V5"
        if s.ruleset.first_turn != "draw":
            raise IllegalMove(Code.NO_DRAW_ON_FIRST_TURN, "R11", "nobody draws on their first turn")
        if s.laid:
            raise IllegalMove(Code.TRAIN_STARTED, rule, "the train is started: play on or stop")
    else:
        rule = "R19" if s.open_doubles and not s.laid else ("R18" if s.laid else "R15")
    if s.drawn is not None:
        raise IllegalMove(Code.ALREADY_DREW, rule, "one draw per tile owed")
    if legal_plays(s, seat):
        raise IllegalMove(Code.HAS_LEGAL_PLAY, rule, "a legal play exists: playing is compulsory")
    if s.bpos >= len(s.boneyard):
        raise IllegalMove(Code.BONEYARD_EMPTY, rule, "the boneyard is empty: pass")
    return ev.TileDrawn(seat, s.boneyard[s.bpos], c.by)


def _check_pass(s: GameState, c: Pass) -> ev.Event:
    _check_turn(s, c.seat)
    seat = c.seat
    if s.phase == ENGINE:
        raise IllegalMove(Code.ENGINE_NOT_PLACED, "R6", "the engine must be placed first")
    if s.first_turns_left:
        if s.laid:
            raise IllegalMove(Code.TRAIN_STARTED, "R10", "the train is started: stop instead")
        if _may_draw_first_turn(s, seat) and not legal_plays(s, seat):
            raise IllegalMove(Code.MUST_DRAW, "V5", "draw one tile before passing")
        return ev.TurnPassed(seat, c.by)
    rule = "R19" if s.open_doubles and not s.laid else ("R18" if s.laid else "R15")
    if legal_plays(s, seat):
        raise IllegalMove(Code.HAS_LEGAL_PLAY, rule, "a legal play exists: playing is compulsory")
    if s.drawn is None and s.bpos < len(s.boneyard):
        raise IllegalMove(Code.MUST_DRAW, rule, "draw one tile before passing")
    return ev.TurnPassed(seat, c.by)


def _check_stop(s: GameState, c: Stop) -> ev.Event:
    _check_turn(s, c.seat)
    if s.phase != PLAYING or not s.first_turns_left or not s.laid:
        raise IllegalMove(
            Code.STOP_NOT_ALLOWED, "R10", "stop ends a first turn after at least one tile"
        )
    return ev.TurnStopped(c.seat, c.by)


def _check_play(s: GameState, c: PlayTile) -> ev.Event:
    seat, t = c.seat, c.tile
    if s.phase != PLAYING or seat != s.to_move:
        _check_turn(s, seat)
        raise IllegalMove(Code.ENGINE_NOT_PLACED, "R6", "the engine must be placed first")
    if type(t) is not tuple:
        raise IllegalMove(Code.BAD_COMMAND, "R2", "a tile is a (high, low) pair")
    train = c.train
    if train == MEXICAN:
        ti = s.seats
    elif type(train) is int and 0 <= train < s.seats:
        ti = train
    else:
        raise IllegalMove(Code.UNKNOWN_TRAIN, "R8", f"there is no train {c.train!r}")
    if t not in s.hands[seat]:
        raise IllegalMove(
            Code.TILE_NOT_IN_HAND, "R4", f"[{t[0]},{t[1]}] is not in seat {seat}'s hand"
        )
    end = s.ends[ti]
    if s.first_turns_left:
        if ti != seat:
            raise IllegalMove(
                Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12", "on the first turn only your own train"
            )
    else:
        od = s.open_doubles
        if od and not s.laid and ti != od[0]:
            raise IllegalMove(
                Code.OPEN_DOUBLE_PENDING,
                "R19",
                f"the open double on train {s.train_key(od[0])} must be satisfied first",
            )
        if ti != seat and ti != s.seats and not s.markers[ti] and not (od and not s.laid):
            raise IllegalMove(Code.TRAIN_CLOSED, "R9", f"train {ti} has no marker")
        if t[0] == t[1] and s.doubles_laid and s.ruleset.max_doubles_per_turn == 1:
            raise IllegalMove(Code.DOUBLE_LIMIT, "V2", "one double per turn")
    if t[0] != end and t[1] != end:
        raise IllegalMove(Code.TILE_DOES_NOT_MATCH, "R8", f"[{t[0]},{t[1]}] does not show {end}")
    if s.drawn is not None and t != s.drawn:
        raise IllegalMove(Code.MUST_PLAY_DRAWN_TILE, "R15", "only the drawn tile may be played")
    return ev.TilePlayed(seat, t, c.train, c.by)


def _check_deal(s: GameState, c: StartRound) -> ev.Event:
    if s.phase == FINISHED:
        raise IllegalMove(Code.MATCH_FINISHED, "R23", "the match is over")
    if s.phase != DEALING:
        raise IllegalMove(Code.ROUND_ALREADY_STARTED, "R5", "the round is under way")
    rs = s.ruleset
    if len(c.hands) != s.seats or any(len(h) != rs.hand_size for h in c.hands):
        raise IllegalMove(Code.BAD_DEAL, "R3", f"deal {s.seats} hands of {rs.hand_size} tiles")
    dealt = [t for h in c.hands for t in h]
    dealt.extend(c.boneyard)
    dealt.sort()
    if dealt != list(full_set(rs.set_max)):
        raise IllegalMove(Code.BAD_DEAL, "R4", f"the deal is not one double-{rs.set_max} set")
    r = s.round + 1
    return ev.RoundStarted(r, rs.engine_for(r), tuple(tuple(h) for h in c.hands), tuple(c.boneyard))


# By command class; each check takes the command of its own class (Any: see state._EVOLVE).
_CHECKS: dict[type[Command], Callable[[GameState, Any], ev.Event]] = {
    PlayTile: _check_play,
    DrawTile: _check_draw,
    Pass: _check_pass,
    Stop: _check_stop,
    PlaceEngine: _check_engine,
    StartRound: _check_deal,
}


def step(state: GameState, command: Command) -> tuple[ev.Event, ...]:
    """Validate ``command``, fold its events into ``state`` in place and return them.

    For callers that own ``state`` (simulations, the verifier); everyone else calls ``decide``.
    Nothing is folded when the command is refused.
    """
    check = _CHECKS.get(type(command))
    if check is None:
        raise IllegalMove(Code.UNKNOWN_ACTION, "R14", f"unknown command {command!r}")
    event = check(state, command)
    _EVOLVE[type(event)](state, event)
    if state.phase != ROUND_OVER:
        return (event,)
    return _end_round(state, event)


def _end_round(state: GameState, event: ev.Event) -> tuple[ev.Event, ...]:
    return (event, *_round_end_events(state))


def _round_end_events(state: GameState) -> list[ev.Event]:
    """Fold into ``state`` (a round just over) the events that end the round and return them."""
    out = round_end_events(state)
    for follow in out:
        evolve(state, follow)
    return out


# Build an event straight from its fields' tuple, skipping the NamedTuple's Python-level
# ``__new__`` (one call per simulated move). TilePlayed, TurnPassed and TurnStopped hold exactly
# the fields of PlayTile, Pass and Stop (tests/games/engine/test_step_legal.py), so those are
# made from the command itself.
_new = tuple.__new__


def step_legal(state: GameState, command: SeatCommand) -> tuple[ev.Event, ...]:
    """``step`` for a command ``legal_moves(state, state.to_move)`` has just returned: the same
    events, without checking again what ``legal_moves`` established.

    For the engine's own loops over legal moves (simulations); a command from anywhere else goes
    through ``step``, which checks it.
    """
    event: ev.Event
    if isinstance(command, PlayTile):
        event = _new(ev.TilePlayed, command)
        _tile_played(state, event)
    elif isinstance(command, DrawTile):
        event = _new(ev.TileDrawn, (command.seat, state.boneyard[state.bpos], command.by))
        _tile_drawn(state, event)
    elif isinstance(command, Pass):
        event = _new(ev.TurnPassed, command)
        _turn_passed(state, event)
    elif isinstance(command, Stop):
        event = _new(ev.TurnStopped, command)
        _turn_stopped(state, event)
    else:
        event = ev.EnginePlaced(command.seat, state.engine_tile(), command.by)
        _engine_placed(state, event)
    if state.phase != ROUND_OVER:
        return (event,)
    return _end_round(state, event)


def decide(state: GameState, command: Command) -> tuple[ev.Event, ...]:
    """Return the events ``command`` causes, or raise ``IllegalMove``; ``state`` is unchanged."""
    return step(state.copy(), command)
