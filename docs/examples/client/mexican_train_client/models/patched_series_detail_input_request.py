from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedSeriesDetailInputRequest")


@_attrs_define
class PatchedSeriesDetailInputRequest:
    """
    Attributes:
        active (bool | Unset): false: pause the series
        lead_hours (int | Unset):
    """

    active: bool | Unset = UNSET
    lead_hours: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        lead_hours = self.lead_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if active is not UNSET:
            field_dict["active"] = active
        if lead_hours is not UNSET:
            field_dict["lead_hours"] = lead_hours

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active", UNSET)

        lead_hours = d.pop("lead_hours", UNSET)

        patched_series_detail_input_request = cls(
            active=active,
            lead_hours=lead_hours,
        )

        patched_series_detail_input_request.additional_properties = d
        return patched_series_detail_input_request

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
