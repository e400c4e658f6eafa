from typing import Literal

CategoryEnum = Literal["abuse", "collusion", "other", "rules_or_bug", "stalling", "stopped_playing"]

CATEGORY_ENUM_VALUES: set[CategoryEnum] = {
    "abuse",
    "collusion",
    "other",
    "rules_or_bug",
    "stalling",
    "stopped_playing",
}


def check_category_enum(value: str) -> CategoryEnum:
    if value in CATEGORY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CATEGORY_ENUM_VALUES!r}")
