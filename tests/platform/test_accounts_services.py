import pytest

from accounts.models import User
from accounts.services import bot_account_get_or_create
from accounts.services import user_register
from core.errors import ApplicationError
from tests.platform.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_bot_account_is_reused_unless_excluded():
    first = bot_account_get_or_create(strategy="greedy")
    again = bot_account_get_or_create(strategy="greedy")
    second = bot_account_get_or_create(strategy="greedy", exclude_ids=[first.pk])
    third = bot_account_get_or_create(strategy="greedy", exclude_ids={first.pk, second.pk})

    assert again == first
    assert [bot.username for bot in (first, second, third)] == [
        "greedy-bot-1",
        "greedy-bot-2",
        "greedy-bot-3",
    ]
    for bot in (first, second, third):
        assert (bot.is_bot, bot.bot_strategy, bot.has_usable_password()) == (True, "greedy", False)


def test_bot_accounts_are_per_strategy():
    greedy = bot_account_get_or_create(strategy="greedy")
    random = bot_account_get_or_create(strategy="random")

    assert greedy != random
    assert random.username == "random-bot-1"


def test_bot_account_skips_a_name_already_taken():
    User.objects.create_user(username="greedy-bot-1", password=None)  # made outside the service

    bot = bot_account_get_or_create(strategy="greedy")

    assert bot.username == "greedy-bot-2"


@pytest.mark.parametrize("strategy", ["", "Greedy Bot", "../x", "x" * 65])
def test_bot_account_refuses_a_malformed_strategy(strategy):
    with pytest.raises(ApplicationError) as refused:
        bot_account_get_or_create(strategy=strategy)

    assert refused.value.code == "invalid_bot_strategy"


def test_register_strips_and_normalizes_input():
    user = user_register(username=" zoe ", password=PASSWORD, email="Zoe@EXAMPLE.org")

    assert (user.username, user.email) == ("zoe", "Zoe@example.org")
    assert user.check_password(PASSWORD)
    assert not user.is_bot
