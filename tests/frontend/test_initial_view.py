"""The table page carries its first view (issue 15): the game, the state and the events that the
API gives the same viewer, in one ``initial-view`` JSON block — and nothing the API would not.

The attacks: player B, a spectator, an anonymous visitor, a staff member seated at the sibling
table of a duplicate deal and a plain spectator of that sibling read the page's HTML looking
for another seat's tiles or the boneyard order; a proxy or the browser keeps one viewer's page
for another.
"""

from __future__ import annotations

import json
import re

import pytest
from django.db import DatabaseError
from django.test import Client

from games import selectors
from games.models import Game
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import dealt
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import play
from tests.support.factories import register
from tests.support.factories import second_factor_login
from tests.support.factories import start
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tests.support.leaks import tile_pairs

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

EMBED = re.compile(r'<script id="initial-view" type="application/json">(.*?)</script>', re.S)


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def page_for(user, game_id):
    """The table page as ``user`` (None: anonymous) gets it, and its embedded first view."""
    client = Client()
    if user is not None and user.is_staff:
        second_factor_login(client, user)
    elif user is not None:
        client.force_login(user)
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    html = response.content.decode()
    found = EMBED.findall(html)
    assert len(found) <= 1, "one initial-view block at most"
    embedded = json.loads(found[0]) if found else None
    return response, html, embedded


def api_answers(user, game_id):
    """What the API answers ``user`` for the game, its state and its events (None if refused)."""
    client = client_for(user)
    game = client.get(f"/api/v1/games/{game_id}")
    state = client.get(f"/api/v1/games/{game_id}/state")
    events = client.get(f"/api/v1/games/{game_id}/events?after=0")
    if any(r.status_code != 200 for r in (game, state, events)):
        return None
    return {"game": game.json(), "state": state.json(), "events": events.json()}


def assert_nothing_hidden(html: str, embedded, game: Game, seat: int | None) -> None:
    """Nothing in the page is a tile ``seat`` may not see now; no seed, no boneyard order."""
    hidden = hidden_in_game(game.pk, seat)[game.version]
    if embedded is not None:
        assert hidden, "the test needs hidden tiles to look for"
        assert not leaked(embedded, hidden)
        assert "boneyard" not in {k for k in _keys(embedded)}  # its count only
    for secret in (game.seed, game.server_seed):
        if secret:
            assert secret not in html
    # No other JSON in the page carries tiles.
    rest = EMBED.sub("", html)
    assert '"hand"' not in rest
    assert '"hands"' not in rest


def _keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, list):
        for item in obj:
            yield from _keys(item)


@pytest.fixture
def table():
    """ana (seat 0), bo (seat 1) and a bot, a few moves in."""
    ana, bo = person("ana"), person("bo")
    game = open_table(ana, [bo], bots=1)
    game = play(game, [ana, bo], moves=3)
    assert game.status == "active"
    return {"game": game, "ana": ana, "bo": bo}


def test_player_b_gets_their_own_view_and_nothing_of_the_others(table):
    game, bo = table["game"], table["bo"]
    response, html, embedded = page_for(bo, game.pk)

    assert embedded is not None
    assert embedded == api_answers(bo, game.pk)
    assert embedded["state"]["seat"] == 1
    assert embedded["state"]["view"]["hand"]  # their own tiles are there
    mine = set(tile_pairs(embedded["state"]["view"]["hand"], under=True))
    assert mine
    assert not mine & hidden_in_game(game.pk, 1)[game.version]
    assert_nothing_hidden(html, embedded, game, 1)
    assert [e["seq"] for e in embedded["events"]] == list(range(1, game.version + 1))


@pytest.mark.parametrize("who", ["spectator", "anonymous"])
def test_a_spectator_and_an_anonymous_visitor_get_the_spectators_view(table, who):
    game = table["game"]
    user = person("carl") if who == "spectator" else None
    response, html, embedded = page_for(user, game.pk)

    assert embedded is not None
    assert embedded == api_answers(user, game.pk)
    assert embedded["state"]["seat"] is None
    assert embedded["state"]["legal_moves"] == []
    assert_nothing_hidden(html, embedded, game, None)


def test_the_page_is_never_kept_for_another_viewer(table):
    response, _, _ = page_for(table["bo"], table["game"].pk)

    cache = response["Cache-Control"]
    assert "private" in cache
    assert "no-store" in cache
    assert "Cookie" in response["Vary"]


def test_an_open_table_carries_its_lobby_view(table):
    ana = table["ana"]
    waiting = open_table(ana, bots=1, start=False)
    _, _, embedded = page_for(ana, waiting.pk)

    assert embedded == api_answers(ana, waiting.pk)
    assert embedded["state"]["view"] is None


def test_an_unknown_game_or_a_failing_database_renders_the_page_without_it(table, monkeypatch):
    _, html, embedded = page_for(table["bo"], "00000000-0000-0000-0000-000000000000")
    assert embedded is None
    assert 'id="table"' in html

    def down(*args, **kwargs):
        raise DatabaseError("the database went away")

    monkeypatch.setattr(selectors, "game_state_for", down)
    _, html, embedded = page_for(table["bo"], table["game"].pk)
    assert embedded is None
    assert 'id="table"' in html


# -- a duplicate deal still being played elsewhere ---------------------------------------------


@pytest.fixture
def duplicate(frozen_clock):
    """Three bots at table 1 (finished at once), staff member ``sam`` with two people at table
    2, still playing the same deal (as tests/hardening/test_staff_stake.py sets it up)."""
    org, sam = organizer(), person("sam", staff=True)
    people = [sam, person("ana"), person("bo")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    register(tournament, [*people, *bots(3)])
    tournament = start(tournament)
    sibling, own = (Game.objects.get(pk=g.pk) for g in dealt(tournament))
    assert sibling.seed_hidden
    assert sibling.seed == own.seed
    assert own.seats.filter(user=sam).exists()
    assert own.status == "active"
    return {"org": org, "sam": sam, "sibling": sibling, "own": own}


def test_staff_seated_at_the_sibling_table_get_no_view_of_it(duplicate):
    sam, sibling, own = duplicate["sam"], duplicate["sibling"], duplicate["own"]
    assert api_answers(sam, sibling.pk) is None  # the API refuses them

    _, html, embedded = page_for(sam, sibling.pk)

    assert embedded is None
    assert_nothing_hidden(html, embedded, sibling, None)
    assert sibling.seed not in html
    # At their own table they get their seat's view, as the API gives it.
    _, own_html, own_view = page_for(sam, own.pk)
    seat = own.seats.get(user=sam).index
    assert own_view == api_answers(sam, own.pk)
    assert_nothing_hidden(own_html, own_view, own, seat)


@pytest.mark.parametrize("who", ["spectator", "anonymous"])
def test_a_spectator_of_a_deal_still_played_elsewhere_gets_nothing(duplicate, who):
    sibling = duplicate["sibling"]
    user = person("carl") if who == "spectator" else None
    assert api_answers(user, sibling.pk) is None

    _, html, embedded = page_for(user, sibling.pk)

    assert embedded is None
    assert sibling.seed not in html


def test_staff_without_a_stake_get_what_the_api_gives_them(duplicate):
    org, sibling = duplicate["org"], duplicate["sibling"]
    _, _, embedded = page_for(org, sibling.pk)

    assert embedded is not None
    assert embedded == api_answers(org, sibling.pk)
