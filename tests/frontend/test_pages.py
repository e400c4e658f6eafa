"""Pages render, carry their data-testid hooks, and switch language."""

import uuid

import pytest
from django.contrib.auth import get_user_model

from tests.support.pages import rendered

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = get_user_model().objects.create_user(username="ana", password="pw-long-enough-1")
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    ("url", "hooks"),
    [
        ("/", ['href="/lobby"', 'data-testid="language"']),
        (
            "/signup",
            [
                'name="username"',
                'name="password"',
                'data-testid="signup-submit"',
                'data-testid="form-error"',
            ],
        ),
        (
            "/login",
            [
                'name="username"',
                'name="password"',
                'data-testid="login-submit"',
                'data-testid="form-error"',
            ],
        ),
        ("/lobby", ['id="open-tables"', 'id="live-tables"']),
        ("/rules", ['data-testid="rules"', "R17"]),
    ],
)
def test_public_page_renders_with_its_hooks(client, url, hooks):
    rendered(client, url, hooks)


def test_lobby_shows_the_create_form_to_a_logged_in_player(client, player):
    body = client.get("/lobby").content.decode()

    for hook in [
        'data-testid="create-form"',
        'name="players"',
        'name="rounds"',
        'name="time_control"',
        'data-testid="create-submit"',
        'href="/logout"',
    ]:
        assert hook in body
    assert body.count("<option value=") >= 13 + 6 + 6  # players 2..14, time controls, languages


def test_table_page_carries_the_dom_contract(client):
    game_id = uuid.uuid4()
    body = client.get(f"/games/{game_id}").content.decode()

    assert f'data-game-id="{game_id}"' in body
    for hook in [
        "status",
        "seq",
        "seed-commitment",
        "turn",
        "join",
        "add-bot",
        "start",
        "leave",
        "draw",
        "pass",
        "stop",
        "place-engine",
        "move-log",
        "move-error",
    ]:
        assert f'data-testid="{hook}"' in body
    assert 'data-testid="hand"' not in body  # the hand is built by JS for seated players only


def test_replay_page_has_a_slider(client):
    body = client.get(f"/games/{uuid.uuid4()}/replay").content.decode()

    assert 'data-testid="replay-slider"' in body
    assert 'type="range"' in body


def test_my_games_redirects_an_anonymous_visitor_to_login(client):
    response = client.get("/my-games")

    assert response.status_code == 302
    assert response["Location"].startswith("/login")


def test_my_games_renders_for_a_player(client, player):
    assert client.get("/my-games").status_code == 200


def test_logout_get_asks_and_post_logs_out(client, player):
    assert client.get("/logout").status_code == 200
    response = client.post("/logout")
    assert response.status_code == 302
    assert client.get("/my-games").status_code == 302


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("ja", "ロビー"),
        ("it", "Sala"),
        ("hu", "Előcsarnok"),
        ("th", "ล็อบบี้"),
        ("tl", "Mga bukas na mesa"),
    ],
)
def test_language_switch_translates_the_lobby(client, lang, title):
    response = client.post("/i18n/setlang/", {"language": lang, "next": "/lobby"})
    assert response.status_code == 302

    body = client.get("/lobby").content.decode()

    assert title in body
    assert f'<html lang="{lang}">' in body


def test_javascript_catalog_serves_translations(client):
    client.post("/i18n/setlang/", {"language": "ja", "next": "/"})

    body = client.get("/jsi18n/").content.decode()

    assert "\\u3042\\u306a\\u305f\\u306e\\u756a\\u3067\\u3059" in body or "あなたの番です" in body


def test_tagalog_has_language_info(client):
    from django.utils.translation import get_language_info

    assert get_language_info("tl")["name_local"] == "Tagalog"
