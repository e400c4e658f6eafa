from typing import Literal

GameAnalysisOutputStatusEnum = Literal["done", "failed", "pending"]

GAME_ANALYSIS_OUTPUT_STATUS_ENUM_VALUES: set[GameAnalysisOutputStatusEnum] = {
    "done",
    "failed",
    "pending",
}


def check_game_analysis_output_status_enum(value: str) -> GameAnalysisOutputStatusEnum:
    if value in GAME_ANALYSIS_OUTPUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_ANALYSIS_OUTPUT_STATUS_ENUM_VALUES!r}")
