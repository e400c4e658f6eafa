from typing import Literal

ViewOpenDoublesItemType1 = Literal["mexican"]

VIEW_OPEN_DOUBLES_ITEM_TYPE_1_VALUES: set[ViewOpenDoublesItemType1] = {
    "mexican",
}


def check_view_open_doubles_item_type_1(value: str) -> ViewOpenDoublesItemType1:
    if value in VIEW_OPEN_DOUBLES_ITEM_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VIEW_OPEN_DOUBLES_ITEM_TYPE_1_VALUES!r}")
