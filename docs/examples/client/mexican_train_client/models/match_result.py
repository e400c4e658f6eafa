from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MatchResult")


@_attrs_define
class MatchResult:
    """
    Attributes:
        totals (list[int]): points per seat
        zero_rounds (list[int]):
        places (list[int]): 1 is first
    """

    totals: list[int]
    zero_rounds: list[int]
    places: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        totals = self.totals

        zero_rounds = self.zero_rounds

        places = self.places

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "totals": totals,
                "zero_rounds": zero_rounds,
                "places": places,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        totals = cast(list[int], d.pop("totals"))

        zero_rounds = cast(list[int], d.pop("zero_rounds"))

        places = cast(list[int], d.pop("places"))

        match_result = cls(
            totals=totals,
            zero_rounds=zero_rounds,
            places=places,
        )

        match_result.additional_properties = d
        return match_result

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
