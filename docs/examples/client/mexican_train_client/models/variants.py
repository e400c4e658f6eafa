from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.first_turn_enum import FirstTurnEnum, check_first_turn_enum
from ..models.scoring_enum import ScoringEnum, check_scoring_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Variants")


@_attrs_define
class Variants:
    """A new table's choices of the rules (RULES §9); the rest follows the players' number.

    Attributes:
        set_max (int | Unset): the double-N set (R2)
        hand_size (int | Unset): with another set (R3)
        rounds (int | Unset):
        max_doubles_per_turn (int | None | Unset): V2: null (unlimited) or 1
        double_blank_points (int | Unset): V3: 50 or 0
        scoring (ScoringEnum | Unset): * `penalty` - penalty
            * `positive` - positive
        first_turn (FirstTurnEnum | Unset): * `free` - free
            * `draw` - draw
    """

    set_max: int | Unset = UNSET
    hand_size: int | Unset = UNSET
    rounds: int | Unset = UNSET
    max_doubles_per_turn: int | None | Unset = UNSET
    double_blank_points: int | Unset = UNSET
    scoring: ScoringEnum | Unset = UNSET
    first_turn: FirstTurnEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        set_max = self.set_max

        hand_size = self.hand_size

        rounds = self.rounds

        max_doubles_per_turn: int | None | Unset
        if isinstance(self.max_doubles_per_turn, Unset):
            max_doubles_per_turn = UNSET
        else:
            max_doubles_per_turn = self.max_doubles_per_turn

        double_blank_points = self.double_blank_points

        scoring: str | Unset = UNSET
        if not isinstance(self.scoring, Unset):
            scoring = self.scoring

        first_turn: str | Unset = UNSET
        if not isinstance(self.first_turn, Unset):
            first_turn = self.first_turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if set_max is not UNSET:
            field_dict["set_max"] = set_max
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if max_doubles_per_turn is not UNSET:
            field_dict["max_doubles_per_turn"] = max_doubles_per_turn
        if double_blank_points is not UNSET:
            field_dict["double_blank_points"] = double_blank_points
        if scoring is not UNSET:
            field_dict["scoring"] = scoring
        if first_turn is not UNSET:
            field_dict["first_turn"] = first_turn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        set_max = d.pop("set_max", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        rounds = d.pop("rounds", UNSET)

        def _parse_max_doubles_per_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_doubles_per_turn = _parse_max_doubles_per_turn(d.pop("max_doubles_per_turn", UNSET))

        double_blank_points = d.pop("double_blank_points", UNSET)

        _scoring = d.pop("scoring", UNSET)
        scoring: ScoringEnum | Unset
        if isinstance(_scoring, Unset):
            scoring = UNSET
        else:
            scoring = check_scoring_enum(_scoring)

        _first_turn = d.pop("first_turn", UNSET)
        first_turn: FirstTurnEnum | Unset
        if isinstance(_first_turn, Unset):
            first_turn = UNSET
        else:
            first_turn = check_first_turn_enum(_first_turn)

        variants = cls(
            set_max=set_max,
            hand_size=hand_size,
            rounds=rounds,
            max_doubles_per_turn=max_doubles_per_turn,
            double_blank_points=double_blank_points,
            scoring=scoring,
            first_turn=first_turn,
        )

        variants.additional_properties = d
        return variants

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
