from typing import Literal

DisputeListStatus = Literal["open", "rejected", "resolved", "under_review"]

DISPUTE_LIST_STATUS_VALUES: set[DisputeListStatus] = {
    "open",
    "rejected",
    "resolved",
    "under_review",
}


def check_dispute_list_status(value: str) -> DisputeListStatus:
    if value in DISPUTE_LIST_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DISPUTE_LIST_STATUS_VALUES!r}")
