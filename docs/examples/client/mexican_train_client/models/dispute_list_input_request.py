from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.category_enum import CategoryEnum, check_category_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.receipt_request import ReceiptRequest


T = TypeVar("T", bound="DisputeListInputRequest")


@_attrs_define
class DisputeListInputRequest:
    """
    Attributes:
        game (UUID):
        category (CategoryEnum): * `stopped_playing` - stopped_playing
            * `stalling` - stalling
            * `collusion` - collusion
            * `rules_or_bug` - rules_or_bug
            * `abuse` - abuse
            * `other` - other
        reason (str):
        seq (int | None | Unset): the move it is about
        against (list[int] | Unset): seats of the players it concerns: they join the thread
        receipts (list[ReceiptRequest] | Unset): move receipts (as the move answers gave them) to check against the log
            and keep with the dispute
    """

    game: UUID
    category: CategoryEnum
    reason: str
    seq: int | None | Unset = UNSET
    against: list[int] | Unset = UNSET
    receipts: list[ReceiptRequest] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        category: str = self.category

        reason = self.reason

        seq: int | None | Unset
        if isinstance(self.seq, Unset):
            seq = UNSET
        else:
            seq = self.seq

        against: list[int] | Unset = UNSET
        if not isinstance(self.against, Unset):
            against = self.against

        receipts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.receipts, Unset):
            receipts = []
            for receipts_item_data in self.receipts:
                receipts_item = receipts_item_data.to_dict()
                receipts.append(receipts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "category": category,
                "reason": reason,
            }
        )
        if seq is not UNSET:
            field_dict["seq"] = seq
        if against is not UNSET:
            field_dict["against"] = against
        if receipts is not UNSET:
            field_dict["receipts"] = receipts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_request import ReceiptRequest  # noqa: PLC0415

        d = dict(src_dict)
        game = UUID(d.pop("game"))

        category = check_category_enum(d.pop("category"))

        reason = d.pop("reason")

        def _parse_seq(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seq = _parse_seq(d.pop("seq", UNSET))

        against = cast(list[int], d.pop("against", UNSET))

        _receipts = d.pop("receipts", UNSET)
        receipts: list[ReceiptRequest] | Unset = UNSET
        if _receipts is not UNSET:
            receipts = []
            for receipts_item_data in _receipts:
                receipts_item = ReceiptRequest.from_dict(receipts_item_data)

                receipts.append(receipts_item)

        dispute_list_input_request = cls(
            game=game,
            category=category,
            reason=reason,
            seq=seq,
            against=against,
            receipts=receipts,
        )

        dispute_list_input_request.additional_properties = d
        return dispute_list_input_request

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
