from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fair_play_output_opponent import FairPlayOutputOpponent
    from ..models.fair_play_output_thresholds import FairPlayOutputThresholds


T = TypeVar("T", bound="FairPlayOutput")


@_attrs_define
class FairPlayOutput:
    """
    Attributes:
        player (str):
        games (int):
        accuracy (float | None):
        bot_accuracy (float | None): the strong bot's here; null until 10 of its games
        assistance (bool):
        opponents (list[FairPlayOutputOpponent]):
        thresholds (FairPlayOutputThresholds):
    """

    player: str
    games: int
    accuracy: float | None
    bot_accuracy: float | None
    assistance: bool
    opponents: list[FairPlayOutputOpponent]
    thresholds: FairPlayOutputThresholds
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        games = self.games

        accuracy: float | None
        accuracy = self.accuracy

        bot_accuracy: float | None
        bot_accuracy = self.bot_accuracy

        assistance = self.assistance

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)

        thresholds = self.thresholds.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "games": games,
                "accuracy": accuracy,
                "bot_accuracy": bot_accuracy,
                "assistance": assistance,
                "opponents": opponents,
                "thresholds": thresholds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fair_play_output_opponent import FairPlayOutputOpponent  # noqa: PLC0415
        from ..models.fair_play_output_thresholds import FairPlayOutputThresholds  # noqa: PLC0415

        d = dict(src_dict)
        player = d.pop("player")

        games = d.pop("games")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_bot_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        bot_accuracy = _parse_bot_accuracy(d.pop("bot_accuracy"))

        assistance = d.pop("assistance")

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in _opponents:
            opponents_item = FairPlayOutputOpponent.from_dict(opponents_item_data)

            opponents.append(opponents_item)

        thresholds = FairPlayOutputThresholds.from_dict(d.pop("thresholds"))

        fair_play_output = cls(
            player=player,
            games=games,
            accuracy=accuracy,
            bot_accuracy=bot_accuracy,
            assistance=assistance,
            opponents=opponents,
            thresholds=thresholds,
        )

        fair_play_output.additional_properties = d
        return fair_play_output

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
