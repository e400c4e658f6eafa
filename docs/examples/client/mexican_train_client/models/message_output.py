from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MessageOutput")


@_attrs_define
class MessageOutput:
    """
    Attributes:
        id (int):
        author (str):
        from_staff (bool):
        kind (str):
        body (str):
        created_at (datetime.datetime):
    """

    id: int
    author: str
    from_staff: bool
    kind: str
    body: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        author = self.author

        from_staff = self.from_staff

        kind = self.kind

        body = self.body

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "author": author,
                "from_staff": from_staff,
                "kind": kind,
                "body": body,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        author = d.pop("author")

        from_staff = d.pop("from_staff")

        kind = d.pop("kind")

        body = d.pop("body")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        message_output = cls(
            id=id,
            author=author,
            from_staff=from_staff,
            kind=kind,
            body=body,
            created_at=created_at,
        )

        message_output.additional_properties = d
        return message_output

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
