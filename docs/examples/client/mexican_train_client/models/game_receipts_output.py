from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.receipt_verdict import ReceiptVerdict


T = TypeVar("T", bound="GameReceiptsOutput")


@_attrs_define
class GameReceiptsOutput:
    """
    Attributes:
        results (list[ReceiptVerdict]):
        game (UUID):
        seq (int): the log's head now (0 while the game's progress is hidden from you)
        matches (bool): every receipt's verdict is ok
    """

    results: list[ReceiptVerdict]
    game: UUID
    seq: int
    matches: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        game = str(self.game)

        seq = self.seq

        matches = self.matches

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
                "game": game,
                "seq": seq,
                "matches": matches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_verdict import ReceiptVerdict  # noqa: PLC0415

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ReceiptVerdict.from_dict(results_item_data)

            results.append(results_item)

        game = UUID(d.pop("game"))

        seq = d.pop("seq")

        matches = d.pop("matches")

        game_receipts_output = cls(
            results=results,
            game=game,
            seq=seq,
            matches=matches,
        )

        game_receipts_output.additional_properties = d
        return game_receipts_output

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
