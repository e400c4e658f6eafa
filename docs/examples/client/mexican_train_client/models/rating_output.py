from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rating_kind_enum import RatingKindEnum, check_rating_kind_enum

T = TypeVar("T", bound="RatingOutput")


@_attrs_define
class RatingOutput:
    """
    Attributes:
        kind (RatingKindEnum): * `live` - live
            * `correspondence` - correspondence
        rating (int): shown rating: 1500 + 20 × (mu − 3 sigma)
        mu (float):
        sigma (float):
        ordinal (float): mu − 3 sigma; leaderboards sort by it
        games (int): rated games of this kind that stand
        provisional (bool): fewer than 10 rated games
        rank (int | None): place on the leaderboard
        updated_at (datetime.datetime | None):
    """

    kind: RatingKindEnum
    rating: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool
    rank: int | None
    updated_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        games = self.games

        provisional = self.provisional

        rank: int | None
        rank = self.rank

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
                "games": games,
                "provisional": provisional,
                "rank": rank,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_rating_kind_enum(d.pop("kind"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        games = d.pop("games")

        provisional = d.pop("provisional")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

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

        rating_output = cls(
            kind=kind,
            rating=rating,
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            games=games,
            provisional=provisional,
            rank=rank,
            updated_at=updated_at,
        )

        rating_output.additional_properties = d
        return rating_output

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
