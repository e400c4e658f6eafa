"""The only code that touches the event table: append with an expected version, read, snapshots,
the hash chain that makes any edit of history detectable, and the signed checkpoints of each
head that make a rewrite with a recomputed chain detectable too (``checkpoints``).

Concurrency: ``append`` relies on the unique (stream, seq) constraint. Two writers that loaded the
same version both try to insert seq = version + 1; the database lets exactly one commit and the
other gets ``ConcurrencyConflict``. No row locks are taken.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import IntegrityError, transaction

from core import clock

from . import checkpoints
from .models import AppendedCommand, Event, Snapshot

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

    @property
    def payload(self) -> dict[str, Any]:
        """The event as the engine's ``event_from_dict`` reads it."""
        return {"type": self.type, "schema_version": self.schema_version, "data": self.data}


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
    return StoredEvent(
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
    """Return the stream's events with after < seq <= upto, in order."""
    rows = Event.objects.filter(stream=stream, seq__gt=after)
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    # Plain tuples, not model instances: loading is on every move's path.
    return [StoredEvent(*r) for r in rows.order_by("seq").values_list(*_FIELDS)]


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


def append(
    stream: str,
    *,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: dict[str, Any],
    command_id: str | None = None,
    prev_hash: str | None = None,
    savepoint: bool = True,
) -> AppendResult:
    """Append ``events`` (``{"type", "schema_version", "data"}``) after ``expected_version``.

    Raises ``ConcurrencyConflict`` if the stream is not at ``expected_version``. A ``command_id``
    seen before on this stream appends nothing and returns the original result. ``prev_hash``
    (the hash of event ``expected_version``) saves a query for a caller that has just read it.

    ``savepoint=False`` (no ``command_id``) saves two round trips for a caller that holds a
    lock no other writer of the stream gets past (the game row): a conflict then cannot
    happen, and if it did, the caller's transaction is lost with it (``actual`` is unknown,
    given as ``expected_version``) and must only answer.
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
    at = clock.now()
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
            Event.objects.bulk_create(rows)
            checkpoint.save(force_insert=True)
            if command_id is not None:
                AppendedCommand.objects.create(
                    stream=stream,
                    command_id=command_id,
                    first_seq=expected_version + 1,
                    last_seq=last,
                )
    except IntegrityError:
        if not savepoint:  # the caller's transaction is lost: nothing more may be read
            raise ConcurrencyConflict(stream, expected_version, expected_version) from None
        if command_id is not None:
            done = find_command(stream, command_id)
            if done is not None:
                return _replayed(stream, done)
        raise ConcurrencyConflict(stream, expected_version, version(stream)) from None
    return AppendResult(expected_version + 1, last, tuple(_stored(r) for r in rows))


def _replayed(stream: str, done: AppendedCommand) -> AppendResult:
    events = read(stream, after=done.first_seq - 1, upto=done.last_seq)
    return AppendResult(done.first_seq, done.last_seq, tuple(events), duplicate=True)


def extend_command(stream: str, command_id: str, last_seq: int) -> None:
    """Record that the answer to ``command_id`` ends at ``last_seq`` (events the command caused)."""
    AppendedCommand.objects.filter(stream=stream, command_id=command_id).update(last_seq=last_seq)


# -- snapshots ---------------------------------------------------------------------------------


def save_snapshot(stream: str, *, seq: int, version_tag: str, state: dict, hash: str) -> None:
    """Cache a stream's folded state at ``seq`` (idempotent)."""
    Snapshot.objects.get_or_create(
        stream=stream, seq=seq, version_tag=version_tag, defaults={"state": state, "hash": hash}
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
    """Return the first event whose seq, link or hash is wrong, or None if the chain holds."""
    prev = GENESIS
    for expected_seq, e in enumerate(events, start=1):
        if e.seq != expected_seq:
            return ChainProblem(expected_seq, f"seq {expected_seq} is missing (found {e.seq})")
        if e.prev_hash != prev:
            return ChainProblem(e.seq, "its link to the previous event is broken")
        recomputed = chain_hash(
            e.prev_hash, e.stream, e.seq, e.type, e.schema_version, e.data, e.actor, e.created_at
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
