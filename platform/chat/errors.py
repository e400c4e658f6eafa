"""Stable error codes of the chat services and endpoints (the API's ``code``)."""

from __future__ import annotations

from enum import StrEnum


class ChatError(StrEnum):
    """Why a chat request was refused; clients branch on these."""

    INVALID = "invalid"
    NOT_FOUND = "not_found"
    CHAT_OFF = "chat_off"
    # Free text where the chat takes quick messages only.
    QUICK_ONLY = "quick_only"
    INVALID_QUICK = "invalid_quick"
    # Neither a body nor a quick message, or both.
    MESSAGE_REQUIRED = "message_required"
    MESSAGE_TOO_LONG = "message_too_long"
    # Staff muted the author: ``until`` says when they may write again.
    CHAT_MUTED = "chat_muted"
    # A tournament's chat is for its entrants and organizer.
    NOT_A_PARTICIPANT = "not_a_participant"
    # A team's chat is for its members; its leaders may close it; a closed team's is closed.
    NOT_A_MEMBER = "not_a_member"
    TEAM_CHAT_CLOSED = "team_chat_closed"
    CANNOT_MUTE_SELF = "cannot_mute_self"
    CANNOT_REPORT_OWN = "cannot_report_own"
    ALREADY_REPORTED = "already_reported"
    REASON_REQUIRED = "reason_required"
    INVALID_UNTIL = "invalid_until"
    STAFF_ONLY = "staff_only"
