from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TeamStandingOutput")


@_attrs_define
class TeamStandingOutput:
    """
    Attributes:
        rank (int):
        team (str): slug
        name (str):
        score (float): the sum of its best players' points
        score_exact (str):
        players (int): its players in the battle
        counted (list[int]): the entries whose points count, best first
    """

    rank: int
    team: str
    name: str
    score: float
    score_exact: str
    players: int
    counted: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        team = self.team

        name = self.name

        score = self.score

        score_exact = self.score_exact

        players = self.players

        counted = self.counted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "team": team,
                "name": name,
                "score": score,
                "score_exact": score_exact,
                "players": players,
                "counted": counted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        team = d.pop("team")

        name = d.pop("name")

        score = d.pop("score")

        score_exact = d.pop("score_exact")

        players = d.pop("players")

        counted = cast(list[int], d.pop("counted"))

        team_standing_output = cls(
            rank=rank,
            team=team,
            name=name,
            score=score,
            score_exact=score_exact,
            players=players,
            counted=counted,
        )

        team_standing_output.additional_properties = d
        return team_standing_output

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
