from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UserMeOutput")


@_attrs_define
class UserMeOutput:
    """
    Attributes:
        id (int):
        username (str):
        is_bot (bool):
        is_staff (bool):
        vacation_from (datetime.datetime | None):
        vacation_until (datetime.datetime | None): correspondence clocks are paused until then
        time_zone (str): the player's IANA time zone (blank: UTC), set on /settings
        bot_owner (None | str | Unset): for a bot a person owns: its owner
    """

    id: int
    username: str
    is_bot: bool
    is_staff: bool
    vacation_from: datetime.datetime | None
    vacation_until: datetime.datetime | None
    time_zone: str
    bot_owner: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        is_bot = self.is_bot

        is_staff = self.is_staff

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

        time_zone = self.time_zone

        bot_owner: None | str | Unset
        if isinstance(self.bot_owner, Unset):
            bot_owner = UNSET
        else:
            bot_owner = self.bot_owner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "is_bot": is_bot,
                "is_staff": is_staff,
                "vacation_from": vacation_from,
                "vacation_until": vacation_until,
                "time_zone": time_zone,
            }
        )
        if bot_owner is not UNSET:
            field_dict["bot_owner"] = bot_owner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        is_staff = d.pop("is_staff")

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

        time_zone = d.pop("time_zone")

        def _parse_bot_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner", UNSET))

        user_me_output = cls(
            id=id,
            username=username,
            is_bot=is_bot,
            is_staff=is_staff,
            vacation_from=vacation_from,
            vacation_until=vacation_until,
            time_zone=time_zone,
            bot_owner=bot_owner,
        )

        user_me_output.additional_properties = d
        return user_me_output

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
