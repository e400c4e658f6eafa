from typing import Literal

ChatEnum = Literal["free", "off", "quick"]

CHAT_ENUM_VALUES: set[ChatEnum] = {
    "free",
    "off",
    "quick",
}


def check_chat_enum(value: str) -> ChatEnum:
    if value in CHAT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAT_ENUM_VALUES!r}")
