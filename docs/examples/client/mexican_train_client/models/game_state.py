from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum, check_game_status_enum

if TYPE_CHECKING:
    from ..models.move import Move
    from ..models.view import View


T = TypeVar("T", bound="GameState")


@_attrs_define
class GameState:
    """
    Attributes:
        game (UUID):
        status (GameStatusEnum): * `open` - open
            * `active` - active
            * `finished` - finished
            * `abandoned` - abandoned
            * `void` - void
        seat (int | None): your seat; null: a spectator
        seq (int): the seq of the last event, and of the view; send it as `expected_seq`
        view (None | View):
        legal_moves (list[Move]): every move your seat may make now (empty when it is not your turn, for a spectator,
            and once the game is over)
    """

    game: UUID
    status: GameStatusEnum
    seat: int | None
    seq: int
    view: None | View
    legal_moves: list[Move]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.view import View  # noqa: PLC0415

        game = str(self.game)

        status: str = self.status

        seat: int | None
        seat = self.seat

        seq = self.seq

        view: dict[str, Any] | None
        if isinstance(self.view, View):
            view = self.view.to_dict()
        else:
            view = self.view

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item = legal_moves_item_data.to_dict()
            legal_moves.append(legal_moves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "status": status,
                "seat": seat,
                "seq": seq,
                "view": view,
                "legal_moves": legal_moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        game = UUID(d.pop("game"))

        status = check_game_status_enum(d.pop("status"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        seq = d.pop("seq")

        def _parse_view(data: object) -> None | View:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_1 = View.from_dict(data)

                return view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | View, data)

        view = _parse_view(d.pop("view"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:
            legal_moves_item = Move.from_dict(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        game_state = cls(
            game=game,
            status=status,
            seat=seat,
            seq=seq,
            view=view,
            legal_moves=legal_moves,
        )

        game_state.additional_properties = d
        return game_state

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
