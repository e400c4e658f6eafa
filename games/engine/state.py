"""The state of a match and how each event changes it (``evolve``).

A ``GameState`` is a value to its callers: ``apply_event`` and ``decide`` never change the state
they are given. Internally a state is folded in place (``evolve``) so that replaying a long log
costs one small step per event instead of a copy per event; only code that owns a state (replay,
the record verifier, simulations) calls ``evolve`` directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .ruleset import Ruleset
from .scoring import places
from .scoring import round_scores
from .tiles import Tile
from .tiles import tile

# Phases of a match
DEALING = "dealing"  # waiting for the next round's deal (StartRound)
ENGINE = "engine"  # the engine double is to be placed, or searched for by drawing (R6, R7)
PLAYING = "playing"
ROUND_OVER = "round_over"  # transient: the round has ended, RoundEnded follows in the same batch
MATCH_OVER = "match_over"  # transient: MatchEnded follows in the same batch
FINISHED = "finished"

MEXICAN = "mexican"


class GameState:
    """Everything the rules need to know about a match at one point of its log.

    Trains are indexed 0..seats-1 (each seat's own train) and ``seats`` (the Mexican Train).
    Hands are sets (present them sorted); ``boneyard[bpos:]`` is what is left to draw, front first.
    """

    __slots__ = (
        "ruleset",
        "seats",
        "seed_commitment",
        "phase",
        "round",
        "engine",
        "hands",
        "boneyard",
        "bpos",
        "trains",
        "ends",
        "markers",
        "open_doubles",
        "laid_count",
        "to_move",
        "first_turns_left",
        "laid",
        "drawn",
        "turn_doubles",
        "doubles_laid",
        "went_out",
        "blocked",
        "round_history",
        "result",
    )

    def __init__(self, ruleset: Ruleset, seats: int, seed_commitment: str) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.seed_commitment = seed_commitment
        self.phase = DEALING
        self.round = 0
        self.engine = -1
        self.hands: list[set[Tile]] = [set() for _ in range(seats)]
        self.boneyard: tuple[Tile, ...] = ()
        self.bpos = 0
        self.trains: list[list[tuple[int, int]]] = [[] for _ in range(seats + 1)]
        self.ends: list[int] = [-1] * (seats + 1)
        self.markers: list[bool] = [False] * seats
        self.open_doubles: list[int] = []
        self.laid_count: list[int] = [0] * (ruleset.set_max + 1)
        self.to_move = 0
        self.first_turns_left = 0
        self.laid = 0
        self.drawn: Tile | None = None
        self.turn_doubles: list[int] = []
        self.doubles_laid = 0
        self.went_out: int | None = None
        self.blocked = False
        self.round_history: list[tuple[int, ...]] = []
        self.result: ev.MatchEnded | None = None

    # -- value semantics -------------------------------------------------------------------
    def copy(self) -> GameState:
        """Return an independent copy (lists copied, tiles and tuples shared)."""
        c = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(c, name, getattr(self, name))
        c.hands = [h.copy() for h in self.hands]
        c.trains = [t[:] for t in self.trains]
        c.ends = self.ends[:]
        c.markers = self.markers[:]
        c.open_doubles = self.open_doubles[:]
        c.laid_count = self.laid_count[:]
        c.turn_doubles = self.turn_doubles[:]
        c.round_history = self.round_history[:]
        return c

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in GameState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"GameState(seats={self.seats}, phase={self.phase}, round={self.round}, "
            f"to_move={self.to_move})"
        )

    # -- derived facts ---------------------------------------------------------------------
    @property
    def first_turn(self) -> bool:
        """True while the round's first turns are being taken (R10–R13)."""
        return self.first_turns_left > 0

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.bpos

    @property
    def finished(self) -> bool:
        return self.phase == FINISHED

    def train_key(self, index: int) -> int | str:
        return MEXICAN if index == self.seats else index

    def train_index(self, key: object) -> int | None:
        """Return the internal index of a train named by a seat number or "mexican"."""
        if key == MEXICAN:
            return self.seats
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.seats:
            return key
        return None

    def engine_tile(self) -> Tile:
        return tile(self.engine, self.engine)

    def tiles_in_play(self) -> list[Tile]:
        """Return every tile of the round: hands, boneyard, station and trains (for invariants)."""
        out = [t for h in self.hands for t in h]
        out.extend(self.boneyard[self.bpos :])
        if self.phase != ENGINE and self.round:
            out.append(self.engine_tile())
        out.extend(tile(a, b) for train in self.trains for a, b in train)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Return the whole state as JSON-able data (for snapshots and comparisons)."""
        return {
            "ruleset": self.ruleset.to_dict(),
            "seats": self.seats,
            "seed_commitment": self.seed_commitment,
            "phase": self.phase,
            "round": self.round,
            "engine": self.engine,
            "hands": [[list(t) for t in sorted(h)] for h in self.hands],
            "boneyard": [list(t) for t in self.boneyard],
            "bpos": self.bpos,
            "trains": [[list(t) for t in tr] for tr in self.trains],
            "ends": self.ends[:],
            "markers": self.markers[:],
            "open_doubles": self.open_doubles[:],
            "laid_count": self.laid_count[:],
            "to_move": self.to_move,
            "first_turns_left": self.first_turns_left,
            "laid": self.laid,
            "drawn": list(self.drawn) if self.drawn else None,
            "turn_doubles": self.turn_doubles[:],
            "doubles_laid": self.doubles_laid,
            "went_out": self.went_out,
            "blocked": self.blocked,
            "round_history": [list(r) for r in self.round_history],
            "result": ev.event_to_dict(self.result) if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Return the state ``to_dict`` described."""
        s = cls(Ruleset.from_dict(d["ruleset"]), d["seats"], d["seed_commitment"])
        for name in (
            "phase",
            "round",
            "engine",
            "bpos",
            "to_move",
            "first_turns_left",
            "laid",
            "doubles_laid",
            "went_out",
            "blocked",
        ):
            setattr(s, name, d[name])
        s.hands = [{tile(*t) for t in h} for h in d["hands"]]
        s.boneyard = tuple(tile(*t) for t in d["boneyard"])
        s.trains = [[(a, b) for a, b in tr] for tr in d["trains"]]
        s.ends = list(d["ends"])
        s.markers = list(d["markers"])
        s.open_doubles = list(d["open_doubles"])
        s.laid_count = list(d["laid_count"])
        s.drawn = tile(*d["drawn"]) if d["drawn"] else None
        s.turn_doubles = list(d["turn_doubles"])
        s.round_history = [tuple(r) for r in d["round_history"]]
        s.result = ev.event_from_dict(d["result"]) if d["result"] else None  # type: ignore
        return s


# -- evolve: fold one event into a state the caller owns --------------------------------------


def _reset_turn(s: GameState) -> None:
    s.laid = 0
    s.drawn = None
    s.doubles_laid = 0
    if s.turn_doubles:
        s.turn_doubles = []


def is_blocked(s: GameState) -> bool:
    """True if no tile in any hand fits any train's open end (R21; only the oldest open double's
    end while one is open, R19). Only meaningful once the boneyard is empty."""
    ends = {s.ends[s.open_doubles[0]]} if s.open_doubles else set(s.ends)
    for hand in s.hands:
        for a, b in hand:
            if a in ends or b in ends:
                return False
    return True


def _end_turn(s: GameState) -> None:
    if s.first_turns_left:
        s.first_turns_left -= 1
        if not s.first_turns_left and s.went_out is not None:
            s.phase = ROUND_OVER  # R13: the round ends once every first turn is taken
            return
    elif s.turn_doubles:
        # R19: doubles laid this turn and left uncovered become open now, oldest first —
        # unless nobody could ever cover them.
        full = s.ruleset.set_max
        for t in s.turn_doubles:
            a, b = s.trains[t][-1]
            if a == b and s.laid_count[a] <= full and t not in s.open_doubles:
                s.open_doubles.append(t)
    if not s.first_turns_left and s.bpos == len(s.boneyard) and is_blocked(s):
        s.blocked = True  # R21: nobody could ever lay another tile
        s.phase = ROUND_OVER
        return
    s.to_move = (s.to_move + 1) % s.seats
    # _reset_turn, inlined: this ends most turns.
    s.laid = 0
    s.drawn = None
    s.doubles_laid = 0
    if s.turn_doubles:
        s.turn_doubles = []


def _match_started(s: GameState, e: ev.MatchStarted) -> None:
    raise ValueError("MatchStarted starts a log; it cannot be applied to a running match")


def _round_started(s: GameState, e: ev.RoundStarted) -> None:
    n = s.seats
    s.round = e.round
    s.engine = e.engine
    s.hands = [set(h) for h in e.hands]
    s.boneyard = e.boneyard
    s.bpos = 0
    s.trains = [[] for _ in range(n + 1)]
    s.ends = [e.engine] * (n + 1)  # R8: every train starts from the engine's number
    s.markers = [False] * n
    s.open_doubles = []
    s.laid_count = [0] * (s.ruleset.set_max + 1)
    s.first_turns_left = 0
    s.went_out = None
    s.blocked = False
    _reset_turn(s)
    s.phase = ENGINE
    engine = tile(e.engine, e.engine)
    for seat, hand in enumerate(e.hands):
        if engine in hand:
            s.to_move = seat  # R6
            break
    else:
        s.to_move = (e.round - 1) % n  # R7: the round's first drawer


def _engine_placed(s: GameState, e: ev.EnginePlaced) -> None:
    s.hands[e.seat].remove(e.tile)
    s.laid_count[s.engine] += 1
    s.phase = PLAYING
    s.to_move = e.seat  # R13a: the engine's owner takes the first turn
    s.first_turns_left = s.seats
    _reset_turn(s)


def _tile_drawn(s: GameState, e: ev.TileDrawn) -> None:
    s.hands[e.seat].add(e.tile)
    s.bpos += 1
    if s.phase == ENGINE:
        # R7: drawing for the engine goes on clockwise until someone draws it.
        if e.tile[0] != s.engine or e.tile[1] != s.engine:
            s.to_move = (e.seat + 1) % s.seats
    else:
        s.drawn = e.tile


def _tile_played(s: GameState, e: ev.TilePlayed) -> None:
    seat = e.seat
    t = e.tile
    train = e.train
    ti = train if isinstance(train, int) else s.seats  # the Mexican Train is last
    hand = s.hands[seat]
    hand.discard(t)
    a, b = t
    ends = s.ends
    end = ends[ti]
    outer = b if a == end else a
    s.trains[ti].append((end, outer))
    ends[ti] = outer
    lc = s.laid_count
    lc[a] += 1
    if a != b:
        lc[b] += 1
    if ti == seat:
        s.markers[seat] = False  # R16
    s.laid += 1
    s.drawn = None
    od = s.open_doubles
    if od:
        if od[0] == ti:
            del od[0]  # R19: satisfied
        full = s.ruleset.set_max
        for x in od:  # a plain loop: a generator per play while a double is open costs more
            if lc[ends[x]] > full:
                # R19: a double nobody can cover any more stops being open.
                s.open_doubles = [x for x in od if lc[ends[x]] <= full]
                break
    if not hand:
        if s.first_turns_left:
            if s.went_out is None:
                s.went_out = seat  # R13: the first to empty their hand
            _end_turn(s)
        else:
            s.went_out = seat  # R20, R21: the round ends at once, no follow-up owed
            s.phase = ROUND_OVER
        return
    if s.first_turns_left:
        return  # R10: the first turn goes on until the player stops
    if a == b:
        s.turn_doubles.append(ti)  # R17: a follow-up tile is owed
        s.doubles_laid += 1
        return
    if s.turn_doubles or s.bpos == len(s.boneyard):
        _end_turn(s)  # doubles to open, or the round may be blocked (R19, R21)
        return
    # _end_turn's plain case, inlined (most plays end a turn so): the next seat's turn.
    s.to_move = (s.to_move + 1) % s.seats
    s.laid = 0
    s.doubles_laid = 0


def _turn_passed(s: GameState, e: ev.TurnPassed) -> None:
    s.markers[e.seat] = True  # R11, R15, R18, R19: the marker goes on the seat's own train
    _end_turn(s)


def _turn_stopped(s: GameState, e: ev.TurnStopped) -> None:
    _end_turn(s)


def _round_ended(s: GameState, e: ev.RoundEnded) -> None:
    s.round_history.append(e.scores)
    s.phase = MATCH_OVER if s.round >= s.ruleset.rounds else DEALING


def _match_ended(s: GameState, e: ev.MatchEnded) -> None:
    s.result = e
    s.phase = FINISHED


# By event class; each folder takes the event of its own class (Any: a dispatch table's value
# type cannot name the key it goes with).
_EVOLVE: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    ev.MatchStarted: _match_started,
    ev.RoundStarted: _round_started,
    ev.EnginePlaced: _engine_placed,
    ev.TileDrawn: _tile_drawn,
    ev.TilePlayed: _tile_played,
    ev.TurnPassed: _turn_passed,
    ev.TurnStopped: _turn_stopped,
    ev.RoundEnded: _round_ended,
    ev.MatchEnded: _match_ended,
}


def evolve(state: GameState, event: ev.Event) -> None:
    """Fold one event into ``state`` in place (the caller owns the state)."""
    _EVOLVE[type(event)](state, event)


def initial_state(event: ev.MatchStarted) -> GameState:
    return GameState(event.ruleset, event.seats, event.seed_commitment)


def apply_event(state: GameState, event: ev.Event) -> GameState:
    """Return the state after ``event``; ``state`` itself is left as it was."""
    if isinstance(event, ev.MatchStarted):
        return initial_state(event)
    new = state.copy()
    evolve(new, event)
    return new


def replay(
    events: list[ev.Event] | tuple[ev.Event, ...], state: GameState | None = None
) -> GameState:
    """Rebuild the state after ``events`` (from a MatchStarted, or on from a snapshot ``state``)."""
    it = iter(events)
    if state is None:
        first = next(it, None)
        if not isinstance(first, ev.MatchStarted):
            raise ValueError("a match's log starts with MatchStarted")
        s = initial_state(first)
    else:
        s = state.copy()
    table = _EVOLVE
    for e in it:
        table[type(e)](s, e)
    return s


def round_end_events(s: GameState) -> list[ev.Event]:
    """Return the RoundEnded (and MatchEnded) events a round that has just ended calls for."""
    scores = round_scores(s.hands, s.went_out, s.blocked, s.ruleset)
    out: list[ev.Event] = [ev.RoundEnded(s.round, scores, s.went_out, s.blocked)]
    if s.round >= s.ruleset.rounds:
        totals, zeros, pl = places(s.round_history + [scores], s.ruleset)
        out.append(ev.MatchEnded(totals, zeros, pl))
    return out
