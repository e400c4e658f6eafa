from typing import Literal

MoveTrainType1 = Literal["mexican"]

MOVE_TRAIN_TYPE_1_VALUES: set[MoveTrainType1] = {
    "mexican",
}


def check_move_train_type_1(value: str) -> MoveTrainType1:
    if value in MOVE_TRAIN_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_TRAIN_TYPE_1_VALUES!r}")
