from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_output import EventOutput
    from ..models.receipt import Receipt


T = TypeVar("T", bound="MoveOutput")


@_attrs_define
class MoveOutput:
    """
    Attributes:
        seq (int):
        events (list[EventOutput]):
        receipt (None | Receipt): the platform's signed receipt of what it acknowledged (null if nothing was appended);
            keep it: POST .../receipts checks the log still matches it
    """

    seq: int
    events: list[EventOutput]
    receipt: None | Receipt
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt import Receipt  # noqa: PLC0415

        seq = self.seq

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        receipt: dict[str, Any] | None
        if isinstance(self.receipt, Receipt):
            receipt = self.receipt.to_dict()
        else:
            receipt = self.receipt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "events": events,
                "receipt": receipt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_output import EventOutput  # noqa: PLC0415
        from ..models.receipt import Receipt  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventOutput.from_dict(events_item_data)

            events.append(events_item)

        def _parse_receipt(data: object) -> None | Receipt:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                receipt_type_1 = Receipt.from_dict(data)

                return receipt_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Receipt, data)

        receipt = _parse_receipt(d.pop("receipt"))

        move_output = cls(
            seq=seq,
            events=events,
            receipt=receipt,
        )

        move_output.additional_properties = d
        return move_output

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
