from typing import Literal

PlayersRatingHistoryKind = Literal["correspondence", "live"]

PLAYERS_RATING_HISTORY_KIND_VALUES: set[PlayersRatingHistoryKind] = {
    "correspondence",
    "live",
}


def check_players_rating_history_kind(value: str) -> PlayersRatingHistoryKind:
    if value in PLAYERS_RATING_HISTORY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYERS_RATING_HISTORY_KIND_VALUES!r}")
