from typing import Literal

ActionEnum = Literal["draw", "engine", "pass", "play", "stop"]

ACTION_ENUM_VALUES: set[ActionEnum] = {
    "draw",
    "engine",
    "pass",
    "play",
    "stop",
}


def check_action_enum(value: str) -> ActionEnum:
    if value in ACTION_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_ENUM_VALUES!r}")
