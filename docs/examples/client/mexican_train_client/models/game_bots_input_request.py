from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_strategy_enum import BotStrategyEnum, check_bot_strategy_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="GameBotsInputRequest")


@_attrs_define
class GameBotsInputRequest:
    """
    Attributes:
        strategy (BotStrategyEnum | Unset): * `random` - random
            * `greedy` - greedy
            * `smart` - smart
            * `mc` - mc
            * `strong` - strong Default: 'greedy'.
    """

    strategy: BotStrategyEnum | Unset = "greedy"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if strategy is not UNSET:
            field_dict["strategy"] = strategy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _strategy = d.pop("strategy", UNSET)
        strategy: BotStrategyEnum | Unset
        if isinstance(_strategy, Unset):
            strategy = UNSET
        else:
            strategy = check_bot_strategy_enum(_strategy)

        game_bots_input_request = cls(
            strategy=strategy,
        )

        game_bots_input_request.additional_properties = d
        return game_bots_input_request

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
