from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TablePlayerOutput")


@_attrs_define
class TablePlayerOutput:
    """
    Attributes:
        seat (int):
        entry (int):
        username (str):
        is_bot (bool):
        left (bool): resigned or forfeited the game (R25)
        total (int | None): the match total, once ended
        forfeited (bool | None): ranked last (R25)
        place (int | None): place at the table (R23)
    """

    seat: int
    entry: int
    username: str
    is_bot: bool
    left: bool
    total: int | None
    forfeited: bool | None
    place: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        entry = self.entry

        username = self.username

        is_bot = self.is_bot

        left = self.left

        total: int | None
        total = self.total

        forfeited: bool | None
        forfeited = self.forfeited

        place: int | None
        place = self.place

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "entry": entry,
                "username": username,
                "is_bot": is_bot,
                "left": left,
                "total": total,
                "forfeited": forfeited,
                "place": place,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        entry = d.pop("entry")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        left = d.pop("left")

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        def _parse_forfeited(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        forfeited = _parse_forfeited(d.pop("forfeited"))

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        table_player_output = cls(
            seat=seat,
            entry=entry,
            username=username,
            is_bot=is_bot,
            left=left,
            total=total,
            forfeited=forfeited,
            place=place,
        )

        table_player_output.additional_properties = d
        return table_player_output

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
