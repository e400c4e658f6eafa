"""Stable error codes of the tournament services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class TournamentError(StrEnum):
    """Stable error codes of the tournament services (the API's ``code``)."""

    INVALID = "invalid"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    NOT_ORGANIZER = "not_organizer"
    INVALID_TOURNAMENT = "invalid_tournament"
    INVALID_RULESET = "invalid_ruleset"
    INVALID_TIME_CONTROL = "invalid_time_control"
    REGISTRATION_NOT_OPEN = "registration_not_open"
    REGISTRATION_CLOSED = "registration_closed"
    TOURNAMENT_FULL = "tournament_full"
    ALREADY_REGISTERED = "already_registered"
    NOT_REGISTERED = "not_registered"
    ALREADY_WITHDRAWN = "already_withdrawn"
    NO_CHECK_IN = "no_check_in"
    CHECK_IN_NOT_OPEN = "check_in_not_open"
    CHECK_IN_CLOSED = "check_in_closed"
    ALREADY_CHECKED_IN = "already_checked_in"
    TOURNAMENT_OVER = "tournament_over"
    # Series (tournaments.series)
    INVALID_SERIES = "invalid_series"
    INVALID_SERIES_RULE = "invalid_series_rule"
    SERIES_TOO_FREQUENT = "series_too_frequent"
    # Entry conditions (tournaments.eligibility): the first refusal of a registration (403)
    INVALID_ENTRY_CONDITIONS = "invalid_entry_conditions"
    ENTRY_MIN_RATED_GAMES = "entry_min_rated_games"
    ENTRY_RATING_TOO_LOW = "entry_rating_too_low"
    ENTRY_RATING_TOO_HIGH = "entry_rating_too_high"
    ENTRY_ACCOUNT_TOO_NEW = "entry_account_too_new"
    ENTRY_EMAIL_UNVERIFIED = "entry_email_unverified"
    # A person at a bots-only tournament; a bot a person owns at any other.
    ENTRY_BOTS_ONLY = "entry_bots_only"
    ENTRY_NOT_FOR_BOTS = "entry_not_for_bots"
    # A bots-only tournament asked to be rated (bots people own are never rated).
    BOTS_NOT_RATED = "bots_not_rated"
    PLAY_BAN = "play_ban"
    LATE_JOIN_CLOSED = "late_join_closed"
    REJOIN_CLOSED = "rejoin_closed"
    NO_SHOW_WITHDRAWN = "no_show_withdrawn"
    # Arena (tournaments.arena_play)
    NOT_ARENA = "not_arena"
    # Team events
    ENTRY_NOT_TEAM_MEMBER = "entry_not_team_member"
    ENTRY_NOT_BATTLE_TEAM = "entry_not_battle_team"
    ALREADY_PAUSED = "already_paused"
    NOT_PAUSED = "not_paused"
    BERSERK_NOT_ALLOWED = "berserk_not_allowed"
    NO_TABLE_TO_BERSERK = "no_table_to_berserk"
