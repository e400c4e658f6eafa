from typing import Literal

MoveInputRequestTrainType1 = Literal["mexican"]

MOVE_INPUT_REQUEST_TRAIN_TYPE_1_VALUES: set[MoveInputRequestTrainType1] = {
    "mexican",
}


def check_move_input_request_train_type_1(value: str) -> MoveInputRequestTrainType1:
    if value in MOVE_INPUT_REQUEST_TRAIN_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_INPUT_REQUEST_TRAIN_TYPE_1_VALUES!r}")
