from typing import Literal

StateEnum = Literal["aborted", "applied", "pending", "reversed"]

STATE_ENUM_VALUES: set[StateEnum] = {
    "aborted",
    "applied",
    "pending",
    "reversed",
}


def check_state_enum(value: str) -> StateEnum:
    if value in STATE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STATE_ENUM_VALUES!r}")
