"""The registrations through which the apps above a lower floor plug into it, filled at start:
an account's export and deletion (accounts.registry), the notification kinds
(notifications.kinds), the sockets' extensions (realtime.extensions), the refusals core
answers (core.api) and the gauges /metrics reads (core.metrics)."""

from __future__ import annotations

from accounts import registry
from accounts.export import SECTIONS


def test_each_export_section_and_deletion_part_is_registered_by_the_app_that_holds_it():
    assert set(registry.EXPORT_SECTIONS) == set(SECTIONS)
    assert set(registry.EXPORT_SETTINGS) == {"emails", "push_devices"}
    assert list(registry.DELETION_BLOCKERS) == ["games", "tournaments"]
    steps = {f"{step.__module__}.{step.__name__}" for step in registry.DELETION_STEPS}
    assert steps == {
        "notifications.account_data.forget_account",
        "chat.account_data.forget_mutes",
        "teams.services.forget_member",
    }


def test_the_notification_kinds_are_listed_in_the_settings_order():
    from notifications.kinds import KINDS

    assert list(KINDS) == [
        "your_turn",
        "turn_digest",  # offered with your_turn, as its third choice (frontend.views)
        "tournament_checkin_open",
        "tournament_starts_soon",
        "tournament_seated",
        "quick_seated",
        "tournament_result",
        "dispute_update",
        "rematch",
        "challenge",
        "team_join_request",
        "team_request_accepted",
        "team_removed",
        "team_closed",
    ]


def test_the_push_kinds_are_listed_in_the_settings_order_and_cover_their_kinds():
    from notifications.kinds import KINDS
    from notifications.kinds import PUSH_KINDS

    assert list(PUSH_KINDS) == ["your_turn", "tournament", "quick", "challenge", "dispute_update"]
    pushed = {name: kind.push for name, kind in KINDS.items() if kind.push}
    assert pushed == {
        "your_turn": "your_turn",
        "tournament_starts_soon": "tournament",
        "tournament_seated": "tournament",
        "quick_seated": "quick",
        "challenge": "challenge",
        "dispute_update": "dispute_update",
    }


def test_the_chat_rides_on_both_sockets():
    from chat import sockets
    from realtime import extensions

    assert extensions.command("game", "chat") is sockets.post
    assert extensions.command("tournament", "chat") is None
    assert extensions._DELIVERIES["chat.message"] is sockets.deliver


def test_the_engines_refusals_and_the_stores_lost_race_answer_as_before():
    from core.api import error_for
    from eventstore.store import ConcurrencyConflict
    from games.engine import IllegalMove
    from games.engine import RulesetError
    from games.engine.errors import Code

    status, body = error_for(IllegalMove(Code.NOT_YOUR_TURN, "R11", "not your turn"))
    assert (status, body["code"], body["rule"]) == (400, "not_your_turn", "R11")
    status, body = error_for(RulesetError("no such set", "R1"))
    assert (status, body["code"]) == (400, "invalid_ruleset")
    status, body = error_for(ConcurrencyConflict("s", 1, 2))
    assert (status, body["code"]) == (409, "stale")
