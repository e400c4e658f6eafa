from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WindowOutput")


@_attrs_define
class WindowOutput:
    """
    Attributes:
        start (int): ± rating points at the join
        step (int): added every `every` seconds of waiting
        every (int):
        cap (int): the widest window before `max_wait`
        max_wait (int): seconds after which any rating is accepted
    """

    start: int
    step: int
    every: int
    cap: int
    max_wait: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        step = self.step

        every = self.every

        cap = self.cap

        max_wait = self.max_wait

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "start": start,
                "step": step,
                "every": every,
                "cap": cap,
                "max_wait": max_wait,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        step = d.pop("step")

        every = d.pop("every")

        cap = d.pop("cap")

        max_wait = d.pop("max_wait")

        window_output = cls(
            start=start,
            step=step,
            every=every,
            cap=cap,
            max_wait=max_wait,
        )

        window_output.additional_properties = d
        return window_output

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
