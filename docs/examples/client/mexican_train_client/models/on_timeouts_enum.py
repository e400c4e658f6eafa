from typing import Literal

OnTimeoutsEnum = Literal["bot", "forfeit"]

ON_TIMEOUTS_ENUM_VALUES: set[OnTimeoutsEnum] = {
    "bot",
    "forfeit",
}


def check_on_timeouts_enum(value: str) -> OnTimeoutsEnum:
    if value in ON_TIMEOUTS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ON_TIMEOUTS_ENUM_VALUES!r}")
