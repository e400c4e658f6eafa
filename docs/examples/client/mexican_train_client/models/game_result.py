from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.awarded import Awarded


T = TypeVar("T", bound="GameResult")


@_attrs_define
class GameResult:
    """How the match ended: the engine's result, or the places staff awarded.

    Attributes:
        totals (list[int] | None):
        places (list[int]): 1 is first
        zero_rounds (list[int] | Unset):
        awarded (Awarded | Unset):
    """

    totals: list[int] | None
    places: list[int]
    zero_rounds: list[int] | Unset = UNSET
    awarded: Awarded | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        totals: list[int] | None
        if isinstance(self.totals, list):
            totals = self.totals

        else:
            totals = self.totals

        places = self.places

        zero_rounds: list[int] | Unset = UNSET
        if not isinstance(self.zero_rounds, Unset):
            zero_rounds = self.zero_rounds

        awarded: dict[str, Any] | Unset = UNSET
        if not isinstance(self.awarded, Unset):
            awarded = self.awarded.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "totals": totals,
                "places": places,
            }
        )
        if zero_rounds is not UNSET:
            field_dict["zero_rounds"] = zero_rounds
        if awarded is not UNSET:
            field_dict["awarded"] = awarded

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.awarded import Awarded  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_totals(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                totals_type_0 = cast(list[int], data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        totals = _parse_totals(d.pop("totals"))

        places = cast(list[int], d.pop("places"))

        zero_rounds = cast(list[int], d.pop("zero_rounds", UNSET))

        _awarded = d.pop("awarded", UNSET)
        awarded: Awarded | Unset
        if isinstance(_awarded, Unset):
            awarded = UNSET
        else:
            awarded = Awarded.from_dict(_awarded)

        game_result = cls(
            totals=totals,
            places=places,
            zero_rounds=zero_rounds,
            awarded=awarded,
        )

        game_result.additional_properties = d
        return game_result

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
