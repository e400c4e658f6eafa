"""The one shape of a staff action over the API (a dispute taken or closed, a game adjudicated,
a player's chat forbidden): who may call it, how its body is read, how it answers.

Each action is a subclass that names its ``Input`` (None: no body), its answer's status, and
``act``, which calls the service (the service checks the object, any stake, and records the
action in the staff trail) and returns the answer's body. Its OpenAPI operation is declared on
the subclass with ``@staff_action_schema(...)``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_view
from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStaff
from accounts.permissions import StaffBySessionOnly
from core.inputs import validated


class StaffActionApi(APIView):
    """Staff only (anonymous callers 401, players 403 ``staff_only``), by the browser session
    that passed its second factor (``StaffBySessionOnly``): POST does the action."""

    permission_classes = [IsStaff, StaffBySessionOnly]
    Input: type[serializers.Serializer] | None = None
    status_code = status.HTTP_200_OK

    def act(self, request, data: dict[str, Any], **kwargs) -> Any:
        raise NotImplementedError

    def post(self, request, **kwargs):
        data = dict(validated(self.Input, request)) if self.Input is not None else {}
        return Response(self.act(request, data, **kwargs), status=self.status_code)


def staff_action_schema(tags, operation_id, responses, **more):
    """Document a ``StaffActionApi`` subclass's POST, its request being the view's ``Input``;
    ``more`` goes to ``extend_schema`` (a ``description``)."""

    def document(view: type[StaffActionApi]) -> type[StaffActionApi]:
        schema = extend_schema(
            tags=tags, operation_id=operation_id, request=view.Input, responses=responses, **more
        )
        return extend_schema_view(post=schema)(view)

    return document
