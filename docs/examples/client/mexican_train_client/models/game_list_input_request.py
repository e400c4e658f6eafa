from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chat_enum import ChatEnum, check_chat_enum
from ..models.hand_table_enum import HandTableEnum, check_hand_table_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control_request import TimeControlRequest
    from ..models.variants_request import VariantsRequest


T = TypeVar("T", bound="GameListInputRequest")


@_attrs_define
class GameListInputRequest:
    """
    Attributes:
        players (int):
        name (str | Unset):  Default: ''.
        hand_table (HandTableEnum | Unset): * `classic` - classic
            * `double12` - double12 Default: 'classic'.
        variants (VariantsRequest | Unset): A new table's choices of the rules (RULES §9); the rest follows the players'
            number.
        time_control (TimeControlRequest | Unset): RULES R24 (games.clocks): live (`seconds_per_move`,
            `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rated (bool | Unset):  Default: False.
        private (bool | Unset): listed nowhere; joined with the invite link Default: False.
        contribution (None | str | Unset): your contribution to the seed: any text of at most 256 UTF-8 bytes
            (spec/game-record.md, version 2)
        chat (ChatEnum | None | Unset): `free`, `quick` (canned messages only) or `off`; default `quick` when rated,
            else `free`; free chat in a rated game is refused (`free_chat_in_rated`)
    """

    players: int
    name: str | Unset = ""
    hand_table: HandTableEnum | Unset = "classic"
    variants: VariantsRequest | Unset = UNSET
    time_control: TimeControlRequest | Unset = UNSET
    rated: bool | Unset = False
    private: bool | Unset = False
    contribution: None | str | Unset = UNSET
    chat: ChatEnum | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        name = self.name

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

        private = self.private

        contribution: None | str | Unset
        if isinstance(self.contribution, Unset):
            contribution = UNSET
        else:
            contribution = self.contribution

        chat: None | str | Unset
        if isinstance(self.chat, Unset):
            chat = UNSET
        elif isinstance(self.chat, str):
            chat = self.chat
        else:
            chat = self.chat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "players": players,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if hand_table is not UNSET:
            field_dict["hand_table"] = hand_table
        if variants is not UNSET:
            field_dict["variants"] = variants
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if rated is not UNSET:
            field_dict["rated"] = rated
        if private is not UNSET:
            field_dict["private"] = private
        if contribution is not UNSET:
            field_dict["contribution"] = contribution
        if chat is not UNSET:
            field_dict["chat"] = chat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control_request import TimeControlRequest  # noqa: PLC0415
        from ..models.variants_request import VariantsRequest  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        name = d.pop("name", UNSET)

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

        private = d.pop("private", UNSET)

        def _parse_contribution(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contribution = _parse_contribution(d.pop("contribution", UNSET))

        def _parse_chat(data: object) -> ChatEnum | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                chat_type_1 = check_chat_enum(data)

                return chat_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatEnum | None | Unset, data)

        chat = _parse_chat(d.pop("chat", UNSET))

        game_list_input_request = cls(
            players=players,
            name=name,
            hand_table=hand_table,
            variants=variants,
            time_control=time_control,
            rated=rated,
            private=private,
            contribution=contribution,
            chat=chat,
        )

        game_list_input_request.additional_properties = d
        return game_list_input_request

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
