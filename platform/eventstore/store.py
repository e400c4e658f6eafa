"""The only code that touches the event table: append with an expected version, read, snapshots,
the hash chain that makes any edit of history detectable, and the signed checkpoints of each
head that make a rewrite with a recomputed chain detectable too (``checkpoints``).

Concurrency: ``append`` relies on the unique (stream, seq) constraint. Two writers that loaded the
same version both try to insert seq = version + 1; the database lets exactly one commit and the
other gets ``ConcurrencyConflict``. No row locks are taken.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from typing import Any

from django.db import IntegrityError
from django.db import connection
from django.db import transaction
from psycopg.types.json import Jsonb

from core import clock
from core import sql
from core import tracing

from . import checkpoints
from . import upcasters
from .models import AppendedCommand
from .models import Checkpoint
from .models import Event
from .models import Snapshot

GENESIS = "0" * 64


class ConcurrencyConflict(Exception):
    """Another writer appended to the stream first: the caller's expected version is stale."""

    def __init__(self, stream: str, expected: int, actual: int) -> None:
        super().__init__(f"{stream}: expected version {expected}, found {actual}")
        self.stream = stream
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True)
class StoredEvent:
    stream: str
    seq: int
    type: str
    schema_version: int
    data: dict[str, Any]
    actor: dict[str, Any]
    created_at: datetime
    prev_hash: str
    hash: str
    # (schema_version, data) as stored, when an upcaster read them in a newer shape (None: as
    # stored): what the hash covers. ``schema_version`` and ``data`` are the current shape.
    stored: tuple[int, dict[str, Any]] | None = None

    @property
    def payload(self) -> dict[str, Any]:
        """The event as the engine's ``event_from_dict`` reads it."""
        return {"type": self.type, "schema_version": self.schema_version, "data": self.data}

    @property
    def as_stored(self) -> tuple[int, dict[str, Any]]:
        """Return (schema_version, data) exactly as the row holds them."""
        return self.stored if self.stored is not None else (self.schema_version, self.data)


def upcast(e: StoredEvent) -> StoredEvent:
    """Return ``e`` in the current shape of its type (eventstore.upcasters); the row's own
    version and data are kept in ``stored``, for the hash."""
    if (e.type, e.schema_version) not in upcasters.REGISTRY:
        return e
    version, data = upcasters.upcast(e.type, e.schema_version, e.data)
    return replace(e, schema_version=version, data=data, stored=(e.schema_version, e.data))


@dataclass(frozen=True)
class AppendResult:
    first_seq: int
    last_seq: int
    events: tuple[StoredEvent, ...]
    duplicate: bool = False  # the command id was appended before; nothing new was written


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def chain_hash(
    prev_hash: str,
    stream: str,
    seq: int,
    type_: str,
    schema_version: int,
    data: dict[str, Any],
    actor: dict[str, Any],
    created_at: datetime,
) -> str:
    """Return SHA-256 over the previous hash and the event's canonical JSON."""
    body = json.dumps(
        [stream, seq, type_, schema_version, data, actor, _stamp(created_at)],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(prev_hash.encode() + body.encode()).hexdigest()


def _stored(row: Event) -> StoredEvent:
    return upcast(
        StoredEvent(
            row.stream,
            row.seq,
            row.type,
            row.schema_version,
            row.data,
            row.actor,
            row.created_at,
            row.prev_hash,
            row.hash,
        )
    )


_FIELDS = (
    "stream",
    "seq",
    "type",
    "schema_version",
    "data",
    "actor",
    "created_at",
    "prev_hash",
    "hash",
)


def read(stream: str, *, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
    """Return the stream's events with after < seq <= upto, in order, each in the current shape
    of its type (``upcast``)."""
    # Plain tuples, not model instances, from a statement written once (``core.sql``):
    # loading is on every move's path, and compiling the ORM's query took longer than the
    # database took to answer it (a fifth of a worker's time at 100 tables, with the rest
    # of a bot's turn).
    statement, columns = _read_query(connection.vendor, upto is not None)
    params = [stream, after] if upto is None else [stream, after, upto]
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        rows = cursor.fetchall()
    return [upcast(StoredEvent(*columns.values(r))) for r in rows]


@functools.cache
def _read_query(vendor: str, bounded: bool) -> tuple[str, sql.Columns]:
    columns = sql.Columns(Event, "e", _FIELDS)
    quote = connection.ops.quote_name
    statement = (
        f"SELECT {columns.select} FROM {columns.table} "
        f"WHERE e.{quote('stream')} = %s AND e.{quote('seq')} > %s"
        + (f" AND e.{quote('seq')} <= %s" if bounded else "")
        + f" ORDER BY e.{quote('seq')}"
    )
    return statement, columns


def version(stream: str) -> int:
    """Return the stream's last seq (0 for an empty stream)."""
    last = Event.objects.filter(stream=stream).order_by("-seq").values_list("seq", flat=True)[:1]
    return last[0] if last else 0


def _hash_at(stream: str, seq: int) -> str | None:
    if seq == 0:
        return GENESIS
    found = Event.objects.filter(stream=stream, seq=seq).values_list("hash", flat=True)[:1]
    return found[0] if found else None


def find_command(stream: str, command_id: str) -> AppendedCommand | None:
    return AppendedCommand.objects.filter(stream=stream, command_id=command_id).first()


@tracing.traced("eventstore.append")
def append(
    stream: str,
    *,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: dict[str, Any],
    command_id: str | None = None,
    prev_hash: str | None = None,
    savepoint: bool = True,
    at: datetime | None = None,
) -> AppendResult:
    """Append ``events`` (``{"type", "schema_version", "data"}``) after ``expected_version``.

    Raises ``ConcurrencyConflict`` if the stream is not at ``expected_version``. A ``command_id``
    seen before on this stream appends nothing and returns the original result. ``prev_hash``
    (the hash of event ``expected_version``) saves a query for a caller that has just read it.

    ``savepoint=False`` (no ``command_id``) saves two round trips for a caller that holds a
    lock no other writer of the stream gets past (the game row): a conflict then cannot
    happen, and if it did, the caller's transaction is lost with it (``actual`` is unknown,
    given as ``expected_version``) and must only answer. ``at``: the events' time (default
    now), for appends of one transaction that must read as one moment.
    """
    if not events:
        raise ValueError("append needs at least one event")
    # Only the insert needs a transaction (a savepoint inside the caller's): a conflict rolls
    # back just that, and the caller's transaction goes on to answer it.
    if command_id is not None:
        done = find_command(stream, command_id)
        if done is not None:
            return _replayed(stream, done)
    if prev_hash is None:
        prev_hash = _hash_at(stream, expected_version)
        if prev_hash is None:
            raise ConcurrencyConflict(stream, expected_version, version(stream))
    at = at or clock.now()
    rows = []
    h = prev_hash
    for i, e in enumerate(events):
        seq = expected_version + 1 + i
        sv = e.get("schema_version", 1)
        new = chain_hash(h, stream, seq, e["type"], sv, e["data"], actor, at)
        rows.append(
            Event(
                stream=stream,
                seq=seq,
                type=e["type"],
                schema_version=sv,
                data=e["data"],
                actor=actor,
                created_at=at,
                prev_hash=h,
                hash=new,
            )
        )
        h = new
    last = expected_version + len(rows)
    # The new head, signed, in the same transaction: every head the platform acknowledges can
    # be shown later to be the one it appended (eventstore.checkpoints).
    checkpoint = checkpoints.make(stream, expected_version + 1, last, h, at)
    if not savepoint and command_id is not None:
        raise ValueError("a command id is answered from a savepoint")
    try:
        with transaction.atomic(savepoint=savepoint):
            command = None
            if command_id is not None:
                command = AppendedCommand(
                    stream=stream,
                    command_id=command_id,
                    first_seq=expected_version + 1,
                    last_seq=last,
                )
            _insert(rows, checkpoint, command)
    except IntegrityError:
        if not savepoint:  # the caller's transaction is lost: nothing more may be read
            raise ConcurrencyConflict(stream, expected_version, expected_version) from None
        if command_id is not None:
            done = find_command(stream, command_id)
            if done is not None:
                return _replayed(stream, done)
        raise ConcurrencyConflict(stream, expected_version, version(stream)) from None
    return AppendResult(expected_version + 1, last, tuple(_stored(r) for r in rows))


def _insert(rows: list[Event], checkpoint, command: AppendedCommand | None) -> None:
    """Insert an append's rows — its events, its signed head, its command id — in one
    statement on PostgreSQL (a chain of data-modifying WITHs: one round trip, and no ORM
    query to compile on a game's hottest path); with the ORM elsewhere (SQLite).

    ``append`` always passes a checkpoint; None (no head row) is only for the checkpoints
    benchmark, which times the same statement without it."""
    if connection.vendor != "postgresql":
        Event.objects.bulk_create(rows)
        if checkpoint is not None:
            checkpoint.save(force_insert=True)
        if command is not None:
            command.save(force_insert=True)
        return
    inserts: list[tuple[str, list[str], list[list[Any]]]] = [
        (
            Event._meta.db_table,
            ["stream", "seq", "type", "schema_version", "data", "actor", "created_at"]
            + ["prev_hash", "hash"],
            [
                [r.stream, r.seq, r.type, r.schema_version, Jsonb(r.data), Jsonb(r.actor)]
                + [r.created_at, r.prev_hash, r.hash]
                for r in rows
            ],
        ),
    ]
    if checkpoint is not None:
        inserts.append(
            (
                checkpoint._meta.db_table,
                ["stream", "first_seq", "seq", "head_hash", "key_id", "signature", "created_at"],
                [
                    [checkpoint.stream, checkpoint.first_seq, checkpoint.seq]
                    + [checkpoint.head_hash, checkpoint.key_id, checkpoint.signature]
                    + [checkpoint.created_at]
                ],
            )
        )
    if command is not None:
        inserts.append(
            (
                AppendedCommand._meta.db_table,
                ["stream", "command_id", "first_seq", "last_seq", "created_at"],
                [
                    [command.stream, command.command_id, command.first_seq, command.last_seq]
                    + [rows[-1].created_at]
                ],
            )
        )
    parts, params = [], []
    for table, columns, values in inserts:
        row = "(" + ", ".join(["%s"] * len(columns)) + ")"
        names = ", ".join(f'"{c}"' for c in columns)
        parts.append(f'INSERT INTO "{table}" ({names}) VALUES ' + ", ".join([row] * len(values)))
        params += [v for value in values for v in value]
    *first, last = parts
    sql = (
        ("WITH " + ", ".join(f"i{i} AS ({p})" for i, p in enumerate(first)) + " ") if first else ""
    ) + last
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _replayed(stream: str, done: AppendedCommand) -> AppendResult:
    events = read(stream, after=done.first_seq - 1, upto=done.last_seq)
    return AppendResult(done.first_seq, done.last_seq, tuple(events), duplicate=True)


def extend_command(stream: str, command_id: str, last_seq: int) -> None:
    """Record that the answer to ``command_id`` ends at ``last_seq`` (events the command caused)."""
    AppendedCommand.objects.filter(stream=stream, command_id=command_id).update(last_seq=last_seq)


# -- snapshots ---------------------------------------------------------------------------------


def save_snapshot(stream: str, *, seq: int, version_tag: str, state: dict, hash: str) -> None:
    """Cache a stream's folded state at ``seq`` (idempotent: one ``INSERT … ON CONFLICT DO
    NOTHING``, where ``get_or_create`` took a read, a savepoint, the insert and its release)."""
    Snapshot.objects.bulk_create(
        [Snapshot(stream=stream, seq=seq, version_tag=version_tag, state=state, hash=hash)],
        ignore_conflicts=True,
    )


def latest_snapshot(stream: str, version_tag: str) -> Snapshot | None:
    return Snapshot.objects.filter(stream=stream, version_tag=version_tag).order_by("-seq").first()


def drop_snapshots(stream: str) -> int:
    """Delete a stream's snapshots (they are caches; the log rebuilds them)."""
    return Snapshot.objects.filter(stream=stream).delete()[0]


# -- integrity ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainProblem:
    seq: int
    reason: str


def verify_chain(events: Sequence[StoredEvent]) -> ChainProblem | None:
    """Return the first event whose seq, link or hash is wrong, or None if the chain holds.

    The hash is recomputed over each event as stored, not as an upcaster reads it."""
    prev = GENESIS
    for expected_seq, e in enumerate(events, start=1):
        if e.seq != expected_seq:
            return ChainProblem(expected_seq, f"seq {expected_seq} is missing (found {e.seq})")
        if e.prev_hash != prev:
            return ChainProblem(e.seq, "its link to the previous event is broken")
        version, data = e.as_stored
        recomputed = chain_hash(
            e.prev_hash, e.stream, e.seq, e.type, version, data, e.actor, e.created_at
        )
        if recomputed != e.hash:
            return ChainProblem(e.seq, "its content does not match its hash")
        prev = e.hash
    return None


def streams(prefix: str = "") -> list[str]:
    """Return every stream name starting with ``prefix``."""
    return list(
        Event.objects.filter(stream__startswith=prefix)
        .values_list("stream", flat=True)
        .distinct()
        .order_by("stream")
    )


def sign_unsigned_streams(prefix: str = "") -> list[tuple[str, int]]:
    """Sign the events of each stream that were appended before checkpoints existed; return
    (stream, last seq signed) of each stream signed.

    For a database whose logs predate checkpoints (run once, when upgrading, after
    ``verify_events`` passed): one checkpoint per stream, at the time it runs, vouching for the
    events before its first checkpoint (all of them if it has none). Only that prefix: a gap
    after the first checkpoint means events appended behind the platform's back, which this
    must not hide.
    """
    first: dict[str, int] = {}
    for stream, first_seq in (
        Checkpoint.objects.filter(stream__startswith=prefix)
        .order_by("stream", "seq")
        .values_list("stream", "first_seq")
    ):
        first.setdefault(stream, first_seq)
    done = []
    for stream in streams(prefix):
        upto = first.get(stream, version(stream) + 1) - 1
        if upto < 1:
            continue
        with transaction.atomic():
            head = read(stream, after=upto - 1, upto=upto)[0]
            checkpoints.make(stream, 1, upto, head.hash, clock.now()).save(force_insert=True)
        done.append((stream, upto))
    return done
