from typing import Literal

PointsEnum = Literal["arena", "duplicate", "share"]

POINTS_ENUM_VALUES: set[PointsEnum] = {
    "arena",
    "duplicate",
    "share",
}


def check_points_enum(value: str) -> PointsEnum:
    if value in POINTS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POINTS_ENUM_VALUES!r}")
