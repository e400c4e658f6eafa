from typing import Literal

VerdictEnum = Literal[
    "bad_signature",
    "chain_broken",
    "event_mismatch",
    "head_mismatch",
    "malformed",
    "missing",
    "ok",
    "other_game",
    "unknown_key",
]

VERDICT_ENUM_VALUES: set[VerdictEnum] = {
    "bad_signature",
    "chain_broken",
    "event_mismatch",
    "head_mismatch",
    "malformed",
    "missing",
    "ok",
    "other_game",
    "unknown_key",
}


def check_verdict_enum(value: str) -> VerdictEnum:
    if value in VERDICT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERDICT_ENUM_VALUES!r}")
