from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.quick_enum import QuickEnum, check_quick_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostInputRequest")


@_attrs_define
class PostInputRequest:
    """
    Attributes:
        body (str | Unset): free text, at most 300 characters once control characters are removed
        quick (QuickEnum | Unset): * `good_luck` - good_luck
            * `have_fun` - have_fun
            * `well_played` - well_played
            * `thanks` - thanks
            * `sorry_have_to_go` - sorry_have_to_go
    """

    body: str | Unset = UNSET
    quick: QuickEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        quick: str | Unset = UNSET
        if not isinstance(self.quick, Unset):
            quick = self.quick

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if body is not UNSET:
            field_dict["body"] = body
        if quick is not UNSET:
            field_dict["quick"] = quick

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body = d.pop("body", UNSET)

        _quick = d.pop("quick", UNSET)
        quick: QuickEnum | Unset
        if isinstance(_quick, Unset):
            quick = UNSET
        else:
            quick = check_quick_enum(_quick)

        post_input_request = cls(
            body=body,
            quick=quick,
        )

        post_input_request.additional_properties = d
        return post_input_request

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
