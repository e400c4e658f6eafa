from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerRatingHistoryOutputPoint")


@_attrs_define
class PlayerRatingHistoryOutputPoint:
    """
    Attributes:
        game (UUID):
        at (datetime.datetime):
        rating (int): shown rating after the game
        change (int): shown rating change of the game
        mu (float):
        sigma (float):
        place (int): rank rated; a player who left is last
        players (int):
        left (bool): resigned or forfeited
    """

    game: UUID
    at: datetime.datetime
    rating: int
    change: int
    mu: float
    sigma: float
    place: int
    players: int
    left: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        at = self.at.isoformat()

        rating = self.rating

        change = self.change

        mu = self.mu

        sigma = self.sigma

        place = self.place

        players = self.players

        left = self.left

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "at": at,
                "rating": rating,
                "change": change,
                "mu": mu,
                "sigma": sigma,
                "place": place,
                "players": players,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = UUID(d.pop("game"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        rating = d.pop("rating")

        change = d.pop("change")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        place = d.pop("place")

        players = d.pop("players")

        left = d.pop("left")

        player_rating_history_output_point = cls(
            game=game,
            at=at,
            rating=rating,
            change=change,
            mu=mu,
            sigma=sigma,
            place=place,
            players=players,
            left=left,
        )

        player_rating_history_output_point.additional_properties = d
        return player_rating_history_output_point

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
