from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TeamMemberOutput")


@_attrs_define
class TeamMemberOutput:
    """
    Attributes:
        username (str):
        role (str): leader | member
        joined_at (datetime.datetime):
        founder (bool): created the team
        rating (int | None): shown live rating; null before a rated game
        provisional (bool): fewer than 10 rated live games
    """

    username: str
    role: str
    joined_at: datetime.datetime
    founder: bool
    rating: int | None
    provisional: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        role = self.role

        joined_at = self.joined_at.isoformat()

        founder = self.founder

        rating: int | None
        rating = self.rating

        provisional = self.provisional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "role": role,
                "joined_at": joined_at,
                "founder": founder,
                "rating": rating,
                "provisional": provisional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        role = d.pop("role")

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        founder = d.pop("founder")

        def _parse_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating = _parse_rating(d.pop("rating"))

        provisional = d.pop("provisional")

        team_member_output = cls(
            username=username,
            role=role,
            joined_at=joined_at,
            founder=founder,
            rating=rating,
            provisional=provisional,
        )

        team_member_output.additional_properties = d
        return team_member_output

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
