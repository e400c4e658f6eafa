"""Your-turn notifications of timed games, through the services: a correspondence game tells the
player to move in the app and by email (the mail task, after the move: never in it), once per
turn; a live game, played at the table, sends none."""

from __future__ import annotations

import pytest
from django.core import mail

from notifications.models import Notification
from notifications.tasks import send_email
from tests.support.clocks import CORR
from tests.support.clocks import LIVE
from tests.support.clocks import play_turn
from tests.support.clocks import timed_game

pytestmark = pytest.mark.django_db


def test_your_turn_is_notified_in_the_app_and_by_email_once_per_turn(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], CORR)
    first = [ana, bo][game.to_move]
    other = bo if first == ana else ana
    assert Notification.objects.filter(user=first, kind="your_turn").count() == 1
    mail.outbox.clear()
    play_turn(game, first)
    note = Notification.objects.get(user=other, kind="your_turn")
    assert note.url == f"/games/{game.id}"
    assert mail.outbox == []
    send_email.apply(args=[note.pk])
    assert [m.to for m in mail.outbox] == [[other.email]]
    assert mail.outbox[0].body.startswith(note.text)


def test_live_games_send_no_turn_notifications(ana, bo):
    timed_game(ana, [bo], LIVE)
    assert not Notification.objects.exists()
