"""API errors in the reader's language: each stable code has one translatable message
(core.error_messages), rendered in the request's language; the code and the shape never change,
English stays as raised, and a validation error keeps its field messages."""

from __future__ import annotations

import importlib
import uuid
from enum import StrEnum
from pathlib import Path

import pytest
from django.utils import translation
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.test import APIClient
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core.error_messages import MESSAGES
from core.error_messages import localized
from core.error_messages import scope_language
from eventstore.store import ConcurrencyConflict
from games import stakes
from games.engine import Code
from games.engine import IllegalMove

ROOT = Path(__file__).resolve().parents[2]
# A sample of the data a message may name, as the bodies carry it.
PARAMS = {"retry_after": 3, "limit": 1024, "rule": "R19"}


@pytest.fixture(autouse=True)
def _default_language_after():
    """LocaleMiddleware leaves the last request's language active on the thread: not past here."""
    yield
    translation.deactivate()


def _error_enums() -> list[type[StrEnum]]:
    """Every StrEnum of every ``errors.py`` module of the project: a new one is found too."""
    found = []
    for path in sorted(ROOT.glob("**/errors.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] in ("tests", ".venv", "node_modules", "frontend"):
            continue
        if parts[0] == "platform":
            parts = parts[1:]
        module = importlib.import_module(".".join(parts))
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum
        ]
    return found


def all_codes() -> set[str]:
    codes = {member.value for enum in _error_enums() for member in enum}
    return codes | {stakes.OWN_GAME, stakes.STAFF_HAS_STAKE}


def test_the_enums_are_found():
    names = {enum.__name__ for enum in _error_enums()}
    assert {"CoreError", "GameError", "Code", "TournamentError", "DisputeError"} <= names
    assert {"RatingError", "TrustError", "AccountError"} <= names


def test_every_code_of_every_errors_enum_has_a_message():
    missing = sorted(all_codes() - MESSAGES.keys())
    assert not missing, f"codes without a message in core.error_messages: {missing}"


@pytest.mark.parametrize("language", ["en", "th", "hu", "ja", "it", "tl"])
def test_every_message_renders_with_the_data_of_its_body(language):
    with translation.override(language):
        for code in MESSAGES:
            detail = localized({"code": code, "detail": "raised", **PARAMS})["detail"]
            assert detail, (language, code)
            assert "%(" not in detail, (language, code, detail)


def test_english_keeps_the_detail_as_raised():
    body = {"code": "not_found", "detail": "Game not found."}
    for language in (None, "en", "en-us"):
        with translation.override(language):
            assert localized(body) == body


def test_japanese_replaces_the_detail_by_the_codes_message_and_keeps_the_rest():
    body = {"code": "throttled", "detail": "Too many requests; try again in 7 s.", "retry_after": 7}
    assert localized(body, "ja") == {
        "code": "throttled",
        "detail": "リクエストが多すぎます。7 秒後にもう一度お試しください。",
        "retry_after": 7,
    }
    assert localized(body, "it")["detail"] == "Troppe richieste; riprova tra 7 secondi."
    assert localized({**body, "retry_after": 1}, "it")["detail"] == (
        "Troppe richieste; riprova tra 1 secondo."
    )


def test_a_code_without_a_message_or_a_body_without_its_data_keeps_its_detail():
    assert localized({"code": "game_full", "detail": "All seats."}, "ja")["detail"] == "All seats."
    body = {"code": "throttled", "detail": "Too many requests."}  # no retry_after
    assert localized(body, "ja") == body


def test_a_validation_error_keeps_its_field_messages():
    body = {"code": "invalid", "detail": "name: too long", "fields": {"name": ["too long"]}}
    assert localized(body, "ja") == body


# -- through the API ----------------------------------------------------------------------------


def raised_in_a_view(exc, **headers):
    class RaisingApi(APIView):
        authentication_classes = ()
        permission_classes = (AllowAny,)

        def get(self, request):
            raise exc

    response = RaisingApi.as_view()(APIRequestFactory().get("/api/v1/raising", **headers))
    response.render()
    return response


@pytest.mark.django_db
@pytest.mark.parametrize(
    "how", [{"HTTP_ACCEPT_LANGUAGE": "ja,en;q=0.5"}, {"cookies": "django_language=ja"}]
)
def test_a_missing_game_is_not_found_in_japanese(how):
    client = APIClient()
    if "cookies" in how:
        client.cookies.load(how["cookies"])
        how = {}
    r = client.get(f"/api/v1/games/{uuid.uuid4()}", **how)
    assert r.status_code == 404
    assert r.json() == {"code": "not_found", "detail": "見つかりません。"}


@pytest.mark.django_db
def test_without_a_language_the_detail_is_english_as_before():
    r = APIClient().get(f"/api/v1/games/{uuid.uuid4()}")
    assert r.status_code == 404
    body = r.json()
    assert body["code"] == "not_found"
    assert body["detail"]
    assert body["detail"].isascii()
    assert APIClient().get(f"/api/v1/games/{uuid.uuid4()}", HTTP_ACCEPT_LANGUAGE="en").json() == (
        body
    )


def test_a_lost_race_is_stale_in_japanese():
    with translation.override("ja"):
        response = raised_in_a_view(ConcurrencyConflict("game-1", 3, 4))
    assert response.status_code == 409
    assert response.data == {
        "code": "stale",
        "detail": "他の人が先に操作しました。再読み込みしてもう一度お試しください。",
    }
    with translation.override("en"):
        english = raised_in_a_view(ConcurrencyConflict("game-1", 3, 4))
    assert english.data["detail"] == "Someone else acted first; reload and try again."


def test_an_illegal_move_keeps_its_rule_and_is_in_the_readers_language():
    with translation.override("hu"):
        response = raised_in_a_view(IllegalMove(Code.NOT_YOUR_TURN, "R8", "seat 1 is to move"))
    assert response.data == {"code": "not_your_turn", "rule": "R8", "detail": "Nem te következel."}


def test_drf_validation_errors_keep_their_fields_in_any_language():
    class Input(serializers.Serializer):
        players = serializers.IntegerField(max_value=8)

    serializer = Input(data={"players": 99})
    with translation.override("ja"):
        try:
            serializer.is_valid(raise_exception=True)
        except serializers.ValidationError as exc:
            response = raised_in_a_view(exc)
    assert response.data["code"] == "invalid"
    assert list(response.data["fields"]) == ["players"]
    assert response.data["detail"].startswith("players: ")


# -- a socket's language --------------------------------------------------------------------------


def scope(*headers: tuple[bytes, bytes]) -> dict:
    return {"type": "websocket", "headers": [(b"host", b"localhost:8000"), *headers]}


def test_a_sockets_language_is_its_cookie_then_its_accept_language():
    assert scope_language(scope()) == "en"
    assert scope_language(scope((b"accept-language", b"ja-JP,ja;q=0.9"))) == "ja"
    both = scope((b"cookie", b"sessionid=x; django_language=th"), (b"accept-language", b"ja"))
    assert scope_language(both) == "th"
    assert scope_language(scope((b"cookie", b"django_language=xx"))) == "en"
    assert scope_language(scope((b"cookie", b'bad"cookie'), (b"accept-language", b"it"))) == "it"
