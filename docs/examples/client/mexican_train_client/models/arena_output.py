from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ArenaOutput")


@_attrs_define
class ArenaOutput:
    """
    Attributes:
        duration_minutes (int):
        ends_at (datetime.datetime): no table is formed after it
        seconds_left (float | None): null once over
        wait_seconds (int): a table that cannot fill forms anyway after this wait (smaller, or with bots)
        bots (bool): bots may fill a table that cannot fill
        berserk (bool): players may halve their reserve for a bonus
    """

    duration_minutes: int
    ends_at: datetime.datetime
    seconds_left: float | None
    wait_seconds: int
    bots: bool
    berserk: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        duration_minutes = self.duration_minutes

        ends_at = self.ends_at.isoformat()

        seconds_left: float | None
        seconds_left = self.seconds_left

        wait_seconds = self.wait_seconds

        bots = self.bots

        berserk = self.berserk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "duration_minutes": duration_minutes,
                "ends_at": ends_at,
                "seconds_left": seconds_left,
                "wait_seconds": wait_seconds,
                "bots": bots,
                "berserk": berserk,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        duration_minutes = d.pop("duration_minutes")

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        def _parse_seconds_left(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds_left = _parse_seconds_left(d.pop("seconds_left"))

        wait_seconds = d.pop("wait_seconds")

        bots = d.pop("bots")

        berserk = d.pop("berserk")

        arena_output = cls(
            duration_minutes=duration_minutes,
            ends_at=ends_at,
            seconds_left=seconds_left,
            wait_seconds=wait_seconds,
            bots=bots,
            berserk=berserk,
        )

        arena_output.additional_properties = d
        return arena_output

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
