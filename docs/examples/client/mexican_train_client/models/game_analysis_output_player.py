from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameAnalysisOutputPlayer")


@_attrs_define
class GameAnalysisOutputPlayer:
    """
    Attributes:
        seat (int):
        username (str):
        is_bot (bool):
        accuracy (float | None):
        skill (float | None):
    """

    seat: int
    username: str
    is_bot: bool
    accuracy: float | None
    skill: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        username = self.username

        is_bot = self.is_bot

        accuracy: float | None
        accuracy = self.accuracy

        skill: float | None
        skill = self.skill

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "username": username,
                "is_bot": is_bot,
                "accuracy": accuracy,
                "skill": skill,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_skill(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        skill = _parse_skill(d.pop("skill"))

        game_analysis_output_player = cls(
            seat=seat,
            username=username,
            is_bot=is_bot,
            accuracy=accuracy,
            skill=skill,
        )

        game_analysis_output_player.additional_properties = d
        return game_analysis_output_player

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
