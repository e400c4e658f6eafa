from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewOwnedBotOutput")


@_attrs_define
class NewOwnedBotOutput:
    """A bot account its owner sees.

    Attributes:
        id (int):
        username (str):
        is_bot (bool):
        active (bool):
        created (datetime.datetime):
        token (str): the bot's API key: shown this once, only its digest is kept
    """

    id: int
    username: str
    is_bot: bool
    active: bool
    created: datetime.datetime
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        is_bot = self.is_bot

        active = self.active

        created = self.created.isoformat()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "is_bot": is_bot,
                "active": active,
                "created": created,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        active = d.pop("active")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        token = d.pop("token")

        new_owned_bot_output = cls(
            id=id,
            username=username,
            is_bot=is_bot,
            active=active,
            created=created,
            token=token,
        )

        new_owned_bot_output.additional_properties = d
        return new_owned_bot_output

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
