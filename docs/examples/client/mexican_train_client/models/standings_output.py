from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.points_enum import PointsEnum, check_points_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.standings_line_output import StandingsLineOutput
    from ..models.team_standing_output import TeamStandingOutput


T = TypeVar("T", bound="StandingsOutput")


@_attrs_define
class StandingsOutput:
    """
    Attributes:
        round_ (int): the latest round with a finished table
        tables (int): finished tables counted
        final (bool):
        points (PointsEnum): * `share` - share
            * `duplicate` - duplicate
            * `arena` - arena
        lines (list[StandingsLineOutput]):
        teams (list[TeamStandingOutput] | Unset): a team battle's teams
    """

    round_: int
    tables: int
    final: bool
    points: PointsEnum
    lines: list[StandingsLineOutput]
    teams: list[TeamStandingOutput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        tables = self.tables

        final = self.final

        points: str = self.points

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        teams: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.teams, Unset):
            teams = []
            for teams_item_data in self.teams:
                teams_item = teams_item_data.to_dict()
                teams.append(teams_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "tables": tables,
                "final": final,
                "points": points,
                "lines": lines,
            }
        )
        if teams is not UNSET:
            field_dict["teams"] = teams

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standings_line_output import StandingsLineOutput  # noqa: PLC0415
        from ..models.team_standing_output import TeamStandingOutput  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        tables = d.pop("tables")

        final = d.pop("final")

        points = check_points_enum(d.pop("points"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = StandingsLineOutput.from_dict(lines_item_data)

            lines.append(lines_item)

        _teams = d.pop("teams", UNSET)
        teams: list[TeamStandingOutput] | Unset = UNSET
        if _teams is not UNSET:
            teams = []
            for teams_item_data in _teams:
                teams_item = TeamStandingOutput.from_dict(teams_item_data)

                teams.append(teams_item)

        standings_output = cls(
            round_=round_,
            tables=tables,
            final=final,
            points=points,
            lines=lines,
            teams=teams,
        )

        standings_output.additional_properties = d
        return standings_output

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
