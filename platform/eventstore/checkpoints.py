"""Signed checkpoints of a stream's head: what makes a rewrite with a recomputed chain visible.

The hash chain shows that a log was edited only to someone who kept an old hash; whoever can
write the event table can recompute every hash after an edit. A checkpoint is the platform's
Ed25519 signature (signing.keys: the key is held outside the database) of the stream's head as it
was appended. ``store.append`` writes one for the new head in the same transaction as the
events, so every head the platform ever acknowledged is signed. Event rows never change, so a
valid checkpoint proves that at ``created_at`` event ``seq`` had hash ``head_hash``, and with
it every event before (the chain). A rewritten history no longer has those hashes; whoever can
write the database can delete checkpoints but cannot sign new ones.

Each checkpoint also names the first event of its append (``first_seq``): the platform's
appends tile the log, so the checkpoints of a stream cover seq 1 to its head without a gap. An
event that is in no checkpoint was not appended by the platform — inserted with the app role's
INSERT right at the head, even if the platform later appended (and signed) on top of it.

The signed message (UTF-8 bytes)::

    b"mexican-train/checkpoint" + b"\\x00" + canonical JSON of
    {"created_at": "<ISO-8601 UTC, microseconds, +00:00>", "first_seq": <int>,
     "head_hash": "<64 hex>", "seq": <int>, "stream": "<stream>"}

canonical JSON: keys sorted, no spaces, non-ASCII as is (as in the game record's attestation).
``created_at`` is written as ``store._stamp`` writes the events' times, e.g.
``2026-12-01T09:45:00.123456+00:00``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime

from signing import keys

from .models import Checkpoint

LABEL = b"mexican-train/checkpoint"


def stamp(at: datetime) -> str:
    """Return the time as the signed message writes it."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def message(stream: str, first_seq: int, seq: int, head_hash: str, created_at: datetime) -> bytes:
    """Return the bytes a checkpoint's signature covers."""
    body = {
        "stream": stream,
        "first_seq": first_seq,
        "seq": seq,
        "head_hash": head_hash,
        "created_at": stamp(created_at),
    }
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return LABEL + b"\x00" + canonical.encode()


def make(stream: str, first_seq: int, seq: int, head_hash: str, at: datetime) -> Checkpoint:
    """Return a signed (unsaved) checkpoint of the head ``head_hash`` at ``seq``, for the
    append of events ``first_seq`` to ``seq``."""
    signed = keys.sign(message(stream, first_seq, seq, head_hash, at))
    return Checkpoint(
        stream=stream,
        first_seq=first_seq,
        seq=seq,
        head_hash=head_hash,
        key_id=signed["key_id"],
        signature=signed["signature"],
        created_at=at,
    )


def is_signed(c: Checkpoint) -> bool:
    """Return True if the checkpoint's signature is valid by a published key (current or
    retired). Its time is not held against the key's validity: whoever held a retired key
    could date a checkpoint as they liked, so that would prove nothing."""
    msg = message(c.stream, c.first_seq, c.seq, c.head_hash, c.created_at)
    return keys.verify(c.key_id, msg, c.signature)


def of(stream: str) -> list[Checkpoint]:
    """Return the stream's checkpoints, in seq order."""
    return list(Checkpoint.objects.filter(stream=stream).order_by("seq"))


@dataclass(frozen=True)
class CheckpointProblem:
    seq: int | None
    reason: str


def verify(
    events: Sequence, checkpoints: Sequence[Checkpoint], *, head_required: bool
) -> CheckpointProblem | None:
    """Return the first checkpoint the log contradicts, or None.

    Each checkpoint must be signed by a published key and name the hash the stored event at its
    seq has (``events``: the stream's events in seq order, as ``store.read`` returns them), and
    the checkpoints must cover the log from seq 1 without a gap: an event in none was not
    appended by the platform. With ``head_required`` (a game that ended, or a stream that has
    checkpoints: every append signs its head) they must reach the log's last event.
    """
    by_seq = {e.seq: e for e in events}
    last = events[-1].seq if events else 0
    held = 0  # the last checkpoint the log agrees with: events 1..held are the platform's
    for c in checkpoints:
        if not is_signed(c):
            return CheckpointProblem(
                c.seq,
                f"checkpoint {c.seq}'s signature is not valid by a published key "
                f"(key {c.key_id or '-'})",
            )
        e = by_seq.get(c.seq)
        if e is None:
            return CheckpointProblem(
                c.seq,
                f"checkpoint {c.seq} (signed {stamp(c.created_at)}) lies past the log's end "
                f"at seq {last}: events were removed",
            )
        if e.hash != c.head_hash:
            return CheckpointProblem(
                c.seq,
                f"checkpoint {c.seq} (signed {stamp(c.created_at)}, key {c.key_id}) says the head "
                f"was {c.head_hash[:16]}…, the log's event {c.seq} has {e.hash[:16]}…: "
                f"history was rewritten after event {held}",
            )
        if c.first_seq != held + 1:
            return CheckpointProblem(
                held + 1,
                _unsigned(held + 1, c.first_seq - 1, held)
                if c.first_seq > held + 1
                else f"checkpoint {c.seq} overlaps the one at seq {held}",
            )
        held = c.seq
    if head_required and held < last:
        return CheckpointProblem(held + 1, _unsigned(held + 1, last, held))
    return None


def _unsigned(first: int, last: int, held: int) -> str:
    which = f"event {first} is" if first == last else f"events {first} to {last} are"
    before = f" (the checkpoint before is at seq {held})" if held else " (no checkpoint before)"
    return (
        f"{which} in no checkpoint{before}: not appended by the platform, or their "
        "checkpoints were removed"
    )
