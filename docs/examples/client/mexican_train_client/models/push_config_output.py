from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.push_kind_output import PushKindOutput


T = TypeVar("T", bound="PushConfigOutput")


@_attrs_define
class PushConfigOutput:
    """
    Attributes:
        enabled (bool): false: no VAPID key, no pushes
        public_key (str): the P-256 public key, base64url (uncompressed point)
        kinds (list[PushKindOutput]):
    """

    enabled: bool
    public_key: str
    kinds: list[PushKindOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        public_key = self.public_key

        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.to_dict()
            kinds.append(kinds_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enabled": enabled,
                "public_key": public_key,
                "kinds": kinds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_kind_output import PushKindOutput  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled")

        public_key = d.pop("public_key")

        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = PushKindOutput.from_dict(kinds_item_data)

            kinds.append(kinds_item)

        push_config_output = cls(
            enabled=enabled,
            public_key=public_key,
            kinds=kinds,
        )

        push_config_output.additional_properties = d
        return push_config_output

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
