from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.first_turn_enum import FirstTurnEnum, check_first_turn_enum
from ..models.hand_table_enum import HandTableEnum, check_hand_table_enum
from ..models.scoring_enum import ScoringEnum, check_scoring_enum

T = TypeVar("T", bound="Ruleset")


@_attrs_define
class Ruleset:
    """The table's rules, fixed when it was created (RULES §1, §9).

    Attributes:
        set_max (int): the double-N set (R2)
        hand_size (int):
        rounds (int):
        hand_table (HandTableEnum): * `classic` - classic
            * `double12` - double12
        max_doubles_per_turn (int | None): V2
        double_blank_points (int): V3
        scoring (ScoringEnum): * `penalty` - penalty
            * `positive` - positive
        first_turn (FirstTurnEnum): * `free` - free
            * `draw` - draw
    """

    set_max: int
    hand_size: int
    rounds: int
    hand_table: HandTableEnum
    max_doubles_per_turn: int | None
    double_blank_points: int
    scoring: ScoringEnum
    first_turn: FirstTurnEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        set_max = self.set_max

        hand_size = self.hand_size

        rounds = self.rounds

        hand_table: str = self.hand_table

        max_doubles_per_turn: int | None
        max_doubles_per_turn = self.max_doubles_per_turn

        double_blank_points = self.double_blank_points

        scoring: str = self.scoring

        first_turn: str = self.first_turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "set_max": set_max,
                "hand_size": hand_size,
                "rounds": rounds,
                "hand_table": hand_table,
                "max_doubles_per_turn": max_doubles_per_turn,
                "double_blank_points": double_blank_points,
                "scoring": scoring,
                "first_turn": first_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        set_max = d.pop("set_max")

        hand_size = d.pop("hand_size")

        rounds = d.pop("rounds")

        hand_table = check_hand_table_enum(d.pop("hand_table"))

        def _parse_max_doubles_per_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_doubles_per_turn = _parse_max_doubles_per_turn(d.pop("max_doubles_per_turn"))

        double_blank_points = d.pop("double_blank_points")

        scoring = check_scoring_enum(d.pop("scoring"))

        first_turn = check_first_turn_enum(d.pop("first_turn"))

        ruleset = cls(
            set_max=set_max,
            hand_size=hand_size,
            rounds=rounds,
            hand_table=hand_table,
            max_doubles_per_turn=max_doubles_per_turn,
            double_blank_points=double_blank_points,
            scoring=scoring,
            first_turn=first_turn,
        )

        ruleset.additional_properties = d
        return ruleset

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
