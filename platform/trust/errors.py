"""Stable error codes of the trust services (the API's ``code``).

A receipt's verdicts (``ok``, ``malformed``, …: trust.receipts) are not refusals: they are
results kept with the dispute, so they stay there.
"""

from __future__ import annotations

from enum import StrEnum


class TrustError(StrEnum):
    """Why receipts were refused before being checked; clients branch on these."""

    INVALID = "invalid"
