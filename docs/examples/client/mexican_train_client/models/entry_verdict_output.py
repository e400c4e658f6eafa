from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.refusal_output import RefusalOutput


T = TypeVar("T", bound="EntryVerdictOutput")


@_attrs_define
class EntryVerdictOutput:
    """
    Attributes:
        can_enter (bool):
        reasons (list[RefusalOutput]):
    """

    can_enter: bool
    reasons: list[RefusalOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        can_enter = self.can_enter

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "can_enter": can_enter,
                "reasons": reasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.refusal_output import RefusalOutput  # noqa: PLC0415

        d = dict(src_dict)
        can_enter = d.pop("can_enter")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = RefusalOutput.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        entry_verdict_output = cls(
            can_enter=can_enter,
            reasons=reasons,
        )

        entry_verdict_output.additional_properties = d
        return entry_verdict_output

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
