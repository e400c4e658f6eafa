from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChatReportOutput")


@_attrs_define
class ChatReportOutput:
    """
    Attributes:
        id (int):
        message (int):
        dispute (int | None):
    """

    id: int
    message: int
    dispute: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        message = self.message

        dispute: int | None
        dispute = self.dispute

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "message": message,
                "dispute": dispute,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        message = d.pop("message")

        def _parse_dispute(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dispute = _parse_dispute(d.pop("dispute"))

        chat_report_output = cls(
            id=id,
            message=message,
            dispute=dispute,
        )

        chat_report_output.additional_properties = d
        return chat_report_output

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
