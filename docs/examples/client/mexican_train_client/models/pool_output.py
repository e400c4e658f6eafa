from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.time_control import TimeControl
    from ..models.waiting_output import WaitingOutput


T = TypeVar("T", bound="PoolOutput")


@_attrs_define
class PoolOutput:
    """
    Attributes:
        key (str): stable, e.g. "4p-60s": seats and time control
        seats (int):
        kind (str): live | correspondence (the rating it counts for)
        time_control (TimeControl): RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        waiting (WaitingOutput):
    """

    key: str
    seats: int
    kind: str
    time_control: TimeControl
    waiting: WaitingOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        seats = self.seats

        kind = self.kind

        time_control = self.time_control.to_dict()

        waiting = self.waiting.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "seats": seats,
                "kind": kind,
                "time_control": time_control,
                "waiting": waiting,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control import TimeControl  # noqa: PLC0415
        from ..models.waiting_output import WaitingOutput  # noqa: PLC0415

        d = dict(src_dict)
        key = d.pop("key")

        seats = d.pop("seats")

        kind = d.pop("kind")

        time_control = TimeControl.from_dict(d.pop("time_control"))

        waiting = WaitingOutput.from_dict(d.pop("waiting"))

        pool_output = cls(
            key=key,
            seats=seats,
            kind=kind,
            time_control=time_control,
            waiting=waiting,
        )

        pool_output.additional_properties = d
        return pool_output

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
