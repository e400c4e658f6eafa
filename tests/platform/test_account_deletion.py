"""Account deletion (accounts.deletion): the row is pseudonymized, history is not edited, and
the old name never reaches a reader again (accounts.names). Written as the attacker works: the
old token and cookie, a second account, a scan of every answer about the past games."""

from __future__ import annotations

import json

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import api_token_create
from disputes.services import dispute_open
from eventstore.models import Event
from games import services as game_services
from games.engine.record import verify_record
from games.models import Game
from games.models import GameStatus
from notifications.models import Notification
from signing.keys import public_key_hex
from tests.support.factories import PASSWORD
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import organizer
from tests.support.factories import play
from tests.support.factories import register
from tests.support.factories import run_committed
from tests.support.factories import token_client
from tournaments.models import Tournament
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db

URL = "/api/v1/account/delete"


def delete(client, password=PASSWORD, confirm=True):
    return client.post(URL, {"password": password, "confirm": confirm}, format="json")


def finished_table(*users):
    """A real game of ``users`` and a bot, played to its end."""
    game = open_table(users[0], users[1:], bots=1)
    return play(game, users)


def test_deletion_needs_the_password_again_and_a_confirmation():
    zelda = make_user("zelda")
    client = client_for(zelda)
    wrong = delete(client, password="not-the-password")
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "invalid_credentials"
    unconfirmed = delete(client, confirm=False)
    assert unconfirmed.status_code == 400
    assert unconfirmed.json()["code"] == "confirmation_required"
    zelda.refresh_from_db()
    assert zelda.is_active
    assert zelda.deleted_at is None
    assert zelda.username == "zelda"


def test_nobody_signed_out_can_delete():
    make_user("zelda")
    assert delete(APIClient()).status_code in (401, 403)


def test_a_second_account_cannot_delete_someone_else_with_their_password():
    """The endpoint deletes only the caller; another's password is just a wrong one."""
    zelda, mallory = make_user("zelda"), make_user("mallory")
    mallory.set_password("mallory-pw-123456")
    mallory.save()
    answer = delete(client_for(mallory), password=PASSWORD)  # zelda's password
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_credentials"
    zelda.refresh_from_db()
    mallory.refresh_from_db()
    assert zelda.is_active
    assert mallory.is_active


def test_deletion_pseudonymizes_the_row_and_leaves_the_log_alone():
    zelda = User.objects.create_user("zelda", email="z@example.org", password=PASSWORD)
    zelda.first_name, zelda.last_name = "Zelda", "Zed"
    zelda.save()
    EmailAddress.objects.create(user=zelda, email="z@example.org", primary=True)
    game = finished_table(zelda)
    Notification.objects.create(user=zelda, kind="x", text="hi", created_at=game.created_at)
    events_before = list(Event.objects.order_by("pk").values())
    assert delete(client_for(zelda)).status_code == 204
    zelda.refresh_from_db()
    assert zelda.username.startswith("deleted-")
    assert "zelda" not in zelda.username
    assert (zelda.email, zelda.first_name, zelda.last_name) == ("", "", "")
    assert not zelda.has_usable_password()
    assert not zelda.is_active
    assert zelda.deleted_at is not None
    assert not EmailAddress.objects.filter(user=zelda).exists()
    assert not Notification.objects.filter(user=zelda).exists()
    assert list(Event.objects.order_by("pk").values()) == events_before
    assert Game.objects.get(pk=game.pk).seats.filter(user=zelda).exists()  # results stay


def test_other_players_notifications_name_a_deleted_player_in_their_own_language():
    """ "zelda wants a rematch" in ana's bell: stored as params, shown after the deletion as
    a deleted player's, in English and in Hungarian alike; the log of the game untouched."""
    from django.utils import translation

    from notifications.kinds import render

    zelda = User.objects.create_user("zelda", password=PASSWORD)
    ana = User.objects.create_user("ana", password=PASSWORD)
    game = finished_table(zelda)
    params = {"player": "zelda", "table": "Friday"}
    note = Notification.objects.create(
        user=ana, kind="rematch", params=params, text="", created_at=game.created_at
    )
    assert "zelda" in render(note.kind, note.params)
    assert delete(client_for(zelda)).status_code == 204

    note.refresh_from_db()
    assert "zelda" not in str(note.params)
    english = render(note.kind, note.params)
    assert "zelda" not in english
    assert "deleted player" in english
    with translation.override("hu"):
        hungarian = render(note.kind, note.params)
    assert "zelda" not in hungarian
    assert "deleted player" not in hungarian
    listed = client_for(ana).get("/api/v1/notifications").json()["results"][0]
    assert "zelda" not in str(listed)


def test_the_old_token_and_session_are_refused_after_deletion():
    zelda = make_user("zelda")
    _, key = api_token_create(user=zelda, name="phone")
    _, other_key = api_token_create(user=zelda, name="laptop")
    browser = APIClient()
    login = browser.post(
        "/api/v1/auth/login", {"username": "zelda", "password": PASSWORD}, format="json"
    )
    assert login.status_code == 200
    assert browser.get("/api/v1/me").status_code == 200
    assert delete(token_client(key)).status_code == 204
    for client in (token_client(key), token_client(other_key), browser):
        assert client.get("/api/v1/me").status_code in (401, 403)
    assert not Session.objects.exists()
    # Nor can the old password sign in again, by username or by the new pseudonym.
    for name in ("zelda", User.objects.get(pk=zelda.pk).username):
        again = APIClient().post(
            "/api/v1/auth/token", {"username": name, "password": PASSWORD}, format="json"
        )
        assert again.status_code == 400


def test_deletion_waits_for_active_games_and_tournaments():
    zelda = make_user("zelda")
    game = open_table(zelda, bots=1)
    refused = delete(client_for(zelda))
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "account_has_active_games"
    assert [g["id"] for g in body["games"]] == [str(game.pk)]
    game_services.game_resign(game_id=game.pk, user=zelda)
    cup = new_tournament(organizer())
    register(cup, [zelda])
    refused = delete(client_for(zelda))
    assert refused.status_code == 409
    assert [t["id"] for t in refused.json()["tournaments"]] == [cup.pk]
    from tournaments.services import tournament_withdraw

    tournament_withdraw(tournament_id=cup.pk, user=zelda)
    assert delete(client_for(zelda)).status_code == 204


def test_bots_cannot_be_deleted():
    from accounts.deletion import account_delete
    from core.errors import ApplicationError

    with pytest.raises(ApplicationError):
        account_delete(user=bot(), password="", confirm=True)


def test_the_old_username_is_retired_with_its_look_alikes():
    zelda = make_user("zelda")
    assert delete(client_for(zelda)).status_code == 204
    for name in ("zelda", "Zelda", "zеlda"):  # the last with a Cyrillic е
        again = APIClient().post(
            "/api/v1/auth/register", {"username": name, "password": PASSWORD}, format="json"
        )
        assert again.status_code == 400, name
        assert again.json()["code"] == "username_taken", name
    assert "zelda" not in json.dumps(list(User.objects.values_list("username", flat=True)))


def test_the_profile_of_a_deleted_player_is_gone():
    zelda = make_user("zelda")
    assert delete(client_for(zelda)).status_code == 204
    pseudonym = User.objects.get(pk=zelda.pk).username
    for name in ("zelda", pseudonym):
        assert APIClient().get(f"/api/v1/players/{name}").status_code == 404
        assert APIClient().get(f"/players/{name}").status_code == 404


def _answers(client, game, cup=None, dispute=None) -> str:
    """Every answer a reader gets about ``game`` (and the tournament, dispute), as one text."""
    urls = [
        f"/api/v1/games/{game.pk}",
        "/api/v1/games?status=finished",
        f"/api/v1/games/{game.pk}/events",
        f"/api/v1/games/{game.pk}/state",
        f"/api/v1/games/{game.pk}/record",
        "/api/v1/ratings/leaderboard",
    ]
    if cup is not None:
        urls += [f"/api/v1/tournaments/{cup.pk}", f"/api/v1/tournaments/{cup.pk}/standings"]
        urls += ["/api/v1/tournaments"]
    if dispute is not None:
        urls += [f"/api/v1/disputes/{dispute.pk}", "/api/v1/disputes"]
    texts = []
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.content[:300])
        texts.append(answer.content.decode())
    return "\n".join(texts)


def test_no_answer_about_their_past_games_names_them_and_two_stay_apart():
    zelda, yorick, watcher = make_user("zelda"), make_user("yorick"), make_user("watcher")
    game = finished_table(zelda, yorick)
    rated = finished_game([zelda, watcher], [1, 2])
    dispute = dispute_open(
        user=watcher, game_id=rated.pk, category="other", reason="stalled on purpose", against=[0]
    )
    cup = new_tournament(organizer())
    register(cup, [zelda, watcher])
    entry = cup.entries.get(user=zelda)
    Tournament.objects.filter(pk=cup.pk).update(
        status=TournamentStatus.FINISHED,
        standings={
            "round": 1,
            "lines": [
                {"rank": 1, "entry": entry.pk, "username": "zelda", "stand_in_for": None},
                {"rank": 2, "entry": cup.entries.get(user=watcher).pk, "username": "watcher"},
            ],
        },
    )
    before = _answers(client_for(watcher), game, cup)
    assert "zelda" in before
    assert "yorick" in before
    for user in (zelda, yorick):
        assert delete(client_for(user)).status_code == 204
    for reader, thread in ((client_for(watcher), dispute), (APIClient(), None)):
        text = _answers(reader, game, cup, thread)
        assert "zelda" not in text
        assert "yorick" not in text
        assert "deleted-" not in text  # nor the pseudonym
    detail = client_for(watcher).get(f"/api/v1/games/{game.pk}").json()
    assert [s["username"] for s in detail["seats"]][:2] == ["deleted player 1", "deleted player 2"]
    events = APIClient().get(f"/api/v1/games/{game.pk}/events").json()
    actors = {e["actor"].get("name") for e in events}
    assert {"deleted player 1", "deleted player 2"} <= actors
    standings = APIClient().get(f"/api/v1/tournaments/{cup.pk}/standings").json()
    assert standings["lines"][0]["username"] == "deleted player 1"
    thread = client_for(watcher).get(f"/api/v1/disputes/{dispute.pk}").json()
    assert thread["involved"] == sorted(["deleted player 1", "watcher"])


def test_a_record_served_after_deletion_verifies_and_names_nobody():
    """The record is signed when served, over the names as they are shown then: the signature
    holds and the old name is not in the signed bytes."""
    zelda, yorick = make_user("zelda"), make_user("yorick")
    game = finished_table(zelda, yorick)
    assert game.status == GameStatus.FINISHED
    assert delete(client_for(zelda)).status_code == 204
    record = APIClient().get(f"/api/v1/games/{game.pk}/record").json()
    assert [p["name"] for p in record["players"]][:2] == ["deleted player 1", "yorick"]
    assert "zelda" not in json.dumps(record)
    verdict = verify_record(record, trusted_keys=[public_key_hex()])
    assert verdict.ok, verdict.problem
    assert verdict.attestation_checked


def test_nobody_can_register_a_deleted_accounts_pseudonym():
    answer = APIClient().post(
        "/api/v1/auth/register",
        {"username": "Deleted-0123456789abcdef", "password": PASSWORD},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_username"


def test_moves_made_for_a_deleted_players_seat_after_deletion_name_nobody():
    """Resigned, then deleted: the platform plays the seat on, its events written with the
    pseudonym; the socket's payload for them (built without a query for people's moves)
    still shows "deleted player 1"."""
    from eventstore import store
    from games.selectors import table_names
    from games.selectors import viewer_payload

    zelda, yorick = make_user("zelda"), make_user("yorick")
    game = open_table(zelda, [yorick], bots=1, deal=b"deleted seat plays on")
    run_committed(game_services.game_resign, game_id=game.pk, user=zelda)
    assert delete(client_for(zelda)).status_code == 204
    deleted_at_seq = Game.objects.get(pk=game.pk).version
    pseudonym = User.objects.get(pk=zelda.pk).username
    game = play(game, [yorick])
    stored = store.read(game.stream, after=deleted_at_seq)  # what the sockets are sent since
    later = [e for e in stored if e.actor.get("name") == pseudonym]
    assert later, "the platform played the deleted player's seat on"
    payload = viewer_payload(
        game.pk, game.status, game.version, stored, None, 1, table_names(game.pk, fresh=True)
    )
    text = json.dumps(payload)
    assert pseudonym not in text
    assert "zelda" not in text
    assert "deleted player 1" in text
