from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.contribution_output import ContributionOutput


T = TypeVar("T", bound="FairnessOutput")


@_attrs_define
class FairnessOutput:
    """
    Attributes:
        version (int): the record version the deal follows: 1 or 2
        server_seed_commitment (None | str): SHA-256 of the server seed, published when the table opened
        committed_at (datetime.datetime | None):
        fixed (bool): the contributions were fixed at the start
        contributions (list[ContributionOutput]): in derivation order once fixed; one per seat before
        server_seed (None | str): revealed once the match has ended, like `seed`
    """

    version: int
    server_seed_commitment: None | str
    committed_at: datetime.datetime | None
    fixed: bool
    contributions: list[ContributionOutput]
    server_seed: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        server_seed_commitment: None | str
        server_seed_commitment = self.server_seed_commitment

        committed_at: None | str
        if isinstance(self.committed_at, datetime.datetime):
            committed_at = self.committed_at.isoformat()
        else:
            committed_at = self.committed_at

        fixed = self.fixed

        contributions = []
        for contributions_item_data in self.contributions:
            contributions_item = contributions_item_data.to_dict()
            contributions.append(contributions_item)

        server_seed: None | str
        server_seed = self.server_seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "server_seed_commitment": server_seed_commitment,
                "committed_at": committed_at,
                "fixed": fixed,
                "contributions": contributions,
                "server_seed": server_seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contribution_output import ContributionOutput  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        def _parse_server_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        server_seed_commitment = _parse_server_seed_commitment(d.pop("server_seed_commitment"))

        def _parse_committed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                committed_at_type_0 = datetime.datetime.fromisoformat(data)

                return committed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        committed_at = _parse_committed_at(d.pop("committed_at"))

        fixed = d.pop("fixed")

        contributions = []
        _contributions = d.pop("contributions")
        for contributions_item_data in _contributions:
            contributions_item = ContributionOutput.from_dict(contributions_item_data)

            contributions.append(contributions_item)

        def _parse_server_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        server_seed = _parse_server_seed(d.pop("server_seed"))

        fairness_output = cls(
            version=version,
            server_seed_commitment=server_seed_commitment,
            committed_at=committed_at,
            fixed=fixed,
            contributions=contributions,
            server_seed=server_seed,
        )

        fairness_output.additional_properties = d
        return fairness_output

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
