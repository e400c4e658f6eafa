from typing import Literal

QuickEnum = Literal["good_luck", "have_fun", "sorry_have_to_go", "thanks", "well_played"]

QUICK_ENUM_VALUES: set[QuickEnum] = {
    "good_luck",
    "have_fun",
    "sorry_have_to_go",
    "thanks",
    "well_played",
}


def check_quick_enum(value: str) -> QuickEnum:
    if value in QUICK_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QUICK_ENUM_VALUES!r}")
