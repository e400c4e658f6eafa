from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pool_output import PoolOutput
    from ..models.window_output import WindowOutput


T = TypeVar("T", bound="GridOutput")


@_attrs_define
class GridOutput:
    """
    Attributes:
        pools (list[PoolOutput]):
        at (datetime.datetime): when counted: keep the newest grid
        window (WindowOutput):
        bots_after_choices (list[int]):
    """

    pools: list[PoolOutput]
    at: datetime.datetime
    window: WindowOutput
    bots_after_choices: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pools = []
        for pools_item_data in self.pools:
            pools_item = pools_item_data.to_dict()
            pools.append(pools_item)

        at = self.at.isoformat()

        window = self.window.to_dict()

        bots_after_choices = self.bots_after_choices

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pools": pools,
                "at": at,
                "window": window,
                "bots_after_choices": bots_after_choices,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_output import PoolOutput  # noqa: PLC0415
        from ..models.window_output import WindowOutput  # noqa: PLC0415

        d = dict(src_dict)
        pools = []
        _pools = d.pop("pools")
        for pools_item_data in _pools:
            pools_item = PoolOutput.from_dict(pools_item_data)

            pools.append(pools_item)

        at = datetime.datetime.fromisoformat(d.pop("at"))

        window = WindowOutput.from_dict(d.pop("window"))

        bots_after_choices = cast(list[int], d.pop("bots_after_choices"))

        grid_output = cls(
            pools=pools,
            at=at,
            window=window,
            bots_after_choices=bots_after_choices,
        )

        grid_output.additional_properties = d
        return grid_output

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
