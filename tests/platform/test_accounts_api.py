import pytest

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.platform.conftest import PASSWORD

pytestmark = pytest.mark.django_db

REGISTER = "/api/v1/auth/register"
TOKEN = "/api/v1/auth/token"
LOGIN = "/api/v1/auth/login"
LOGOUT = "/api/v1/auth/logout"
ME = "/api/v1/me"


def post_json(client, url, data, **extra):
    return client.post(url, data, format="json", **extra)


def test_register_then_token_then_me_round_trip(api_client):
    registered = post_json(api_client, REGISTER, {"username": "bob", "password": PASSWORD})

    assert registered.status_code == 201
    body = registered.json()
    assert set(body) == {"id", "username", "token"}
    assert body["username"] == "bob"

    obtained = post_json(api_client, TOKEN, {"username": "bob", "password": PASSWORD})
    assert obtained.status_code == 200
    assert set(obtained.json()) == {"id", "name", "created", "expiry", "last_used_at", "token"}
    assert obtained.json()["name"] == "api"
    assert obtained.json()["token"] != body["token"]  # a token per client: sign-up's stays

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = api_client.get(ME)
    assert me.status_code == 200
    assert me.json() == {
        "id": body["id"],
        "username": "bob",
        "is_bot": False,
        "bot_owner": None,
        "is_staff": False,
        "vacation_from": None,
        "vacation_until": None,
        "time_zone": "",
    }


def test_register_with_a_taken_username_is_refused_whatever_the_case(api_client, alice):
    response = post_json(api_client, REGISTER, {"username": "Alice", "password": PASSWORD})

    assert response.status_code == 400
    assert response.json()["code"] == "username_taken"


def test_register_with_a_weak_password_lists_the_validator_messages(api_client):
    response = post_json(api_client, REGISTER, {"username": "carol", "password": "12345"})

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_password"
    assert "too short" in body["detail"]
    assert "entirely numeric" in body["detail"]
    assert body["fields"]["password"]


@pytest.mark.parametrize("username", ["bad name!", "x" * 151, "greedy-bot-7"])
def test_register_refuses_invalid_or_bot_like_usernames(api_client, username):
    response = post_json(api_client, REGISTER, {"username": username, "password": PASSWORD})

    assert response.status_code == 400
    assert response.json()["code"] in {"invalid_username", "invalid"}


def test_register_refuses_an_invalid_email(api_client):
    response = post_json(
        api_client, REGISTER, {"username": "dan", "password": PASSWORD, "email": "not-an-email"}
    )

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "email" in response.json()["fields"]


def test_malformed_json_is_a_400_malformed_json(api_client):
    response = api_client.post(REGISTER, '{"username": "eve",', content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "malformed_json"
    assert response.json()["detail"]


def test_missing_fields_are_a_400_invalid_naming_each_field(api_client):
    response = post_json(api_client, REGISTER, {})

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert set(body["fields"]) == {"username", "password"}
    assert body["fields"]["username"] == ["This field is required."]
    assert "username" in body["detail"]


def test_form_encoded_body_is_a_415(api_client):
    response = api_client.post(LOGIN, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


def test_wrong_method_is_a_405_method_not_allowed(api_client):
    response = api_client.get(REGISTER)

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_wrong_password_is_invalid_credentials(api_client, alice):
    for url in (TOKEN, LOGIN):
        response = post_json(api_client, url, {"username": "alice", "password": "wrong-one-1"})

        assert response.status_code == 400
        assert response.json()["code"] == "invalid_credentials"


def test_unknown_user_is_invalid_credentials(api_client):
    response = post_json(api_client, TOKEN, {"username": "nobody", "password": PASSWORD})

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"


def test_anonymous_me_is_401_not_authenticated_with_a_token_challenge(api_client):
    response = api_client.get(ME)

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_a_bad_token_is_401_not_authenticated(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")

    response = api_client.get(ME)

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_token_authentication_works_for_me(api_client, alice):
    _, key = api_token_create(user=alice)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    response = api_client.get(ME)

    assert response.status_code == 200
    assert response.json()["username"] == "alice"


def test_session_login_then_me_then_logout(csrf_client, alice):
    login = post_json(csrf_client, LOGIN, {"username": "alice", "password": PASSWORD})

    assert login.status_code == 200
    assert login.json() == {"id": alice.pk, "username": "alice"}
    assert "sessionid" in login.cookies
    assert "csrftoken" in login.cookies

    me = csrf_client.get(ME)
    assert me.status_code == 200
    assert me.json()["username"] == "alice"

    csrf_token = csrf_client.cookies["csrftoken"].value
    logout = csrf_client.post(LOGOUT, HTTP_X_CSRFTOKEN=csrf_token)
    assert logout.status_code == 204
    assert csrf_client.get(ME).status_code == 401


def test_login_needs_no_csrf_token_even_for_a_logged_in_browser(csrf_client, alice):
    first = post_json(csrf_client, LOGIN, {"username": "alice", "password": PASSWORD})
    second = post_json(csrf_client, LOGIN, {"username": "alice", "password": PASSWORD})

    assert (first.status_code, second.status_code) == (200, 200)


def test_session_authenticated_unsafe_request_without_csrf_token_is_refused(csrf_client, alice):
    post_json(csrf_client, LOGIN, {"username": "alice", "password": PASSWORD})

    response = csrf_client.post(LOGOUT)

    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"
    assert "CSRF" in response.json()["detail"]
    assert csrf_client.get(ME).status_code == 200


def test_staff_flag_is_reported_by_me(api_client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", PASSWORD)
    api_client.force_authenticate(admin)

    assert api_client.get(ME).json()["is_staff"] is True


def test_logout_with_a_token_revokes_it(api_client, alice):
    _, key = api_token_create(user=alice)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    assert api_client.post(LOGOUT).status_code == 204
    assert api_client.get(ME).status_code == 401


def test_a_bot_account_cannot_obtain_a_token_or_log_in(api_client, greedy_bot):
    greedy_bot.set_password(PASSWORD)  # e.g. set by mistake in the admin
    greedy_bot.save()

    for url in (TOKEN, LOGIN):
        response = post_json(
            api_client, url, {"username": greedy_bot.username, "password": PASSWORD}
        )

        assert response.status_code == 400
        assert response.json()["code"] == "invalid_credentials"
    assert not ApiToken.objects.filter(user=greedy_bot).exists()


def test_register_keeps_the_browsers_time_zone_and_refuses_an_unknown_one(api_client):
    body = {"username": "tokyo", "password": PASSWORD, "time_zone": "Asia/Tokyo"}
    registered = post_json(api_client, REGISTER, body)
    assert registered.status_code == 201
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {registered.json()['token']}")
    assert api_client.get(ME).json()["time_zone"] == "Asia/Tokyo"
    api_client.credentials()
    refused = post_json(
        api_client,
        REGISTER,
        {"username": "mars", "password": PASSWORD, "time_zone": "Mars/Olympus_Mons"},
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_time_zone"
