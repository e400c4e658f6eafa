from typing import Literal

PushKindEnum = Literal["challenge", "dispute_update", "quick", "tournament", "your_turn"]

PUSH_KIND_ENUM_VALUES: set[PushKindEnum] = {
    "challenge",
    "dispute_update",
    "quick",
    "tournament",
    "your_turn",
}


def check_push_kind_enum(value: str) -> PushKindEnum:
    if value in PUSH_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PUSH_KIND_ENUM_VALUES!r}")
