from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PoolJoinInputRequest")


@_attrs_define
class PoolJoinInputRequest:
    """
    Attributes:
        rated (bool | Unset): rated only meets rated Default: False.
        bots_after (int | None | Unset): fill the table with bots after this many seconds (10, 20, 30, 60); such a table
            is casual. null: people only
    """

    rated: bool | Unset = False
    bots_after: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rated = self.rated

        bots_after: int | None | Unset
        if isinstance(self.bots_after, Unset):
            bots_after = UNSET
        else:
            bots_after = self.bots_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if rated is not UNSET:
            field_dict["rated"] = rated
        if bots_after is not UNSET:
            field_dict["bots_after"] = bots_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rated = d.pop("rated", UNSET)

        def _parse_bots_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bots_after = _parse_bots_after(d.pop("bots_after", UNSET))

        pool_join_input_request = cls(
            rated=rated,
            bots_after=bots_after,
        )

        pool_join_input_request.additional_properties = d
        return pool_join_input_request

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
