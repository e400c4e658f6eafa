from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoreTimeInputRequest")


@_attrs_define
class MoreTimeInputRequest:
    """More time for the seat to move (games.more_time), by REST or the socket's ``more_time``.

    Attributes:
        seat (int): the seat to move (not your own)
        seconds (int): live: 15 to 300; correspondence: 86400 to 604800
        expected_seq (int | Unset): refused as `stale` if the game moved on
    """

    seat: int
    seconds: int
    expected_seq: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        seconds = self.seconds

        expected_seq = self.expected_seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "seconds": seconds,
            }
        )
        if expected_seq is not UNSET:
            field_dict["expected_seq"] = expected_seq

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        seconds = d.pop("seconds")

        expected_seq = d.pop("expected_seq", UNSET)

        more_time_input_request = cls(
            seat=seat,
            seconds=seconds,
            expected_seq=expected_seq,
        )

        more_time_input_request.additional_properties = d
        return more_time_input_request

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
