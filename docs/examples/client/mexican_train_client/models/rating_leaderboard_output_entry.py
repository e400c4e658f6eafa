from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingLeaderboardOutputEntry")


@_attrs_define
class RatingLeaderboardOutputEntry:
    """
    Attributes:
        rank (int):
        username (str):
        rating (int):
        mu (float):
        sigma (float):
        games (int):
        provisional (bool):
        updated_at (datetime.datetime | None):
        skill_index (float | None): luck-adjusted skill over analysed games (docs/analysis.md); null: none
    """

    rank: int
    username: str
    rating: int
    mu: float
    sigma: float
    games: int
    provisional: bool
    updated_at: datetime.datetime | None
    skill_index: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        username = self.username

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        skill_index: float | None
        skill_index = self.skill_index

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "username": username,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "provisional": provisional,
                "updated_at": updated_at,
                "skill_index": skill_index,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        username = d.pop("username")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        def _parse_skill_index(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        skill_index = _parse_skill_index(d.pop("skill_index"))

        rating_leaderboard_output_entry = cls(
            rank=rank,
            username=username,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
            updated_at=updated_at,
            skill_index=skill_index,
        )

        rating_leaderboard_output_entry.additional_properties = d
        return rating_leaderboard_output_entry

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
