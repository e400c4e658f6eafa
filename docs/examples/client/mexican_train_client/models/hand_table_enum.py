from typing import Literal

HandTableEnum = Literal["classic", "double12"]

HAND_TABLE_ENUM_VALUES: set[HandTableEnum] = {
    "classic",
    "double12",
}


def check_hand_table_enum(value: str) -> HandTableEnum:
    if value in HAND_TABLE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_TABLE_ENUM_VALUES!r}")
