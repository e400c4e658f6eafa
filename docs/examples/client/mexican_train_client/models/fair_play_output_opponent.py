from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FairPlayOutputOpponent")


@_attrs_define
class FairPlayOutputOpponent:
    """
    Attributes:
        username (str):
        is_bot (bool):
        games (int):
        gift_per_game (float):
        z (float):
        signal (bool):
    """

    username: str
    is_bot: bool
    games: int
    gift_per_game: float
    z: float
    signal: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        is_bot = self.is_bot

        games = self.games

        gift_per_game = self.gift_per_game

        z = self.z

        signal = self.signal

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "is_bot": is_bot,
                "games": games,
                "gift_per_game": gift_per_game,
                "z": z,
                "signal": signal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        is_bot = d.pop("is_bot")

        games = d.pop("games")

        gift_per_game = d.pop("gift_per_game")

        z = d.pop("z")

        signal = d.pop("signal")

        fair_play_output_opponent = cls(
            username=username,
            is_bot=is_bot,
            games=games,
            gift_per_game=gift_per_game,
            z=z,
            signal=signal,
        )

        fair_play_output_opponent.additional_properties = d
        return fair_play_output_opponent

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
