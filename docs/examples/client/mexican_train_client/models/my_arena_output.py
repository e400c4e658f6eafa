from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MyArenaOutput")


@_attrs_define
class MyArenaOutput:
    """
    Attributes:
        waiting (bool): in the pairing pool
        waiting_since (datetime.datetime | None):
        paused (bool):
        berserk (bool): went berserk at the table about to start
        can_berserk (bool):
    """

    waiting: bool
    waiting_since: datetime.datetime | None
    paused: bool
    berserk: bool
    can_berserk: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        waiting = self.waiting

        waiting_since: None | str
        if isinstance(self.waiting_since, datetime.datetime):
            waiting_since = self.waiting_since.isoformat()
        else:
            waiting_since = self.waiting_since

        paused = self.paused

        berserk = self.berserk

        can_berserk = self.can_berserk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "waiting": waiting,
                "waiting_since": waiting_since,
                "paused": paused,
                "berserk": berserk,
                "can_berserk": can_berserk,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waiting = d.pop("waiting")

        def _parse_waiting_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                waiting_since_type_0 = datetime.datetime.fromisoformat(data)

                return waiting_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        waiting_since = _parse_waiting_since(d.pop("waiting_since"))

        paused = d.pop("paused")

        berserk = d.pop("berserk")

        can_berserk = d.pop("can_berserk")

        my_arena_output = cls(
            waiting=waiting,
            waiting_since=waiting_since,
            paused=paused,
            berserk=berserk,
            can_berserk=can_berserk,
        )

        my_arena_output.additional_properties = d
        return my_arena_output

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
