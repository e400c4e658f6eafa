from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="GameJoinInputRequest")


@_attrs_define
class GameJoinInputRequest:
    """
    Attributes:
        contribution (None | str | Unset): your contribution to the seed: any text of at most 256 UTF-8 bytes
            (spec/game-record.md, version 2)
        invite (str | Unset): a private table's invite code (from its link's ?invite=)
    """

    contribution: None | str | Unset = UNSET
    invite: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contribution: None | str | Unset
        if isinstance(self.contribution, Unset):
            contribution = UNSET
        else:
            contribution = self.contribution

        invite = self.invite

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if contribution is not UNSET:
            field_dict["contribution"] = contribution
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_contribution(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contribution = _parse_contribution(d.pop("contribution", UNSET))

        invite = d.pop("invite", UNSET)

        game_join_input_request = cls(
            contribution=contribution,
            invite=invite,
        )

        game_join_input_request.additional_properties = d
        return game_join_input_request

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
