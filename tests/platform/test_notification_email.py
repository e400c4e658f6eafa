"""Notification mails (issue 16): sent by a task after the commit, never in the move's request;
retried with backoff until the SMTP server takes them, ``emailed_at`` set only then; in the
reader's language, with a one-click unsubscribe link that turns off that kind only; the in-app
words rendered in each reader's language; tournament reminders once each.

The mail task runs here with ``send_email.apply`` (Celery's eager run, retries included); the
same task on a real worker: tests/games/worker/test_notification_email_worker.py.
"""

from __future__ import annotations

import base64
import smtplib
import time
from datetime import timedelta

import pytest
from django.core import mail
from django.core.signing import b64_decode
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from games.domain import load
from games.engine import legal_moves
from notifications.models import EmailPreference
from notifications.models import Notification
from notifications.services import email_preferences
from notifications.services import notify
from notifications.services import unsubscribe_token
from notifications.tasks import send_email
from notifications.tasks import sweep_emails
from tests.support.clocks import CORR
from tests.support.clocks import body
from tests.support.clocks import timed_game
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import register
from tests.support.mail import FlakyBackend
from tournaments import tasks as tournament_tasks

STATUS = {"what": "status", "game": "game 7", "status": "under_review"}


@pytest.fixture
def flaky(settings):
    """A flaky SMTP server, and Celery's eager run doing what a worker does with a task that
    fails: retry it (with propagation on, ``apply`` raises at the first retry instead)."""
    from config import celery_app

    settings.EMAIL_BACKEND = "tests.support.mail.FlakyBackend"
    FlakyBackend.reset()
    propagates = celery_app.conf.task_eager_propagates
    celery_app.conf.task_eager_propagates = False
    yield FlakyBackend
    celery_app.conf.task_eager_propagates = propagates
    FlakyBackend.reset()


def owed(user, kind, params=STATUS, **extra) -> Notification:
    """A notification of ``kind`` for ``user`` that owes a mail, committed."""
    with committed():
        note = notify(user=user, kind=kind, params=params, url="/disputes/7", **extra)
    note.refresh_from_db()
    assert note.email_pending
    return note


@pytest.mark.django_db(transaction=True)
def test_a_correspondence_move_request_sends_no_mail_the_task_does(frozen_clock):
    """Transactional: the move's commit runs its on-commit callbacks inside the request, as
    in production; the mail must not be among them."""
    ana = person("ana", email="ana@example.org")
    bo = person("bo", email="bo@example.org")
    game = timed_game(ana, [bo], CORR)
    first = [ana, bo][game.to_move]
    other = bo if first == ana else ana
    mail.outbox.clear()
    client = client_for(first)
    seat = game.to_move
    while True:
        game.refresh_from_db()
        if game.to_move != seat or game.status != "active":
            break
        move = legal_moves(load(game.stream).state, seat)[0]
        r = client.post(f"/api/v1/games/{game.id}/moves", body(move), format="json")
        assert r.status_code == 201, r.json()
        assert mail.outbox == []  # nothing sent inside the request
    note = Notification.objects.get(user=other, kind="your_turn")
    assert note.email_pending
    assert note.emailed_at is None
    assert send_email.apply(args=[note.pk]).get() is True
    assert [m.to for m in mail.outbox] == [[other.email]]
    note.refresh_from_db()
    assert note.emailed_at is not None
    assert not note.email_pending
    # A second delivery of the same task sends nothing more.
    assert send_email.apply(args=[note.pk]).get() is False
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_an_smtp_error_is_retried_and_emailed_at_set_only_after_the_send(flaky):
    bo = person("bo", email="bo@example.org")
    note = owed(bo, "dispute_update")
    seen = []
    flaky.reset(failures=2)
    flaky.on_attempt = lambda: seen.append(
        Notification.objects.values_list("emailed_at", flat=True).get(pk=note.pk)
    )
    assert send_email.apply(args=[note.pk]).get() is True
    assert flaky.attempts == 3
    assert seen == [None, None, None]
    assert len(mail.outbox) == 1
    note.refresh_from_db()
    assert note.emailed_at is not None
    assert note.email_attempts == 3


@pytest.mark.django_db
def test_a_server_that_never_takes_the_mail_leaves_emailed_at_empty(flaky, settings):
    bo = person("bo", email="bo@example.org")
    note = owed(bo, "dispute_update")
    flaky.reset(failures=1000)
    result = send_email.apply(args=[note.pk])
    assert result.failed()
    assert isinstance(result.result, smtplib.SMTPException)
    assert flaky.attempts == settings.NOTIFICATION_EMAIL_MAX_ATTEMPTS
    note.refresh_from_db()
    assert note.emailed_at is None
    assert not note.email_pending
    assert mail.outbox == []
    # The sweeper leaves a mail that was given up alone.
    settings.NOTIFICATION_EMAIL_SWEEP_AFTER_SECONDS = 0
    assert sweep_emails.apply().get() == 0
    assert flaky.attempts == settings.NOTIFICATION_EMAIL_MAX_ATTEMPTS


@pytest.mark.django_db
def test_the_sweeper_sends_a_mail_whose_task_was_lost(frozen_clock, settings):
    bo = person("bo", email="bo@example.org")
    note = owed(bo, "dispute_update")  # no runner here: the task was never run
    assert sweep_emails.apply().get() == 0  # too fresh: its own task may still be coming
    frozen_clock.advance(timedelta(seconds=settings.NOTIFICATION_EMAIL_SWEEP_AFTER_SECONDS + 1))
    assert sweep_emails.apply().get() == 1
    assert sweep_emails.apply().get() == 0
    assert len(mail.outbox) == 1
    note.refresh_from_db()
    assert note.emailed_at is not None


@pytest.mark.django_db
def test_the_mail_is_in_the_readers_language():
    thai = person("somchai", email="somchai@example.org")
    thai.language = "th"
    thai.save(update_fields=["language"])
    note = owed(thai, "dispute_update")
    send_email.apply(args=[note.pk])
    (message,) = mail.outbox
    with translation.override("th"):
        status = gettext("under review")
        expected = gettext("Your dispute about %(game)s is now %(status)s") % {
            "game": "game 7",
            "status": status,
        }
    assert status != "under review"  # the catalog has it
    assert status in message.subject
    assert expected in message.subject
    assert message.body.startswith(expected)
    assert message.extra_headers["Content-Language"] == "th"
    # The stored text stays English (the admin's, and a legacy reader's).
    assert note.text == "Your dispute about game 7 is now under review"


@pytest.mark.django_db
def test_the_in_app_text_follows_the_readers_language():
    bo = person("bo", email="")
    with committed():
        notify(user=bo, kind="dispute_update", params=STATUS, url="/disputes/7")
    client = client_for(bo)
    english = client.get("/api/v1/notifications", HTTP_ACCEPT_LANGUAGE="en").json()
    thai = client.get("/api/v1/notifications", HTTP_ACCEPT_LANGUAGE="th").json()
    (en,), (th,) = english["results"], thai["results"]
    assert en["text"] == "Your dispute about game 7 is now under review"
    with translation.override("th"):
        assert gettext("under review") in th["text"]
    assert th["kind"] == en["kind"] == "dispute_update"
    assert th["params"] == en["params"] == STATUS


@pytest.mark.django_db
def test_a_legacy_row_shows_its_text_as_is():
    bo = person("bo")
    Notification.objects.create(
        user=bo, kind="tournament", text="Old words", created_at="2026-01-01T00:00Z"
    )
    r = client_for(bo).get("/api/v1/notifications", HTTP_ACCEPT_LANGUAGE="th")
    assert r.json()["results"][0]["text"] == "Old words"


def _link(message) -> str:
    header = message.extra_headers["List-Unsubscribe"]
    assert header.startswith("<http")
    assert header.endswith(">")
    link = header[1:-1]
    assert link in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    return "/" + link.split("/", 3)[3]


@pytest.mark.django_db
def test_the_unsubscribe_link_turns_off_that_kind_only():
    bo = person("bo", email="bo@example.org")
    note = owed(bo, "your_turn", params={"table": "Sunday", "host": "ana"})
    send_email.apply(args=[note.pk])
    path = _link(mail.outbox[0])
    browser = Client(enforce_csrf_checks=True)
    r = browser.get(path)
    assert r.status_code == 200
    assert b"unsubscribe-submit" in r.content
    assert email_preferences(bo)["your_turn"] is True  # a GET (a link scanner) changes nothing
    r = browser.post(path)  # the page's one button
    assert r.status_code == 200
    assert b"unsubscribe-done" in r.content
    prefs = email_preferences(bo)
    assert prefs["your_turn"] is False
    assert prefs["dispute_update"] is True
    assert prefs["tournament_seated"] is True
    # The next turn is told in the app, not by mail.
    with committed():
        later = notify(user=bo, kind="your_turn", params={"table": "Sunday"}, url="/games/1")
    assert later is not None
    assert not later.email_pending


@pytest.mark.django_db
def test_one_click_post_from_a_mail_client_needs_no_csrf_token():
    bo = person("bo", email="bo@example.org")
    client = Client(enforce_csrf_checks=True)  # no cookie, no CSRF token: a mail client
    r = client.post(
        f"/unsubscribe/{unsubscribe_token(bo, 'dispute_update')}",
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert r.status_code == 200
    assert EmailPreference.objects.get(user=bo, kind="dispute_update").enabled is False


@pytest.mark.django_db
def test_a_tampered_or_expired_token_is_refused_and_changes_nothing(monkeypatch):
    ana = person("ana", email="ana@example.org")
    bo = person("bo", email="bo@example.org")
    mine = unsubscribe_token(bo, "your_turn")  # bo's own link: the attacker aims at ana
    payload, rest = mine.split(":", 1)
    # Decode the payload, point it at ana, keep bo's signature.
    data = b64_decode(payload.encode()).replace(f'"u":{bo.pk}'.encode(), f'"u":{ana.pk}'.encode())
    assert str(ana.pk).encode() in data
    forged = base64.urlsafe_b64encode(data).decode().rstrip("=") + ":" + rest
    other_kind = mine.replace(payload, payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB"))
    monkeypatch.setattr(time, "time", lambda real=time.time: real() - 200 * 86400)
    old = unsubscribe_token(ana, "your_turn")
    monkeypatch.undo()
    client = Client(enforce_csrf_checks=True)
    for token in (forged, other_kind, old, "not-a-token", mine + "x"):
        for method in (client.get, client.post):
            r = method(f"/unsubscribe/{token}")
            assert r.status_code == 400, token
            assert b"unsubscribe-invalid" in r.content
    assert not EmailPreference.objects.exists()


@pytest.mark.django_db
def test_each_tournament_reminder_is_sent_once_even_if_the_beat_runs_twice(frozen_clock):
    org = organizer()
    ana = person("ana", email="ana@example.org")
    bo = person("bo", email="bo@example.org")
    now = frozen_clock.now()
    tournament = new_tournament(
        org, starts_in=timedelta(hours=3), check_in_opens_at=now + timedelta(hours=1)
    )
    register(tournament, [ana, bo])

    def run_beat_twice():
        for _ in range(2):
            with committed():
                tournament_tasks.reminders.run()

    def count(kind):
        return sorted(
            Notification.objects.filter(kind=kind).values_list("user__username", flat=True)
        )

    run_beat_twice()
    assert count("tournament_checkin_open") == []
    assert count("tournament_starts_soon") == []
    frozen_clock.advance(timedelta(hours=1, minutes=1))
    run_beat_twice()
    assert count("tournament_checkin_open") == ["ana", "bo"]
    assert count("tournament_starts_soon") == []
    frozen_clock.advance(timedelta(minutes=60))  # 59 minutes before the start
    run_beat_twice()
    assert count("tournament_checkin_open") == ["ana", "bo"]
    assert count("tournament_starts_soon") == ["ana", "bo"]
    note = Notification.objects.get(user=ana, kind="tournament_starts_soon")
    assert note.text == "swiss cup starts in 59 minutes"
    assert note.email_pending  # both reminders are emailed by default
