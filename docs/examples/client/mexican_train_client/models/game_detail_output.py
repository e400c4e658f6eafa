from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chat_enum import ChatEnum, check_chat_enum
from ..models.game_status_enum import GameStatusEnum, check_game_status_enum

if TYPE_CHECKING:
    from ..models.clock_output import ClockOutput
    from ..models.fairness_output import FairnessOutput
    from ..models.game_ratings_output import GameRatingsOutput
    from ..models.game_result import GameResult
    from ..models.ruleset import Ruleset
    from ..models.seat_output import SeatOutput
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="GameDetailOutput")


@_attrs_define
class GameDetailOutput:
    """One game, with what its page shows after the end (not in the lists).

    Attributes:
        id (UUID):
        name (str):
        status (GameStatusEnum): * `open` - open
            * `active` - active
            * `finished` - finished
            * `abandoned` - abandoned
            * `void` - void
        created_by (str):
        created_at (datetime.datetime):
        players (int):
        ruleset (Ruleset): The table's rules, fixed when it was created (RULES §1, §9).
        time_control (TimeControl): RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rated (bool):
        chat (ChatEnum): * `free` - free
            * `quick` - quick
            * `off` - off
        seats (list[SeatOutput]):
        seed_commitment (str): the commitment shown before the first deal (version 2: the server seed's)
        fairness (FairnessOutput):
        seed (None | str): revealed once the match has ended (a duplicate tournament table's: once every table dealt the
            same seed has finished)
        seq (int):
        round_ (int):
        to_move (int | None):
        deadline (datetime.datetime | None): when the seat to move times out (RULES R24)
        turn_started_at (datetime.datetime | None):
        clock (ClockOutput | None):
        ready_deadline (datetime.datetime | None): a tournament table's ready window: contributions are taken until then
            (a correspondence table starts sooner once every seated player has opened it)
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        result (GameResult | None):
        progress_hidden (bool): a duplicate table whose deal another table still plays: to all but its players it shows
            as in play, with no seq, round, turn, times or result (games.siblings)
        private (bool): a private table: listed nowhere, joined with its invite link
        invite_code (None | str): a private table's invite code, shown to its seated players only (the link is
            /games/<id>?invite=<code>); null for everyone else
        ratings (GameRatingsOutput | None): a rated game's rating changes (null for an unrated game)
        tournament (int | None): the tournament whose table this is, or null
        rematch (None | str): the table opened to play this game again with the same seats, or null
        rematch_of (None | UUID): the ended game this table replays
    """

    id: UUID
    name: str
    status: GameStatusEnum
    created_by: str
    created_at: datetime.datetime
    players: int
    ruleset: Ruleset
    time_control: TimeControl
    rated: bool
    chat: ChatEnum
    seats: list[SeatOutput]
    seed_commitment: str
    fairness: FairnessOutput
    seed: None | str
    seq: int
    round_: int
    to_move: int | None
    deadline: datetime.datetime | None
    turn_started_at: datetime.datetime | None
    clock: ClockOutput | None
    ready_deadline: datetime.datetime | None
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    result: GameResult | None
    progress_hidden: bool
    private: bool
    invite_code: None | str
    ratings: GameRatingsOutput | None
    tournament: int | None
    rematch: None | str
    rematch_of: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_output import ClockOutput  # noqa: PLC0415
        from ..models.game_ratings_output import GameRatingsOutput  # noqa: PLC0415
        from ..models.game_result import GameResult  # noqa: PLC0415

        id = str(self.id)

        name = self.name

        status: str = self.status

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        players = self.players

        ruleset = self.ruleset.to_dict()

        time_control = self.time_control.to_dict()

        rated = self.rated

        chat: str = self.chat

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed_commitment = self.seed_commitment

        fairness = self.fairness.to_dict()

        seed: None | str
        seed = self.seed

        seq = self.seq

        round_ = self.round_

        to_move: int | None
        to_move = self.to_move

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        turn_started_at: None | str
        if isinstance(self.turn_started_at, datetime.datetime):
            turn_started_at = self.turn_started_at.isoformat()
        else:
            turn_started_at = self.turn_started_at

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockOutput):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        ready_deadline: None | str
        if isinstance(self.ready_deadline, datetime.datetime):
            ready_deadline = self.ready_deadline.isoformat()
        else:
            ready_deadline = self.ready_deadline

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        result: dict[str, Any] | None
        if isinstance(self.result, GameResult):
            result = self.result.to_dict()
        else:
            result = self.result

        progress_hidden = self.progress_hidden

        private = self.private

        invite_code: None | str
        invite_code = self.invite_code

        ratings: dict[str, Any] | None
        if isinstance(self.ratings, GameRatingsOutput):
            ratings = self.ratings.to_dict()
        else:
            ratings = self.ratings

        tournament: int | None
        tournament = self.tournament

        rematch: None | str
        rematch = self.rematch

        rematch_of: None | str
        if isinstance(self.rematch_of, UUID):
            rematch_of = str(self.rematch_of)
        else:
            rematch_of = self.rematch_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "status": status,
                "created_by": created_by,
                "created_at": created_at,
                "players": players,
                "ruleset": ruleset,
                "time_control": time_control,
                "rated": rated,
                "chat": chat,
                "seats": seats,
                "seed_commitment": seed_commitment,
                "fairness": fairness,
                "seed": seed,
                "seq": seq,
                "round": round_,
                "to_move": to_move,
                "deadline": deadline,
                "turn_started_at": turn_started_at,
                "clock": clock,
                "ready_deadline": ready_deadline,
                "started_at": started_at,
                "finished_at": finished_at,
                "result": result,
                "progress_hidden": progress_hidden,
                "private": private,
                "invite_code": invite_code,
                "ratings": ratings,
                "tournament": tournament,
                "rematch": rematch,
                "rematch_of": rematch_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_output import ClockOutput  # noqa: PLC0415
        from ..models.fairness_output import FairnessOutput  # noqa: PLC0415
        from ..models.game_ratings_output import GameRatingsOutput  # noqa: PLC0415
        from ..models.game_result import GameResult  # noqa: PLC0415
        from ..models.ruleset import Ruleset  # noqa: PLC0415
        from ..models.seat_output import SeatOutput  # noqa: PLC0415
        from ..models.time_control import TimeControl  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        status = check_game_status_enum(d.pop("status"))

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        players = d.pop("players")

        ruleset = Ruleset.from_dict(d.pop("ruleset"))

        time_control = TimeControl.from_dict(d.pop("time_control"))

        rated = d.pop("rated")

        chat = check_chat_enum(d.pop("chat"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatOutput.from_dict(seats_item_data)

            seats.append(seats_item)

        seed_commitment = d.pop("seed_commitment")

        fairness = FairnessOutput.from_dict(d.pop("fairness"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        seq = d.pop("seq")

        round_ = d.pop("round")

        def _parse_to_move(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_move = _parse_to_move(d.pop("to_move"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        def _parse_turn_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return turn_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_started_at = _parse_turn_started_at(d.pop("turn_started_at"))

        def _parse_clock(data: object) -> ClockOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockOutput.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockOutput | None, data)

        clock = _parse_clock(d.pop("clock"))

        def _parse_ready_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ready_deadline_type_0 = datetime.datetime.fromisoformat(data)

                return ready_deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ready_deadline = _parse_ready_deadline(d.pop("ready_deadline"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_result(data: object) -> GameResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = GameResult.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameResult | None, data)

        result = _parse_result(d.pop("result"))

        progress_hidden = d.pop("progress_hidden")

        private = d.pop("private")

        def _parse_invite_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invite_code = _parse_invite_code(d.pop("invite_code"))

        def _parse_ratings(data: object) -> GameRatingsOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ratings_type_1 = GameRatingsOutput.from_dict(data)

                return ratings_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameRatingsOutput | None, data)

        ratings = _parse_ratings(d.pop("ratings"))

        def _parse_tournament(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        tournament = _parse_tournament(d.pop("tournament"))

        def _parse_rematch(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_rematch_of(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rematch_of_type_0 = UUID(data)

                return rematch_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        game_detail_output = cls(
            id=id,
            name=name,
            status=status,
            created_by=created_by,
            created_at=created_at,
            players=players,
            ruleset=ruleset,
            time_control=time_control,
            rated=rated,
            chat=chat,
            seats=seats,
            seed_commitment=seed_commitment,
            fairness=fairness,
            seed=seed,
            seq=seq,
            round_=round_,
            to_move=to_move,
            deadline=deadline,
            turn_started_at=turn_started_at,
            clock=clock,
            ready_deadline=ready_deadline,
            started_at=started_at,
            finished_at=finished_at,
            result=result,
            progress_hidden=progress_hidden,
            private=private,
            invite_code=invite_code,
            ratings=ratings,
            tournament=tournament,
            rematch=rematch,
            rematch_of=rematch_of,
        )

        game_detail_output.additional_properties = d
        return game_detail_output

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
