"""A game's aggregate: its event stream folded by the engine, loaded through snapshots.

The stream holds the engine's events and a few platform events (a seat resigned, the game was
abandoned, a seat was given more time, seats went berserk) that the engine does not fold.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection
from django.db import transaction

from core import sql
from core.errors import Conflict
from core.errors import NotFound
from eventstore import store
from eventstore import upcasters
from eventstore.store import ConcurrencyConflict
from eventstore.store import StoredEvent
from games.engine import ENGINE_VERSION
from games.engine import GameState
from games.engine import StartRound
from games.engine import deal_round
from games.engine import event_from_dict
from games.engine import event_to_dict
from games.engine import step
from games.engine.events import EVENT_TYPES
from games.engine.events import Event
from games.engine.state import DEALING
from games.engine.state import evolve
from games.engine.state import initial_state
from games.errors import GameError
from games.models import Game
from games.models import Seat

SNAPSHOT_EVERY = 25
"""Snapshot whenever an append crosses a multiple of this many events: loading a game then
folds at most this many events on top of a snapshot, however long the game."""

SEAT_RESIGNED = "SeatResigned"
GAME_ABANDONED = "GameAbandoned"
# A seat that timed out too often and is played by the timeout action to the end (RULES R24).
SEAT_FORFEITED = "SeatForfeited"
# Record version 2: the seats' contributions to the seed, fixed at the start (appended right
# after MatchStarted, with the server seed's commitment and when it was published).
SEED_CONTRIBUTIONS_FIXED = "SeedContributionsFixed"
# A player gave the seat to move more time on its turn: {seat, seconds, given_by} (the giver's
# seat; games.more_time). The turn's deadline moves back by ``seconds`` (games.clocks).
MORE_TIME_GIVEN = "MoreTimeGiven"
# The seats whose players went berserk in the ready window (games.services.game_berserk):
# {berserk: [seat indexes, ascending]} (not "seats", which MatchStarted's data holds as a count),
# appended at the start right after the start events (and the contributions), before the first
# deal, only when there are any. The projection halves those seats' initial reserve
# (games.clocks.berserk_reserve_ms); a tournament reads it (berserk_seats) for its bonus.
SEATS_BERSERK = "SeatsBerserk"
PLATFORM_TYPES = frozenset(
    {
        SEAT_RESIGNED,
        GAME_ABANDONED,
        SEAT_FORFEITED,
        SEED_CONTRIBUTIONS_FIXED,
        MORE_TIME_GIVEN,
        SEATS_BERSERK,
    }
)

# Staff adjudication (disputes.adjudication): decisions appended to the stream, never edits of it.
GAME_VOIDED = "GameVoided"
RESULT_AWARDED = "ResultAwarded"
# A round dealt again by staff. Schema version 2 is a fact, no tile in it: {reason, dispute,
# round, restart, at_seq}, restart ``restart`` of round ``round`` dealt from ``redeal_seed``, the
# engine's RoundStarted right after it (``at_seq``: the event found at fault, or null). An older
# log's restart reads as {reason, dispute, round, at_seq, restart: null, restores_seq: N}: the
# round went on from the position the log reached at seq N, tiles as dealt (see the upcaster).
ROUND_RESTARTED = "RoundRestarted"
RATINGS_REVERSED = "RatingsReversed"
ADJUDICATION_TYPES = frozenset({GAME_VOIDED, RESULT_AWARDED, ROUND_RESTARTED, RATINGS_REVERSED})
SCHEMA_VERSIONS = {ROUND_RESTARTED: 2}
"""The schema version platform events are appended in (1 when not named here)."""


def platform_event(type_: str, **data) -> dict:
    return {"type": type_, "schema_version": SCHEMA_VERSIONS.get(type_, 1), "data": data}


@upcasters.register(ROUND_RESTARTED, 1)
def round_restarted_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Read a version 1 RoundRestarted as version 2 (the stored row is left as it is).

    A restart from a fresh deal was already the fact. The oldest restarts carried ``state``,
    the whole engine state (every hand, the boneyard) of the position at ``at_seq`` they went
    back to: read as the fact ``restores_seq`` only, that position being the fold of the log
    up to it (``Folder``), so no reader ever holds, sends or trusts the copy."""
    if "state" not in data:
        return dict(data)
    fact = {k: v for k, v in data.items() if k != "state"}
    fact.update(restart=None, restores_seq=data.get("at_seq"))
    return fact


def berserk_seats(stored: Iterable[StoredEvent]) -> set[int]:
    """Return the seats that went berserk, as a game's log tells it (its SeatsBerserk; none
    before the start, or when nobody did)."""
    out: set[int] = set()
    for e in stored:
        if e.type == SEATS_BERSERK:
            out.update(e.data.get("berserk", ()))
    return out


def restores_position(e: StoredEvent) -> bool:
    """Tell whether ``e`` is an older RoundRestarted: back to a position of the log, tiles as
    dealt (``restores_seq``), where a newer one deals the round again."""
    return e.type == ROUND_RESTARTED and "restores_seq" in e.data


def _log_upto(seen: list[StoredEvent], e: StoredEvent) -> list[StoredEvent]:
    """Return the log up to the seq the restart ``e`` restores: from ``seen`` (the events
    before ``e``) when it holds the log from its first event, else read from the store."""
    at = e.data["restores_seq"]
    if isinstance(at, bool) or not isinstance(at, int) or not 0 < at < e.seq:
        raise ValueError(f"event {e.seq}: a restart to seq {at!r}, not an event before it")
    if not seen or seen[0].seq != 1:
        seen = store.read(e.stream, upto=at)
    return [x for x in seen if x.seq <= at]


def redact_platform_event(e: StoredEvent, seat: int | None) -> dict:
    """Return a platform event as ``seat`` (None: a spectator) may see it. None holds a hidden
    tile — a RoundRestarted is a fact, the fresh deal after it an engine event redacted like
    any, and an older one's stored copy of the whole state is never read (the upcaster) — so
    each goes as read."""
    return {"type": e.type, "schema_version": e.schema_version, "data": e.data}


def effective_engine_stored(stored: Iterable[StoredEvent]) -> list[StoredEvent]:
    """Return the stored engine events that make the match as it stands: a RoundRestarted
    drops its round's deal and moves (the fresh deal follows it), so what is left replays move
    by move. (An older one, back to the position at ``restores_seq``, leaves the effective
    events of the log up to there: ``fold`` reaches the same state.)"""
    seen: list[StoredEvent] = []
    out: list[StoredEvent] = []
    for e in stored:
        if e.type in EVENT_TYPES:
            out.append(e)
        elif restores_position(e):
            out = effective_engine_stored(_log_upto(seen, e))
        elif e.type == ROUND_RESTARTED:
            while out and out[-1].type != "RoundStarted":
                out.pop()
            if out:
                out.pop()  # the deal it replaces
        seen.append(e)
    return out


def restart_numbers(stored: Iterable[StoredEvent]) -> dict[int, int]:
    """Return, per round dealt again by staff, the number of the restart it is played from now
    (its deal is ``engine.deal.redeal_seed(seed, round, number)``'s); older restarts, which
    kept the dealt tiles, count for nothing."""
    out: dict[int, int] = {}
    for e in stored:
        if e.type == ROUND_RESTARTED and e.data.get("restart") is not None:
            out[e.data["round"]] = e.data["restart"]
    return out


def engine_events(stored: Iterable[StoredEvent]) -> list[Event]:
    """Return the engine's events among stored ones, as engine objects (after restarts)."""
    return [event_from_dict(e.payload) for e in effective_engine_stored(stored)]


@dataclass
class Loaded:
    state: GameState | None  # None before the match has started
    version: int
    head_hash: str


class Folder:
    """The one fold of a game's stream, an event at a time: ``fold``, the audit's positions and
    the integrity check's replay all go through it.

    Engine events evolve the state (MatchStarted starts it); platform events leave it as it is.
    A RoundRestarted changes nothing itself: the fresh deal it is followed by starts the round
    again. An older one, back to the position at ``restores_seq``, makes the state the fold of
    the log up to that seq: the events fed so far when folding from the first one, else the
    log read from the store (a fold on from a snapshot or a cached state).
    """

    def __init__(self, state: GameState | None = None) -> None:
        self.state = state
        self._seen: list[StoredEvent] | None = [] if state is None else None

    def feed(self, e: StoredEvent) -> None:
        if e.type in EVENT_TYPES:
            event = event_from_dict(e.payload)
            if self.state is None:
                self.state = initial_state(event)  # MatchStarted
            else:
                evolve(self.state, event)
        elif restores_position(e):
            self.state = fold(_log_upto(self._seen or [], e))
        if self._seen is not None:
            self._seen.append(e)


def fold(stored: Sequence[StoredEvent], state: GameState | None = None) -> GameState | None:
    """Fold stored events into ``state`` in place (see ``Folder``); return the state (a new
    object when there was none, or a restart went back to an earlier position)."""
    folder = Folder(state)
    for e in stored:
        folder.feed(e)
    return folder.state


class _StateCache:
    """The last committed state of recently played games, in this process.

    A hit must name the version the caller read from the database in its own transaction, so
    a state another process has moved past is never used; entries are copied in and out.
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._entries: OrderedDict[str, tuple[int, str, GameState]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stream: str, version: int) -> Loaded | None:
        with self._lock:
            entry = self._entries.get(stream)
            if entry is None or entry[0] != version:
                return None
            self._entries.move_to_end(stream)
        return Loaded(entry[2].copy(), entry[0], entry[1])

    def latest(self, stream: str) -> Loaded | None:
        """Return the newest state cached for ``stream`` whatever its version, or None."""
        with self._lock:
            entry = self._entries.get(stream)
        if entry is None:
            return None
        return Loaded(entry[2].copy(), entry[0], entry[1])

    def put(self, stream: str, loaded: Loaded) -> None:
        if loaded.state is None:
            return
        entry = (loaded.version, loaded.head_hash, loaded.state.copy())
        with self._lock:
            current = self._entries.get(stream)
            if current is None or current[0] < entry[0]:
                self._entries[stream] = entry
                self._entries.move_to_end(stream)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


STATE_CACHE = _StateCache()


def remember_on_commit(stream: str, loaded: Loaded) -> None:
    """Cache ``loaded`` once the transaction that appended it has committed (never before)."""
    entry = Loaded(loaded.state.copy() if loaded.state else None, loaded.version, loaded.head_hash)
    transaction.on_commit(lambda: STATE_CACHE.put(stream, entry))


def load(stream: str, known_version: int | None = None) -> Loaded:
    """Return the game's current state: the latest snapshot, then the events after it.

    ``known_version`` (the version the caller has just read from the game's row) lets a state
    this process cached at that very version stand in for the database reads.
    """
    if known_version is not None:
        cached = STATE_CACHE.get(stream, known_version)
        if cached is not None:
            return cached
        # Another process moved the game on since this one cached it (a bot's turn in the
        # worker, a move through another web process): fold just the events since then.
        older = STATE_CACHE.latest(stream)
        if older is not None and older.version < known_version:
            tail = store.read(stream, after=older.version)
            if tail and tail[0].seq == older.version + 1:
                return Loaded(fold(tail, older.state), tail[-1].seq, tail[-1].hash)
    return load_since(stream, None)[0]


def load_since(stream: str, after: int | None) -> tuple[Loaded, list]:
    """``load``'s answer from the database, and the events after ``after`` up to its version
    (none for None): one read of the log where ``load`` and ``store.read`` made two (a
    socket's first sync reads the whole log, from 0)."""
    snap = store.latest_snapshot(stream, ENGINE_VERSION)
    state = GameState.from_dict(snap.state) if snap else None
    base = snap.seq if snap else 0
    read = store.read(stream, after=base if after is None else min(after, base))
    tail = [e for e in read if e.seq > base]
    state = fold(tail, state)
    if tail:
        loaded = Loaded(state, tail[-1].seq, tail[-1].hash)
    elif snap:
        loaded = Loaded(state, snap.seq, snap.hash)
    else:
        loaded = Loaded(None, 0, store.GENESIS)
    return loaded, ([] if after is None else [e for e in read if e.seq > after])


def maybe_snapshot(stream: str, before: int, loaded: Loaded) -> None:
    """Snapshot the state if the last append crossed a multiple of SNAPSHOT_EVERY."""
    if loaded.state is None or loaded.version // SNAPSHOT_EVERY == before // SNAPSHOT_EVERY:
        return
    store.save_snapshot(
        stream,
        seq=loaded.version,
        version_tag=ENGINE_VERSION,
        state=loaded.state.to_dict(),
        hash=loaded.head_hash,
    )


# -- writing ------------------------------------------------------------------------------------
# Every writer of a game locks its row first (``get_game(..., for_update=True)``), in the same
# order (row, then events): two writers racing then queue on the row and the second answers
# "stale", where inserting first and locking later could deadlock.

SYSTEM = {"kind": "system"}


@dataclass(frozen=True)
class MoveResult:
    seq: int  # the game's version after the move (and any moves it caused)
    events: tuple[StoredEvent, ...]
    duplicate: bool = False
    seat: int | None = None  # the seat of the user who asked, to redact the answer for


class Stale(Conflict):
    """The game has moved on since the version the writer read (409 ``stale``)."""

    def __init__(self, seq: int) -> None:
        super().__init__(GameError.STALE, "the game has moved on", extra={"seq": seq})


class Duplicate(Exception):  # noqa: N818 — an outcome, not an error: the first answer
    """A command id already appended: ``result`` is the first answer, and nothing was."""

    def __init__(self, result: MoveResult) -> None:
        super().__init__(result.seq)
        self.result = result


def actor(user, kind: str | None = None) -> dict[str, Any]:
    """The actor of events a user's request appends (a person, or a bot's account)."""
    return {
        "kind": kind or ("bot" if user.is_bot else "player"),
        "user": user.id,
        "name": user.username,
    }


def get_game(game_id, *, for_update: bool = False) -> Game:
    """Return the game row (its creator along: a table's default name); ``for_update`` locks
    the game row only. 404 ``not_found`` if there is no such game."""
    games = Game.objects.select_related("created_by")
    games = games.select_for_update(of=("self",)) if for_update else games
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, ValidationError):
        raise NotFound(GameError.NOT_FOUND, "no such game") from None


@functools.cache
def _game_and_seats_query(vendor: str, lock: bool = True) -> tuple[str, tuple[sql.Columns, ...]]:
    User = get_user_model()  # noqa: N806
    game, creator = sql.Columns(Game, "g"), sql.Columns(User, "c")
    seat, player = sql.Columns(Seat, "s"), sql.Columns(User, "u")
    quote = connection.ops.quote_name
    statement = (
        f"SELECT {game.select}, {creator.select}, {seat.select}, {player.select} "
        f"FROM {game.table} JOIN {creator.table} ON c.{quote('id')} = g.{quote('created_by_id')} "
        f"LEFT JOIN {seat.table} ON s.{quote('game_id')} = g.{quote('id')} "
        f"LEFT JOIN {player.table} ON u.{quote('id')} = s.{quote('user_id')} "
        f"WHERE g.{quote('id')} = %s ORDER BY s.{quote('index')}"
    )
    if lock and vendor == "postgresql":
        statement += " FOR UPDATE OF g"  # the game row only: its writers queue on it
    return statement, (game, creator, seat, player)


def get_game_and_seats(game_id, *, lock: bool = True) -> tuple[Game, list[Seat]]:
    """Lock the game row and read it with its creator and its seats and their players, in one
    statement (the first read of a move, a timeout, a resignation: ``core.sql``'s, not the
    ORM's, whose compiling cost more than the query). ``lock=False``: read only (a bot's turn
    reads before it thinks, and locks with ``lock_game`` once it has chosen). 404
    ``not_found``."""
    try:
        key = Game._meta.pk.get_db_prep_value(Game._meta.pk.to_python(game_id), connection)
    except (ValueError, ValidationError):
        raise NotFound(GameError.NOT_FOUND, "no such game") from None
    statement, (game_cols, creator_cols, seat_cols, player_cols) = _game_and_seats_query(
        connection.vendor, lock
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [key])
        rows = cursor.fetchall()
    if not rows:
        raise NotFound(GameError.NOT_FOUND, "no such game")
    width = [len(c.fields) for c in (game_cols, creator_cols, seat_cols)]
    game = game_cols.build(rows[0], 0)
    game.created_by = creator_cols.build(rows[0], width[0])
    seats = []
    for row in rows:
        seat = seat_cols.build(row, width[0] + width[1])
        if seat is None:  # a table with no seat yet: the outer join's empty side
            continue
        seat.game = game
        seat.user = player_cols.build(row, sum(width))
        seats.append(seat)
    return game, seats


@functools.cache
def _game_query(vendor: str) -> tuple[str, sql.Columns]:
    game = sql.Columns(Game, "g")
    statement = (
        f"SELECT {game.select} FROM {game.table} WHERE g.{connection.ops.quote_name('id')} = %s"
    )
    if vendor == "postgresql":
        statement += " FOR UPDATE"
    return statement, game


def lock_game(game_id) -> Game | None:
    """Lock the game row and read it (without its creator), in one statement of
    ``core.sql``'s: the lock a writer takes when it read the seats before (a bot's turn reads
    them before it thinks). None if there is no such game."""
    statement, columns = _game_query(connection.vendor)
    key = Game._meta.pk.get_db_prep_value(Game._meta.pk.to_python(game_id), connection)
    with connection.cursor() as cursor:
        cursor.execute(statement, [key])
        row = cursor.fetchone()
    return columns.build(row, 0) if row else None


def check_repeated(game: Game, command_id: str | None) -> None:
    """Raise Duplicate with the first answer if ``command_id`` was appended already."""
    if command_id is None:
        return
    done = store.find_command(game.stream, command_id)
    if done is not None:
        events = store.read(game.stream, after=done.first_seq - 1, upto=done.last_seq)
        raise Duplicate(MoveResult(done.last_seq, tuple(events), duplicate=True))


def append(
    game: Game,
    loaded: Loaded,
    events,
    actor: dict[str, Any],
    *,
    command_id: str | None = None,
    at: datetime | None = None,
) -> list[StoredEvent]:
    """Append ``events`` (engine events or platform event dicts) after ``loaded.version`` and
    move ``loaded`` on. Stale if another writer got in first; Duplicate if ``command_id`` (a
    client's idempotency key) was appended already, also by a request that committed while
    this one was under way."""
    payloads = [e if isinstance(e, dict) else event_to_dict(e) for e in events]
    try:
        result = store.append(
            game.stream,
            expected_version=loaded.version,
            events=payloads,
            actor=actor,
            command_id=command_id,
            prev_hash=loaded.head_hash,
            # Under the game row's lock no other writer appends meanwhile: a savepoint is
            # needed only to go on and find a concurrent request's answer to the same key.
            savepoint=command_id is not None,
            at=at,
        )
    except ConcurrencyConflict as exc:
        check_repeated(game, command_id)
        raise Stale(exc.actual) from None
    if result.duplicate:  # the same key committed by a concurrent request: its answer
        raise Duplicate(MoveResult(result.last_seq, result.events, duplicate=True))
    loaded.version = result.last_seq
    loaded.head_hash = result.events[-1].hash
    return list(result.events)


def deal_if_due(game: Game, loaded: Loaded) -> list[StoredEvent]:
    """Deal the next round from the seed once the last one has ended (in place)."""
    state = loaded.state
    if state is None or state.phase != DEALING:
        return []
    rs = state.ruleset
    hands, boneyard = deal_round(
        bytes.fromhex(game.seed), state.round + 1, rs.set_max, state.seats, rs.hand_size
    )
    return append(game, loaded, step(state, StartRound(hands, boneyard)), SYSTEM)


def abandon_if_deserted(game: Game, loaded: Loaded, seats, leaving: int) -> list[StoredEvent]:
    """Every person has left once seat ``leaving`` does: the game ends without a result."""
    if any(not s.automatic and s.index != leaving for s in seats):
        return []
    return append(game, loaded, [platform_event(GAME_ABANDONED)], SYSTEM)
