from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.my_arena_output import MyArenaOutput


T = TypeVar("T", bound="MyEntryOutput")


@_attrs_define
class MyEntryOutput:
    """
    Attributes:
        id (int):
        username (str):
        is_bot (bool):
        status (str): registered | checked_in | withdrawn | no_show
        seed (int | None): seed order, set at the start
        stand_in_for (None | str): a bot standing in for this no-show player
        final_place (int | None):
        joined_round (int): the first round seated in; the rounds before it are byes (late join)
        paused (bool): arena: paused (keeps the score, no new table)
        house_bot (bool): arena: a bot that fills tables that cannot fill; not ranked
        current_game (None | UUID): the game of the caller's table in the current round (arena: in play)
        arena (MyArenaOutput | None): arena only
    """

    id: int
    username: str
    is_bot: bool
    status: str
    seed: int | None
    stand_in_for: None | str
    final_place: int | None
    joined_round: int
    paused: bool
    house_bot: bool
    current_game: None | UUID
    arena: MyArenaOutput | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.my_arena_output import MyArenaOutput  # noqa: PLC0415

        id = self.id

        username = self.username

        is_bot = self.is_bot

        status = self.status

        seed: int | None
        seed = self.seed

        stand_in_for: None | str
        stand_in_for = self.stand_in_for

        final_place: int | None
        final_place = self.final_place

        joined_round = self.joined_round

        paused = self.paused

        house_bot = self.house_bot

        current_game: None | str
        if isinstance(self.current_game, UUID):
            current_game = str(self.current_game)
        else:
            current_game = self.current_game

        arena: dict[str, Any] | None
        if isinstance(self.arena, MyArenaOutput):
            arena = self.arena.to_dict()
        else:
            arena = self.arena

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "is_bot": is_bot,
                "status": status,
                "seed": seed,
                "stand_in_for": stand_in_for,
                "final_place": final_place,
                "joined_round": joined_round,
                "paused": paused,
                "house_bot": house_bot,
                "current_game": current_game,
                "arena": arena,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.my_arena_output import MyArenaOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        status = d.pop("status")

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_stand_in_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stand_in_for = _parse_stand_in_for(d.pop("stand_in_for"))

        def _parse_final_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        final_place = _parse_final_place(d.pop("final_place"))

        joined_round = d.pop("joined_round")

        paused = d.pop("paused")

        house_bot = d.pop("house_bot")

        def _parse_current_game(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                current_game_type_0 = UUID(data)

                return current_game_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        current_game = _parse_current_game(d.pop("current_game"))

        def _parse_arena(data: object) -> MyArenaOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                arena_type_1 = MyArenaOutput.from_dict(data)

                return arena_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MyArenaOutput | None, data)

        arena = _parse_arena(d.pop("arena"))

        my_entry_output = cls(
            id=id,
            username=username,
            is_bot=is_bot,
            status=status,
            seed=seed,
            stand_in_for=stand_in_for,
            final_place=final_place,
            joined_round=joined_round,
            paused=paused,
            house_bot=house_bot,
            current_game=current_game,
            arena=arena,
        )

        my_entry_output.additional_properties = d
        return my_entry_output

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
