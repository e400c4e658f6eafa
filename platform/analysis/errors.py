"""Stable error codes of the analysis endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class AnalysisError(StrEnum):
    # The analysis of a game is made once it has finished: before, it would tell a player
    # how good the moves still open to them are.
    GAME_NOT_FINISHED = "game_not_finished"
    NOT_FOUND = "not_found"
