"""Stable error codes of the dispute services and endpoints (the API's ``code``).

``own_game`` and ``staff_has_stake`` are not here: they are the staff-with-a-stake rule's
(``games.stakes``), shared with every hidden view of a game.
"""

from __future__ import annotations

from enum import StrEnum


class DisputeError(StrEnum):
    """Why a dispute or audit request was refused; clients branch on these."""

    INVALID = "invalid"
    NOT_FOUND = "not_found"
    NOT_A_PLAYER = "not_a_player"
    STAFF_ONLY = "staff_only"
    GAME_NOT_STARTED = "game_not_started"
    INVALID_CATEGORY = "invalid_category"
    INVALID_SEQ = "invalid_seq"
    INVALID_SEAT = "invalid_seat"
    INVALID_DISPUTE = "invalid_dispute"
    INVALID_TRANSITION = "invalid_transition"
    DISPUTE_ALREADY_OPEN = "dispute_already_open"
    DISPUTE_CLOSED = "dispute_closed"
    TOO_LONG = "too_long"
    # A required text left empty, one code per field (``<field>_required``).
    REASON_REQUIRED = "reason_required"
    MESSAGE_REQUIRED = "message_required"
    RESOLUTION_REQUIRED = "resolution_required"
