from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.train_view_train_type_1 import TrainViewTrainType1, check_train_view_train_type_1

T = TypeVar("T", bound="TrainView")


@_attrs_define
class TrainView:
    """
    Attributes:
        train (int | TrainViewTrainType1): A seat number (its own train), or "mexican".
        tiles (list[list[int]]):
        end (int): the pips a tile must match to go on this train
        marker (bool): open to everyone (the Mexican Train always is)
    """

    train: int | TrainViewTrainType1
    tiles: list[list[int]]
    end: int
    marker: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        train: int | str
        if isinstance(self.train, str):
            train = self.train
        else:
            train = self.train

        tiles = []
        for tiles_item_data in self.tiles:
            tiles_item = tiles_item_data

            tiles.append(tiles_item)

        end = self.end

        marker = self.marker

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "train": train,
                "tiles": tiles,
                "end": end,
                "marker": marker,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_train(data: object) -> int | TrainViewTrainType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                train_type_1 = check_train_view_train_type_1(data)

                return train_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | TrainViewTrainType1, data)

        train = _parse_train(d.pop("train"))

        tiles = []
        _tiles = d.pop("tiles")
        for tiles_item_data in _tiles:
            tiles_item = cast(list[int], tiles_item_data)

            tiles.append(tiles_item)

        end = d.pop("end")

        marker = d.pop("marker")

        train_view = cls(
            train=train,
            tiles=tiles,
            end=end,
            marker=marker,
        )

        train_view.additional_properties = d
        return train_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
