"""The trust app's only writer: receipts attached to a dispute, checked and kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import clock
from core.errors import ApplicationError
from trust.errors import TrustError
from trust.models import ReceiptCheck
from trust.receipts import MAX_RECEIPTS
from trust.receipts import OK
from trust.receipts import receipts_check


def receipts_attach(*, dispute, user, receipts: Sequence[Any], message=None) -> ReceiptCheck:
    """Check ``receipts`` against the dispute's game log now and keep the verdicts with it."""
    if not isinstance(receipts, list | tuple) or not 1 <= len(receipts) <= MAX_RECEIPTS:
        raise ApplicationError(
            TrustError.INVALID,
            f"receipts must be a list of 1 to {MAX_RECEIPTS} receipts",
            extra={"fields": {"receipts": [f"a list of 1 to {MAX_RECEIPTS} receipts"]}},
        )
    game = dispute.game
    results = receipts_check(game.id, game.stream, receipts)
    return ReceiptCheck.objects.create(
        dispute=dispute,
        message=message,
        submitted_by=user,
        receipts=list(receipts),
        results=results,
        matches=all(r["verdict"] == OK for r in results),
        head_seq=game.version,
        checked_at=clock.now(),
    )
