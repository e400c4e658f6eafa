from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.push_kind_enum import PushKindEnum, check_push_kind_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedPushSubscriptionDetailInputRequest")


@_attrs_define
class PatchedPushSubscriptionDetailInputRequest:
    """
    Attributes:
        kinds (list[PushKindEnum] | Unset): the push kinds this device gets (`GET /push` lists them)
        label (str | Unset):
    """

    kinds: list[PushKindEnum] | Unset = UNSET
    label: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kinds: list[str] | Unset = UNSET
        if not isinstance(self.kinds, Unset):
            kinds = []
            for kinds_item_data in self.kinds:
                kinds_item: str = kinds_item_data
                kinds.append(kinds_item)

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _kinds = d.pop("kinds", UNSET)
        kinds: list[PushKindEnum] | Unset = UNSET
        if _kinds is not UNSET:
            kinds = []
            for kinds_item_data in _kinds:
                kinds_item = check_push_kind_enum(kinds_item_data)

                kinds.append(kinds_item)

        label = d.pop("label", UNSET)

        patched_push_subscription_detail_input_request = cls(
            kinds=kinds,
            label=label,
        )

        patched_push_subscription_detail_input_request.additional_properties = d
        return patched_push_subscription_detail_input_request

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
