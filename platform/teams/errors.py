"""Stable error codes of the team services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class TeamError(StrEnum):
    """Why a team request was refused; clients branch on these."""

    INVALID = "invalid"
    NOT_FOUND = "not_found"
    NAME_INVALID = "name_invalid"
    NAME_TAKEN = "name_taken"
    # Looks like a staff word or holds the platform's name, as usernames may not
    # (accounts.names.is_reserved): a team must not pass for the moderators.
    NAME_RESERVED = "name_reserved"
    DESCRIPTION_TOO_LONG = "description_too_long"
    # The team is closed (by staff, or its last member left): read-only.
    TEAM_CLOSED = "team_closed"
    # Bot accounts do not join teams.
    BOT_NOT_ALLOWED = "bot_not_allowed"
    # The player is in MAX_TEAMS_PER_USER teams already.
    TOO_MANY_TEAMS = "too_many_teams"
    # The team has MAX_MEMBERS members.
    TEAM_FULL = "team_full"
    # The team takes members by request (or removed the caller): ask to join instead.
    BY_REQUEST = "by_request"
    ALREADY_MEMBER = "already_member"
    NOT_A_MEMBER = "not_a_member"
    REQUEST_PENDING = "request_pending"
    # A declined request may be made again a day after it was declined.
    REQUEST_COOLDOWN = "request_cooldown"
    REQUEST_NOT_PENDING = "request_not_pending"
    # The caller must be one of the team's leaders.
    LEADERS_ONLY = "leaders_only"
    # The last leader leaves only once they named another leader (or are the last member).
    LAST_LEADER = "last_leader"
    # A leader is demoted before being removed; the founder is neither removed nor demoted by
    # another leader.
    TARGET_IS_LEADER = "target_is_leader"
    FOUNDER_PROTECTED = "founder_protected"
    CANNOT_REMOVE_SELF = "cannot_remove_self"
    ALREADY_LEADER = "already_leader"
    NOT_A_LEADER = "not_a_leader"
    REASON_REQUIRED = "reason_required"
    STAFF_ONLY = "staff_only"
