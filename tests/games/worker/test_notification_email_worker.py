"""The notification mail on a real Celery worker (the ``celery_processes`` fixture,
tests/games/conftest.py): queued once the notification commits, retried with backoff while
the SMTP server refuses it, ``emailed_at`` set only once it was taken, and sent once."""

from __future__ import annotations

import email

import pytest

from notifications.models import Notification
from tests.support.celery import wait_for
from tests.support.factories import notify_dispute_resolved
from tests.support.factories import person

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def mail_dir(monkeypatch, tmp_path):
    """The worker's SMTP server: refuses the next 2 messages, then files them in a folder
    (tests.support.mail.FlakyFileBackend). Set before the worker starts (it reads these)."""
    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "failures").write_text("2")
    monkeypatch.delenv("EMAIL_URL", raising=False)
    monkeypatch.setenv("EMAIL_BACKEND", "tests.support.mail.FlakyFileBackend")
    monkeypatch.setenv("TEST_MAIL_DIR", str(folder))
    monkeypatch.setenv("NOTIFICATION_EMAIL_RETRY_BACKOFF", "1")
    return folder


def test_the_worker_retries_a_refused_mail_and_sends_it_once(mail_dir, celery_processes):
    bo = person("bo", email="bo@example.org")
    note = notify_dispute_resolved(bo)

    def sent():
        note.refresh_from_db()
        return note.emailed_at is not None

    wait_for(sent, timeout=60, what="the worker to send the mail", procs=celery_processes)
    assert (mail_dir / "failures").read_text() == "0"  # refused twice, then taken
    assert note.email_attempts == 3
    assert not note.email_pending
    files = [p for p in mail_dir.iterdir() if p.name != "failures"]
    assert len(files) == 1
    message = email.message_from_string(files[0].read_text().split("\n" + "-" * 79)[0])
    assert message["To"] == "bo@example.org"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "Your dispute about game 7 is now resolved" in message["Subject"]
    assert Notification.objects.filter(emailed_at__isnull=False).count() == 1
