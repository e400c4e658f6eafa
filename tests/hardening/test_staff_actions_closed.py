"""Every staff action over the API, attacked from outside the staff door: found by walking the
URL configuration for views built on ``accounts.staff_api.StaffActionApi`` (a staff action
added later is attacked too, with no edit here), then called by an anonymous caller, a player
(by session and by token), a staff member by API token, a staff session that has not passed
its second factor, and a staff session without the CSRF token. Each is refused with its stable
code and nothing is written: no staff trail, no event, no dispute moved, no chat ban. The same
calls by a staff session that passed the second factor, with the CSRF token, get through the
door (the control: the refusals above are the door's, not a wrong address)."""

from __future__ import annotations

import pytest
from django.urls import URLPattern
from django.urls import URLResolver
from django.urls import get_resolver
from rest_framework.test import APIClient

from accounts.staff_api import StaffActionApi
from chat.models import ChatBan
from disputes import services as dispute_services
from disputes.models import Dispute
from disputes.models import StaffAction
from eventstore.models import Event
from tests.support.factories import LOGIN_API
from tests.support.factories import PASSWORD
from tests.support.factories import enrol_totp
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import token_client

TOKEN = "/api/v1/auth/token"
# A body every action could read: the door is checked before the body is.
BODY = {
    "reason": "attack",
    "resolution": "attack",
    "until": "2030-01-01T00:00:00Z",
    "places": [1, 2],
}


def staff_actions() -> list[tuple[str, type, list[str]]]:
    """(route, view class, methods) of every URL whose view is a StaffActionApi."""
    found = []

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                view = getattr(p.callback, "cls", None)
                if isinstance(view, type) and issubclass(view, StaffActionApi):
                    methods = [m for m in ("post", "delete") if hasattr(view, m)]
                    found.append((prefix + str(p.pattern), view, methods))

    walk(get_resolver().url_patterns, "/")
    return found


ACTIONS = staff_actions()


def test_the_staff_actions_are_found():
    """The walk finds the actions this file was written against (a rename that hid them from
    the walk would otherwise leave the attacks below with nothing to attack)."""
    names = {view.__name__ for _, view, _ in ACTIONS}
    assert {
        "DisputeClaimApi",
        "DisputeResolveApi",
        "DisputeRejectApi",
        "AuditVoidApi",
        "AuditAwardApi",
        "AuditRestartRoundApi",
        "AuditReverseRatingsApi",
        "StaffMuteApi",
    } <= names


def address(route: str, *, game, dispute_id: int, username: str) -> str:
    return (
        route.replace("<uuid:game_id>", str(game.pk))
        .replace("<int:dispute_id>", str(dispute_id))
        .replace("<str:username>", username)
        .replace("<slug:slug>", "no-such-team")
    )


def session(user, *, second_factor: bool, csrf_checks: bool = True) -> APIClient:
    """Logged in as the browser does; the second factor passed or not."""
    client = APIClient(enforce_csrf_checks=csrf_checks)
    r = client.post(LOGIN_API, {"username": user.username, "password": PASSWORD}, format="json")
    assert r.status_code == 200, r.json()
    if second_factor:
        enrol_totp(client)
    return client


def csrf(client: APIClient) -> dict[str, str]:
    return {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}


def by_token(user) -> APIClient:
    r = APIClient().post(TOKEN, {"username": user.username, "password": PASSWORD}, format="json")
    assert r.status_code == 200, r.json()
    return token_client(r.json()["token"])


def written(dispute_id: int) -> tuple:
    """What a staff action could write: the trail, the event log, the dispute, chat bans."""
    return (
        StaffAction.objects.count(),
        Event.objects.count(),
        Dispute.objects.values_list("status", "claimed_by_id", "resolution").get(pk=dispute_id),
        ChatBan.objects.count(),
    )


@pytest.fixture
def world(db):
    ana, bo = make_user("ana"), make_user("bo")
    staff = make_user("mod", staff=True)
    game = play(open_table(ana, [bo], rated=True), [ana, bo])
    assert game.status == "finished"
    dispute = dispute_services.dispute_open(
        user=ana, game_id=game.id, category="other", reason="the bot knew my hand"
    )
    return ana, bo, staff, game, dispute.id


def attackers(ana, staff) -> list[tuple[str, APIClient, dict, int, str | None]]:
    """(who, client, headers, status, code) of each caller the door must refuse; a session
    sends its CSRF token, so that what refuses it is the door itself."""
    player = session(ana, second_factor=False)
    staff_half_in = session(staff, second_factor=False)
    return [
        ("anonymous", APIClient(), {}, 401, None),
        ("a player by session", player, csrf(player), 403, "staff_only"),
        ("a player by token", by_token(ana), {}, 403, "staff_only"),
        ("staff by token", by_token(staff), {}, 403, "session_required"),
        (
            "staff without the second factor",
            staff_half_in,
            csrf(staff_half_in),
            403,
            "second_factor_required",
        ),
    ]


@pytest.mark.django_db
def test_no_staff_action_opens_to_anyone_but_staff_who_passed_the_second_factor(world):
    ana, bo, staff, game, dispute_id = world
    before = written(dispute_id)
    tried = 0
    for who, client, headers, status, code in attackers(ana, staff):
        for route, _, methods in ACTIONS:
            url = address(route, game=game, dispute_id=dispute_id, username=bo.username)
            for method in methods:
                r = getattr(client, method)(url, BODY, format="json", **headers)
                assert r.status_code == status, (who, method, url, r.content)
                if code is not None:
                    assert r.json()["code"] == code, (who, method, url, r.json())
                assert written(dispute_id) == before, (who, method, url)
                tried += 1
    assert tried == 5 * sum(len(m) for _, _, m in ACTIONS)


@pytest.mark.django_db
def test_a_staff_session_without_the_csrf_token_writes_nothing(world):
    """Another site cannot make a staff member's browser act: without the CSRF token every
    action is refused before it reads its body."""
    ana, bo, staff, game, dispute_id = world
    browser = session(staff, second_factor=True)
    before = written(dispute_id)
    for route, _, methods in ACTIONS:
        url = address(route, game=game, dispute_id=dispute_id, username=bo.username)
        for method in methods:
            r = getattr(browser, method)(url, BODY, format="json")
            assert r.status_code == 403, (method, url, r.content)
            assert r.json()["code"] not in ("staff_only", "session_required"), r.json()
    assert written(dispute_id) == before


@pytest.mark.django_db
def test_the_same_calls_pass_the_door_for_staff_who_passed_the_second_factor(world):
    """The control: with the second factor and the CSRF token, no action is refused at the
    door (it may still refuse the body or the object, with its own code)."""
    ana, bo, staff, game, dispute_id = world
    browser = session(staff, second_factor=True)
    for route, _, methods in ACTIONS:
        url = address(route, game=game, dispute_id=dispute_id, username=bo.username)
        for method in methods:
            r = getattr(browser, method)(url, BODY, format="json", **csrf(browser))
            assert r.status_code not in (401, 403), (method, url, r.content)
