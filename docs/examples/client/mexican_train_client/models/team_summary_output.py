from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TeamSummaryOutput")


@_attrs_define
class TeamSummaryOutput:
    """
    Attributes:
        id (int):
        slug (str): the team's address: /teams/<slug>
        name (str):
        description (str):
        open_ (bool): true: anyone may join; false: by request
        members (int):
        created_at (datetime.datetime):
        closed (bool): closed teams are read-only
    """

    id: int
    slug: str
    name: str
    description: str
    open_: bool
    members: int
    created_at: datetime.datetime
    closed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        slug = self.slug

        name = self.name

        description = self.description

        open_ = self.open_

        members = self.members

        created_at = self.created_at.isoformat()

        closed = self.closed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "slug": slug,
                "name": name,
                "description": description,
                "open": open_,
                "members": members,
                "created_at": created_at,
                "closed": closed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        slug = d.pop("slug")

        name = d.pop("name")

        description = d.pop("description")

        open_ = d.pop("open")

        members = d.pop("members")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        closed = d.pop("closed")

        team_summary_output = cls(
            id=id,
            slug=slug,
            name=name,
            description=description,
            open_=open_,
            members=members,
            created_at=created_at,
            closed=closed,
        )

        team_summary_output.additional_properties = d
        return team_summary_output

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
