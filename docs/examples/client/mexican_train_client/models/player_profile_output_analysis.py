from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_profile_output_analysis_recent import PlayerProfileOutputAnalysisRecent


T = TypeVar("T", bound="PlayerProfileOutputAnalysis")


@_attrs_define
class PlayerProfileOutputAnalysis:
    """
    Attributes:
        games (int): analysed finished games
        accuracy (float | None):
        skill_index (float | None): luck-adjusted skill (docs/analysis.md)
        recent (list[PlayerProfileOutputAnalysisRecent]): the last 20 analysed games, newest first
    """

    games: int
    accuracy: float | None
    skill_index: float | None
    recent: list[PlayerProfileOutputAnalysisRecent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        accuracy: float | None
        accuracy = self.accuracy

        skill_index: float | None
        skill_index = self.skill_index

        recent = []
        for recent_item_data in self.recent:
            recent_item = recent_item_data.to_dict()
            recent.append(recent_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "accuracy": accuracy,
                "skill_index": skill_index,
                "recent": recent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile_output_analysis_recent import PlayerProfileOutputAnalysisRecent  # noqa: PLC0415

        d = dict(src_dict)
        games = d.pop("games")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_skill_index(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        skill_index = _parse_skill_index(d.pop("skill_index"))

        recent = []
        _recent = d.pop("recent")
        for recent_item_data in _recent:
            recent_item = PlayerProfileOutputAnalysisRecent.from_dict(recent_item_data)

            recent.append(recent_item)

        player_profile_output_analysis = cls(
            games=games,
            accuracy=accuracy,
            skill_index=skill_index,
            recent=recent,
        )

        player_profile_output_analysis.additional_properties = d
        return player_profile_output_analysis

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
