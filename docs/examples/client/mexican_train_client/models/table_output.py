from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table_player_output import TablePlayerOutput


T = TypeVar("T", bound="TableOutput")


@_attrs_define
class TableOutput:
    """
    Attributes:
        number (int):
        game (UUID):
        status (str): the game's status
        finished (bool):
        deal_group (int | None): duplicate: tables of a group play the same deal
        seed_hidden (bool):
        players (list[TablePlayerOutput]):
    """

    number: int
    game: UUID
    status: str
    finished: bool
    deal_group: int | None
    seed_hidden: bool
    players: list[TablePlayerOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        game = str(self.game)

        status = self.status

        finished = self.finished

        deal_group: int | None
        deal_group = self.deal_group

        seed_hidden = self.seed_hidden

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "game": game,
                "status": status,
                "finished": finished,
                "deal_group": deal_group,
                "seed_hidden": seed_hidden,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_player_output import TablePlayerOutput  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        game = UUID(d.pop("game"))

        status = d.pop("status")

        finished = d.pop("finished")

        def _parse_deal_group(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deal_group = _parse_deal_group(d.pop("deal_group"))

        seed_hidden = d.pop("seed_hidden")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TablePlayerOutput.from_dict(players_item_data)

            players.append(players_item)

        table_output = cls(
            number=number,
            game=game,
            status=status,
            finished=finished,
            deal_group=deal_group,
            seed_hidden=seed_hidden,
            players=players,
        )

        table_output.additional_properties = d
        return table_output

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
