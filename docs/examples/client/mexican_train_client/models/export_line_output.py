from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tie_breaks_output import TieBreaksOutput


T = TypeVar("T", bound="ExportLineOutput")


@_attrs_define
class ExportLineOutput:
    """
    Attributes:
        place (int):
        player (str):
        is_bot (bool):
        stand_in_for (None | str):
        points (float):
        points_exact (str): exact points, a fraction such as "5/6"
        games (int):
        forfeits (int):
        tie_breaks (TieBreaksOutput):
        last_round (int | None):
    """

    place: int
    player: str
    is_bot: bool
    stand_in_for: None | str
    points: float
    points_exact: str
    games: int
    forfeits: int
    tie_breaks: TieBreaksOutput
    last_round: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        player = self.player

        is_bot = self.is_bot

        stand_in_for: None | str
        stand_in_for = self.stand_in_for

        points = self.points

        points_exact = self.points_exact

        games = self.games

        forfeits = self.forfeits

        tie_breaks = self.tie_breaks.to_dict()

        last_round: int | None
        last_round = self.last_round

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "place": place,
                "player": player,
                "is_bot": is_bot,
                "stand_in_for": stand_in_for,
                "points": points,
                "points_exact": points_exact,
                "games": games,
                "forfeits": forfeits,
                "tie_breaks": tie_breaks,
                "last_round": last_round,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tie_breaks_output import TieBreaksOutput  # noqa: PLC0415

        d = dict(src_dict)
        place = d.pop("place")

        player = d.pop("player")

        is_bot = d.pop("is_bot")

        def _parse_stand_in_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stand_in_for = _parse_stand_in_for(d.pop("stand_in_for"))

        points = d.pop("points")

        points_exact = d.pop("points_exact")

        games = d.pop("games")

        forfeits = d.pop("forfeits")

        tie_breaks = TieBreaksOutput.from_dict(d.pop("tie_breaks"))

        def _parse_last_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_round = _parse_last_round(d.pop("last_round"))

        export_line_output = cls(
            place=place,
            player=player,
            is_bot=is_bot,
            stand_in_for=stand_in_for,
            points=points,
            points_exact=points_exact,
            games=games,
            forfeits=forfeits,
            tie_breaks=tie_breaks,
            last_round=last_round,
        )

        export_line_output.additional_properties = d
        return export_line_output

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
