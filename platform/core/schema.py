"""OpenAPI pieces shared by every app: component names for nested serializers, the error shape."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, naming nested serializers after their view.

    Views declare ``Input``/``Output`` serializers inside themselves (one view per operation);
    by class name alone every one would be the component ``Input`` and collide. Here
    ``UserRegisterApi.Output`` becomes ``UserRegisterOutput``.
    """

    def get_serializer_name(self, serializer, direction):
        """Name a serializer by its qualified name, dropping the ``Api`` of its view."""
        qualname = type(serializer).__qualname__
        parts = [part for part in qualname.split(".") if not part.startswith("<")]
        if len(parts) < 2:
            return super().get_serializer_name(serializer, direction)
        return "".join(part.removesuffix("Api") for part in parts)

    def _get_response_bodies(self, direction="response"):
        """Add the errors any operation of this kind can answer, where the view did not say.

        An invalid token is refused (401) even where no login is needed; a path naming an
        object can miss it (404); a body can be malformed (400) or not JSON (415); a rate-limited
        operation can answer 429, and any operation 503 while PostgreSQL or Redis is down.
        """
        responses = super()._get_response_bodies(direction)
        if not self.path.startswith("/api/"):
            return responses
        implied = {"503": COMMON_ERRORS[503]}
        if getattr(self.view, "authentication_classes", ()):
            implied["401"] = COMMON_ERRORS[401]
        if "{" in self.path:
            implied["404"] = COMMON_ERRORS[404]
        if self.method in ("POST", "PUT", "PATCH") and self._get_request_body(direction="request"):
            implied["400"] = COMMON_ERRORS[400]
            implied["415"] = COMMON_ERRORS[415]
        if getattr(self.view, "throttle_classes", ()):
            implied["429"] = COMMON_ERRORS[429]
        for code, description in implied.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    OpenApiResponse(ApiErrorSerializer, description=description), code
                )
        return responses


class ApiErrorSerializer(serializers.Serializer):
    """The one error shape of the API (documentation only; errors are built in core.api)."""

    code = serializers.CharField(help_text="Stable machine-readable code; branch on this.")
    detail = serializers.CharField(help_text="Human-readable explanation; may change.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Only for `invalid` and `invalid_query`: messages per input field or query "
        "parameter (dotted paths when nested).",
    )
    rule = serializers.CharField(
        required=False, help_text="Only for illegal moves: the RULES.md id that refuses it."
    )
    retry_after = serializers.IntegerField(
        required=False,
        help_text="Only for `throttled` (429) and `service_unavailable` (503): seconds to wait "
        "before trying again (also in the Retry-After header).",
    )


COMMON_ERRORS = {
    400: "`invalid` (see `fields`), `invalid_query` (a query parameter; see `fields`), "
    "`malformed_json`",
    401: "`not_authenticated`",
    403: "`forbidden` (also a missing CSRF token with session authentication)",
    404: "`not_found`",
    409: "`stale` and other conflicts",
    415: "`unsupported_media_type`: send `application/json`",
    429: "`throttled`: too many requests; wait `retry_after` seconds (rate limits)",
    503: "`service_unavailable`: the database or Redis is unreachable; retry after "
    "`retry_after` seconds",
}


def error_responses(*statuses: int, **codes: str) -> dict[int, OpenApiResponse]:
    """Document error responses: ``error_responses(400, 401, e400="`username_taken`")``.

    Each status lists its common codes; ``e<status>=`` adds operation-specific ones.
    """
    responses = {}
    for status in statuses:
        described = [text for text in (COMMON_ERRORS.get(status), codes.get(f"e{status}")) if text]
        responses[status] = OpenApiResponse(ApiErrorSerializer, description="; ".join(described))
    return responses


def operations(tags: list[str]):
    """Return the decorator that documents one operation of an API module under ``tags``:
    ``operation = operations(TAGS)``, then ``@operation("games_list", responses=...)`` over the
    view's method; the other keywords go to ``extend_schema``."""

    def operation(operation_id: str, **kwargs):
        return extend_schema(tags=tags, operation_id=operation_id, **kwargs)

    return operation
