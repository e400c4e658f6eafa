from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingChangeOutput")


@_attrs_define
class RatingChangeOutput:
    """
    Attributes:
        seat (int):
        username (str):
        kind (str): live or correspondence: the series it counts in
        before (int): the display rating before the game
        after (int): the display rating after it
        change (int): after - before
    """

    seat: int
    username: str
    kind: str
    before: int
    after: int
    change: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        username = self.username

        kind = self.kind

        before = self.before

        after = self.after

        change = self.change

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "username": username,
                "kind": kind,
                "before": before,
                "after": after,
                "change": change,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        username = d.pop("username")

        kind = d.pop("kind")

        before = d.pop("before")

        after = d.pop("after")

        change = d.pop("change")

        rating_change_output = cls(
            seat=seat,
            username=username,
            kind=kind,
            before=before,
            after=after,
            change=change,
        )

        rating_change_output.additional_properties = d
        return rating_change_output

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
