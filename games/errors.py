"""Stable error codes of the games app's services and endpoints (the API's ``code``; the
socket's ``error`` messages carry the same). The engine's refusals are ``games.engine.errors.
Code``; the staff-with-a-stake rule's are ``games.stakes``'s."""

from __future__ import annotations

from enum import StrEnum


class GameError(StrEnum):
    """Why a game request was refused; clients branch on these."""

    ALREADY_AWARDED = "already_awarded"
    # Berserk (games.services.game_berserk): once, and only in the ready window of a table the
    # platform seated (not yet started), by a seat with a reserve to halve.
    ALREADY_BERSERK = "already_berserk"
    ALREADY_RESIGNED = "already_resigned"
    ALREADY_RESTARTED = "already_restarted"
    ALREADY_SEATED = "already_seated"
    ALREADY_STARTED = "already_started"
    ALREADY_VOID = "already_void"
    # A bot a person owns at a rated table: rated play is among people (and the platform's
    # bots of fixed strength), never a client's program.
    BOTS_NOT_RATED = "bots_not_rated"
    BAD_MESSAGE = "bad_message"
    CHALLENGE_BOT = "challenge_bot"
    CHALLENGE_EXPIRED = "challenge_expired"
    CHALLENGE_NOT_PENDING = "challenge_not_pending"
    CHALLENGE_SELF = "challenge_self"
    CONTRIBUTIONS_FIXED = "contributions_fixed"
    DEADLINE_PASSED = "deadline_passed"
    FORBIDDEN = "forbidden"
    GAME_NOT_ACTIVE = "game_not_active"
    GAME_NOT_OPEN = "game_not_open"
    GAME_NOT_STARTED = "game_not_started"
    GAME_OVER = "game_over"
    GAME_VOID = "game_void"
    INVALID = "invalid"
    INVALID_CONTRIBUTION = "invalid_contribution"
    # A chat mode (games.chat_modes) not one of free, quick, off; free chat in rated play (a
    # rated table or tournament offers quick messages only, or none).
    INVALID_CHAT_MODE = "invalid_chat_mode"
    FREE_CHAT_IN_RATED = "free_chat_in_rated"
    INVALID_JSON = "invalid_json"
    INVALID_MORE_TIME = "invalid_more_time"
    INVALID_MOVE = "invalid_move"
    INVALID_PLACES = "invalid_places"
    INVALID_RULESET = "invalid_ruleset"
    INVALID_SEAT = "invalid_seat"
    INVALID_SEQ = "invalid_seq"
    INVALID_TIME_CONTROL = "invalid_time_control"
    INVALID_VACATION = "invalid_vacation"
    NOT_ELIGIBLE_FOR_RATED = "not_eligible_for_rated"
    # More time for an opponent (games.more_time): not to yourself, only to the seat to move,
    # whose player is on the clock, and a few times a game.
    MORE_TIME_LIMIT = "more_time_limit"
    MORE_TIME_NO_CLOCK = "more_time_no_clock"
    MORE_TIME_NOT_TO_MOVE = "more_time_not_to_move"
    MORE_TIME_TO_SELF = "more_time_to_self"
    INVITE_INVALID = "invite_invalid"
    INVITE_REQUIRED = "invite_required"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_A_BOT = "not_a_bot"
    NOT_A_PLAYER = "not_a_player"
    NOT_CHALLENGED = "not_challenged"
    NOT_CHALLENGER = "not_challenger"
    NOT_CREATOR = "not_creator"
    NOT_FINISHED = "not_finished"
    NOT_FOUND = "not_found"
    NOT_ON_VACATION = "not_on_vacation"
    NOT_RATED = "not_rated"
    NOT_STARTED = "not_started"
    NOT_YOUR_SEAT = "not_your_seat"
    NO_CONTRIBUTIONS = "no_contributions"
    NO_READY_WINDOW = "no_ready_window"
    NO_RESERVE = "no_reserve"
    NO_SUCH_SEAT = "no_such_seat"
    OWN_GAME = "own_game"
    PLAYER_GONE = "player_gone"
    RATINGS_NOT_APPLIED = "ratings_not_applied"
    READY_WINDOW = "ready_window"
    REASON_REQUIRED = "reason_required"
    RESIGNED = "resigned"
    ROUND_NOT_IN_PLAY = "round_not_in_play"
    SEED_HIDDEN = "seed_hidden"
    STAFF_ONLY = "staff_only"
    STALE = "stale"
    TABLE_FULL = "table_full"
    TABLE_NOT_FULL = "table_not_full"
    TOO_MANY_CHALLENGES = "too_many_challenges"
    TOO_MANY_OPEN_TABLES = "too_many_open_tables"
    TOURNAMENT_GAME = "tournament_game"
    UNFOLDABLE = "unfoldable"
    UNKNOWN_STRATEGY = "unknown_strategy"


def register_refusals() -> None:
    """Tell core.api how the engine's refusals answer (games' AppConfig.ready): an illegal move
    by its code and rule, a bad ruleset as ``invalid_ruleset``; both 400."""
    from core.api import error_body
    from core.api import register_refusal
    from core.errors import CoreError
    from games.engine import IllegalMove
    from games.engine import RulesetError

    register_refusal(
        IllegalMove, lambda exc: (400, error_body(exc.code.value, exc.detail, rule=exc.rule))
    )
    register_refusal(
        RulesetError,
        lambda exc: (400, error_body(CoreError.INVALID_RULESET, exc.detail, rule=exc.rule)),
    )
