from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.team_member_output import TeamMemberOutput


T = TypeVar("T", bound="TeamDetailOutput")


@_attrs_define
class TeamDetailOutput:
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
        founder (str):
        chat_open (bool): false: leaders closed the team's chat
        average_rating (int | None): mean live rating of the members who played a rated game
        closed_at (datetime.datetime | None):
        closed_reason (str): why staff closed it; empty while open
        my_role (None | str): the caller's role, leader | member; null: not a member
        my_request (bool): the caller asked to join, not decided yet
        members_list (list[TeamMemberOutput]): leaders first, then by joining
    """

    id: int
    slug: str
    name: str
    description: str
    open_: bool
    members: int
    created_at: datetime.datetime
    closed: bool
    founder: str
    chat_open: bool
    average_rating: int | None
    closed_at: datetime.datetime | None
    closed_reason: str
    my_role: None | str
    my_request: bool
    members_list: list[TeamMemberOutput]
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

        founder = self.founder

        chat_open = self.chat_open

        average_rating: int | None
        average_rating = self.average_rating

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

        closed_reason = self.closed_reason

        my_role: None | str
        my_role = self.my_role

        my_request = self.my_request

        members_list = []
        for members_list_item_data in self.members_list:
            members_list_item = members_list_item_data.to_dict()
            members_list.append(members_list_item)

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
                "founder": founder,
                "chat_open": chat_open,
                "average_rating": average_rating,
                "closed_at": closed_at,
                "closed_reason": closed_reason,
                "my_role": my_role,
                "my_request": my_request,
                "members_list": members_list,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.team_member_output import TeamMemberOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        slug = d.pop("slug")

        name = d.pop("name")

        description = d.pop("description")

        open_ = d.pop("open")

        members = d.pop("members")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        closed = d.pop("closed")

        founder = d.pop("founder")

        chat_open = d.pop("chat_open")

        def _parse_average_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        average_rating = _parse_average_rating(d.pop("average_rating"))

        def _parse_closed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_at_type_0 = datetime.datetime.fromisoformat(data)

                return closed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        closed_reason = d.pop("closed_reason")

        def _parse_my_role(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        my_role = _parse_my_role(d.pop("my_role"))

        my_request = d.pop("my_request")

        members_list = []
        _members_list = d.pop("members_list")
        for members_list_item_data in _members_list:
            members_list_item = TeamMemberOutput.from_dict(members_list_item_data)

            members_list.append(members_list_item)

        team_detail_output = cls(
            id=id,
            slug=slug,
            name=name,
            description=description,
            open_=open_,
            members=members,
            created_at=created_at,
            closed=closed,
            founder=founder,
            chat_open=chat_open,
            average_rating=average_rating,
            closed_at=closed_at,
            closed_reason=closed_reason,
            my_role=my_role,
            my_request=my_request,
            members_list=members_list,
        )

        team_detail_output.additional_properties = d
        return team_detail_output

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
