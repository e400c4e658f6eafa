from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerProfileOutputAnalysisRecent")


@_attrs_define
class PlayerProfileOutputAnalysisRecent:
    """
    Attributes:
        game (UUID):
        finished_at (datetime.datetime):
        accuracy (float):
        skill (float):
    """

    game: UUID
    finished_at: datetime.datetime
    accuracy: float
    skill: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        finished_at = self.finished_at.isoformat()

        accuracy = self.accuracy

        skill = self.skill

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "finished_at": finished_at,
                "accuracy": accuracy,
                "skill": skill,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = UUID(d.pop("game"))

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        accuracy = d.pop("accuracy")

        skill = d.pop("skill")

        player_profile_output_analysis_recent = cls(
            game=game,
            finished_at=finished_at,
            accuracy=accuracy,
            skill=skill,
        )

        player_profile_output_analysis_recent.additional_properties = d
        return player_profile_output_analysis_recent

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
