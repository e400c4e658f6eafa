from typing import Literal

ScoringEnum = Literal["penalty", "positive"]

SCORING_ENUM_VALUES: set[ScoringEnum] = {
    "penalty",
    "positive",
}


def check_scoring_enum(value: str) -> ScoringEnum:
    if value in SCORING_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SCORING_ENUM_VALUES!r}")
