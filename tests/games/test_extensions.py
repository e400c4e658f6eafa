"""The registrations through which the floors above games plug into it (games.extensions):
each is filled by its app at start, and the staff trail fails closed without one."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from games import extensions


def test_every_registration_is_filled_by_its_app_at_start():
    from disputes.services import staff_action_record
    from ratings.selectors import game_ratings
    from tournaments.stakes import tournament_stake

    assert extensions._staff_trail == [staff_action_record]
    assert tournament_stake in extensions.STAKE_RULES
    assert extensions._game_ratings == [game_ratings]


def test_a_staff_read_with_no_trail_to_append_to_is_refused_not_left_unseen(monkeypatch):
    monkeypatch.setattr(extensions, "_staff_trail", [])
    with pytest.raises(ImproperlyConfigured):
        extensions.staff_trail_record(staff=None, action="game_watched", game=None, seq=0)
