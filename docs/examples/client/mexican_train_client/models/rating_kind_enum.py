from typing import Literal

RatingKindEnum = Literal["correspondence", "live"]

RATING_KIND_ENUM_VALUES: set[RatingKindEnum] = {
    "correspondence",
    "live",
}


def check_rating_kind_enum(value: str) -> RatingKindEnum:
    if value in RATING_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RATING_KIND_ENUM_VALUES!r}")
