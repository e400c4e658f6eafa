from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offence_kind_enum import OffenceKindEnum, check_offence_kind_enum

T = TypeVar("T", bound="OffenceOutput")


@_attrs_define
class OffenceOutput:
    """
    Attributes:
        kind (OffenceKindEnum): * `no_show` - No-show
            * `early_leave` - Left a table early
        at (datetime.datetime):
        expires_at (datetime.datetime): when it stops counting toward a ban
    """

    kind: OffenceKindEnum
    at: datetime.datetime
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        at = self.at.isoformat()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "at": at,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_offence_kind_enum(d.pop("kind"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        offence_output = cls(
            kind=kind,
            at=at,
            expires_at=expires_at,
        )

        offence_output.additional_properties = d
        return offence_output

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
