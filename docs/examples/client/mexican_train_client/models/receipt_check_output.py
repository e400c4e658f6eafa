from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.receipt_verdict import ReceiptVerdict


T = TypeVar("T", bound="ReceiptCheckOutput")


@_attrs_define
class ReceiptCheckOutput:
    """
    Attributes:
        results (list[ReceiptVerdict]):
        id (int):
        message (int | None):
        submitted_by (str):
        checked_at (datetime.datetime):
        head_seq (int): the log's head when checked
        matches (bool): the log matched every receipt then
    """

    results: list[ReceiptVerdict]
    id: int
    message: int | None
    submitted_by: str
    checked_at: datetime.datetime
    head_seq: int
    matches: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        id = self.id

        message: int | None
        message = self.message

        submitted_by = self.submitted_by

        checked_at = self.checked_at.isoformat()

        head_seq = self.head_seq

        matches = self.matches

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
                "id": id,
                "message": message,
                "submitted_by": submitted_by,
                "checked_at": checked_at,
                "head_seq": head_seq,
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

        id = d.pop("id")

        def _parse_message(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        message = _parse_message(d.pop("message"))

        submitted_by = d.pop("submitted_by")

        checked_at = datetime.datetime.fromisoformat(d.pop("checked_at"))

        head_seq = d.pop("head_seq")

        matches = d.pop("matches")

        receipt_check_output = cls(
            results=results,
            id=id,
            message=message,
            submitted_by=submitted_by,
            checked_at=checked_at,
            head_seq=head_seq,
            matches=matches,
        )

        receipt_check_output.additional_properties = d
        return receipt_check_output

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
