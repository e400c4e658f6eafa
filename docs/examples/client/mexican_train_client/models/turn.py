from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Turn")


@_attrs_define
class Turn:
    """
    Attributes:
        laid (int):
        doubles_laid (int):
        drew (bool):
        drawn (list[int] | Unset): the tile you drew this turn (your turn only)
    """

    laid: int
    doubles_laid: int
    drew: bool
    drawn: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        laid = self.laid

        doubles_laid = self.doubles_laid

        drew = self.drew

        drawn: list[int] | Unset = UNSET
        if not isinstance(self.drawn, Unset):
            drawn = self.drawn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "laid": laid,
                "doubles_laid": doubles_laid,
                "drew": drew,
            }
        )
        if drawn is not UNSET:
            field_dict["drawn"] = drawn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        laid = d.pop("laid")

        doubles_laid = d.pop("doubles_laid")

        drew = d.pop("drew")

        drawn = cast(list[int], d.pop("drawn", UNSET))

        turn = cls(
            laid=laid,
            doubles_laid=doubles_laid,
            drew=drew,
            drawn=drawn,
        )

        turn.additional_properties = d
        return turn

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
