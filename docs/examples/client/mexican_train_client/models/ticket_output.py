from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_output_status_enum import TicketOutputStatusEnum, check_ticket_output_status_enum

T = TypeVar("T", bound="TicketOutput")


@_attrs_define
class TicketOutput:
    """
    Attributes:
        status (TicketOutputStatusEnum): * `none` - none
            * `waiting` - waiting
            * `seated` - seated
        pool (None | str):
        rated (bool | None): waiting: the queue chosen; seated: whether the game is rated
        bots_after (int | None):
        joined_at (datetime.datetime | None): waiting since
        waited_seconds (float | None):
        game (None | UUID): seated: the unfinished quick game the caller plays
    """

    status: TicketOutputStatusEnum
    pool: None | str
    rated: bool | None
    bots_after: int | None
    joined_at: datetime.datetime | None
    waited_seconds: float | None
    game: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        pool: None | str
        pool = self.pool

        rated: bool | None
        rated = self.rated

        bots_after: int | None
        bots_after = self.bots_after

        joined_at: None | str
        if isinstance(self.joined_at, datetime.datetime):
            joined_at = self.joined_at.isoformat()
        else:
            joined_at = self.joined_at

        waited_seconds: float | None
        waited_seconds = self.waited_seconds

        game: None | str
        if isinstance(self.game, UUID):
            game = str(self.game)
        else:
            game = self.game

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "pool": pool,
                "rated": rated,
                "bots_after": bots_after,
                "joined_at": joined_at,
                "waited_seconds": waited_seconds,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = check_ticket_output_status_enum(d.pop("status"))

        def _parse_pool(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pool = _parse_pool(d.pop("pool"))

        def _parse_rated(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        rated = _parse_rated(d.pop("rated"))

        def _parse_bots_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bots_after = _parse_bots_after(d.pop("bots_after"))

        def _parse_joined_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                joined_at_type_0 = datetime.datetime.fromisoformat(data)

                return joined_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        joined_at = _parse_joined_at(d.pop("joined_at"))

        def _parse_waited_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        waited_seconds = _parse_waited_seconds(d.pop("waited_seconds"))

        def _parse_game(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_type_0 = UUID(data)

                return game_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game = _parse_game(d.pop("game"))

        ticket_output = cls(
            status=status,
            pool=pool,
            rated=rated,
            bots_after=bots_after,
            joined_at=joined_at,
            waited_seconds=waited_seconds,
            game=game,
        )

        ticket_output.additional_properties = d
        return ticket_output

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
