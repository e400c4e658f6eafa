"""Stable error codes of the analysis endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class AnalysisError(StrEnum):
    """Why an analysis request was refused."""

    GAME_NOT_FINISHED = "game_not_finished"
