from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PushSubscriptionOutput")


@_attrs_define
class PushSubscriptionOutput:
    """
    Attributes:
        id (int):
        endpoint (str):
        kinds (list[str]):
        created_at (datetime.datetime):
        label (str | Unset):
        last_push_at (datetime.datetime | None | Unset):
    """

    id: int
    endpoint: str
    kinds: list[str]
    created_at: datetime.datetime
    label: str | Unset = UNSET
    last_push_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint = self.endpoint

        kinds = self.kinds

        created_at = self.created_at.isoformat()

        label = self.label

        last_push_at: None | str | Unset
        if isinstance(self.last_push_at, Unset):
            last_push_at = UNSET
        elif isinstance(self.last_push_at, datetime.datetime):
            last_push_at = self.last_push_at.isoformat()
        else:
            last_push_at = self.last_push_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpoint": endpoint,
                "kinds": kinds,
                "created_at": created_at,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if last_push_at is not UNSET:
            field_dict["last_push_at"] = last_push_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        endpoint = d.pop("endpoint")

        kinds = cast(list[str], d.pop("kinds"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        label = d.pop("label", UNSET)

        def _parse_last_push_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_push_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_push_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_push_at = _parse_last_push_at(d.pop("last_push_at", UNSET))

        push_subscription_output = cls(
            id=id,
            endpoint=endpoint,
            kinds=kinds,
            created_at=created_at,
            label=label,
            last_push_at=last_push_at,
        )

        push_subscription_output.additional_properties = d
        return push_subscription_output

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
