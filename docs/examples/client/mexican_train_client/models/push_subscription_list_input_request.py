from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.push_kind_enum import PushKindEnum, check_push_kind_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.push_keys_input_request import PushKeysInputRequest


T = TypeVar("T", bound="PushSubscriptionListInputRequest")


@_attrs_define
class PushSubscriptionListInputRequest:
    """
    Attributes:
        endpoint (str): the push service's URL for this browser
        keys (PushKeysInputRequest):
        expiration_time (int | None | Unset): as the browser gives it; not used
        kinds (list[PushKindEnum] | Unset): the push kinds this device gets (`GET /push` lists them)
        label (str | Unset): the device's name on /settings (default: its browser and system)
    """

    endpoint: str
    keys: PushKeysInputRequest
    expiration_time: int | None | Unset = UNSET
    kinds: list[PushKindEnum] | Unset = UNSET
    label: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        endpoint = self.endpoint

        keys = self.keys.to_dict()

        expiration_time: int | None | Unset
        if isinstance(self.expiration_time, Unset):
            expiration_time = UNSET
        else:
            expiration_time = self.expiration_time

        kinds: list[str] | Unset = UNSET
        if not isinstance(self.kinds, Unset):
            kinds = []
            for kinds_item_data in self.kinds:
                kinds_item: str = kinds_item_data
                kinds.append(kinds_item)

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "endpoint": endpoint,
                "keys": keys,
            }
        )
        if expiration_time is not UNSET:
            field_dict["expirationTime"] = expiration_time
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_keys_input_request import PushKeysInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        endpoint = d.pop("endpoint")

        keys = PushKeysInputRequest.from_dict(d.pop("keys"))

        def _parse_expiration_time(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expiration_time = _parse_expiration_time(d.pop("expirationTime", UNSET))

        _kinds = d.pop("kinds", UNSET)
        kinds: list[PushKindEnum] | Unset = UNSET
        if _kinds is not UNSET:
            kinds = []
            for kinds_item_data in _kinds:
                kinds_item = check_push_kind_enum(kinds_item_data)

                kinds.append(kinds_item)

        label = d.pop("label", UNSET)

        push_subscription_list_input_request = cls(
            endpoint=endpoint,
            keys=keys,
            expiration_time=expiration_time,
            kinds=kinds,
            label=label,
        )

        push_subscription_list_input_request.additional_properties = d
        return push_subscription_list_input_request

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
