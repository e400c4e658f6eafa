"""Stable error codes of quick pairing's services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils.translation import gettext_lazy as _


class PoolError(StrEnum):
    """Stable error codes of quick pairing (the API's ``code``)."""

    UNKNOWN_POOL = "unknown_pool"  # 404: no pool has this key
    INVALID_BOTS_AFTER = "invalid_bots_after"  # 400: not one of the offered choices
    ALREADY_WAITING = "already_waiting"  # 409: one ticket per player across every pool
    AT_A_LIVE_TABLE = "at_a_live_table"  # 409: plays an unfinished live game (quick, arena…)
    NOT_WAITING = "not_waiting"  # 404: leave without a ticket
    BOTS_NOT_ALLOWED = "bots_not_allowed"  # 403: pools are for people; bots are seated by it


def messages() -> dict[str, Any]:
    """Each code's message in the reader's language (core.error_messages: a reader who asked
    for another language than English gets it in place of the English detail)."""
    return {
        PoolError.UNKNOWN_POOL: _("There is no such pool."),
        PoolError.INVALID_BOTS_AFTER: _("Choose bots after 10, 20, 30 or 60 seconds, or none."),
        PoolError.ALREADY_WAITING: _("You are already waiting in a pool; leave it first."),
        PoolError.AT_A_LIVE_TABLE: _("Finish your live game first."),
        PoolError.NOT_WAITING: _("You are not waiting in any pool."),
        PoolError.BOTS_NOT_ALLOWED: _("Quick pairing is for people; bots are seated by it."),
    }
