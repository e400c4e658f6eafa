"""Web Push subscriptions over the API (notifications.push_apis, issue 34 item 2): a player
subscribes a browser with the push kinds it wants, lists, changes and removes their devices;
nobody else can see or touch them; what the server would POST to is a push service's https
URL, never one of the caller's choosing; keys a push could not be encrypted for are refused.
Sending: tests/platform/test_push_delivery.py."""

from __future__ import annotations

import base64
import os

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from accounts.export import account_export
from notifications.kinds import PUSH_KINDS
from notifications.models import PushSubscription
from tests.support.factories import client_for
from tests.support.factories import person

pytestmark = pytest.mark.django_db

FCM = "https://fcm.googleapis.com/fcm/send/"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def browser(endpoint: str | None = None, **extra) -> dict:
    """What a browser's PushSubscription.toJSON() gives, with fresh keys."""
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {
        "endpoint": endpoint or FCM + b64url(os.urandom(24)),
        "expirationTime": None,
        "keys": {"p256dh": b64url(point), "auth": b64url(os.urandom(16))},
        **extra,
    }


def subscribe(user, body: dict | None = None, **headers):
    return client_for(user).post(
        "/api/v1/push/subscriptions", body or browser(), format="json", **headers
    )


def test_another_account_cannot_list_change_or_remove_my_devices():
    ana, mallory = person("ana"), person("mallory")
    r = subscribe(ana)
    assert r.status_code == 201, r.json()
    mine = r.json()["id"]
    attacker = client_for(mallory)

    assert attacker.get("/api/v1/push/subscriptions").json()["results"] == []
    r = attacker.patch(f"/api/v1/push/subscriptions/{mine}", {"kinds": []}, format="json")
    assert (r.status_code, r.json()["code"]) == (404, "not_found")
    r = attacker.delete(f"/api/v1/push/subscriptions/{mine}")
    assert (r.status_code, r.json()["code"]) == (404, "not_found")
    # Exactly as for an id nobody has: nothing is said about whose it is.
    assert attacker.delete("/api/v1/push/subscriptions/999999").json()["code"] == "not_found"
    assert attacker.delete(f"/api/v1/push/subscriptions/{2**70}").status_code == 404
    r = client_for(None).get("/api/v1/push/subscriptions")
    assert r.status_code == 401

    row = PushSubscription.objects.get(pk=mine)
    assert row.user == ana
    assert row.kinds == list(PUSH_KINDS)


def test_a_player_subscribes_a_browser_lists_changes_and_removes_it():
    ana = person("ana")
    config = client_for(None).get("/api/v1/push").json()
    assert config["enabled"] is True
    assert len(base64.urlsafe_b64decode(config["public_key"] + "=")) == 65  # a P-256 point
    assert [k["name"] for k in config["kinds"]] == [
        "your_turn",
        "tournament",
        "quick",
        "challenge",
        "dispute_update",
    ]

    firefox = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
    body = browser(kinds=["your_turn", "tournament"])
    r = subscribe(ana, body, HTTP_USER_AGENT=firefox)
    assert r.status_code == 201, r.json()
    row = r.json()
    assert row["kinds"] == ["your_turn", "tournament"]
    assert row["label"] == "Firefox · Android"
    assert row["endpoint"] == body["endpoint"]
    assert row["last_push_at"] is None

    client = client_for(ana)
    listed = client.get("/api/v1/push/subscriptions").json()
    assert [s["id"] for s in listed["results"]] == [row["id"]]
    r = client.patch(
        f"/api/v1/push/subscriptions/{row['id']}",
        {"kinds": ["dispute_update", "your_turn"], "label": "my phone"},
        format="json",
    )
    assert r.status_code == 200, r.json()
    assert r.json()["kinds"] == ["your_turn", "dispute_update"]  # in the list's order
    assert r.json()["label"] == "my phone"

    # The same browser subscribing again (new keys) is the same device: updated, not added.
    again = browser(body["endpoint"], kinds=["challenge"])
    r = subscribe(ana, again)
    assert r.status_code == 200, r.json()
    assert r.json()["id"] == row["id"]
    assert PushSubscription.objects.get().p256dh == again["keys"]["p256dh"]

    assert client.delete(f"/api/v1/push/subscriptions/{row['id']}").status_code == 204
    assert not PushSubscription.objects.exists()


def test_a_device_follows_whoever_subscribes_it_last():
    ana, bo = person("ana"), person("bo")
    body = browser()
    first = subscribe(ana, body).json()
    r = subscribe(bo, browser(body["endpoint"]))
    assert r.status_code == 200
    assert r.json()["id"] == first["id"]
    assert PushSubscription.objects.get().user == bo
    assert client_for(ana).get("/api/v1/push/subscriptions").json()["results"] == []


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://fcm.googleapis.com/fcm/send/abc",  # not https
        "https://push.example.org/abc",  # not a push service
        "https://fcm.googleapis.com.evil.example/abc",
        "https://user:pw@fcm.googleapis.com/fcm/send/abc",
        "https://127.0.0.1:8000/admin/",
        "https://localhost/abc",
        "file:///etc/passwd",
        "not a url",
    ],
)
def test_an_endpoint_that_is_not_a_push_services_https_url_is_refused(endpoint):
    r = subscribe(person("ana"), browser(endpoint))
    assert (r.status_code, r.json()["code"]) == (400, "invalid_push_endpoint"), r.json()
    assert not PushSubscription.objects.exists()


def test_the_push_services_of_the_browsers_are_accepted():
    ana = person("ana")
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://wns2-par02p.notify.windows.com/w/?token=abc",
        "https://web.push.apple.com/QGuQyavXutnMH",
    ):
        assert subscribe(ana, browser(endpoint)).status_code == 201, endpoint


@pytest.mark.parametrize(
    "keys",
    [
        {"p256dh": b64url(b"\x04" + os.urandom(64)), "auth": b64url(os.urandom(16))},  # off curve
        {"p256dh": b64url(os.urandom(33)), "auth": b64url(os.urandom(16))},
        {"p256dh": "not+base64/url", "auth": b64url(os.urandom(16))},
        {"p256dh": None, "auth": b64url(os.urandom(8))},  # replaced below: a good key
    ],
)
def test_keys_a_push_could_not_be_encrypted_for_are_refused(keys):
    body = browser()
    if keys["p256dh"] is None:
        keys = {**keys, "p256dh": body["keys"]["p256dh"]}
    r = subscribe(person("ana"), {**body, "keys": keys})
    assert (r.status_code, r.json()["code"]) == (400, "invalid_push_keys"), r.json()


def test_bad_input_is_refused_with_the_fields_named():
    ana = person("ana")
    r = subscribe(ana, browser(kinds=["your_turn", "rematch"]))  # rematch is never pushed
    assert (r.status_code, r.json()["code"]) == (400, "invalid")
    assert r.json()["fields"] == {"kinds.1": ['"rematch" is not a valid choice.']}
    r = subscribe(ana, {"endpoint": FCM + "x"})
    assert (r.status_code, r.json()["code"]) == (400, "invalid")
    assert "keys" in r.json()["fields"]
    mine = subscribe(ana).json()["id"]
    r = client_for(ana).patch(f"/api/v1/push/subscriptions/{mine}", {"kinds": "all"}, format="json")
    assert (r.status_code, r.json()["code"]) == (400, "invalid")


def test_a_player_subscribes_at_most_the_allowed_devices(settings):
    settings.WEB_PUSH_SUBSCRIPTIONS_PER_USER = 2
    ana = person("ana")
    assert subscribe(ana).status_code == 201
    assert subscribe(ana).status_code == 201
    r = subscribe(ana)
    assert (r.status_code, r.json()["code"], r.json()["limit"]) == (
        409,
        "too_many_push_subscriptions",
        2,
    )


def test_a_platform_without_a_vapid_key_takes_no_subscription(settings):
    settings.WEB_PUSH_ENABLED = False
    settings.WEB_PUSH_VAPID_PUBLIC_KEY = ""
    r = subscribe(person("ana"))
    assert (r.status_code, r.json()["code"]) == (409, "push_not_configured")
    assert client_for(None).get("/api/v1/push").json()["enabled"] is False


def test_the_export_names_the_devices_and_deletion_removes_them():
    from accounts.deletion import account_delete
    from tests.support.factories import PASSWORD

    ana = person("ana")
    subscribe(ana, browser(kinds=["challenge"], label="kitchen tablet"))
    devices = account_export(user=ana)["settings"]["push_devices"]
    assert devices == [
        {
            "label": "kitchen tablet",
            "kinds": ["challenge"],
            "push_service": "fcm.googleapis.com",
            "created_at": devices[0]["created_at"],
            "last_push_at": None,
        }
    ]
    account_delete(user=ana, password=PASSWORD, confirm=True)
    assert not PushSubscription.objects.exists()
