from typing import Literal

TournamentListInputFormatEnum = Literal["arena", "duplicate", "elimination", "single", "swiss"]

TOURNAMENT_LIST_INPUT_FORMAT_ENUM_VALUES: set[TournamentListInputFormatEnum] = {
    "arena",
    "duplicate",
    "elimination",
    "single",
    "swiss",
}


def check_tournament_list_input_format_enum(value: str) -> TournamentListInputFormatEnum:
    if value in TOURNAMENT_LIST_INPUT_FORMAT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_LIST_INPUT_FORMAT_ENUM_VALUES!r}")
