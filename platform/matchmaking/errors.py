"""Stable error codes of quick pairing's services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class PoolError(StrEnum):
    """Stable error codes of quick pairing (the API's ``code``)."""

    UNKNOWN_POOL = "unknown_pool"  # 404: no pool has this key
    INVALID_BOTS_AFTER = "invalid_bots_after"  # 400: not one of the offered choices
    ALREADY_WAITING = "already_waiting"  # 409: one ticket per player across every pool
    AT_A_QUICK_TABLE = "at_a_quick_table"  # 409: seated at an unfinished live quick game
    NOT_WAITING = "not_waiting"  # 404: leave without a ticket
    BOTS_NOT_ALLOWED = "bots_not_allowed"  # 403: pools are for people; bots are seated by it
