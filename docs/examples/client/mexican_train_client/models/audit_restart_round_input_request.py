from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AuditRestartRoundInputRequest")


@_attrs_define
class AuditRestartRoundInputRequest:
    """
    Attributes:
        reason (str):
        dispute (int | None | Unset): the dispute this answers
        at_seq (int | None | Unset): optional: the event of the current round found at fault (recorded; refused if the
            game has moved on to another round since)
    """

    reason: str
    dispute: int | None | Unset = UNSET
    at_seq: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        dispute: int | None | Unset
        if isinstance(self.dispute, Unset):
            dispute = UNSET
        else:
            dispute = self.dispute

        at_seq: int | None | Unset
        if isinstance(self.at_seq, Unset):
            at_seq = UNSET
        else:
            at_seq = self.at_seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
            }
        )
        if dispute is not UNSET:
            field_dict["dispute"] = dispute
        if at_seq is not UNSET:
            field_dict["at_seq"] = at_seq

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        def _parse_dispute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dispute = _parse_dispute(d.pop("dispute", UNSET))

        def _parse_at_seq(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        at_seq = _parse_at_seq(d.pop("at_seq", UNSET))

        audit_restart_round_input_request = cls(
            reason=reason,
            dispute=dispute,
            at_seq=at_seq,
        )

        audit_restart_round_input_request.additional_properties = d
        return audit_restart_round_input_request

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
