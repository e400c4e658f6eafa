from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

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
        games (int):
        opponent_points (float | Unset): mean points of the tablemates met (not in an arena)
        game_score (int | Unset): total game score over every table (not in an arena)
        head_to_head (int | Unset): not in an arena
        forfeits (int | Unset): not in an arena
        byes (int | Unset): rounds missed by joining late, a middle place each
        last_round (int | None | Unset):
        on_fire (bool | Unset): arena: two wins running, the next table scores double
        berserk_wins (int | Unset): arena
        performance (int | None | Unset): arena: the opponents' mean rating + 800 × (mean placement share − ½)
        sheet (list[float] | Unset): arena: each table's points
        sheet_doubled (list[bool] | Unset): arena: per table of the sheet, whether it scored double (on fire)
        sheet_berserk (list[bool] | Unset): arena: per table of the sheet, whether it was a berserk win (+1)
        paused (bool | Unset): arena: paused or gone
        team (None | str | Unset): team battle: the player's team (slug)
    """

    rank: int
    entry: int
    username: str
    is_bot: bool
    stand_in_for: None | str
    points: float
    points_exact: str
    table_wins: int
    games: int
    opponent_points: float | Unset = UNSET
    game_score: int | Unset = UNSET
    head_to_head: int | Unset = UNSET
    forfeits: int | Unset = UNSET
    byes: int | Unset = UNSET
    last_round: int | None | Unset = UNSET
    on_fire: bool | Unset = UNSET
    berserk_wins: int | Unset = UNSET
    performance: int | None | Unset = UNSET
    sheet: list[float] | Unset = UNSET
    sheet_doubled: list[bool] | Unset = UNSET
    sheet_berserk: list[bool] | Unset = UNSET
    paused: bool | Unset = UNSET
    team: None | str | Unset = UNSET
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

        games = self.games

        opponent_points = self.opponent_points

        game_score = self.game_score

        head_to_head = self.head_to_head

        forfeits = self.forfeits

        byes = self.byes

        last_round: int | None | Unset
        if isinstance(self.last_round, Unset):
            last_round = UNSET
        else:
            last_round = self.last_round

        on_fire = self.on_fire

        berserk_wins = self.berserk_wins

        performance: int | None | Unset
        if isinstance(self.performance, Unset):
            performance = UNSET
        else:
            performance = self.performance

        sheet: list[float] | Unset = UNSET
        if not isinstance(self.sheet, Unset):
            sheet = self.sheet

        sheet_doubled: list[bool] | Unset = UNSET
        if not isinstance(self.sheet_doubled, Unset):
            sheet_doubled = self.sheet_doubled

        sheet_berserk: list[bool] | Unset = UNSET
        if not isinstance(self.sheet_berserk, Unset):
            sheet_berserk = self.sheet_berserk

        paused = self.paused

        team: None | str | Unset
        if isinstance(self.team, Unset):
            team = UNSET
        else:
            team = self.team

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
                "games": games,
            }
        )
        if opponent_points is not UNSET:
            field_dict["opponent_points"] = opponent_points
        if game_score is not UNSET:
            field_dict["game_score"] = game_score
        if head_to_head is not UNSET:
            field_dict["head_to_head"] = head_to_head
        if forfeits is not UNSET:
            field_dict["forfeits"] = forfeits
        if byes is not UNSET:
            field_dict["byes"] = byes
        if last_round is not UNSET:
            field_dict["last_round"] = last_round
        if on_fire is not UNSET:
            field_dict["on_fire"] = on_fire
        if berserk_wins is not UNSET:
            field_dict["berserk_wins"] = berserk_wins
        if performance is not UNSET:
            field_dict["performance"] = performance
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if sheet_doubled is not UNSET:
            field_dict["sheet_doubled"] = sheet_doubled
        if sheet_berserk is not UNSET:
            field_dict["sheet_berserk"] = sheet_berserk
        if paused is not UNSET:
            field_dict["paused"] = paused
        if team is not UNSET:
            field_dict["team"] = team

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

        games = d.pop("games")

        opponent_points = d.pop("opponent_points", UNSET)

        game_score = d.pop("game_score", UNSET)

        head_to_head = d.pop("head_to_head", UNSET)

        forfeits = d.pop("forfeits", UNSET)

        byes = d.pop("byes", UNSET)

        def _parse_last_round(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_round = _parse_last_round(d.pop("last_round", UNSET))

        on_fire = d.pop("on_fire", UNSET)

        berserk_wins = d.pop("berserk_wins", UNSET)

        def _parse_performance(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        performance = _parse_performance(d.pop("performance", UNSET))

        sheet = cast(list[float], d.pop("sheet", UNSET))

        sheet_doubled = cast(list[bool], d.pop("sheet_doubled", UNSET))

        sheet_berserk = cast(list[bool], d.pop("sheet_berserk", UNSET))

        paused = d.pop("paused", UNSET)

        def _parse_team(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        team = _parse_team(d.pop("team", UNSET))

        standings_line_output = cls(
            rank=rank,
            entry=entry,
            username=username,
            is_bot=is_bot,
            stand_in_for=stand_in_for,
            points=points,
            points_exact=points_exact,
            table_wins=table_wins,
            games=games,
            opponent_points=opponent_points,
            game_score=game_score,
            head_to_head=head_to_head,
            forfeits=forfeits,
            byes=byes,
            last_round=last_round,
            on_fire=on_fire,
            berserk_wins=berserk_wins,
            performance=performance,
            sheet=sheet,
            sheet_doubled=sheet_doubled,
            sheet_berserk=sheet_berserk,
            paused=paused,
            team=team,
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
