from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.actor import Actor
    from ..models.event_data import EventData


T = TypeVar("T", bound="EventOutput")


@_attrs_define
class EventOutput:
    """
    Attributes:
        seq (int):
        type_ (str):
        schema_version (int):
        data (EventData): The event's data as the caller may see it. Engine events: MatchStarted (`ruleset`,
            `seats`, `seed_commitment`), RoundStarted (`round`, `engine`, `hands` null but for your
            seat, `hand_counts`, `boneyard_count`), EnginePlaced, TileDrawn (`tile` only for the seat
            that drew), TilePlayed, TurnPassed, TurnStopped (`seat`, `tile`, `train`, `by`), RoundEnded
            (`round`, `scores`, `went_out`, `blocked`), MatchEnded (`totals`, `zero_rounds`,
            `places`). The platform's (SeedContributionsFixed, SeatsBerserk, SeatResigned,
            SeatForfeited, GameAbandoned, MoreTimeGiven, GameVoided, ResultAwarded, RoundRestarted,
            RatingsReversed) carry their own keys (`seat`, `reason`, `dispute`, `seconds`, `given_by`,
            `berserk`, ...).
        actor (Actor):
        at (datetime.datetime):
    """

    seq: int
    type_: str
    schema_version: int
    data: EventData
    actor: Actor
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        schema_version = self.schema_version

        data = self.data.to_dict()

        actor = self.actor.to_dict()

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "schema_version": schema_version,
                "data": data,
                "actor": actor,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor  # noqa: PLC0415
        from ..models.event_data import EventData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        schema_version = d.pop("schema_version")

        data = EventData.from_dict(d.pop("data"))

        actor = Actor.from_dict(d.pop("actor"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        event_output = cls(
            seq=seq,
            type_=type_,
            schema_version=schema_version,
            data=data,
            actor=actor,
            at=at,
        )

        event_output.additional_properties = d
        return event_output

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
