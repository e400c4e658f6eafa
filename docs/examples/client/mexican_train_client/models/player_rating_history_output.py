from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rating_kind_enum import RatingKindEnum, check_rating_kind_enum

if TYPE_CHECKING:
    from ..models.player_rating_history_output_point import PlayerRatingHistoryOutputPoint


T = TypeVar("T", bound="PlayerRatingHistoryOutput")


@_attrs_define
class PlayerRatingHistoryOutput:
    """
    Attributes:
        username (str):
        kind (RatingKindEnum): * `live` - live
            * `correspondence` - correspondence
        start (int): shown rating before the first point
        points (list[PlayerRatingHistoryOutputPoint]):
    """

    username: str
    kind: RatingKindEnum
    start: int
    points: list[PlayerRatingHistoryOutputPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        kind: str = self.kind

        start = self.start

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "kind": kind,
                "start": start,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_rating_history_output_point import PlayerRatingHistoryOutputPoint  # noqa: PLC0415

        d = dict(src_dict)
        username = d.pop("username")

        kind = check_rating_kind_enum(d.pop("kind"))

        start = d.pop("start")

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = PlayerRatingHistoryOutputPoint.from_dict(points_item_data)

            points.append(points_item)

        player_rating_history_output = cls(
            username=username,
            kind=kind,
            start=start,
            points=points,
        )

        player_rating_history_output.additional_properties = d
        return player_rating_history_output

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
