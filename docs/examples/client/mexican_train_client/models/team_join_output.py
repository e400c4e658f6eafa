from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.team_join_output_status_enum import TeamJoinOutputStatusEnum, check_team_join_output_status_enum

if TYPE_CHECKING:
    from ..models.team_detail_output import TeamDetailOutput


T = TypeVar("T", bound="TeamJoinOutput")


@_attrs_define
class TeamJoinOutput:
    """
    Attributes:
        status (TeamJoinOutputStatusEnum): * `member` - member
            * `requested` - requested
        team (TeamDetailOutput):
    """

    status: TeamJoinOutputStatusEnum
    team: TeamDetailOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        team = self.team.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "team": team,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.team_detail_output import TeamDetailOutput  # noqa: PLC0415

        d = dict(src_dict)
        status = check_team_join_output_status_enum(d.pop("status"))

        team = TeamDetailOutput.from_dict(d.pop("team"))

        team_join_output = cls(
            status=status,
            team=team,
        )

        team_join_output.additional_properties = d
        return team_join_output

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
