"""A logout tells the browser's other sockets only once its session is gone.

Django sends ``user_logged_out`` before it flushes the session. The sockets of that session were
told from the signal (4401, and the page reloads): a page that reloaded at once still found the
session, rendered itself signed in, and stayed so (seen in a flake hunt: the table tab kept its
"Log out" button after a logout in another tab). Both doors, the page and the API.
"""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from rest_framework.test import APIClient

from accounts import socket_signals
from tests.realtime.helpers import PASSWORD
from tests.realtime.helpers import player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("door", ["page", "api"])
def test_the_sockets_hear_of_a_logout_after_its_session_is_gone(monkeypatch, door):
    user = player("ana")
    client = APIClient(enforce_csrf_checks=True)
    r = client.post(
        "/api/v1/auth/login", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert r.status_code == 200, r.json()
    key = client.cookies["sessionid"].value
    assert Session.objects.filter(session_key=key).exists()
    told = []

    def recheck(user_id, credential=None):
        told.append((credential, Session.objects.filter(session_key=key).exists()))

    monkeypatch.setattr(socket_signals, "recheck_sockets", recheck)
    csrf = client.cookies["csrftoken"].value
    path = "/logout" if door == "page" else "/api/v1/auth/logout"
    r = client.post(path, HTTP_X_CSRFTOKEN=csrf)
    assert r.status_code in (200, 204, 302), r.status_code

    assert told, "the logout told no socket"
    assert all(not alive for _, alive in told), told
