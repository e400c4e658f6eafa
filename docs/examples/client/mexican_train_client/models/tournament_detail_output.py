from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.arena_output import ArenaOutput
    from ..models.battle_output import BattleOutput
    from ..models.entry_conditions_output import EntryConditionsOutput
    from ..models.entry_output import EntryOutput
    from ..models.entry_verdict_output import EntryVerdictOutput
    from ..models.my_entry_output import MyEntryOutput
    from ..models.play_ban_output import PlayBanOutput
    from ..models.round_output import RoundOutput
    from ..models.standings_output import StandingsOutput
    from ..models.team_ref_output import TeamRefOutput
    from ..models.time_control import TimeControl
    from ..models.variants import Variants


T = TypeVar("T", bound="TournamentDetailOutput")


@_attrs_define
class TournamentDetailOutput:
    """
    Attributes:
        id (int):
        name (str):
        format_ (str): swiss | elimination | duplicate | single | arena
        status (str): scheduled | registration | running | finished | cancelled
        created_by (str):
        starts_at (datetime.datetime):
        seconds_until_start (float | None): until the scheduled start; null once started or over
        registration_opens_at (datetime.datetime):
        registration_closes_at (datetime.datetime):
        check_in_opens_at (datetime.datetime | None): players must check in from then until the start
        entrants (int): players registered (or checked in) now
        min_players (int):
        max_players (int | None):
        table_size (int):
        hand_table (str):
        variants (Variants): A new table's choices of the rules (RULES §9); the rest follows the players' number.
        time_control (TimeControl): RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rounds (int | None): tournament rounds; null for elimination (until the final)
        current_round (int):
        rated (bool):
        bots_only (bool): entered by bots alone, never by a person
        chat (str): `free`, `quick` (canned messages only) or `off`
        ready_seconds (int): a live table's ready window before its start (contributions to the seed)
        round_pause_seconds (int): the pause between a round's end and the next round's seating
        next_round_at (datetime.datetime | None): when the next round is seated, while pausing between rounds
        seconds_until_next_round (float | None):
        late_join_open (bool): a running Swiss takes late joiners until half of its rounds have started
        bye_points (float | None): Swiss: the points of each round a late joiner missed (a middle place)
        winner (None | str):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        arena (ArenaOutput | None): an arena's settings and clock; null otherwise
        team (None | TeamRefOutput): only this team's members enter
        battle (BattleOutput | None): a team battle's teams
        description (str):
        advance (int | None):
        no_show_policy (str): bot | forfeit
        withdrawal_policy (str): bot | forfeit
        cancelled_reason (str):
        entries (list[EntryOutput]):
        rounds_detail (list[RoundOutput]):
        standings (None | StandingsOutput): placement points, table wins, opponents' points, game score, head to head,
            seed (tournaments/formats/standings.py)
        version (int): grows with every change
        me (MyEntryOutput | None):
        entry_conditions (EntryConditionsOutput):
        entry (EntryVerdictOutput | None): whether the caller can enter; null when not signed in
        my_play_ban (None | PlayBanOutput): the caller's ban from joining new events, if any
    """

    id: int
    name: str
    format_: str
    status: str
    created_by: str
    starts_at: datetime.datetime
    seconds_until_start: float | None
    registration_opens_at: datetime.datetime
    registration_closes_at: datetime.datetime
    check_in_opens_at: datetime.datetime | None
    entrants: int
    min_players: int
    max_players: int | None
    table_size: int
    hand_table: str
    variants: Variants
    time_control: TimeControl
    rounds: int | None
    current_round: int
    rated: bool
    bots_only: bool
    chat: str
    ready_seconds: int
    round_pause_seconds: int
    next_round_at: datetime.datetime | None
    seconds_until_next_round: float | None
    late_join_open: bool
    bye_points: float | None
    winner: None | str
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    arena: ArenaOutput | None
    team: None | TeamRefOutput
    battle: BattleOutput | None
    description: str
    advance: int | None
    no_show_policy: str
    withdrawal_policy: str
    cancelled_reason: str
    entries: list[EntryOutput]
    rounds_detail: list[RoundOutput]
    standings: None | StandingsOutput
    version: int
    me: MyEntryOutput | None
    entry_conditions: EntryConditionsOutput
    entry: EntryVerdictOutput | None
    my_play_ban: None | PlayBanOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.arena_output import ArenaOutput  # noqa: PLC0415
        from ..models.battle_output import BattleOutput  # noqa: PLC0415
        from ..models.entry_verdict_output import EntryVerdictOutput  # noqa: PLC0415
        from ..models.my_entry_output import MyEntryOutput  # noqa: PLC0415
        from ..models.play_ban_output import PlayBanOutput  # noqa: PLC0415
        from ..models.standings_output import StandingsOutput  # noqa: PLC0415
        from ..models.team_ref_output import TeamRefOutput  # noqa: PLC0415

        id = self.id

        name = self.name

        format_ = self.format_

        status = self.status

        created_by = self.created_by

        starts_at = self.starts_at.isoformat()

        seconds_until_start: float | None
        seconds_until_start = self.seconds_until_start

        registration_opens_at = self.registration_opens_at.isoformat()

        registration_closes_at = self.registration_closes_at.isoformat()

        check_in_opens_at: None | str
        if isinstance(self.check_in_opens_at, datetime.datetime):
            check_in_opens_at = self.check_in_opens_at.isoformat()
        else:
            check_in_opens_at = self.check_in_opens_at

        entrants = self.entrants

        min_players = self.min_players

        max_players: int | None
        max_players = self.max_players

        table_size = self.table_size

        hand_table = self.hand_table

        variants = self.variants.to_dict()

        time_control = self.time_control.to_dict()

        rounds: int | None
        rounds = self.rounds

        current_round = self.current_round

        rated = self.rated

        bots_only = self.bots_only

        chat = self.chat

        ready_seconds = self.ready_seconds

        round_pause_seconds = self.round_pause_seconds

        next_round_at: None | str
        if isinstance(self.next_round_at, datetime.datetime):
            next_round_at = self.next_round_at.isoformat()
        else:
            next_round_at = self.next_round_at

        seconds_until_next_round: float | None
        seconds_until_next_round = self.seconds_until_next_round

        late_join_open = self.late_join_open

        bye_points: float | None
        bye_points = self.bye_points

        winner: None | str
        winner = self.winner

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

        arena: dict[str, Any] | None
        if isinstance(self.arena, ArenaOutput):
            arena = self.arena.to_dict()
        else:
            arena = self.arena

        team: dict[str, Any] | None
        if isinstance(self.team, TeamRefOutput):
            team = self.team.to_dict()
        else:
            team = self.team

        battle: dict[str, Any] | None
        if isinstance(self.battle, BattleOutput):
            battle = self.battle.to_dict()
        else:
            battle = self.battle

        description = self.description

        advance: int | None
        advance = self.advance

        no_show_policy = self.no_show_policy

        withdrawal_policy = self.withdrawal_policy

        cancelled_reason = self.cancelled_reason

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        rounds_detail = []
        for rounds_detail_item_data in self.rounds_detail:
            rounds_detail_item = rounds_detail_item_data.to_dict()
            rounds_detail.append(rounds_detail_item)

        standings: dict[str, Any] | None
        if isinstance(self.standings, StandingsOutput):
            standings = self.standings.to_dict()
        else:
            standings = self.standings

        version = self.version

        me: dict[str, Any] | None
        if isinstance(self.me, MyEntryOutput):
            me = self.me.to_dict()
        else:
            me = self.me

        entry_conditions = self.entry_conditions.to_dict()

        entry: dict[str, Any] | None
        if isinstance(self.entry, EntryVerdictOutput):
            entry = self.entry.to_dict()
        else:
            entry = self.entry

        my_play_ban: dict[str, Any] | None
        if isinstance(self.my_play_ban, PlayBanOutput):
            my_play_ban = self.my_play_ban.to_dict()
        else:
            my_play_ban = self.my_play_ban

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "format": format_,
                "status": status,
                "created_by": created_by,
                "starts_at": starts_at,
                "seconds_until_start": seconds_until_start,
                "registration_opens_at": registration_opens_at,
                "registration_closes_at": registration_closes_at,
                "check_in_opens_at": check_in_opens_at,
                "entrants": entrants,
                "min_players": min_players,
                "max_players": max_players,
                "table_size": table_size,
                "hand_table": hand_table,
                "variants": variants,
                "time_control": time_control,
                "rounds": rounds,
                "current_round": current_round,
                "rated": rated,
                "bots_only": bots_only,
                "chat": chat,
                "ready_seconds": ready_seconds,
                "round_pause_seconds": round_pause_seconds,
                "next_round_at": next_round_at,
                "seconds_until_next_round": seconds_until_next_round,
                "late_join_open": late_join_open,
                "bye_points": bye_points,
                "winner": winner,
                "started_at": started_at,
                "finished_at": finished_at,
                "arena": arena,
                "team": team,
                "battle": battle,
                "description": description,
                "advance": advance,
                "no_show_policy": no_show_policy,
                "withdrawal_policy": withdrawal_policy,
                "cancelled_reason": cancelled_reason,
                "entries": entries,
                "rounds_detail": rounds_detail,
                "standings": standings,
                "version": version,
                "me": me,
                "entry_conditions": entry_conditions,
                "entry": entry,
                "my_play_ban": my_play_ban,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_output import ArenaOutput  # noqa: PLC0415
        from ..models.battle_output import BattleOutput  # noqa: PLC0415
        from ..models.entry_conditions_output import EntryConditionsOutput  # noqa: PLC0415
        from ..models.entry_output import EntryOutput  # noqa: PLC0415
        from ..models.entry_verdict_output import EntryVerdictOutput  # noqa: PLC0415
        from ..models.my_entry_output import MyEntryOutput  # noqa: PLC0415
        from ..models.play_ban_output import PlayBanOutput  # noqa: PLC0415
        from ..models.round_output import RoundOutput  # noqa: PLC0415
        from ..models.standings_output import StandingsOutput  # noqa: PLC0415
        from ..models.team_ref_output import TeamRefOutput  # noqa: PLC0415
        from ..models.time_control import TimeControl  # noqa: PLC0415
        from ..models.variants import Variants  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        format_ = d.pop("format")

        status = d.pop("status")

        created_by = d.pop("created_by")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        def _parse_seconds_until_start(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds_until_start = _parse_seconds_until_start(d.pop("seconds_until_start"))

        registration_opens_at = datetime.datetime.fromisoformat(d.pop("registration_opens_at"))

        registration_closes_at = datetime.datetime.fromisoformat(d.pop("registration_closes_at"))

        def _parse_check_in_opens_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                check_in_opens_at_type_0 = datetime.datetime.fromisoformat(data)

                return check_in_opens_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        check_in_opens_at = _parse_check_in_opens_at(d.pop("check_in_opens_at"))

        entrants = d.pop("entrants")

        min_players = d.pop("min_players")

        def _parse_max_players(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_players = _parse_max_players(d.pop("max_players"))

        table_size = d.pop("table_size")

        hand_table = d.pop("hand_table")

        variants = Variants.from_dict(d.pop("variants"))

        time_control = TimeControl.from_dict(d.pop("time_control"))

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        current_round = d.pop("current_round")

        rated = d.pop("rated")

        bots_only = d.pop("bots_only")

        chat = d.pop("chat")

        ready_seconds = d.pop("ready_seconds")

        round_pause_seconds = d.pop("round_pause_seconds")

        def _parse_next_round_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_round_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_round_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_round_at = _parse_next_round_at(d.pop("next_round_at"))

        def _parse_seconds_until_next_round(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds_until_next_round = _parse_seconds_until_next_round(d.pop("seconds_until_next_round"))

        late_join_open = d.pop("late_join_open")

        def _parse_bye_points(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        bye_points = _parse_bye_points(d.pop("bye_points"))

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

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

        def _parse_arena(data: object) -> ArenaOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                arena_type_1 = ArenaOutput.from_dict(data)

                return arena_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArenaOutput | None, data)

        arena = _parse_arena(d.pop("arena"))

        def _parse_team(data: object) -> None | TeamRefOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                team_type_1 = TeamRefOutput.from_dict(data)

                return team_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TeamRefOutput, data)

        team = _parse_team(d.pop("team"))

        def _parse_battle(data: object) -> BattleOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                battle_type_1 = BattleOutput.from_dict(data)

                return battle_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BattleOutput | None, data)

        battle = _parse_battle(d.pop("battle"))

        description = d.pop("description")

        def _parse_advance(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        advance = _parse_advance(d.pop("advance"))

        no_show_policy = d.pop("no_show_policy")

        withdrawal_policy = d.pop("withdrawal_policy")

        cancelled_reason = d.pop("cancelled_reason")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = EntryOutput.from_dict(entries_item_data)

            entries.append(entries_item)

        rounds_detail = []
        _rounds_detail = d.pop("rounds_detail")
        for rounds_detail_item_data in _rounds_detail:
            rounds_detail_item = RoundOutput.from_dict(rounds_detail_item_data)

            rounds_detail.append(rounds_detail_item)

        def _parse_standings(data: object) -> None | StandingsOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                standings_type_1 = StandingsOutput.from_dict(data)

                return standings_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StandingsOutput, data)

        standings = _parse_standings(d.pop("standings"))

        version = d.pop("version")

        def _parse_me(data: object) -> MyEntryOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_1 = MyEntryOutput.from_dict(data)

                return me_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MyEntryOutput | None, data)

        me = _parse_me(d.pop("me"))

        entry_conditions = EntryConditionsOutput.from_dict(d.pop("entry_conditions"))

        def _parse_entry(data: object) -> EntryVerdictOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_type_1 = EntryVerdictOutput.from_dict(data)

                return entry_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EntryVerdictOutput | None, data)

        entry = _parse_entry(d.pop("entry"))

        def _parse_my_play_ban(data: object) -> None | PlayBanOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                my_play_ban_type_1 = PlayBanOutput.from_dict(data)

                return my_play_ban_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayBanOutput, data)

        my_play_ban = _parse_my_play_ban(d.pop("my_play_ban"))

        tournament_detail_output = cls(
            id=id,
            name=name,
            format_=format_,
            status=status,
            created_by=created_by,
            starts_at=starts_at,
            seconds_until_start=seconds_until_start,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
            check_in_opens_at=check_in_opens_at,
            entrants=entrants,
            min_players=min_players,
            max_players=max_players,
            table_size=table_size,
            hand_table=hand_table,
            variants=variants,
            time_control=time_control,
            rounds=rounds,
            current_round=current_round,
            rated=rated,
            bots_only=bots_only,
            chat=chat,
            ready_seconds=ready_seconds,
            round_pause_seconds=round_pause_seconds,
            next_round_at=next_round_at,
            seconds_until_next_round=seconds_until_next_round,
            late_join_open=late_join_open,
            bye_points=bye_points,
            winner=winner,
            started_at=started_at,
            finished_at=finished_at,
            arena=arena,
            team=team,
            battle=battle,
            description=description,
            advance=advance,
            no_show_policy=no_show_policy,
            withdrawal_policy=withdrawal_policy,
            cancelled_reason=cancelled_reason,
            entries=entries,
            rounds_detail=rounds_detail,
            standings=standings,
            version=version,
            me=me,
            entry_conditions=entry_conditions,
            entry=entry,
            my_play_ban=my_play_ban,
        )

        tournament_detail_output.additional_properties = d
        return tournament_detail_output

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
