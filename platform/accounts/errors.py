"""Stable error codes of the account services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class AccountError(StrEnum):
    """Why an account, credential or token request was refused; clients branch on these."""

    INVALID = "invalid"
    INVALID_USERNAME = "invalid_username"
    USERNAME_TAKEN = "username_taken"
    INVALID_EMAIL = "invalid_email"
    INVALID_PASSWORD = "invalid_password"
    INVALID_TIME_ZONE = "invalid_time_zone"
    INVALID_CREDENTIALS = "invalid_credentials"
    INVALID_BOT_STRATEGY = "invalid_bot_strategy"
    TOO_MANY_TOKENS = "too_many_tokens"
    TOKEN_EXPIRED = "token_expired"
    NOT_FOUND = "not_found"
    # A staff endpoint called by a player (accounts.permissions.IsStaff).
    STAFF_ONLY = "staff_only"
    # Account deletion (accounts.deletion): the confirmation is missing; games or tournaments
    # still need the player.
    CONFIRMATION_REQUIRED = "confirmation_required"
    ACCOUNT_HAS_ACTIVE_GAMES = "account_has_active_games"
    # Staff on an API token at a staff endpoint (accounts.permissions.StaffBySessionOnly).
    SESSION_REQUIRED = "session_required"
    # Staff in a session that has not passed a second factor (accounts.second_factor).
    SECOND_FACTOR_REQUIRED = "second_factor_required"
    # A password login of an account with a second factor: its code is asked next (in the
    # browser, at ``next``); POST /auth/token takes it as ``code``.
    SECOND_FACTOR_PENDING = "second_factor_pending"
    SECOND_FACTOR_CODE_REQUIRED = "second_factor_code_required"
    INVALID_SECOND_FACTOR_CODE = "invalid_second_factor_code"
    # Owned bots (accounts.services.owned_bot_*): a bot's token asked to manage bots, the
    # owner's cap reached, a name that is not one of the caller's active bots.
    BOTS_CANNOT_OWN_BOTS = "bots_cannot_own_bots"
    TOO_MANY_BOTS = "too_many_bots"
    BOT_NOT_FOUND = "bot_not_found"
