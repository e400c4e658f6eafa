from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StaffActionOutput")


@_attrs_define
class StaffActionOutput:
    """
    Attributes:
        id (int):
        staff (str):
        action (str):
        game (None | UUID):
        dispute (int | None):
        seq (int | None):
        reason (str):
        data (Any):
        created_at (datetime.datetime):
    """

    id: int
    staff: str
    action: str
    game: None | UUID
    dispute: int | None
    seq: int | None
    reason: str
    data: Any
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        staff = self.staff

        action = self.action

        game: None | str
        if isinstance(self.game, UUID):
            game = str(self.game)
        else:
            game = self.game

        dispute: int | None
        dispute = self.dispute

        seq: int | None
        seq = self.seq

        reason = self.reason

        data = self.data

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "staff": staff,
                "action": action,
                "game": game,
                "dispute": dispute,
                "seq": seq,
                "reason": reason,
                "data": data,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        staff = d.pop("staff")

        action = d.pop("action")

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

        def _parse_dispute(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dispute = _parse_dispute(d.pop("dispute"))

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        reason = d.pop("reason")

        data = d.pop("data")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        staff_action_output = cls(
            id=id,
            staff=staff,
            action=action,
            game=game,
            dispute=dispute,
            seq=seq,
            reason=reason,
            data=data,
            created_at=created_at,
        )

        staff_action_output.additional_properties = d
        return staff_action_output

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
