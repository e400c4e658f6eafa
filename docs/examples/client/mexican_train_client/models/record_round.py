from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_deal import RecordDeal
    from ..models.record_move import RecordMove
    from ..models.record_round_result import RecordRoundResult


T = TypeVar("T", bound="RecordRound")


@_attrs_define
class RecordRound:
    """
    Attributes:
        number (int):
        engine (int):
        deal (RecordDeal):
        moves (list[RecordMove]):
        result (RecordRoundResult | Unset):
        restart (int | Unset): staff dealt it again
    """

    number: int
    engine: int
    deal: RecordDeal
    moves: list[RecordMove]
    result: RecordRoundResult | Unset = UNSET
    restart: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        engine = self.engine

        deal = self.deal.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        restart = self.restart

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "engine": engine,
                "deal": deal,
                "moves": moves,
            }
        )
        if result is not UNSET:
            field_dict["result"] = result
        if restart is not UNSET:
            field_dict["restart"] = restart

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_deal import RecordDeal  # noqa: PLC0415
        from ..models.record_move import RecordMove  # noqa: PLC0415
        from ..models.record_round_result import RecordRoundResult  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        engine = d.pop("engine")

        deal = RecordDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = RecordMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _result = d.pop("result", UNSET)
        result: RecordRoundResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = RecordRoundResult.from_dict(_result)

        restart = d.pop("restart", UNSET)

        record_round = cls(
            number=number,
            engine=engine,
            deal=deal,
            moves=moves,
            result=result,
            restart=restart,
        )

        record_round.additional_properties = d
        return record_round

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
