from typing import Literal

TeamJoinOutputStatusEnum = Literal["member", "requested"]

TEAM_JOIN_OUTPUT_STATUS_ENUM_VALUES: set[TeamJoinOutputStatusEnum] = {
    "member",
    "requested",
}


def check_team_join_output_status_enum(value: str) -> TeamJoinOutputStatusEnum:
    if value in TEAM_JOIN_OUTPUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEAM_JOIN_OUTPUT_STATUS_ENUM_VALUES!r}")
