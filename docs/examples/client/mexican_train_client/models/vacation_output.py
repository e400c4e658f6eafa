from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VacationOutput")


@_attrs_define
class VacationOutput:
    """
    Attributes:
        vacation_from (datetime.datetime | None):
        vacation_until (datetime.datetime | None):
    """

    vacation_from: datetime.datetime | None
    vacation_until: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        vacation_from: None | str
        if isinstance(self.vacation_from, datetime.datetime):
            vacation_from = self.vacation_from.isoformat()
        else:
            vacation_from = self.vacation_from

        vacation_until: None | str
        if isinstance(self.vacation_until, datetime.datetime):
            vacation_until = self.vacation_until.isoformat()
        else:
            vacation_until = self.vacation_until

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "vacation_from": vacation_from,
                "vacation_until": vacation_until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_vacation_from(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vacation_from_type_0 = datetime.datetime.fromisoformat(data)

                return vacation_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        vacation_from = _parse_vacation_from(d.pop("vacation_from"))

        def _parse_vacation_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vacation_until_type_0 = datetime.datetime.fromisoformat(data)

                return vacation_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        vacation_until = _parse_vacation_until(d.pop("vacation_until"))

        vacation_output = cls(
            vacation_from=vacation_from,
            vacation_until=vacation_until,
        )

        vacation_output.additional_properties = d
        return vacation_output

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
