from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.receipt_request import ReceiptRequest


T = TypeVar("T", bound="DisputeMessageInputRequest")


@_attrs_define
class DisputeMessageInputRequest:
    """
    Attributes:
        body (str):
        receipts (list[ReceiptRequest] | Unset): move receipts (as the move answers gave them) to check against the log
            and keep with the dispute
    """

    body: str
    receipts: list[ReceiptRequest] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        body = self.body

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
                "body": body,
            }
        )
        if receipts is not UNSET:
            field_dict["receipts"] = receipts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_request import ReceiptRequest  # noqa: PLC0415

        d = dict(src_dict)
        body = d.pop("body")

        _receipts = d.pop("receipts", UNSET)
        receipts: list[ReceiptRequest] | Unset = UNSET
        if _receipts is not UNSET:
            receipts = []
            for receipts_item_data in _receipts:
                receipts_item = ReceiptRequest.from_dict(receipts_item_data)

                receipts.append(receipts_item)

        dispute_message_input_request = cls(
            body=body,
            receipts=receipts,
        )

        dispute_message_input_request.additional_properties = d
        return dispute_message_input_request

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
