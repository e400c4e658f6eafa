"""The home page tells the reader what to do next (issue 31): their turns, the tables waiting
for players and those being played, the next tournament, in the reader's language."""

from datetime import timedelta

import pytest
from django.utils import translation

from frontend.home import home_news
from frontend.home import starts_in
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import organizer
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def lines(user) -> dict[str, str]:
    return {line.testid: f"{line.text} [{line.link}]({line.url})" for line in home_news(user)}


def test_a_fresh_platform_asks_the_visitor_to_open_a_table(client):
    body = client.get("/").content.decode()

    assert "No table is waiting for players: open one, or play against bots at once." in body
    assert 'data-testid="news-open"' in body
    assert "No tournament is scheduled yet." in body
    assert "The platform is running." not in body


def test_a_player_hears_of_their_turns_the_tables_and_the_next_tournament(frozen_clock):
    ana = person("ana")
    game = open_table(ana)  # ana against a bot: one of them moves first
    open_table(person("bo"), start=False)
    open_table(person("cy"), start=False)
    new_tournament(organizer(), name="Friday Cup", starts_in=timedelta(hours=3, minutes=5))

    news = lines(ana)

    if game.seats.get(index=game.to_move).user_id == ana.pk:
        assert news["news-turn"] == "It is your turn in 1 game. [Play](/my-games)"
    else:
        assert "news-turn" not in news
    assert news["news-open"] == "2 tables are waiting for players. [Join a table](/lobby)"
    assert news["news-live"] == "1 game is being played now. [Watch](/lobby)"
    assert news["news-tournament"].startswith("Next tournament: Friday Cup, in 3 hours. ")


def test_a_visitor_reads_the_news_in_their_language(frozen_clock):
    open_table(person("bo"), start=False)
    with translation.override("ja"):
        news = lines(person("ana"))

    assert news["news-open"].startswith("1卓が参加者を待っています。")


def test_the_start_of_the_next_tournament_is_said_in_minutes_hours_or_days():
    assert starts_in(timedelta(seconds=20)) == "in 1 minute"
    assert starts_in(timedelta(minutes=59)) == "in 59 minutes"
    assert starts_in(timedelta(hours=1)) == "in 1 hour"
    assert starts_in(timedelta(hours=47, minutes=59)) == "in 47 hours"
    assert starts_in(timedelta(days=3, hours=2)) == "in 3 days"
