from typing import Literal

TicketOutputStatusEnum = Literal["none", "seated", "waiting"]

TICKET_OUTPUT_STATUS_ENUM_VALUES: set[TicketOutputStatusEnum] = {
    "none",
    "seated",
    "waiting",
}


def check_ticket_output_status_enum(value: str) -> TicketOutputStatusEnum:
    if value in TICKET_OUTPUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_OUTPUT_STATUS_ENUM_VALUES!r}")
