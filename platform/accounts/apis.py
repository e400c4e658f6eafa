"""Account endpoints under /api/v1/: register, API token, browser session, the current user."""

from django.contrib.auth import login, logout
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import (
    auth_token_get_or_create,
    auth_token_revoke,
    user_authenticate,
    user_register,
)
from core.schema import error_responses
from core.throttling import LoginRateThrottle, RegisterRateThrottle

TAGS = ["accounts"]


class CredentialsInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class UserRegisterApi(APIView):
    """Create a player account and return its API token."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (RegisterRateThrottle,)

    class Input(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=4096, trim_whitespace=False)
        email = serializers.EmailField(required=False, allow_blank=True, default="")

    class Output(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        token = serializers.CharField()

    @extend_schema(
        tags=TAGS,
        operation_id="auth_register",
        request=Input,
        responses={
            201: Output,
            **error_responses(
                400,
                415,
                e400="`username_taken`, `invalid_username`, `invalid_password` (see `fields`), "
                "`invalid_email`",
            ),
        },
        auth=[],
    )
    def post(self, request):
        serializer = self.Input(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = user_register(**serializer.validated_data)
        token = auth_token_get_or_create(user=user)
        output = self.Output({"id": user.pk, "username": user.username, "token": token})
        return Response(output.data, status=status.HTTP_201_CREATED)


class AuthTokenObtainApi(APIView):
    """Exchange a username and password for the account's API token (`Authorization: Token`)."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (LoginRateThrottle,)

    class Input(CredentialsInput):
        pass

    class Output(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(
        tags=TAGS,
        operation_id="auth_token",
        request=Input,
        responses={
            200: Output,
            **error_responses(400, 415, e400="`invalid_credentials` (bots always get it)"),
        },
        auth=[],
    )
    def post(self, request):
        serializer = self.Input(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = user_authenticate(request=request, **serializer.validated_data)
        token = auth_token_get_or_create(user=user)
        return Response(self.Output({"token": token}).data)


@method_decorator(ensure_csrf_cookie, name="dispatch")
class SessionLoginApi(APIView):
    """Log the browser in: sets the `sessionid` cookie and a fresh `csrftoken` cookie.

    CSRF: this endpoint needs no CSRF token, so a fresh browser can call it. It runs without
    authentication classes (DRF's SessionAuthentication would demand a token from a browser
    that is already logged in). It is still not a login-CSRF hole: it only parses
    `application/json`, which a cross-site form cannot send and cross-site `fetch` cannot
    send without a CORS preflight that this server never grants. After login, read the
    `csrftoken` cookie and send it as `X-CSRFToken` on every unsafe request.
    """

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (LoginRateThrottle,)

    class Input(CredentialsInput):
        pass

    class Output(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()

    @extend_schema(
        tags=TAGS,
        operation_id="auth_login",
        request=Input,
        responses={
            200: Output,
            **error_responses(400, 415, e400="`invalid_credentials` (bots always get it)"),
        },
        auth=[],
    )
    def post(self, request):
        serializer = self.Input(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = user_authenticate(request=request, **serializer.validated_data)
        login(request, user)
        return Response(self.Output({"id": user.pk, "username": user.username}).data)


class SessionLogoutApi(APIView):
    """End the browser session; with token authentication, revoke that token instead.

    A session-authenticated call needs the `X-CSRFToken` header. Logging out when not
    logged in is not an error.
    """

    permission_classes = (AllowAny,)

    @extend_schema(
        tags=TAGS,
        operation_id="auth_logout",
        request=None,
        responses={204: OpenApiResponse(description="Logged out."), **error_responses(401, 403)},
    )
    def post(self, request):
        if isinstance(request.auth, Token):
            auth_token_revoke(user=request.user)
        else:
            logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


@method_decorator(ensure_csrf_cookie, name="dispatch")
class UserMeApi(APIView):
    """Return the logged-in user (also sets the `csrftoken` cookie for the browser)."""

    permission_classes = (IsAuthenticated,)

    class Output(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        is_bot = serializers.BooleanField()
        is_staff = serializers.BooleanField()
        vacation_from = serializers.DateTimeField(allow_null=True)
        vacation_until = serializers.DateTimeField(
            allow_null=True, help_text="correspondence clocks are paused until then"
        )

    @extend_schema(tags=TAGS, operation_id="me", responses={200: Output, **error_responses(401)})
    def get(self, request):
        return Response(self.Output(request.user).data)
