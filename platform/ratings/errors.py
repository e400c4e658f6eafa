"""Stable error codes of the rating services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class RatingError(StrEnum):
    """Why a rating request or an adjudicated result was refused; clients branch on these."""

    INVALID = "invalid"
    INVALID_KIND = "invalid_kind"
    INVALID_RESULT = "invalid_result"
    INVALID_PLACES = "invalid_places"
    NOT_FOUND = "not_found"
    STAFF_ONLY = "staff_only"
    NOT_ELIGIBLE_FOR_RATED = "not_eligible_for_rated"
    # A bot a person owns at a rated table, or entering a rated tournament: rated play is
    # among people (and the platform's bots of fixed strength), never a client's program.
    BOTS_NOT_RATED = "bots_not_rated"
