from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clock_pause_enum import ClockPauseEnum, check_clock_pause_enum

if TYPE_CHECKING:
    from ..models.pause_output import PauseOutput


T = TypeVar("T", bound="ClockOutput")


@_attrs_define
class ClockOutput:
    """The clock of the seat to move, beyond `deadline`: its time left is the time until the
    deadline less the `pauses` still to come.

        Attributes:
            extra_seconds (int): the more time the seat to move was given on this move (MoreTimeGiven)
            paused (ClockPauseEnum | None): why the clock of the seat to move stands still now; null if it runs

                * `weekend` - weekend
                * `vacation` - vacation
            pauses (list[PauseOutput]): the spans from now until the deadline when that clock stands still, in order
                (correspondence)
    """

    extra_seconds: int
    paused: ClockPauseEnum | None
    pauses: list[PauseOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extra_seconds = self.extra_seconds

        paused: None | str
        if isinstance(self.paused, str):
            paused = self.paused
        else:
            paused = self.paused

        pauses = []
        for pauses_item_data in self.pauses:
            pauses_item = pauses_item_data.to_dict()
            pauses.append(pauses_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra_seconds": extra_seconds,
                "paused": paused,
                "pauses": pauses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pause_output import PauseOutput  # noqa: PLC0415

        d = dict(src_dict)
        extra_seconds = d.pop("extra_seconds")

        def _parse_paused(data: object) -> ClockPauseEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_type_0 = check_clock_pause_enum(data)

                return paused_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockPauseEnum | None, data)

        paused = _parse_paused(d.pop("paused"))

        pauses = []
        _pauses = d.pop("pauses")
        for pauses_item_data in _pauses:
            pauses_item = PauseOutput.from_dict(pauses_item_data)

            pauses.append(pauses_item)

        clock_output = cls(
            extra_seconds=extra_seconds,
            paused=paused,
            pauses=pauses,
        )

        clock_output.additional_properties = d
        return clock_output

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
