"""The hooks through which the floors above games plug into it (games.extensions, and chat's
report hook): each is installed by its app at start, and the staff trail fails closed without
one."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from chat import services as chat_services
from core.hooks import Hook
from games import extensions


def test_every_hook_is_installed_by_its_app_at_start():
    from disputes.services import dispute_open_for_chat_report
    from disputes.services import staff_action_record
    from ratings.selectors import game_ratings
    from tournaments.stakes import tournament_stake

    assert extensions.staff_trail._fn is staff_action_record
    assert tournament_stake in extensions.STAKE_RULES
    assert extensions.game_ratings._fn is game_ratings
    assert chat_services.report_dispute._fn is dispute_open_for_chat_report


def test_a_staff_read_with_no_trail_to_append_to_is_refused_not_left_unseen(monkeypatch):
    monkeypatch.setattr(extensions, "staff_trail", Hook("the staff trail"))
    with pytest.raises(ImproperlyConfigured):
        extensions.staff_trail_record(staff=None, action="game_watched", game=None, seq=0)


def test_a_hook_with_a_default_answers_it_until_installed():
    hook = Hook("a game's ratings", default=None)
    assert hook("game") is None
    hook.install(lambda game: {"game": game})
    assert hook("g1") == {"game": "g1"}
