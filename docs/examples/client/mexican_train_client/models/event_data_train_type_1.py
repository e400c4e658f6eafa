from typing import Literal

EventDataTrainType1 = Literal["mexican"]

EVENT_DATA_TRAIN_TYPE_1_VALUES: set[EventDataTrainType1] = {
    "mexican",
}


def check_event_data_train_type_1(value: str) -> EventDataTrainType1:
    if value in EVENT_DATA_TRAIN_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_DATA_TRAIN_TYPE_1_VALUES!r}")
