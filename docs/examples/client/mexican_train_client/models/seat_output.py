from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatOutput")


@_attrs_define
class SeatOutput:
    """
    Attributes:
        index (int):
        username (str):
        is_bot (bool):
        owned_bot (bool): a bot a person owns: it moves itself, on the clock (is_bot is true too)
        resigned (bool):
        forfeited (bool):
        reserve_ms (int | None): live games: the reserve time this seat has left
        timeouts_in_row (int):
        more_time_given (int): how often this seat's player has given an opponent more time in this game
        berserk (bool): the seat's player went berserk before the start: half the reserve (a tournament may give a win a
            bonus for it)
    """

    index: int
    username: str
    is_bot: bool
    owned_bot: bool
    resigned: bool
    forfeited: bool
    reserve_ms: int | None
    timeouts_in_row: int
    more_time_given: int
    berserk: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        username = self.username

        is_bot = self.is_bot

        owned_bot = self.owned_bot

        resigned = self.resigned

        forfeited = self.forfeited

        reserve_ms: int | None
        reserve_ms = self.reserve_ms

        timeouts_in_row = self.timeouts_in_row

        more_time_given = self.more_time_given

        berserk = self.berserk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "username": username,
                "is_bot": is_bot,
                "owned_bot": owned_bot,
                "resigned": resigned,
                "forfeited": forfeited,
                "reserve_ms": reserve_ms,
                "timeouts_in_row": timeouts_in_row,
                "more_time_given": more_time_given,
                "berserk": berserk,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        owned_bot = d.pop("owned_bot")

        resigned = d.pop("resigned")

        forfeited = d.pop("forfeited")

        def _parse_reserve_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reserve_ms = _parse_reserve_ms(d.pop("reserve_ms"))

        timeouts_in_row = d.pop("timeouts_in_row")

        more_time_given = d.pop("more_time_given")

        berserk = d.pop("berserk")

        seat_output = cls(
            index=index,
            username=username,
            is_bot=is_bot,
            owned_bot=owned_bot,
            resigned=resigned,
            forfeited=forfeited,
            reserve_ms=reserve_ms,
            timeouts_in_row=timeouts_in_row,
            more_time_given=more_time_given,
            berserk=berserk,
        )

        seat_output.additional_properties = d
        return seat_output

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
