"""What one seat may know, and worlds consistent with it (for bots that must not peek).

A strategy decides from a ``SeatKnowledge``, never from a ``GameState``: ``seat_knowledge(state,
seat)`` keeps the seat's own hand (and the tile it has just drawn, if any) and the public table
— trains, open ends, markers, open doubles, how many tiles each hand and the boneyard hold, whose
turn it is and how far the turn has gone, the round, the scores so far and the ruleset — plus the
seat's legal moves. It drops every other hand and the boneyard's order (RULES R4).

The legal moves depend only on that information: ``legal_moves`` reads the seat's own hand, its
drawn tile, the table and the boneyard's *count* (whether a draw is possible), never a hidden
tile. The test suite checks it by permuting the hidden tiles among the other hands and the
boneyard (counts kept) and getting an identical knowledge object.

``sample_world(knowledge, rng)`` builds a full ``GameState`` the seat cannot tell apart from
the real one: the unseen tiles (the set minus the seat's hand minus the table) are dealt at
random into the other hands, with their known sizes, and into the boneyard, in random order.
Every other field is copied from the knowledge, so the engine's rules apply to it unchanged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.engine import GameState
from games.engine import legal_moves
from games.engine.commands import SeatCommand
from games.engine.ruleset import Ruleset
from games.engine.state import ENGINE
from games.engine.tiles import Tile
from games.engine.tiles import full_set
from games.engine.tiles import tile


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """Everything ``seat`` may know at one point of a match (and nothing else)."""

    seat: int
    seats: int
    ruleset: Ruleset
    phase: str
    round: int
    engine: int
    engine_placed: bool
    hand: frozenset[Tile]
    drawn: Tile | None  # the tile this seat has just drawn (its own turn only)
    other_drew: bool  # another seat is to move and has drawn this turn (the tile is hidden)
    trains: tuple[tuple[tuple[int, int], ...], ...]  # 0..seats-1 own trains, [seats] Mexican
    ends: tuple[int, ...]
    markers: tuple[bool, ...]
    open_doubles: tuple[int, ...]  # train indices, oldest first
    laid_count: tuple[int, ...]  # per number: how many laid tiles show it (from the table)
    hand_counts: tuple[int, ...]
    boneyard_count: int
    to_move: int
    first_turns_left: int
    laid: int
    doubles_laid: int
    turn_doubles: tuple[int, ...]
    went_out: int | None
    blocked: bool
    round_history: tuple[tuple[int, ...], ...]
    legal_moves: tuple[SeatCommand, ...]

    @property
    def first_turn(self) -> bool:
        return self.first_turns_left > 0

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_moves)

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[i] for r in self.round_history) for i in range(self.seats))

    def table_tiles(self) -> set[Tile]:
        """Return every tile laid in the round: the engine (once placed) and the trains."""
        out = {tile(a, b) for train in self.trains for a, b in train}
        if self.engine_placed:
            out.add(tile(self.engine, self.engine))
        return out

    def unseen_tiles(self) -> list[Tile]:
        """Return the tiles this seat cannot see (other hands and the boneyard), sorted."""
        seen = self.table_tiles() | self.hand
        return [t for t in full_set(self.ruleset.set_max) if t not in seen]


def seat_knowledge(state: GameState, seat: int) -> SeatKnowledge:
    """Return what ``seat`` may know of ``state``: own hand, the public table, its legal moves."""
    in_round = state.round > 0 and state.engine >= 0
    own_turn = state.to_move == seat
    return SeatKnowledge(
        seat=seat,
        seats=state.seats,
        ruleset=state.ruleset,
        phase=state.phase,
        round=state.round,
        engine=state.engine,
        engine_placed=in_round and state.phase != ENGINE,
        hand=frozenset(state.hands[seat]),
        drawn=state.drawn if own_turn else None,
        other_drew=(not own_turn) and state.drawn is not None,
        trains=tuple(tuple(t) for t in state.trains),
        ends=tuple(state.ends),
        markers=tuple(state.markers),
        open_doubles=tuple(state.open_doubles),
        laid_count=tuple(state.laid_count),
        hand_counts=tuple(len(h) for h in state.hands),
        boneyard_count=state.boneyard_left,
        to_move=state.to_move,
        first_turns_left=state.first_turns_left,
        laid=state.laid,
        doubles_laid=state.doubles_laid,
        turn_doubles=tuple(state.turn_doubles),
        went_out=state.went_out,
        blocked=state.blocked,
        round_history=tuple(tuple(r) for r in state.round_history),
        legal_moves=tuple(legal_moves(state, seat)),
    )


def sample_world(k: SeatKnowledge, rng: random.Random) -> GameState:
    """Return a full state consistent with ``k``: the unseen tiles dealt at random into the other
    hands (their known sizes) and the boneyard (random order). The real state is one of these."""
    unseen = k.unseen_tiles()
    rng.shuffle(unseen)
    s = GameState(k.ruleset, k.seats, "")
    s.phase = k.phase
    s.round = k.round
    s.engine = k.engine
    hands: list[set[Tile]] = []
    pos = 0
    for i, count in enumerate(k.hand_counts):
        if i == k.seat:
            hands.append(set(k.hand))
        else:
            hands.append(set(unseen[pos : pos + count]))
            pos += count
    if len(unseen) - pos != k.boneyard_count:
        raise ValueError("the knowledge is inconsistent: unseen tiles do not fill the counts")
    s.hands = hands
    s.boneyard = tuple(unseen[pos:])
    s.bpos = 0
    s.trains = [list(t) for t in k.trains]
    s.ends = list(k.ends)
    s.markers = list(k.markers)
    s.open_doubles = list(k.open_doubles)
    s.laid_count = list(k.laid_count)
    s.to_move = k.to_move
    s.first_turns_left = k.first_turns_left
    s.laid = k.laid
    if k.drawn is not None:
        s.drawn = k.drawn
    elif k.other_drew and hands[k.to_move]:
        s.drawn = rng.choice(sorted(hands[k.to_move]))
    s.turn_doubles = list(k.turn_doubles)
    s.doubles_laid = k.doubles_laid
    s.went_out = k.went_out
    s.blocked = k.blocked
    s.round_history = list(k.round_history)
    return s
