from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_analysis_output_status_enum import (
    GameAnalysisOutputStatusEnum,
    check_game_analysis_output_status_enum,
)

if TYPE_CHECKING:
    from ..models.game_analysis_output_player import GameAnalysisOutputPlayer


T = TypeVar("T", bound="GameAnalysisOutput")


@_attrs_define
class GameAnalysisOutput:
    """
    Attributes:
        status (GameAnalysisOutputStatusEnum): * `pending` - pending
            * `done` - done
            * `failed` - failed
        analysis (Any): games.bots.analysis's result once done (docs/analysis.md)
        players (list[GameAnalysisOutputPlayer]):
    """

    status: GameAnalysisOutputStatusEnum
    analysis: Any
    players: list[GameAnalysisOutputPlayer]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        analysis = self.analysis

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "analysis": analysis,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_analysis_output_player import GameAnalysisOutputPlayer  # noqa: PLC0415

        d = dict(src_dict)
        status = check_game_analysis_output_status_enum(d.pop("status"))

        analysis = d.pop("analysis")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = GameAnalysisOutputPlayer.from_dict(players_item_data)

            players.append(players_item)

        game_analysis_output = cls(
            status=status,
            analysis=analysis,
            players=players,
        )

        game_analysis_output.additional_properties = d
        return game_analysis_output

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
