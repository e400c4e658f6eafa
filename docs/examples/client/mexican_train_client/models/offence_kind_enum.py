from typing import Literal

OffenceKindEnum = Literal["early_leave", "no_show"]

OFFENCE_KIND_ENUM_VALUES: set[OffenceKindEnum] = {
    "early_leave",
    "no_show",
}


def check_offence_kind_enum(value: str) -> OffenceKindEnum:
    if value in OFFENCE_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OFFENCE_KIND_ENUM_VALUES!r}")
