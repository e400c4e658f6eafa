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
