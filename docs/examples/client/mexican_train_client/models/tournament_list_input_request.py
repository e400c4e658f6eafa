from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_table_enum import HandTableEnum, check_hand_table_enum
from ..models.tournament_list_input_format_enum import (
    TournamentListInputFormatEnum,
    check_tournament_list_input_format_enum,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control_request import TimeControlRequest
    from ..models.variants_request import VariantsRequest


T = TypeVar("T", bound="TournamentListInputRequest")


@_attrs_define
class TournamentListInputRequest:
    """
    Attributes:
        name (str):
        format_ (TournamentListInputFormatEnum): * `swiss` - swiss
            * `elimination` - elimination
            * `duplicate` - duplicate
            * `single` - single
            * `arena` - arena
        starts_at (datetime.datetime):
        table_size (int):
        description (str | Unset):  Default: ''.
        registration_opens_at (datetime.datetime | None | Unset): default: now
        registration_closes_at (datetime.datetime | None | Unset): default: the start
        check_in_opens_at (datetime.datetime | None | Unset): ask players to check in from then until the start
            (default: no check-in)
        min_players (int | Unset):  Default: 2.
        max_players (int | None | Unset):
        hand_table (HandTableEnum | Unset): * `classic` - classic
            * `double12` - double12 Default: 'classic'.
        variants (VariantsRequest | Unset): A new table's choices of the rules (RULES §9); the rest follows the players'
            number.
        time_control (TimeControlRequest | Unset): RULES R24 (games.clocks): live (`seconds_per_move`,
            `reserve_seconds`) or
            correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`.
        rounds (int | Unset): tournament rounds Default: 3.
        advance (int | None | Unset): elimination: how many of each table go through (default: half)
        rated (bool | Unset):  Default: False.
        bots_only (bool | Unset): entered by bots alone: bots people own (with their own tokens) and the platform's;
            never rated Default: False.
        ready_seconds (int | Unset): live tables: the seconds between a table's seating (its deal's commitment shown)
            and its start, for the players' contributions to the seed; correspondence tables start once every player has
            opened them, at most an hour Default: 15.
        min_rated_games (int | Unset): entry: rated games of the tournament's kind (live or correspondence) Default: 0.
        live_rating_min (int | None | Unset):
        live_rating_max (int | None | Unset):
        correspondence_rating_min (int | None | Unset):
        correspondence_rating_max (int | None | Unset):
        min_account_days (int | Unset):  Default: 0.
        verified_email (bool | Unset): entry: a verified email address Default: False.
        no_show_policy (str | Unset): players who do not check in: bot | forfeit (default forfeit: left out) Default:
            'forfeit'.
        round_pause_seconds (int | None | Unset): the pause between rounds (default: 30 s live, 12 h correspondence)
        withdrawal_policy (str | Unset): a player who withdraws during a round: bot | forfeit (default bot: the bot
            playing their seat on stands in; forfeit: ranked last at the table) Default: 'bot'.
        chat (None | str | Unset): the chat of the tournament and its tables: `free`, `quick` or `off`; default `quick`
            when rated (which refuses `free`), else `free`
        duration_minutes (int | None | Unset): arena (required): how long tables are formed from the start
        arena_wait_seconds (int | Unset): arena: a table that cannot fill forms after this wait Default: 30.
        arena_bots (bool | Unset): arena: bots fill a table that cannot fill after the wait Default: False.
        berserk (bool | Unset): arena: a player may halve their reserve before a table starts for a bonus point if they
            win it Default: False.
        team (None | str | Unset): a team's slug: only its members enter (its leaders may create it)
        battle_teams (list[str] | None | Unset): a team battle (an arena): the teams' slugs, 2 to 10
        team_best (int | None | Unset): a team battle: how many of each team's best players' points count
    """

    name: str
    format_: TournamentListInputFormatEnum
    starts_at: datetime.datetime
    table_size: int
    description: str | Unset = ""
    registration_opens_at: datetime.datetime | None | Unset = UNSET
    registration_closes_at: datetime.datetime | None | Unset = UNSET
    check_in_opens_at: datetime.datetime | None | Unset = UNSET
    min_players: int | Unset = 2
    max_players: int | None | Unset = UNSET
    hand_table: HandTableEnum | Unset = "classic"
    variants: VariantsRequest | Unset = UNSET
    time_control: TimeControlRequest | Unset = UNSET
    rounds: int | Unset = 3
    advance: int | None | Unset = UNSET
    rated: bool | Unset = False
    bots_only: bool | Unset = False
    ready_seconds: int | Unset = 15
    min_rated_games: int | Unset = 0
    live_rating_min: int | None | Unset = UNSET
    live_rating_max: int | None | Unset = UNSET
    correspondence_rating_min: int | None | Unset = UNSET
    correspondence_rating_max: int | None | Unset = UNSET
    min_account_days: int | Unset = 0
    verified_email: bool | Unset = False
    no_show_policy: str | Unset = "forfeit"
    round_pause_seconds: int | None | Unset = UNSET
    withdrawal_policy: str | Unset = "bot"
    chat: None | str | Unset = UNSET
    duration_minutes: int | None | Unset = UNSET
    arena_wait_seconds: int | Unset = 30
    arena_bots: bool | Unset = False
    berserk: bool | Unset = False
    team: None | str | Unset = UNSET
    battle_teams: list[str] | None | Unset = UNSET
    team_best: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        format_: str = self.format_

        starts_at = self.starts_at.isoformat()

        table_size = self.table_size

        description = self.description

        registration_opens_at: None | str | Unset
        if isinstance(self.registration_opens_at, Unset):
            registration_opens_at = UNSET
        elif isinstance(self.registration_opens_at, datetime.datetime):
            registration_opens_at = self.registration_opens_at.isoformat()
        else:
            registration_opens_at = self.registration_opens_at

        registration_closes_at: None | str | Unset
        if isinstance(self.registration_closes_at, Unset):
            registration_closes_at = UNSET
        elif isinstance(self.registration_closes_at, datetime.datetime):
            registration_closes_at = self.registration_closes_at.isoformat()
        else:
            registration_closes_at = self.registration_closes_at

        check_in_opens_at: None | str | Unset
        if isinstance(self.check_in_opens_at, Unset):
            check_in_opens_at = UNSET
        elif isinstance(self.check_in_opens_at, datetime.datetime):
            check_in_opens_at = self.check_in_opens_at.isoformat()
        else:
            check_in_opens_at = self.check_in_opens_at

        min_players = self.min_players

        max_players: int | None | Unset
        if isinstance(self.max_players, Unset):
            max_players = UNSET
        else:
            max_players = self.max_players

        hand_table: str | Unset = UNSET
        if not isinstance(self.hand_table, Unset):
            hand_table = self.hand_table

        variants: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants.to_dict()

        time_control: dict[str, Any] | Unset = UNSET
        if not isinstance(self.time_control, Unset):
            time_control = self.time_control.to_dict()

        rounds = self.rounds

        advance: int | None | Unset
        if isinstance(self.advance, Unset):
            advance = UNSET
        else:
            advance = self.advance

        rated = self.rated

        bots_only = self.bots_only

        ready_seconds = self.ready_seconds

        min_rated_games = self.min_rated_games

        live_rating_min: int | None | Unset
        if isinstance(self.live_rating_min, Unset):
            live_rating_min = UNSET
        else:
            live_rating_min = self.live_rating_min

        live_rating_max: int | None | Unset
        if isinstance(self.live_rating_max, Unset):
            live_rating_max = UNSET
        else:
            live_rating_max = self.live_rating_max

        correspondence_rating_min: int | None | Unset
        if isinstance(self.correspondence_rating_min, Unset):
            correspondence_rating_min = UNSET
        else:
            correspondence_rating_min = self.correspondence_rating_min

        correspondence_rating_max: int | None | Unset
        if isinstance(self.correspondence_rating_max, Unset):
            correspondence_rating_max = UNSET
        else:
            correspondence_rating_max = self.correspondence_rating_max

        min_account_days = self.min_account_days

        verified_email = self.verified_email

        no_show_policy = self.no_show_policy

        round_pause_seconds: int | None | Unset
        if isinstance(self.round_pause_seconds, Unset):
            round_pause_seconds = UNSET
        else:
            round_pause_seconds = self.round_pause_seconds

        withdrawal_policy = self.withdrawal_policy

        chat: None | str | Unset
        if isinstance(self.chat, Unset):
            chat = UNSET
        else:
            chat = self.chat

        duration_minutes: int | None | Unset
        if isinstance(self.duration_minutes, Unset):
            duration_minutes = UNSET
        else:
            duration_minutes = self.duration_minutes

        arena_wait_seconds = self.arena_wait_seconds

        arena_bots = self.arena_bots

        berserk = self.berserk

        team: None | str | Unset
        if isinstance(self.team, Unset):
            team = UNSET
        else:
            team = self.team

        battle_teams: list[str] | None | Unset
        if isinstance(self.battle_teams, Unset):
            battle_teams = UNSET
        elif isinstance(self.battle_teams, list):
            battle_teams = self.battle_teams

        else:
            battle_teams = self.battle_teams

        team_best: int | None | Unset
        if isinstance(self.team_best, Unset):
            team_best = UNSET
        else:
            team_best = self.team_best

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "format": format_,
                "starts_at": starts_at,
                "table_size": table_size,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if registration_opens_at is not UNSET:
            field_dict["registration_opens_at"] = registration_opens_at
        if registration_closes_at is not UNSET:
            field_dict["registration_closes_at"] = registration_closes_at
        if check_in_opens_at is not UNSET:
            field_dict["check_in_opens_at"] = check_in_opens_at
        if min_players is not UNSET:
            field_dict["min_players"] = min_players
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if hand_table is not UNSET:
            field_dict["hand_table"] = hand_table
        if variants is not UNSET:
            field_dict["variants"] = variants
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if advance is not UNSET:
            field_dict["advance"] = advance
        if rated is not UNSET:
            field_dict["rated"] = rated
        if bots_only is not UNSET:
            field_dict["bots_only"] = bots_only
        if ready_seconds is not UNSET:
            field_dict["ready_seconds"] = ready_seconds
        if min_rated_games is not UNSET:
            field_dict["min_rated_games"] = min_rated_games
        if live_rating_min is not UNSET:
            field_dict["live_rating_min"] = live_rating_min
        if live_rating_max is not UNSET:
            field_dict["live_rating_max"] = live_rating_max
        if correspondence_rating_min is not UNSET:
            field_dict["correspondence_rating_min"] = correspondence_rating_min
        if correspondence_rating_max is not UNSET:
            field_dict["correspondence_rating_max"] = correspondence_rating_max
        if min_account_days is not UNSET:
            field_dict["min_account_days"] = min_account_days
        if verified_email is not UNSET:
            field_dict["verified_email"] = verified_email
        if no_show_policy is not UNSET:
            field_dict["no_show_policy"] = no_show_policy
        if round_pause_seconds is not UNSET:
            field_dict["round_pause_seconds"] = round_pause_seconds
        if withdrawal_policy is not UNSET:
            field_dict["withdrawal_policy"] = withdrawal_policy
        if chat is not UNSET:
            field_dict["chat"] = chat
        if duration_minutes is not UNSET:
            field_dict["duration_minutes"] = duration_minutes
        if arena_wait_seconds is not UNSET:
            field_dict["arena_wait_seconds"] = arena_wait_seconds
        if arena_bots is not UNSET:
            field_dict["arena_bots"] = arena_bots
        if berserk is not UNSET:
            field_dict["berserk"] = berserk
        if team is not UNSET:
            field_dict["team"] = team
        if battle_teams is not UNSET:
            field_dict["battle_teams"] = battle_teams
        if team_best is not UNSET:
            field_dict["team_best"] = team_best

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control_request import TimeControlRequest  # noqa: PLC0415
        from ..models.variants_request import VariantsRequest  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        format_ = check_tournament_list_input_format_enum(d.pop("format"))

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        table_size = d.pop("table_size")

        description = d.pop("description", UNSET)

        def _parse_registration_opens_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_opens_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_opens_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        registration_opens_at = _parse_registration_opens_at(d.pop("registration_opens_at", UNSET))

        def _parse_registration_closes_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_closes_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_closes_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        registration_closes_at = _parse_registration_closes_at(d.pop("registration_closes_at", UNSET))

        def _parse_check_in_opens_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                check_in_opens_at_type_0 = datetime.datetime.fromisoformat(data)

                return check_in_opens_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        check_in_opens_at = _parse_check_in_opens_at(d.pop("check_in_opens_at", UNSET))

        min_players = d.pop("min_players", UNSET)

        def _parse_max_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_players = _parse_max_players(d.pop("max_players", UNSET))

        _hand_table = d.pop("hand_table", UNSET)
        hand_table: HandTableEnum | Unset
        if isinstance(_hand_table, Unset):
            hand_table = UNSET
        else:
            hand_table = check_hand_table_enum(_hand_table)

        _variants = d.pop("variants", UNSET)
        variants: VariantsRequest | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = VariantsRequest.from_dict(_variants)

        _time_control = d.pop("time_control", UNSET)
        time_control: TimeControlRequest | Unset
        if isinstance(_time_control, Unset):
            time_control = UNSET
        else:
            time_control = TimeControlRequest.from_dict(_time_control)

        rounds = d.pop("rounds", UNSET)

        def _parse_advance(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        advance = _parse_advance(d.pop("advance", UNSET))

        rated = d.pop("rated", UNSET)

        bots_only = d.pop("bots_only", UNSET)

        ready_seconds = d.pop("ready_seconds", UNSET)

        min_rated_games = d.pop("min_rated_games", UNSET)

        def _parse_live_rating_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        live_rating_min = _parse_live_rating_min(d.pop("live_rating_min", UNSET))

        def _parse_live_rating_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        live_rating_max = _parse_live_rating_max(d.pop("live_rating_max", UNSET))

        def _parse_correspondence_rating_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        correspondence_rating_min = _parse_correspondence_rating_min(d.pop("correspondence_rating_min", UNSET))

        def _parse_correspondence_rating_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        correspondence_rating_max = _parse_correspondence_rating_max(d.pop("correspondence_rating_max", UNSET))

        min_account_days = d.pop("min_account_days", UNSET)

        verified_email = d.pop("verified_email", UNSET)

        no_show_policy = d.pop("no_show_policy", UNSET)

        def _parse_round_pause_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        round_pause_seconds = _parse_round_pause_seconds(d.pop("round_pause_seconds", UNSET))

        withdrawal_policy = d.pop("withdrawal_policy", UNSET)

        def _parse_chat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chat = _parse_chat(d.pop("chat", UNSET))

        def _parse_duration_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_minutes = _parse_duration_minutes(d.pop("duration_minutes", UNSET))

        arena_wait_seconds = d.pop("arena_wait_seconds", UNSET)

        arena_bots = d.pop("arena_bots", UNSET)

        berserk = d.pop("berserk", UNSET)

        def _parse_team(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        team = _parse_team(d.pop("team", UNSET))

        def _parse_battle_teams(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                battle_teams_type_0 = cast(list[str], data)

                return battle_teams_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        battle_teams = _parse_battle_teams(d.pop("battle_teams", UNSET))

        def _parse_team_best(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        team_best = _parse_team_best(d.pop("team_best", UNSET))

        tournament_list_input_request = cls(
            name=name,
            format_=format_,
            starts_at=starts_at,
            table_size=table_size,
            description=description,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
            check_in_opens_at=check_in_opens_at,
            min_players=min_players,
            max_players=max_players,
            hand_table=hand_table,
            variants=variants,
            time_control=time_control,
            rounds=rounds,
            advance=advance,
            rated=rated,
            bots_only=bots_only,
            ready_seconds=ready_seconds,
            min_rated_games=min_rated_games,
            live_rating_min=live_rating_min,
            live_rating_max=live_rating_max,
            correspondence_rating_min=correspondence_rating_min,
            correspondence_rating_max=correspondence_rating_max,
            min_account_days=min_account_days,
            verified_email=verified_email,
            no_show_policy=no_show_policy,
            round_pause_seconds=round_pause_seconds,
            withdrawal_policy=withdrawal_policy,
            chat=chat,
            duration_minutes=duration_minutes,
            arena_wait_seconds=arena_wait_seconds,
            arena_bots=arena_bots,
            berserk=berserk,
            team=team,
            battle_teams=battle_teams,
            team_best=team_best,
        )

        tournament_list_input_request.additional_properties = d
        return tournament_list_input_request

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
