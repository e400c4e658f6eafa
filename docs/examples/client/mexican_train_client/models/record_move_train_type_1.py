from typing import Literal

RecordMoveTrainType1 = Literal["mexican"]

RECORD_MOVE_TRAIN_TYPE_1_VALUES: set[RecordMoveTrainType1] = {
    "mexican",
}


def check_record_move_train_type_1(value: str) -> RecordMoveTrainType1:
    if value in RECORD_MOVE_TRAIN_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RECORD_MOVE_TRAIN_TYPE_1_VALUES!r}")
