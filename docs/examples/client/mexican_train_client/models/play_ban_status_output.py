from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.offence_output import OffenceOutput
    from ..models.play_ban_output import PlayBanOutput


T = TypeVar("T", bound="PlayBanStatusOutput")


@_attrs_define
class PlayBanStatusOutput:
    """
    Attributes:
        ban (None | PlayBanOutput):
        offences (list[OffenceOutput]):
    """

    ban: None | PlayBanOutput
    offences: list[OffenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.play_ban_output import PlayBanOutput  # noqa: PLC0415

        ban: dict[str, Any] | None
        if isinstance(self.ban, PlayBanOutput):
            ban = self.ban.to_dict()
        else:
            ban = self.ban

        offences = []
        for offences_item_data in self.offences:
            offences_item = offences_item_data.to_dict()
            offences.append(offences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ban": ban,
                "offences": offences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offence_output import OffenceOutput  # noqa: PLC0415
        from ..models.play_ban_output import PlayBanOutput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_ban(data: object) -> None | PlayBanOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ban_type_1 = PlayBanOutput.from_dict(data)

                return ban_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayBanOutput, data)

        ban = _parse_ban(d.pop("ban"))

        offences = []
        _offences = d.pop("offences")
        for offences_item_data in _offences:
            offences_item = OffenceOutput.from_dict(offences_item_data)

            offences.append(offences_item)

        play_ban_status_output = cls(
            ban=ban,
            offences=offences,
        )

        play_ban_status_output.additional_properties = d
        return play_ban_status_output

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
