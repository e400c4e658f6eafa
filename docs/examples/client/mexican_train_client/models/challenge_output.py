from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.time_control import TimeControl
    from ..models.variants import Variants


T = TypeVar("T", bound="ChallengeOutput")


@_attrs_define
class ChallengeOutput:
    """
    Attributes:
        id (int):
        challenger (str):
        challenged (str):
        players (int): the seats: the two players, then bots
        bot_strategy (str): the bots' strategy, for seats beyond two
        hand_table (str):
        variants (Variants): A new table's choices of the rules (RULES §9); the rest follows the players' number.
        time_control (TimeControl): RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rated (bool):
        status (str): pending, accepted, declined, cancelled or expired
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        answered_at (datetime.datetime | None):
        game (None | UUID): the table an accepted challenge opened
    """

    id: int
    challenger: str
    challenged: str
    players: int
    bot_strategy: str
    hand_table: str
    variants: Variants
    time_control: TimeControl
    rated: bool
    status: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    answered_at: datetime.datetime | None
    game: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        challenger = self.challenger

        challenged = self.challenged

        players = self.players

        bot_strategy = self.bot_strategy

        hand_table = self.hand_table

        variants = self.variants.to_dict()

        time_control = self.time_control.to_dict()

        rated = self.rated

        status = self.status

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        answered_at: None | str
        if isinstance(self.answered_at, datetime.datetime):
            answered_at = self.answered_at.isoformat()
        else:
            answered_at = self.answered_at

        game: None | str
        if isinstance(self.game, UUID):
            game = str(self.game)
        else:
            game = self.game

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "challenger": challenger,
                "challenged": challenged,
                "players": players,
                "bot_strategy": bot_strategy,
                "hand_table": hand_table,
                "variants": variants,
                "time_control": time_control,
                "rated": rated,
                "status": status,
                "created_at": created_at,
                "expires_at": expires_at,
                "answered_at": answered_at,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control import TimeControl  # noqa: PLC0415
        from ..models.variants import Variants  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        challenger = d.pop("challenger")

        challenged = d.pop("challenged")

        players = d.pop("players")

        bot_strategy = d.pop("bot_strategy")

        hand_table = d.pop("hand_table")

        variants = Variants.from_dict(d.pop("variants"))

        time_control = TimeControl.from_dict(d.pop("time_control"))

        rated = d.pop("rated")

        status = d.pop("status")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_answered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answered_at_type_0 = datetime.datetime.fromisoformat(data)

                return answered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        answered_at = _parse_answered_at(d.pop("answered_at"))

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

        challenge_output = cls(
            id=id,
            challenger=challenger,
            challenged=challenged,
            players=players,
            bot_strategy=bot_strategy,
            hand_table=hand_table,
            variants=variants,
            time_control=time_control,
            rated=rated,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
            answered_at=answered_at,
            game=game,
        )

        challenge_output.additional_properties = d
        return challenge_output

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
