from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EntryOutput")


@_attrs_define
class EntryOutput:
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        entry_output = cls(
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
        )

        entry_output.additional_properties = d
        return entry_output

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
