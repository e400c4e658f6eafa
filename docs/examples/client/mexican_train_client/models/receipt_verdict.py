from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verdict_enum import VerdictEnum, check_verdict_enum

T = TypeVar("T", bound="ReceiptVerdict")


@_attrs_define
class ReceiptVerdict:
    """
    Attributes:
        index (int):
        seq (int | None):
        verdict (VerdictEnum): * `ok` - ok
            * `malformed` - malformed
            * `other_game` - other_game
            * `unknown_key` - unknown_key
            * `bad_signature` - bad_signature
            * `missing` - missing
            * `chain_broken` - chain_broken
            * `event_mismatch` - event_mismatch
            * `head_mismatch` - head_mismatch
        detail (str):
    """

    index: int
    seq: int | None
    verdict: VerdictEnum
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        seq: int | None
        seq = self.seq

        verdict: str = self.verdict

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "seq": seq,
                "verdict": verdict,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        verdict = check_verdict_enum(d.pop("verdict"))

        detail = d.pop("detail")

        receipt_verdict = cls(
            index=index,
            seq=seq,
            verdict=verdict,
            detail=detail,
        )

        receipt_verdict.additional_properties = d
        return receipt_verdict

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
