from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.channel_enum import ChannelEnum, check_channel_enum

T = TypeVar("T", bound="ChatMessageOutput")


@_attrs_define
class ChatMessageOutput:
    """
    Attributes:
        id (int):
        channel (ChannelEnum): * `players` - players
            * `spectators` - spectators
            * `tournament` - tournament
            * `team` - team
        author (str):
        quick (None | str): a quick message's key, or null
        text (str): as written, or the quick message in your language
        seq (int | None): the game's last event when said; null in a tournament or team
        created_at (datetime.datetime):
    """

    id: int
    channel: ChannelEnum
    author: str
    quick: None | str
    text: str
    seq: int | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        channel: str = self.channel

        author = self.author

        quick: None | str
        quick = self.quick

        text = self.text

        seq: int | None
        seq = self.seq

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "channel": channel,
                "author": author,
                "quick": quick,
                "text": text,
                "seq": seq,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        channel = check_channel_enum(d.pop("channel"))

        author = d.pop("author")

        def _parse_quick(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quick = _parse_quick(d.pop("quick"))

        text = d.pop("text")

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        chat_message_output = cls(
            id=id,
            channel=channel,
            author=author,
            quick=quick,
            text=text,
            seq=seq,
            created_at=created_at,
        )

        chat_message_output.additional_properties = d
        return chat_message_output

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
