from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StandingsLineOutput")


@_attrs_define
class StandingsLineOutput:
    """
    Attributes:
        rank (int):
        entry (int):
        username (str):
        is_bot (bool):
        stand_in_for (None | str):
        points (float):
        points_exact (str): exact points, a fraction such as "5/6"
        table_wins (int):
        opponent_points (float): mean points of the tablemates met
        game_score (int): total game score over every table
        head_to_head (int):
        games (int):
        forfeits (int):
        byes (int): rounds missed by joining late, a middle place each
        last_round (int | None):
    """

    rank: int
    entry: int
    username: str
    is_bot: bool
    stand_in_for: None | str
    points: float
    points_exact: str
    table_wins: int
    opponent_points: float
    game_score: int
    head_to_head: int
    games: int
    forfeits: int
    byes: int
    last_round: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        entry = self.entry

        username = self.username

        is_bot = self.is_bot

        stand_in_for: None | str
        stand_in_for = self.stand_in_for

        points = self.points

        points_exact = self.points_exact

        table_wins = self.table_wins

        opponent_points = self.opponent_points

        game_score = self.game_score

        head_to_head = self.head_to_head

        games = self.games

        forfeits = self.forfeits

        byes = self.byes

        last_round: int | None
        last_round = self.last_round

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "entry": entry,
                "username": username,
                "is_bot": is_bot,
                "stand_in_for": stand_in_for,
                "points": points,
                "points_exact": points_exact,
                "table_wins": table_wins,
                "opponent_points": opponent_points,
                "game_score": game_score,
                "head_to_head": head_to_head,
                "games": games,
                "forfeits": forfeits,
                "byes": byes,
                "last_round": last_round,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        entry = d.pop("entry")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        def _parse_stand_in_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stand_in_for = _parse_stand_in_for(d.pop("stand_in_for"))

        points = d.pop("points")

        points_exact = d.pop("points_exact")

        table_wins = d.pop("table_wins")

        opponent_points = d.pop("opponent_points")

        game_score = d.pop("game_score")

        head_to_head = d.pop("head_to_head")

        games = d.pop("games")

        forfeits = d.pop("forfeits")

        byes = d.pop("byes")

        def _parse_last_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_round = _parse_last_round(d.pop("last_round"))

        standings_line_output = cls(
            rank=rank,
            entry=entry,
            username=username,
            is_bot=is_bot,
            stand_in_for=stand_in_for,
            points=points,
            points_exact=points_exact,
            table_wins=table_wins,
            opponent_points=opponent_points,
            game_score=game_score,
            head_to_head=head_to_head,
            games=games,
            forfeits=forfeits,
            byes=byes,
            last_round=last_round,
        )

        standings_line_output.additional_properties = d
        return standings_line_output

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
