from typing import Literal

TournamentListStatus = Literal["finished", "running", "upcoming"]

TOURNAMENT_LIST_STATUS_VALUES: set[TournamentListStatus] = {
    "finished",
    "running",
    "upcoming",
}


def check_tournament_list_status(value: str) -> TournamentListStatus:
    if value in TOURNAMENT_LIST_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_LIST_STATUS_VALUES!r}")
