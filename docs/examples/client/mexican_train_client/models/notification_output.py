from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notification_output_params import NotificationOutputParams


T = TypeVar("T", bound="NotificationOutput")


@_attrs_define
class NotificationOutput:
    """``text``: the words in the request's language, rendered from ``kind`` and ``params``
    (notifications.kinds) when read, not when the notification was made.

        Attributes:
            id (int):
            kind (str):
            params (NotificationOutputParams): The names and numbers the kind's words take.
            text (str):
            created_at (datetime.datetime):
            url (str | Unset):
            read_at (datetime.datetime | None | Unset):
    """

    id: int
    kind: str
    params: NotificationOutputParams
    text: str
    created_at: datetime.datetime
    url: str | Unset = UNSET
    read_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind

        params = self.params.to_dict()

        text = self.text

        created_at = self.created_at.isoformat()

        url = self.url

        read_at: None | str | Unset
        if isinstance(self.read_at, Unset):
            read_at = UNSET
        elif isinstance(self.read_at, datetime.datetime):
            read_at = self.read_at.isoformat()
        else:
            read_at = self.read_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "params": params,
                "text": text,
                "created_at": created_at,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if read_at is not UNSET:
            field_dict["read_at"] = read_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_output_params import NotificationOutputParams  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        params = NotificationOutputParams.from_dict(d.pop("params"))

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        url = d.pop("url", UNSET)

        def _parse_read_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                read_at_type_0 = datetime.datetime.fromisoformat(data)

                return read_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        read_at = _parse_read_at(d.pop("read_at", UNSET))

        notification_output = cls(
            id=id,
            kind=kind,
            params=params,
            text=text,
            created_at=created_at,
            url=url,
            read_at=read_at,
        )

        notification_output.additional_properties = d
        return notification_output

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
