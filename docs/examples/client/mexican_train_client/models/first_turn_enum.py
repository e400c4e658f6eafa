from typing import Literal

FirstTurnEnum = Literal["draw", "free"]

FIRST_TURN_ENUM_VALUES: set[FirstTurnEnum] = {
    "draw",
    "free",
}


def check_first_turn_enum(value: str) -> FirstTurnEnum:
    if value in FIRST_TURN_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FIRST_TURN_ENUM_VALUES!r}")
