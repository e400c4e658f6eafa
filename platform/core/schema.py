"""OpenAPI pieces shared by every app: component names for nested serializers, the error shape."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse
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


class ApiErrorSerializer(serializers.Serializer):
    """The one error shape of the API (documentation only; errors are built in core.api)."""

    code = serializers.CharField(help_text="Stable machine-readable code; branch on this.")
    detail = serializers.CharField(help_text="Human-readable explanation; may change.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Only for `invalid`: messages per input field (dotted paths when nested).",
    )
    rule = serializers.CharField(
        required=False, help_text="Only for illegal moves: the RULES.md id that refuses it."
    )


COMMON_ERRORS = {
    400: "`invalid` (see `fields`), `malformed_json`",
    401: "`not_authenticated`",
    403: "`forbidden` (also a missing CSRF token with session authentication)",
    404: "`not_found`",
    409: "`stale` and other conflicts",
    415: "`unsupported_media_type`: send `application/json`",
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
