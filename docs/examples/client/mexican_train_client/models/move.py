from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.action_enum import ActionEnum, check_action_enum
from ..models.move_train_type_1 import MoveTrainType1, check_move_train_type_1
from ..types import UNSET, Unset

T = TypeVar("T", bound="Move")


@_attrs_define
class Move:
    """A move, as ``legal_moves`` lists it and a move request sends it.

    Attributes:
        action (ActionEnum): * `engine` - engine
            * `play` - play
            * `draw` - draw
            * `pass` - pass
            * `stop` - stop
        tile (list[int] | Unset): The two ends' pips, e.g. [12, 5].
        train (int | MoveTrainType1 | Unset): A seat number (its own train), or "mexican".
    """

    action: ActionEnum
    tile: list[int] | Unset = UNSET
    train: int | MoveTrainType1 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action: str = self.action

        tile: list[int] | Unset = UNSET
        if not isinstance(self.tile, Unset):
            tile = self.tile

        train: int | str | Unset
        if isinstance(self.train, Unset):
            train = UNSET
        elif isinstance(self.train, str):
            train = self.train
        else:
            train = self.train

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
            }
        )
        if tile is not UNSET:
            field_dict["tile"] = tile
        if train is not UNSET:
            field_dict["train"] = train

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = check_action_enum(d.pop("action"))

        tile = cast(list[int], d.pop("tile", UNSET))

        def _parse_train(data: object) -> int | MoveTrainType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                train_type_1 = check_move_train_type_1(data)

                return train_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | MoveTrainType1 | Unset, data)

        train = _parse_train(d.pop("train", UNSET))

        move = cls(
            action=action,
            tile=tile,
            train=train,
        )

        move.additional_properties = d
        return move

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
