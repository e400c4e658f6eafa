from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.team_ref_output import TeamRefOutput


T = TypeVar("T", bound="BattleOutput")


@_attrs_define
class BattleOutput:
    """
    Attributes:
        best (int): each team scores its best players' points
        teams (list[TeamRefOutput]):
    """

    best: int
    teams: list[TeamRefOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        best = self.best

        teams = []
        for teams_item_data in self.teams:
            teams_item = teams_item_data.to_dict()
            teams.append(teams_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "best": best,
                "teams": teams,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.team_ref_output import TeamRefOutput  # noqa: PLC0415

        d = dict(src_dict)
        best = d.pop("best")

        teams = []
        _teams = d.pop("teams")
        for teams_item_data in _teams:
            teams_item = TeamRefOutput.from_dict(teams_item_data)

            teams.append(teams_item)

        battle_output = cls(
            best=best,
            teams=teams,
        )

        battle_output.additional_properties = d
        return battle_output

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
