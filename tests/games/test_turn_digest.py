"""The daily digest of correspondence turns (issue 34, games.digest): a player who chose it on
/settings gets no mail per move but one mail a day, from 08:00 in their own time zone, listing
the games waiting for their move — in their language, with a one-click unsubscribe link, and
never a tile (the leak oracle) — however often beat runs; none on a day nothing waits, none
outside the window, none for players who did not choose it."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import translation
from django.utils.translation import ngettext

from core.tasks import periodic_jobs
from games import tasks
from games.digest import digest_day
from notifications.models import EmailPreference
from notifications.models import Notification
from notifications.services import email_preferences
from notifications.tasks import send_email
from tests.support.clocks import CORR
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import timed_game
from tests.support.factories import PASSWORD
from tests.support.factories import committed
from tests.support.factories import person
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked

pytestmark = pytest.mark.django_db

# Monday 08:30 in Tokyo (23:30 UTC on Sunday): within a Tokyo player's digest window.
TOKYO_MORNING = datetime(2026, 3, 8, 23, 30, tzinfo=UTC)


def choose(user, value: str) -> None:
    """Choose the your-turn mails on /settings, as the player does: off, on (each) or digest."""
    browser = Client()
    assert browser.login(username=user.username, password=PASSWORD)
    page = browser.post("/settings", {"form": "emails", "email_your_turn": value})
    assert page.status_code == 302


def run_beat() -> int:
    with committed():
        return tasks.send_turn_digests.run()


def digests(user):
    return list(Notification.objects.filter(user=user, kind="turn_digest").order_by("created_at"))


def waiting_for(user, others, n: int) -> list:
    """``n`` correspondence games (of fixed deals) in which it is ``user``'s move."""
    players = {u.id: u for u in [user, *others]}
    games = []
    for i in range(40):
        game = timed_game(user, others, CORR, deal=f"digest-{i}".encode())
        to_move = seat_row(game, game.to_move).user_id
        if to_move != user.id:
            play_turn(game, players[to_move])
        if game.status == "active" and seat_row(game, game.to_move).user_id == user.id:
            games.append(game)
        if len(games) == n:
            return games
    raise AssertionError("no such games")


@pytest.fixture
def tokyo(db):
    user = person("kei", email="kei@example.org")
    user.time_zone, user.language = "Asia/Tokyo", "it"
    user.save(update_fields=["time_zone", "language"])
    return user


def test_the_settings_choice_is_one_of_three_and_the_digest_is_off_by_default(tokyo):
    def turn_mails():
        chosen = email_preferences(tokyo)
        return chosen["your_turn"], chosen["turn_digest"]

    assert turn_mails() == (True, False)
    choose(tokyo, "digest")
    assert turn_mails() == (False, True)
    page = Client()
    page.login(username=tokyo.username, password=PASSWORD)
    assert '<option value="digest" selected>' in page.get("/settings").content.decode()
    choose(tokyo, "off")
    assert turn_mails() == (False, False)
    choose(tokyo, "on")
    assert turn_mails() == (True, False)


def test_one_digest_a_day_lists_the_waiting_games_in_the_players_language_and_no_tile(
    frozen_clock, tokyo, bo
):
    frozen_clock.freeze(TOKYO_MORNING - timedelta(days=1))
    choose(tokyo, "digest")
    games = waiting_for(tokyo, [bo], 2)
    mail.outbox.clear()
    assert not Notification.objects.filter(
        user=tokyo, kind="your_turn", email_pending=True
    ).exists()
    frozen_clock.freeze(TOKYO_MORNING)
    assert run_beat() == 1
    assert run_beat() == 0  # beat twice, or at each hour of the window: one a day
    frozen_clock.advance(timedelta(hours=1))
    assert run_beat() == 0
    (note,) = digests(tokyo)
    assert note.read_at is not None  # the app showed each turn already
    assert note.params["count"] == 2
    assert {g["url"] for g in note.params["games"]} == {f"/games/{g.id}" for g in games}
    send_email.apply(args=[note.pk])
    (message,) = mail.outbox
    assert message.to == [tokyo.email]
    with translation.override("it"):
        words = ngettext(
            "%(count)s correspondence game waits for your move",
            "%(count)s correspondence games wait for your move",
            2,
        ) % {"count": 2}
    assert words != "2 correspondence games wait for your move"  # Italian, not English
    assert words in message.subject
    assert message.body.startswith(words)
    for game in games:
        assert f"/games/{game.id}" in message.body
    assert "(Asia/Tokyo)" in message.body
    assert "/unsubscribe/" in message.extra_headers["List-Unsubscribe"]
    # No tile the reader may not see (the oracle), nor any tile at all, in the mail or its data.
    for game in games:
        hidden = hidden_in_game(game.id, seat_row(game, game.to_move).index)[-1]
        assert hidden
        assert not leaked(note.params, hidden)
    assert not re.search(r"\[\d+, ?\d+\]|\b\d+\|\d+\b", message.body)  # "[6, 5]", "6|5"
    # The next morning, another.
    frozen_clock.advance(timedelta(days=1))
    assert run_beat() == 1
    assert len(digests(tokyo)) == 2


def test_no_digest_outside_the_morning_window_nor_on_a_day_nothing_waits(frozen_clock, tokyo, bo):
    frozen_clock.freeze(TOKYO_MORNING - timedelta(days=1))
    choose(tokyo, "digest")
    frozen_clock.freeze(TOKYO_MORNING)
    assert run_beat() == 0  # nothing waits
    frozen_clock.freeze(TOKYO_MORNING - timedelta(hours=12))
    waiting_for(tokyo, [bo], 1)
    frozen_clock.freeze(TOKYO_MORNING - timedelta(hours=1))  # 07:30 in Tokyo
    assert run_beat() == 0
    frozen_clock.freeze(TOKYO_MORNING + timedelta(hours=4))  # 12:30: the window has closed
    assert run_beat() == 0
    frozen_clock.freeze(TOKYO_MORNING + timedelta(hours=3))  # 11:30: still open
    assert run_beat() == 1
    # A player in New York is not due at Tokyo's morning; nor is one who did not choose it.
    assert digest_day(TOKYO_MORNING, "America/New_York") is None
    assert digest_day(TOKYO_MORNING, "Asia/Tokyo") == "2026-03-09"
    assert not Notification.objects.filter(user=bo, kind="turn_digest").exists()


def test_the_digest_needs_an_address_and_the_unsubscribe_link_turns_it_off(frozen_clock, tokyo, bo):
    frozen_clock.freeze(TOKYO_MORNING - timedelta(days=1))
    choose(tokyo, "digest")
    waiting_for(tokyo, [bo], 1)
    frozen_clock.freeze(TOKYO_MORNING)
    with committed():
        assert run_beat() == 1
    (note,) = digests(tokyo)
    send_email.apply(args=[note.pk])
    link = re.search(r"https?://\S+/unsubscribe/\S+", mail.outbox[-1].body).group(0)
    Client().post(link[link.index("/unsubscribe/") :])
    assert EmailPreference.objects.get(user=tokyo, kind="turn_digest").enabled is False
    frozen_clock.advance(timedelta(days=1))
    assert run_beat() == 0


def test_beat_runs_the_digest_task_every_hour():
    entry = settings.CELERY_BEAT_SCHEDULE["games-turn-digests"]
    assert entry == {"task": "games.tasks.send_turn_digests", "schedule": 3600.0}
    assert (tasks.send_turn_digests, 3600.0) in [
        (task, seconds) for task, seconds in periodic_jobs() if task.name == entry["task"]
    ]
