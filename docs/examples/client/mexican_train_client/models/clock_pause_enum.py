from typing import Literal

ClockPauseEnum = Literal["vacation", "weekend"]

CLOCK_PAUSE_ENUM_VALUES: set[ClockPauseEnum] = {
    "vacation",
    "weekend",
}


def check_clock_pause_enum(value: str) -> ClockPauseEnum:
    if value in CLOCK_PAUSE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLOCK_PAUSE_ENUM_VALUES!r}")
