"""Email backends for the notification mail tests: an SMTP server that refuses the next N
messages (in this process, or across processes through a file for the worker tests)."""

from __future__ import annotations

import os
import smtplib
from pathlib import Path

from django.core.mail.backends.filebased import EmailBackend as FileBackend
from django.core.mail.backends.locmem import EmailBackend as LocmemBackend


class FlakyBackend(LocmemBackend):
    """django.core.mail.outbox, but the next ``failures`` sends raise as a dropped SMTP
    connection would; ``attempts`` counts every send tried."""

    failures = 0
    attempts = 0
    on_attempt = None  # called with no argument at each attempt (to look at the database)

    @classmethod
    def reset(cls, failures: int = 0) -> None:
        cls.failures, cls.attempts, cls.on_attempt = failures, 0, None

    def send_messages(self, messages):
        cls = type(self)
        cls.attempts += 1
        if cls.on_attempt is not None:
            cls.on_attempt()
        if cls.failures > 0:
            cls.failures -= 1
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return super().send_messages(messages)


class FlakyFileBackend(FileBackend):
    """One file per message in $TEST_MAIL_DIR; while $TEST_MAIL_DIR/failures holds a number
    above 0, a send lowers it and raises (another process, the worker, reads and writes it)."""

    def __init__(self, *args, **kwargs):
        kwargs["file_path"] = os.environ["TEST_MAIL_DIR"]
        super().__init__(*args, **kwargs)

    def send_messages(self, messages):
        counter = Path(os.environ["TEST_MAIL_DIR"]) / "failures"
        left = int(counter.read_text() or 0) if counter.exists() else 0
        if left > 0:
            counter.write_text(str(left - 1))
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return super().send_messages(messages)
