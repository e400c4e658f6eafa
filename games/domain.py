"""A game's aggregate: its event stream folded by the engine, loaded through snapshots.

The stream holds the engine's events and a few platform events (a seat resigned, the game was
abandoned) that the engine does not fold.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from eventstore import store
from eventstore.store import StoredEvent

from games.engine import ENGINE_VERSION, GameState, event_from_dict, view
from games.engine.events import EVENT_TYPES, Event
from games.engine.state import evolve, initial_state

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
PLATFORM_TYPES = frozenset(
    {SEAT_RESIGNED, GAME_ABANDONED, SEAT_FORFEITED, SEED_CONTRIBUTIONS_FIXED}
)

# Staff adjudication (games.adjudication): decisions appended to the stream, never edits of it.
GAME_VOIDED = "GameVoided"
RESULT_AWARDED = "ResultAwarded"
# A round dealt again by staff; the engine's RoundStarted follows it (older logs: it carries the
# whole engine state it restored, never sent as is).
ROUND_RESTARTED = "RoundRestarted"
RATINGS_REVERSED = "RatingsReversed"
ADJUDICATION_TYPES = frozenset({GAME_VOIDED, RESULT_AWARDED, ROUND_RESTARTED, RATINGS_REVERSED})


def platform_event(type_: str, **data) -> dict:
    return {"type": type_, "schema_version": 1, "data": data}


def redact_platform_event(e: StoredEvent, seat: int | None) -> dict:
    """Return a platform event as ``seat`` (None: a spectator) may see it: a RoundRestarted
    shows that seat's view of the position it restored, never the whole state it carries."""
    data = e.data
    if e.type == ROUND_RESTARTED:
        data = {k: v for k, v in data.items() if k != "state"}
        if "state" in e.data:
            data["view"] = view(GameState.from_dict(e.data["state"]), seat)
    return {"type": e.type, "schema_version": e.schema_version, "data": data}


def effective_engine_stored(stored: Iterable[StoredEvent]) -> list[StoredEvent]:
    """Return the stored engine events that make the match as it stands: a RoundRestarted
    drops its round's deal and moves (the fresh deal follows it), so what is left replays move
    by move. (An older one, carrying a ``state``, drops the events after the position it
    restored.)"""
    out: list[StoredEvent] = []
    for e in stored:
        if e.type in EVENT_TYPES:
            out.append(e)
        elif e.type == ROUND_RESTARTED and "state" in e.data:
            while out and out[-1].seq > e.data["at_seq"]:
                out.pop()
        elif e.type == ROUND_RESTARTED:
            while out and out[-1].type != "RoundStarted":
                out.pop()
            if out:
                out.pop()  # the deal it replaces
    return out


def restart_numbers(stored: Iterable[StoredEvent]) -> dict[int, int]:
    """Return, per round dealt again by staff, the number of the restart it is played from now
    (its deal is ``engine.deal.redeal_seed(seed, round, number)``'s); older restarts, which
    kept the dealt tiles, count for nothing."""
    out: dict[int, int] = {}
    for e in stored:
        if e.type == ROUND_RESTARTED and "state" not in e.data:
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


def fold(stored: Sequence[StoredEvent], state: GameState | None = None) -> GameState | None:
    """Fold stored events (engine ones; platform ones are skipped) into ``state`` in place.

    A RoundRestarted changes nothing itself: the fresh deal it is followed by starts the round
    again (an older one replaces the state by the one it carries, the position it restored).
    """
    for e in stored:
        if e.type not in EVENT_TYPES:
            if e.type == ROUND_RESTARTED and "state" in e.data:
                state = GameState.from_dict(e.data["state"])
            continue
        event = event_from_dict(e.payload)
        if state is None:
            state = initial_state(event)  # MatchStarted
        else:
            evolve(state, event)
    return state


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
    snap = store.latest_snapshot(stream, ENGINE_VERSION)
    state = GameState.from_dict(snap.state) if snap else None
    after = snap.seq if snap else 0
    tail = store.read(stream, after=after)
    state = fold(tail, state)
    if tail:
        return Loaded(state, tail[-1].seq, tail[-1].hash)
    if snap:
        return Loaded(state, snap.seq, snap.hash)
    return Loaded(None, 0, store.GENESIS)


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
