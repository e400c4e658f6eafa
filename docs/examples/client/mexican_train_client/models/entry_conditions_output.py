from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EntryConditionsOutput")


@_attrs_define
class EntryConditionsOutput:
    """
    Attributes:
        min_rated_games (int): of the tournament's kind
        live_rating_min (int | None):
        live_rating_max (int | None):
        correspondence_rating_min (int | None):
        correspondence_rating_max (int | None):
        min_account_days (int):
        verified_email (bool):
    """

    min_rated_games: int
    live_rating_min: int | None
    live_rating_max: int | None
    correspondence_rating_min: int | None
    correspondence_rating_max: int | None
    min_account_days: int
    verified_email: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        min_rated_games = self.min_rated_games

        live_rating_min: int | None
        live_rating_min = self.live_rating_min

        live_rating_max: int | None
        live_rating_max = self.live_rating_max

        correspondence_rating_min: int | None
        correspondence_rating_min = self.correspondence_rating_min

        correspondence_rating_max: int | None
        correspondence_rating_max = self.correspondence_rating_max

        min_account_days = self.min_account_days

        verified_email = self.verified_email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "min_rated_games": min_rated_games,
                "live_rating_min": live_rating_min,
                "live_rating_max": live_rating_max,
                "correspondence_rating_min": correspondence_rating_min,
                "correspondence_rating_max": correspondence_rating_max,
                "min_account_days": min_account_days,
                "verified_email": verified_email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        min_rated_games = d.pop("min_rated_games")

        def _parse_live_rating_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        live_rating_min = _parse_live_rating_min(d.pop("live_rating_min"))

        def _parse_live_rating_max(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        live_rating_max = _parse_live_rating_max(d.pop("live_rating_max"))

        def _parse_correspondence_rating_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        correspondence_rating_min = _parse_correspondence_rating_min(d.pop("correspondence_rating_min"))

        def _parse_correspondence_rating_max(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        correspondence_rating_max = _parse_correspondence_rating_max(d.pop("correspondence_rating_max"))

        min_account_days = d.pop("min_account_days")

        verified_email = d.pop("verified_email")

        entry_conditions_output = cls(
            min_rated_games=min_rated_games,
            live_rating_min=live_rating_min,
            live_rating_max=live_rating_max,
            correspondence_rating_min=correspondence_rating_min,
            correspondence_rating_max=correspondence_rating_max,
            min_account_days=min_account_days,
            verified_email=verified_email,
        )

        entry_conditions_output.additional_properties = d
        return entry_conditions_output

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
