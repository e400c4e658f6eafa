from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TieBreaksOutput")


@_attrs_define
class TieBreaksOutput:
    """
    Attributes:
        table_wins (int):
        opponent_points (float): mean points of the tablemates met
        game_score (int): total game score over every table
        head_to_head (int):
        seed (int | None): the seed order, 1 first
    """

    table_wins: int
    opponent_points: float
    game_score: int
    head_to_head: int
    seed: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_wins = self.table_wins

        opponent_points = self.opponent_points

        game_score = self.game_score

        head_to_head = self.head_to_head

        seed: int | None
        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_wins": table_wins,
                "opponent_points": opponent_points,
                "game_score": game_score,
                "head_to_head": head_to_head,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        table_wins = d.pop("table_wins")

        opponent_points = d.pop("opponent_points")

        game_score = d.pop("game_score")

        head_to_head = d.pop("head_to_head")

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        tie_breaks_output = cls(
            table_wins=table_wins,
            opponent_points=opponent_points,
            game_score=game_score,
            head_to_head=head_to_head,
            seed=seed,
        )

        tie_breaks_output.additional_properties = d
        return tie_breaks_output

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
