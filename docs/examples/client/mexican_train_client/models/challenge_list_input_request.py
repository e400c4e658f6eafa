from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_strategy_enum import BotStrategyEnum, check_bot_strategy_enum
from ..models.hand_table_enum import HandTableEnum, check_hand_table_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control_request import TimeControlRequest
    from ..models.variants_request import VariantsRequest


T = TypeVar("T", bound="ChallengeListInputRequest")


@_attrs_define
class ChallengeListInputRequest:
    """
    Attributes:
        username (str): the player challenged
        players (int | Unset):  Default: 2.
        bot_strategy (BotStrategyEnum | Unset): * `random` - random
            * `greedy` - greedy
            * `smart` - smart
            * `mc` - mc
            * `strong` - strong Default: 'greedy'.
        hand_table (HandTableEnum | Unset): * `classic` - classic
            * `double12` - double12 Default: 'classic'.
        variants (VariantsRequest | Unset): A new table's choices of the rules (RULES §9); the rest follows the players'
            number.
        time_control (TimeControlRequest | Unset): RULES R24 (games.clocks): live (`seconds_per_move`,
            `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rated (bool | Unset):  Default: False.
    """

    username: str
    players: int | Unset = 2
    bot_strategy: BotStrategyEnum | Unset = "greedy"
    hand_table: HandTableEnum | Unset = "classic"
    variants: VariantsRequest | Unset = UNSET
    time_control: TimeControlRequest | Unset = UNSET
    rated: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        players = self.players

        bot_strategy: str | Unset = UNSET
        if not isinstance(self.bot_strategy, Unset):
            bot_strategy = self.bot_strategy

        hand_table: str | Unset = UNSET
        if not isinstance(self.hand_table, Unset):
            hand_table = self.hand_table

        variants: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants.to_dict()

        time_control: dict[str, Any] | Unset = UNSET
        if not isinstance(self.time_control, Unset):
            time_control = self.time_control.to_dict()

        rated = self.rated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
            }
        )
        if players is not UNSET:
            field_dict["players"] = players
        if bot_strategy is not UNSET:
            field_dict["bot_strategy"] = bot_strategy
        if hand_table is not UNSET:
            field_dict["hand_table"] = hand_table
        if variants is not UNSET:
            field_dict["variants"] = variants
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control_request import TimeControlRequest  # noqa: PLC0415
        from ..models.variants_request import VariantsRequest  # noqa: PLC0415

        d = dict(src_dict)
        username = d.pop("username")

        players = d.pop("players", UNSET)

        _bot_strategy = d.pop("bot_strategy", UNSET)
        bot_strategy: BotStrategyEnum | Unset
        if isinstance(_bot_strategy, Unset):
            bot_strategy = UNSET
        else:
            bot_strategy = check_bot_strategy_enum(_bot_strategy)

        _hand_table = d.pop("hand_table", UNSET)
        hand_table: HandTableEnum | Unset
        if isinstance(_hand_table, Unset):
            hand_table = UNSET
        else:
            hand_table = check_hand_table_enum(_hand_table)

        _variants = d.pop("variants", UNSET)
        variants: VariantsRequest | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = VariantsRequest.from_dict(_variants)

        _time_control = d.pop("time_control", UNSET)
        time_control: TimeControlRequest | Unset
        if isinstance(_time_control, Unset):
            time_control = UNSET
        else:
            time_control = TimeControlRequest.from_dict(_time_control)

        rated = d.pop("rated", UNSET)

        challenge_list_input_request = cls(
            username=username,
            players=players,
            bot_strategy=bot_strategy,
            hand_table=hand_table,
            variants=variants,
            time_control=time_control,
            rated=rated,
        )

        challenge_list_input_request.additional_properties = d
        return challenge_list_input_request

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
