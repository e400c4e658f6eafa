from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordDeal")


@_attrs_define
class RecordDeal:
    """
    Attributes:
        hands (list[list[list[int]] | None]): null where hidden from you until the match has ended
        boneyard (list[list[int]] | Unset): absent while hidden
    """

    hands: list[list[list[int]] | None]
    boneyard: list[list[int]] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item: list[list[int]] | None
            if isinstance(hands_item_data, list):
                hands_item = []
                for hands_item_type_0_item_data in hands_item_data:
                    hands_item_type_0_item = hands_item_type_0_item_data

                    hands_item.append(hands_item_type_0_item)

            else:
                hands_item = hands_item_data
            hands.append(hands_item)

        boneyard: list[list[int]] | Unset = UNSET
        if not isinstance(self.boneyard, Unset):
            boneyard = []
            for boneyard_item_data in self.boneyard:
                boneyard_item = boneyard_item_data

                boneyard.append(boneyard_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hands": hands,
            }
        )
        if boneyard is not UNSET:
            field_dict["boneyard"] = boneyard

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:

            def _parse_hands_item(data: object) -> list[list[int]] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = []
                    _hands_item_type_0 = data
                    for hands_item_type_0_item_data in _hands_item_type_0:
                        hands_item_type_0_item = cast(list[int], hands_item_type_0_item_data)

                        hands_item_type_0.append(hands_item_type_0_item)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[list[int]] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)

        _boneyard = d.pop("boneyard", UNSET)
        boneyard: list[list[int]] | Unset = UNSET
        if _boneyard is not UNSET:
            boneyard = []
            for boneyard_item_data in _boneyard:
                boneyard_item = cast(list[int], boneyard_item_data)

                boneyard.append(boneyard_item)

        record_deal = cls(
            hands=hands,
            boneyard=boneyard,
        )

        record_deal.additional_properties = d
        return record_deal

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
