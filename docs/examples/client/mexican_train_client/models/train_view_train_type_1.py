from typing import Literal

TrainViewTrainType1 = Literal["mexican"]

TRAIN_VIEW_TRAIN_TYPE_1_VALUES: set[TrainViewTrainType1] = {
    "mexican",
}


def check_train_view_train_type_1(value: str) -> TrainViewTrainType1:
    if value in TRAIN_VIEW_TRAIN_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRAIN_VIEW_TRAIN_TYPE_1_VALUES!r}")
