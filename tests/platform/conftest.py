import pytest
from rest_framework.test import APIClient

from accounts.services import bot_account_get_or_create
from accounts.services import user_register

PASSWORD = "correct-horse-battery-9"


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def csrf_client():
    """A client that checks CSRF like a browser session would be checked."""
    return APIClient(enforce_csrf_checks=True)


@pytest.fixture
def alice(db):
    return user_register(username="alice", password=PASSWORD, email="alice@example.org")


@pytest.fixture
def greedy_bot(db):
    return bot_account_get_or_create(strategy="greedy")
