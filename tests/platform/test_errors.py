import logging

import pytest
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.test import RequestFactory
from rest_framework import exceptions
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core import views
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotAuthenticated
from core.errors import NotFound
from games.engine import Code
from games.engine import IllegalMove
from games.engine import RulesetError


def raised_in_a_view(exc):
    """Return the response of a DRF view that raises ``exc``."""

    class RaisingApi(APIView):
        authentication_classes = ()
        permission_classes = (AllowAny,)

        def get(self, request):
            raise exc

    response = RaisingApi.as_view()(APIRequestFactory().get("/api/v1/raising"))
    response.render()
    return response


def test_application_error_renders_its_code_detail_status_and_extra():
    response = raised_in_a_view(
        ApplicationError("game_full", "All seats are taken.", status=422, extra={"seats": 4})
    )

    assert response.status_code == 422
    assert response.data == {"code": "game_full", "detail": "All seats are taken.", "seats": 4}


@pytest.mark.parametrize(
    ("error_class", "status"),
    [
        (ApplicationError, 400),
        (NotAuthenticated, 401),
        (Forbidden, 403),
        (NotFound, 404),
        (Conflict, 409),
    ],
)
def test_application_error_subclasses_carry_their_status(error_class, status):
    response = raised_in_a_view(error_class("some_code", "Some detail."))

    assert response.status_code == status
    assert response.data == {"code": "some_code", "detail": "Some detail."}


def test_extra_cannot_override_code_or_detail():
    response = raised_in_a_view(ApplicationError("real", "Real.", extra={"code": "fake"}))

    assert response.data["code"] == "real"


def test_an_enum_code_is_rendered_as_its_value():
    response = raised_in_a_view(Conflict(Code.NOT_YOUR_TURN, "Wait."))

    assert response.data["code"] == "not_your_turn"


def test_illegal_move_renders_code_rule_and_detail():
    response = raised_in_a_view(IllegalMove(Code.OPEN_DOUBLE_PENDING, "R19", "Satisfy 6-6."))

    assert response.status_code == 400
    assert response.data == {"code": "open_double_pending", "rule": "R19", "detail": "Satisfy 6-6."}


def test_unplayable_ruleset_renders_invalid_ruleset():
    response = raised_in_a_view(RulesetError("Too many players.", rule="R1"))

    assert response.status_code == 400
    assert response.data == {"code": "invalid_ruleset", "rule": "R1", "detail": "Too many players."}


@pytest.mark.parametrize(
    ("exc", "status", "code"),
    [
        (exceptions.ParseError("JSON parse error"), 400, "malformed_json"),
        (exceptions.NotAuthenticated(), 403, "not_authenticated"),
        (exceptions.AuthenticationFailed(), 403, "not_authenticated"),
        (exceptions.PermissionDenied(), 403, "forbidden"),
        (exceptions.NotFound(), 404, "not_found"),
        (Http404(), 404, "not_found"),
        (DjangoPermissionDenied(), 403, "forbidden"),
        (exceptions.MethodNotAllowed("DELETE"), 405, "method_not_allowed"),
        (exceptions.NotAcceptable(), 406, "not_acceptable"),
        (exceptions.UnsupportedMediaType("text/plain"), 415, "unsupported_media_type"),
        (exceptions.Throttled(wait=12), 429, "throttled"),
        (exceptions.PermissionDenied("Staff only.", code="not_staff"), 403, "not_staff"),
    ],
)
def test_drf_exceptions_render_the_one_error_shape(exc, status, code):
    response = raised_in_a_view(exc)

    assert response.status_code == status
    assert response.data["code"] == code
    assert isinstance(response.data["detail"], str)
    assert response["Content-Type"] == "application/json"


def test_throttled_says_when_to_retry():
    response = raised_in_a_view(exceptions.Throttled(wait=12))

    assert response["Retry-After"] == "12"
    assert response.data["wait"] == 12


def test_nested_validation_errors_are_flattened_to_dotted_fields():
    class SeatInput(serializers.Serializer):
        name = serializers.CharField()

    class GameInput(serializers.Serializer):
        players = serializers.IntegerField(min_value=2)
        seats = SeatInput(many=True)

    serializer = GameInput(data={"players": 1, "seats": [{"name": "a"}, {}]})
    assert not serializer.is_valid()

    response = raised_in_a_view(exceptions.ValidationError(serializer.errors))

    assert response.status_code == 400
    assert response.data["code"] == "invalid"
    assert response.data["fields"] == {
        "players": ["Ensure this value is greater than or equal to 2."],
        "seats.1.name": ["This field is required."],
    }


def test_a_bare_validation_error_lands_in_non_field_errors():
    response = raised_in_a_view(exceptions.ValidationError("A play needs a tile."))

    assert response.data == {
        "code": "invalid",
        "detail": "A play needs a tile.",
        "fields": {"non_field_errors": ["A play needs a tile."]},
    }


def test_an_unexpected_exception_is_a_500_that_reveals_nothing(caplog):
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = raised_in_a_view(KeyError("secret-hand-6-6"))

    assert response.status_code == 500
    assert response.data == {"code": "server_error", "detail": "Internal server error."}
    assert "secret-hand" not in response.content.decode()
    assert any(record.exc_info for record in caplog.records)


@pytest.mark.django_db
def test_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/v1/no-such-thing")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


@pytest.mark.django_db
def test_unknown_api_path_is_a_json_404_with_debug_on_too(client, settings):
    settings.DEBUG = True

    response = client.get("/api/no-such-thing")

    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "detail": "Not Found"}


@pytest.mark.django_db
def test_unknown_page_outside_the_api_is_still_html(client):
    response = client.get("/no-such-page")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_django_server_error_is_json_for_api_paths_and_a_page_elsewhere():
    api = views.server_error(RequestFactory().get("/api/v1/games"))
    page = views.server_error(RequestFactory().get("/games"))

    assert (api.status_code, page.status_code) == (500, 500)
    assert api["Content-Type"] == "application/json"
    assert b'"code": "server_error"' in api.content
    assert page["Content-Type"].startswith("text/html")


def test_a_lost_append_race_that_escapes_a_service_is_a_409_stale():
    from eventstore.store import ConcurrencyConflict

    response = raised_in_a_view(ConcurrencyConflict("game-1", 4, 5))

    assert response.status_code == 409
    assert response.data["code"] == "stale"
