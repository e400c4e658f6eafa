"""The current user's notifications: GET /api/v1/notifications, POST .../read."""

from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import IntegerField
from core.inputs import query
from core.inputs import validated
from core.pagination import CursorPage
from core.pagination import CursorQuery
from core.pagination import page_of
from core.pagination import paginate
from core.pagination import serialized
from core.schema import error_responses
from core.schema import operations
from notifications.models import Notification
from notifications.services import notifications_mark_read

operation = operations(["notifications"])


class NotificationOutput(serializers.ModelSerializer):
    """``text``: the words in the request's language, rendered from ``kind`` and ``params``
    (notifications.kinds) when read, not when the notification was made."""

    text = serializers.SerializerMethodField()
    params = serializers.DictField(help_text="The names and numbers the kind's words take.")

    class Meta:
        model = Notification
        fields = ["id", "kind", "params", "text", "url", "created_at", "read_at"]

    def get_text(self, obj: Notification) -> str:
        return obj.rendered()


class NotificationListApi(APIView):
    """The notifications, newest first, a page at a time, and how many are unread."""

    permission_classes = (IsAuthenticated,)

    @operation(
        "notifications_list",
        parameters=[CursorQuery],
        responses={
            200: page_of(
                "NotificationPage",
                NotificationOutput,
                unread=serializers.IntegerField(help_text="unread notifications, on any page"),
            ),
            **error_responses(400, 401),
        },
    )
    def get(self, request):
        query(CursorQuery, request)
        qs = Notification.objects.filter(user=request.user)
        unread = qs.filter(read_at__isnull=True).count()
        return paginate(
            request,
            qs,
            serialized(NotificationOutput),
            pagination=CursorPage(("-created_at", "-id")),
            view=self,
            unread=unread,
        )


class NotificationReadApi(APIView):
    """Mark notifications read: the listed ids, or every unread one when ``ids`` is absent."""

    permission_classes = (IsAuthenticated,)

    class Input(serializers.Serializer):
        ids = serializers.ListField(child=IntegerField(min_value=1), required=False, max_length=500)

    class Output(serializers.Serializer):
        marked = serializers.IntegerField()

    @operation(
        "notifications_read",
        request=Input,
        responses={200: Output, **error_responses(400, 401, 415)},
    )
    def post(self, request):
        ids = validated(self.Input, request).get("ids")
        marked = notifications_mark_read(user=request.user, ids=ids)
        return Response({"marked": marked})
