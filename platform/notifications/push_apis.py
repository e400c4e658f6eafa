"""Web Push on your devices (notifications.push): GET /api/v1/push (the platform's application
server key and the push kinds), your subscriptions at /api/v1/push/subscriptions (list,
subscribe a browser) and /api/v1/push/subscriptions/<id> (its kinds, unsubscribe)."""

from __future__ import annotations

import re

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.inputs import query
from core.inputs import validated
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.pagination import serialized
from core.schema import error_responses
from core.schema import operations
from notifications.kinds import PUSH_KINDS
from notifications.models import PushSubscription
from notifications.push import push_subscription_delete
from notifications.push import push_subscription_save
from notifications.push import push_subscription_update

operation = operations(["notifications"])

LABEL_MAX = 100


class PushKindField(serializers.ChoiceField):
    """One of the push kinds the apps registered (notifications.kinds.PUSH_KINDS): read when
    each serializer is made (DRF makes its fields anew from their arguments), not at import."""

    def __init__(self, **kwargs):
        super().__init__(choices=list(PUSH_KINDS), **kwargs)


def _kinds_field(**kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=PushKindField(),
        max_length=20,
        help_text="the push kinds this device gets (`GET /push` lists them)",
        **kwargs,
    )


class PushKindOutput(serializers.Serializer):
    name = serializers.CharField(help_text="what `kinds` of a subscription names")
    label = serializers.CharField(help_text="its words on /settings, in the request's language")


class PushKeysInput(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200, help_text="P-256 public key, base64url")
    auth = serializers.CharField(max_length=100, help_text="16-byte auth secret, base64url")


class PushSubscriptionOutput(serializers.ModelSerializer):
    kinds = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = PushSubscription
        fields = ["id", "endpoint", "label", "kinds", "created_at", "last_push_at"]


class PushConfigApi(APIView):
    """What a browser needs to subscribe: whether this platform sends pushes, its VAPID public
    key (`applicationServerKey` of `pushManager.subscribe`) and the push kinds a device may
    opt in for, with their words in the request's language."""

    permission_classes = (AllowAny,)

    class Output(serializers.Serializer):
        enabled = serializers.BooleanField(help_text="false: no VAPID key, no pushes")
        public_key = serializers.CharField(
            allow_blank=True, help_text="the P-256 public key, base64url (uncompressed point)"
        )
        kinds = PushKindOutput(many=True)

    @operation("push_config", responses={200: Output})
    def get(self, request):
        kinds = [{"name": k.name, "label": str(k.label)} for k in PUSH_KINDS.values()]
        return Response(
            {
                "enabled": settings.WEB_PUSH_ENABLED,
                "public_key": settings.WEB_PUSH_VAPID_PUBLIC_KEY,
                "kinds": kinds,
            }
        )


class PushSubscriptionListApi(APIView):
    """Your devices that get pushes (newest first), and subscribing one: the browser's
    `PushSubscription.toJSON()` (`endpoint`, `keys`), with the push kinds it wants.

    Subscribing an endpoint again updates it (201 when new, 200 otherwise), under whoever
    signed in on that device last."""

    permission_classes = (IsAuthenticated,)

    class Input(serializers.Serializer):
        endpoint = serializers.CharField(
            max_length=1000, help_text="the push service's URL for this browser"
        )
        keys = PushKeysInput()
        expirationTime = serializers.IntegerField(  # noqa: N815 - the browser's own name
            required=False, allow_null=True, help_text="as the browser gives it; not used"
        )
        kinds = _kinds_field(required=False)
        label = serializers.CharField(
            max_length=LABEL_MAX,
            required=False,
            allow_blank=True,
            help_text="the device's name on /settings (default: its browser and system)",
        )

    @operation(
        "push_subscriptions_list",
        parameters=[NumberQuery],
        responses={
            200: page_of("PushSubscriptionPage", PushSubscriptionOutput),
            **error_responses(400, 401),
        },
    )
    def get(self, request):
        query(NumberQuery, request)
        rows = PushSubscription.objects.filter(user=request.user).order_by("-created_at", "-id")
        return paginate(
            request, rows, serialized(PushSubscriptionOutput), pagination=NumberPage(), view=self
        )

    @operation(
        "push_subscriptions_create",
        request=Input,
        responses={
            201: PushSubscriptionOutput,
            200: PushSubscriptionOutput,
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                e400="`invalid_push_endpoint`, `invalid_push_keys`",
                e409="`too_many_push_subscriptions`, `push_not_configured`",
            ),
        },
    )
    def post(self, request):
        data = validated(self.Input, request)
        row, created = push_subscription_save(
            user=request.user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            kinds=data.get("kinds", list(PUSH_KINDS)),
            label=data.get("label") or device_label(request.headers.get("User-Agent", "")),
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(PushSubscriptionOutput(row).data, status=code)


class PushSubscriptionDetailApi(APIView):
    """One of your devices: change the push kinds it gets (or its label), or unsubscribe it.
    Anyone else's answers 404."""

    permission_classes = (IsAuthenticated,)

    class Input(serializers.Serializer):
        kinds = _kinds_field(required=False)
        label = serializers.CharField(max_length=LABEL_MAX, required=False, allow_blank=True)

    @operation(
        "push_subscriptions_update",
        request=Input,
        responses={200: PushSubscriptionOutput, **error_responses(400, 401, 403, 404, 415)},
    )
    def patch(self, request, subscription_id):
        data = validated(self.Input, request)
        row = push_subscription_update(
            user=request.user,
            subscription_id=subscription_id,
            kinds=data.get("kinds"),
            label=data.get("label"),
        )
        return Response(PushSubscriptionOutput(row).data)

    @operation(
        "push_subscriptions_delete",
        responses={
            204: OpenApiResponse(description="Unsubscribed."),
            **error_responses(401, 403, 404),
        },
    )
    def delete(self, request, subscription_id):
        push_subscription_delete(user=request.user, subscription_id=subscription_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


_BROWSERS = (
    ("Edg", "Edge"),
    ("OPR", "Opera"),
    ("SamsungBrowser", "Samsung Internet"),
    ("Firefox", "Firefox"),
    ("Chrome", "Chrome"),
    ("Chromium", "Chromium"),
    ("Safari", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("Linux", "Linux"),
)


def device_label(user_agent: str) -> str:
    """A device's default name from its User-Agent: "Firefox · Android"; "" if unknown."""
    browser = next((name for token, name in _BROWSERS if token in user_agent), "")
    system = next((name for token, name in _SYSTEMS if token in user_agent), "")
    label = " · ".join(part for part in (browser, system) if part)
    return re.sub(r"\s+", " ", label)[:LABEL_MAX]
