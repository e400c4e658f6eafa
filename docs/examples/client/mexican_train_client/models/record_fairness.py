from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_contribution import RecordContribution


T = TypeVar("T", bound="RecordFairness")


@_attrs_define
class RecordFairness:
    """
    Attributes:
        server_seed_commitment (str):
        contributions (list[RecordContribution]):
        committed_at (str | Unset):
        server_seed (str | Unset): once the match has ended
    """

    server_seed_commitment: str
    contributions: list[RecordContribution]
    committed_at: str | Unset = UNSET
    server_seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        server_seed_commitment = self.server_seed_commitment

        contributions = []
        for contributions_item_data in self.contributions:
            contributions_item = contributions_item_data.to_dict()
            contributions.append(contributions_item)

        committed_at = self.committed_at

        server_seed = self.server_seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "server_seed_commitment": server_seed_commitment,
                "contributions": contributions,
            }
        )
        if committed_at is not UNSET:
            field_dict["committed_at"] = committed_at
        if server_seed is not UNSET:
            field_dict["server_seed"] = server_seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_contribution import RecordContribution  # noqa: PLC0415

        d = dict(src_dict)
        server_seed_commitment = d.pop("server_seed_commitment")

        contributions = []
        _contributions = d.pop("contributions")
        for contributions_item_data in _contributions:
            contributions_item = RecordContribution.from_dict(contributions_item_data)

            contributions.append(contributions_item)

        committed_at = d.pop("committed_at", UNSET)

        server_seed = d.pop("server_seed", UNSET)

        record_fairness = cls(
            server_seed_commitment=server_seed_commitment,
            contributions=contributions,
            committed_at=committed_at,
            server_seed=server_seed,
        )

        record_fairness.additional_properties = d
        return record_fairness

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
