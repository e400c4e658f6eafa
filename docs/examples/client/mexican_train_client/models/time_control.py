from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.on_timeouts_enum import OnTimeoutsEnum, check_on_timeouts_enum
from ..models.rating_kind_enum import RatingKindEnum, check_rating_kind_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeControl")


@_attrs_define
class TimeControl:
    """RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
    correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.

        Attributes:
            kind (RatingKindEnum | Unset): * `live` - live
                * `correspondence` - correspondence
            seconds_per_move (int | Unset): live: 5 to 3600
            reserve_seconds (int | Unset): live: 0 to 36000
            days_per_move (int | Unset): correspondence: 1-14
            vacation_days (int | Unset): correspondence: 0-60
            weekend_pause (bool | Unset): correspondence: no clock at weekends, Friday 18:00 to Monday 08:00 in each
                player's own time zone (default false)
            timeouts_allowed (int | Unset): 1 to 10
            on_timeouts (OnTimeoutsEnum | Unset): * `bot` - bot
                * `forfeit` - forfeit
    """

    kind: RatingKindEnum | Unset = UNSET
    seconds_per_move: int | Unset = UNSET
    reserve_seconds: int | Unset = UNSET
    days_per_move: int | Unset = UNSET
    vacation_days: int | Unset = UNSET
    weekend_pause: bool | Unset = UNSET
    timeouts_allowed: int | Unset = UNSET
    on_timeouts: OnTimeoutsEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        seconds_per_move = self.seconds_per_move

        reserve_seconds = self.reserve_seconds

        days_per_move = self.days_per_move

        vacation_days = self.vacation_days

        weekend_pause = self.weekend_pause

        timeouts_allowed = self.timeouts_allowed

        on_timeouts: str | Unset = UNSET
        if not isinstance(self.on_timeouts, Unset):
            on_timeouts = self.on_timeouts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if seconds_per_move is not UNSET:
            field_dict["seconds_per_move"] = seconds_per_move
        if reserve_seconds is not UNSET:
            field_dict["reserve_seconds"] = reserve_seconds
        if days_per_move is not UNSET:
            field_dict["days_per_move"] = days_per_move
        if vacation_days is not UNSET:
            field_dict["vacation_days"] = vacation_days
        if weekend_pause is not UNSET:
            field_dict["weekend_pause"] = weekend_pause
        if timeouts_allowed is not UNSET:
            field_dict["timeouts_allowed"] = timeouts_allowed
        if on_timeouts is not UNSET:
            field_dict["on_timeouts"] = on_timeouts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _kind = d.pop("kind", UNSET)
        kind: RatingKindEnum | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_rating_kind_enum(_kind)

        seconds_per_move = d.pop("seconds_per_move", UNSET)

        reserve_seconds = d.pop("reserve_seconds", UNSET)

        days_per_move = d.pop("days_per_move", UNSET)

        vacation_days = d.pop("vacation_days", UNSET)

        weekend_pause = d.pop("weekend_pause", UNSET)

        timeouts_allowed = d.pop("timeouts_allowed", UNSET)

        _on_timeouts = d.pop("on_timeouts", UNSET)
        on_timeouts: OnTimeoutsEnum | Unset
        if isinstance(_on_timeouts, Unset):
            on_timeouts = UNSET
        else:
            on_timeouts = check_on_timeouts_enum(_on_timeouts)

        time_control = cls(
            kind=kind,
            seconds_per_move=seconds_per_move,
            reserve_seconds=reserve_seconds,
            days_per_move=days_per_move,
            vacation_days=vacation_days,
            weekend_pause=weekend_pause,
            timeouts_allowed=timeouts_allowed,
            on_timeouts=on_timeouts,
        )

        time_control.additional_properties = d
        return time_control

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
