from typing import Literal

GameStatusEnum = Literal["abandoned", "active", "finished", "open", "void"]

GAME_STATUS_ENUM_VALUES: set[GameStatusEnum] = {
    "abandoned",
    "active",
    "finished",
    "open",
    "void",
}


def check_game_status_enum(value: str) -> GameStatusEnum:
    if value in GAME_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_STATUS_ENUM_VALUES!r}")
