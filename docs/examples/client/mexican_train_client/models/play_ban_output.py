from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offence_kind_enum import OffenceKindEnum, check_offence_kind_enum

T = TypeVar("T", bound="PlayBanOutput")


@_attrs_define
class PlayBanOutput:
    """
    Attributes:
        reason (OffenceKindEnum): * `no_show` - No-show
            * `early_leave` - Left a table early
        starts_at (datetime.datetime):
        ends_at (datetime.datetime):
        seconds_left (float):
        step (int): offences counted in the last week (the ladder)
    """

    reason: OffenceKindEnum
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    seconds_left: float
    step: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason: str = self.reason

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        seconds_left = self.seconds_left

        step = self.step

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "seconds_left": seconds_left,
                "step": step,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = check_offence_kind_enum(d.pop("reason"))

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))

        seconds_left = d.pop("seconds_left")

        step = d.pop("step")

        play_ban_output = cls(
            reason=reason,
            starts_at=starts_at,
            ends_at=ends_at,
            seconds_left=seconds_left,
            step=step,
        )

        play_ban_output.additional_properties = d
        return play_ban_output

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
