"""Seeding a benchmark's database through the platform's services, quickly.

A benchmark with hundreds of people would spend minutes registering them over HTTP, almost all
of it in the password hash (PBKDF2, a million rounds each), which is not what it measures. These
run in a process of their own under Django (``python -m tests.benchmarks.<bench> setup ...``,
with the benchmark's DATABASE_URL), make the accounts through ``accounts.services`` with a cheap
hasher (nobody logs in with the password: the people use API tokens) and write what the
benchmark needs as JSON.
"""

from __future__ import annotations

import os

PASSWORD = "bench-password-12345"


def django_ready() -> None:
    """Configure Django from the environment, with a cheap password hasher."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def people(names: list[str], *, staff: bool = False) -> dict[str, tuple[object, str]]:
    """Register ``names`` through the account service; return each one's user and API token."""
    from accounts.services import api_token_create
    from accounts.services import user_register

    out = {}
    for name in names:
        user = user_register(username=name, password=PASSWORD)
        if staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        out[name] = (user, api_token_create(user=user, name="bench")[1])
    return out
