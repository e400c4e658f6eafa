from typing import Literal

RatingsLeaderboardKind = Literal["correspondence", "live"]

RATINGS_LEADERBOARD_KIND_VALUES: set[RatingsLeaderboardKind] = {
    "correspondence",
    "live",
}


def check_ratings_leaderboard_kind(value: str) -> RatingsLeaderboardKind:
    if value in RATINGS_LEADERBOARD_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RATINGS_LEADERBOARD_KIND_VALUES!r}")
