"""Signed move receipts: what the platform acknowledged, checkable later against the log.

A receipt is ``{"game", "seq", "event_hash", "head_seq", "head_hash", "at", "key_id",
"signature"}``: the move's first event (``seq``) and the log's head after it (``head_seq``, the
move and whatever it caused, e.g. the next deal), when it was acknowledged (``at``, ISO-8601
UTC), and the platform's Ed25519 signature (signing.keys) of

    b"mexican-train/receipt\\x00" + canonical({game, seq, event_hash, head_seq, head_hash, at})

(canonical = games.engine.attestation.canonical: sorted keys, no spaces, UTF-8).

``event_hash``/``head_hash`` commit to the events' chain hashes (eventstore.store.chain_hash):
``SHA-256("mexican-train/receipt-hash" ‖ 0x00 ‖ chain hash as ASCII hex)``. Not the chain hash
itself, which hashes hidden tiles: given the raw hashes just before and after an opponent's
draw (whose time the events API shows), a player could try the few tiles it can be and learn
which one was drawn. The committed value does not give the raw hash back, so no guess can be
tested; the platform, which holds the log, recomputes it. Everything in a receipt is
deterministic (Ed25519 too): a repeated move request gets the same receipt.

Since each chain hash covers every event before it, a receipt that still matches proves the
whole history up to ``head_seq`` is the one the platform acknowledged; a rewrite, even with the
chain recomputed, changes them, and without the signing key (held outside the database) nobody
can issue receipts for the rewritten log.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from typing import Any

from eventstore import store
from eventstore.store import StoredEvent
from games.engine.attestation import canonical
from signing import keys

LABEL = b"mexican-train/receipt\x00"
HASH_LABEL = b"mexican-train/receipt-hash\x00"
SIGNED_FIELDS = ("game", "seq", "event_hash", "head_seq", "head_hash", "at")
FIELDS = (*SIGNED_FIELDS, "key_id", "signature")
MAX_RECEIPTS = 500

# Verdicts of a checked receipt (stable codes).
OK = "ok"
MALFORMED = "malformed"  # not a receipt: a field is missing, unknown or of the wrong form
OTHER_GAME = "other_game"  # a receipt of another game
UNKNOWN_KEY = "unknown_key"  # not signed by a key the platform publishes (or valid then)
BAD_SIGNATURE = "bad_signature"  # forged or altered: the signature does not match
MISSING = "missing"  # the log no longer holds that event: history was cut
CHAIN_BROKEN = "chain_broken"  # the log's content does not match its own hashes
EVENT_MISMATCH = "event_mismatch"  # the event at ``seq`` is not the one acknowledged
HEAD_MISMATCH = "head_mismatch"  # the history up to ``head_seq`` is not the one acknowledged

_HEX = re.compile(r"^[0-9a-f]+$")


def committed(chain_hash: str) -> str:
    """Return the commitment to an event's chain hash that a receipt carries."""
    return hashlib.sha256(HASH_LABEL + chain_hash.encode()).hexdigest()


def receipt_message(receipt: dict[str, Any]) -> bytes:
    """Return the bytes a receipt's signature covers."""
    return LABEL + canonical({k: receipt[k] for k in SIGNED_FIELDS})


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def receipt_for(game_id, events: Sequence[StoredEvent]) -> dict[str, Any] | None:
    """Return the signed receipt of a move whose events (in order, up to the head) are
    ``events``; None if it appended nothing."""
    if not events:
        return None
    first, head = events[0], events[-1]
    body = {
        "game": str(game_id),
        "seq": first.seq,
        "event_hash": committed(first.hash),
        "head_seq": head.seq,
        "head_hash": committed(head.hash),
        "at": _stamp(head.created_at),
    }
    return {**body, **keys.sign(receipt_message(body))}


def _hex(value: Any, digits: int) -> bool:
    return isinstance(value, str) and len(value) == digits and bool(_HEX.match(value))


def _seq(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _shape_problem(r: Any) -> str | None:
    """Return what makes ``r`` not a receipt, None if it has a receipt's form."""
    if not isinstance(r, dict):
        return "a receipt is a JSON object"
    missing = [k for k in FIELDS if k not in r]
    if missing:
        return f"missing {', '.join(missing)}"
    unknown = sorted(set(r) - set(FIELDS))
    if unknown:
        return f"unknown field {unknown[0]!r}"
    if not isinstance(r["game"], str):
        return "game must be a string"
    if not (_seq(r["seq"]) and _seq(r["head_seq"]) and r["seq"] <= r["head_seq"]):
        return "seq and head_seq must be whole numbers with 1 <= seq <= head_seq"
    for name, digits in (("event_hash", 64), ("head_hash", 64), ("signature", 128)):
        if not _hex(r[name], digits):
            return f"{name} must be {digits} lowercase hex digits"
    if not (isinstance(r["key_id"], str) and _hex(r["key_id"], 16)):
        return "key_id must be 16 lowercase hex digits"
    if not isinstance(r["at"], str) or _time(r["at"]) is None:
        return "at must be an ISO-8601 UTC time"
    return None


def _time(text: str) -> datetime | None:
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        return None
    return at if at.tzinfo is not None else None


def _verdict(i: int, r: Any, code: str, detail: str) -> dict[str, Any]:
    seq = r.get("seq") if isinstance(r, dict) and _seq(r.get("seq")) else None
    return {"index": i, "seq": seq, "verdict": code, "detail": detail}


def receipts_check(game_id, stream: str, receipts: Sequence[Any]) -> list[dict[str, Any]]:
    """Return, per receipt, whether the game's log still matches it: ``{"index", "seq",
    "verdict", "detail"}`` with one of the verdict codes above."""
    results: list[dict[str, Any] | None] = []
    good: list[tuple[int, dict]] = []
    for i, r in enumerate(receipts):
        problem = _shape_problem(r)
        if problem is not None:
            results.append(_verdict(i, r, MALFORMED, f"not a receipt: {problem}"))
        elif r["game"] != str(game_id):
            results.append(_verdict(i, r, OTHER_GAME, "this receipt is for another game"))
        elif keys.published_key(r["key_id"]) is None:
            results.append(
                _verdict(i, r, UNKNOWN_KEY, "not signed by a key the platform publishes")
            )
        elif not keys.verify(r["key_id"], receipt_message(r), r["signature"], at=_time(r["at"])):
            results.append(
                _verdict(i, r, BAD_SIGNATURE, "the signature does not match: not issued as it is")
            )
        else:
            results.append(None)
            good.append((i, r))
    if good:
        upto = max(r["head_seq"] for _, r in good)
        events = store.read(stream, upto=upto)
        by_seq = {e.seq: e for e in events}
        broken = store.verify_chain(events)
        for i, r in good:
            results[i] = _verdict(i, r, *_match(r, by_seq, broken))
    return results  # type: ignore[return-value]


def _match(r: dict, by_seq: dict[int, StoredEvent], broken) -> tuple[str, str]:
    for name in ("seq", "head_seq"):
        if r[name] not in by_seq:
            return MISSING, f"the log no longer holds event {r[name]}: history was cut"
    if broken is not None and broken.seq <= r["head_seq"]:
        return CHAIN_BROKEN, f"the log was altered at event {broken.seq}: {broken.reason}"
    if committed(by_seq[r["seq"]].hash) != r["event_hash"]:
        return EVENT_MISMATCH, f"event {r['seq']} is not the one acknowledged: it was rewritten"
    if committed(by_seq[r["head_seq"]].hash) != r["head_hash"]:
        return (
            HEAD_MISMATCH,
            f"the history up to event {r['head_seq']} is not the one acknowledged: rewritten",
        )
    return OK, "the log matches this receipt"
