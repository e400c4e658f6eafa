"""Account endpoints under /api/v1/: register, API tokens, socket tickets, browser session, the
current user."""

from django.conf import settings
from django.contrib.auth import logout
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.deletion import account_delete
from accounts.errors import AccountError as E
from accounts.export import account_export
from accounts.models import ApiToken
from accounts.second_factor import begin_login
from accounts.second_factor import check_code
from accounts.second_factor import has_second_factor
from accounts.second_factor import is_same_site_path
from accounts.selectors import owned_bot_list
from accounts.services import DEFAULT_TOKEN_NAME
from accounts.services import SIGNUP_TOKEN_NAME
from accounts.services import TOKEN_NAME_MAX
from accounts.services import api_token_create
from accounts.services import api_token_revoke
from accounts.services import api_token_revoke_all
from accounts.services import owned_bot_create
from accounts.services import owned_bot_deactivate
from accounts.services import owned_bot_owner_check
from accounts.services import owned_bot_token_issue
from accounts.services import user_authenticate
from accounts.services import user_register
from accounts.sockets import session_credential
from accounts.sockets import token_credential
from core import clock
from core.errors import ApplicationError
from core.errors import NotAuthenticated
from core.inputs import query
from core.inputs import validated
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.pagination import serialized
from core.schema import error_responses
from core.schema import operations
from core.throttling import AccountExportRateThrottle
from core.throttling import LoginRateThrottle
from core.throttling import RegisterRateThrottle
from core.throttling import SocketTicketRateThrottle
from realtime.tickets import ticket_issue

operation = operations(["accounts"])


class CredentialsInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class UserRegisterApi(APIView):
    """Create a player account and return an API token for it (named "sign-up")."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (RegisterRateThrottle,)

    class Input(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=4096, trim_whitespace=False)
        email = serializers.EmailField(required=False, allow_blank=True, default="")
        time_zone = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=64,
            help_text="an IANA time zone (the browser's); blank: UTC. Where the player's "
            "weekend falls on a table with no clock at weekends",
        )

    class Output(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        token = serializers.CharField()

    @operation(
        "auth_register",
        request=Input,
        responses={
            201: Output,
            **error_responses(
                400,
                415,
                e400="`username_taken`, `invalid_username`, `invalid_password` (see `fields`), "
                "`invalid_email`, `invalid_time_zone`",
            ),
        },
        auth=[],
    )
    def post(self, request):
        user = user_register(**validated(self.Input, request), request=request)
        _, token = api_token_create(user=user, name=SIGNUP_TOKEN_NAME)
        output = self.Output({"id": user.pk, "username": user.username, "token": token})
        return Response(output.data, status=status.HTTP_201_CREATED)


class TokenOutput(serializers.Serializer):
    """An API token as its owner sees it: never the key, except once when it is made."""

    id = serializers.UUIDField(source="public_id")
    name = serializers.CharField()
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True)
    last_used_at = serializers.DateTimeField(allow_null=True, help_text="to 5 minutes")


class NewTokenOutput(TokenOutput):
    token = serializers.CharField(help_text="the key: shown this once, only its digest is kept")


# The service's rule (accounts.services.api_token_create): 1 to TOKEN_NAME_MAX printable
# characters once trimmed; the pattern asks for one that is not a space and no control one.
@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": TOKEN_NAME_MAX,
        "pattern": r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$",
        "description": f"1 to {TOKEN_NAME_MAX} printable characters (spaces around are trimmed)",
    }
)
class TokenNameField(serializers.CharField):
    """A token's name, checked by the service (400 ``invalid``)."""


class AuthTokenObtainApi(APIView):
    """Exchange a username and password for a new API token (`Authorization: Token <key>`).

    Each client names its token (`name`, default "api"); asking again under the same name
    replaces that token. Tokens expire (`expiry`); list and revoke them at /auth/tokens.
    """

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (LoginRateThrottle,)

    class Input(CredentialsInput):
        name = TokenNameField(max_length=TOKEN_NAME_MAX, required=False, default=DEFAULT_TOKEN_NAME)
        code = serializers.CharField(
            max_length=64,
            required=False,
            default="",
            help_text="the second factor's current code (or a recovery code), for an account "
            "that has one",
        )

    @operation(
        "auth_token",
        request=Input,
        responses={
            200: NewTokenOutput,
            **error_responses(
                400,
                409,
                415,
                e400="`invalid_credentials` (bots always get it); for an account with a "
                "second factor, `second_factor_code_required` or `invalid_second_factor_code`",
                e409="`too_many_tokens`",
            ),
        },
        auth=[],
    )
    def post(self, request):
        data = validated(self.Input, request)
        user = user_authenticate(
            request=request, username=data["username"], password=data["password"]
        )
        if has_second_factor(user):
            if not data["code"]:
                raise ApplicationError(
                    E.SECOND_FACTOR_CODE_REQUIRED,
                    "This account has a second factor: send its current code as `code`.",
                )
            if not check_code(user, data["code"]):
                raise ApplicationError(
                    E.INVALID_SECOND_FACTOR_CODE, "This code is not valid or was used already."
                )
        token, key = api_token_create(user=user, name=data["name"])
        return Response(NewTokenOutput({**_token_fields(token), "token": key}).data)


def _token_fields(token: ApiToken) -> dict:
    return {
        "public_id": token.public_id,
        "name": token.name,
        "created": token.created,
        "expiry": token.expiry,
        "last_used_at": token.last_used_at,
    }


class TokenListApi(APIView):
    """Your API tokens: list them, make one (signed in), or revoke them all.

    Revoking closes the sockets opened with them within a moment."""

    permission_classes = (IsAuthenticated,)

    class Input(serializers.Serializer):
        name = TokenNameField(max_length=TOKEN_NAME_MAX)

    class ListOutput(TokenOutput):
        current = serializers.BooleanField(help_text="the token this request came with")

    @operation(
        "auth_tokens_list",
        parameters=[NumberQuery],
        responses={200: page_of("TokenPage", ListOutput), **error_responses(400, 401)},
    )
    def get(self, request):
        query(NumberQuery, request)
        tokens = ApiToken.objects.filter(user=request.user).order_by("-created", "-digest")
        current = getattr(request.auth, "digest", None)

        def serialize(page):
            rows = [{**_token_fields(t), "current": t.digest == current} for t in page]
            return self.ListOutput(rows, many=True).data

        return paginate(request, tokens, serialize, pagination=NumberPage(), view=self)

    @operation(
        "auth_tokens_create",
        request=Input,
        responses={
            201: NewTokenOutput,
            **error_responses(400, 401, 403, 409, 415, e409="`too_many_tokens`"),
        },
    )
    def post(self, request):
        name = validated(self.Input, request)["name"]
        token, key = api_token_create(user=request.user, name=name, replace=False)
        body = NewTokenOutput({**_token_fields(token), "token": key}).data
        return Response(body, status=status.HTTP_201_CREATED)

    @operation(
        "auth_tokens_revoke_all",
        responses={
            204: OpenApiResponse(description="Every token revoked."),
            **error_responses(401, 403),
        },
    )
    def delete(self, request):
        api_token_revoke_all(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenDetailApi(APIView):
    """Revoke one of your API tokens (by its `id`, not its key)."""

    permission_classes = (IsAuthenticated,)

    @operation(
        "auth_tokens_revoke",
        responses={204: OpenApiResponse(description="Revoked."), **error_responses(401, 403, 404)},
    )
    def delete(self, request, token_id):
        api_token_revoke(user=request.user, public_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SocketTicketApi(APIView):
    """A single-use ticket to open a socket as yourself: `wss://…/ws/games/<id>/?ticket=<t>`.

    For clients without the session cookie (a browser's socket sends the cookie and needs
    none). Good once, for `expires_in` seconds; the socket then stays bound to the token or
    session that asked for the ticket and is closed (4401) when that ends. Never put the API
    token itself in a URL."""

    permission_classes = (IsAuthenticated,)
    throttle_classes = (SocketTicketRateThrottle,)

    class Output(serializers.Serializer):
        ticket = serializers.CharField()
        expires_in = serializers.IntegerField(help_text="seconds")

    @operation(
        "auth_socket_ticket",
        request=None,
        responses={201: Output, **error_responses(401, 403, 503)},
    )
    def post(self, request):
        if isinstance(request.auth, ApiToken):
            credential = token_credential(request.auth.digest)
        else:
            credential = session_credential(request.session.session_key)
        ticket = ticket_issue(user_id=request.user.pk, credential=credential)
        body = {"ticket": ticket, "expires_in": settings.SOCKET_TICKET_SECONDS}
        return Response(self.Output(body).data, status=status.HTTP_201_CREATED)


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
        next = serializers.CharField(
            max_length=2048,
            required=False,
            default="",
            help_text="a same-site path to land on once the second factor is entered",
        )

        def validate_next(self, value: str) -> str:
            return value if is_same_site_path(value) else ""

    class Output(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()

    @operation(
        "auth_login",
        request=Input,
        responses={
            200: Output,
            **error_responses(
                400,
                401,
                415,
                e400="`invalid_credentials` (bots always get it)",
                e401="`second_factor_pending`: the account has a second factor; the session "
                "is not logged in until its code is entered in the browser at `next`",
            ),
        },
        auth=[],
    )
    def post(self, request):
        data = validated(self.Input, request)
        user = user_authenticate(
            request=request, username=data["username"], password=data["password"]
        )
        pending = begin_login(request, user, data["next"])
        if pending is not None:
            raise NotAuthenticated(
                E.SECOND_FACTOR_PENDING,
                "This account has a second factor: enter its code at `next` (in the browser).",
                extra={"next": pending},
            )
        return Response(self.Output({"id": user.pk, "username": user.username}).data)


class SessionLogoutApi(APIView):
    """End the browser session; with token authentication, revoke that token instead.

    A session-authenticated call needs the `X-CSRFToken` header. Logging out when not
    logged in is not an error.
    """

    permission_classes = (AllowAny,)

    @operation(
        "auth_logout",
        request=None,
        responses={204: OpenApiResponse(description="Logged out."), **error_responses(401, 403)},
    )
    def post(self, request):
        if isinstance(request.auth, ApiToken):
            api_token_revoke(user=request.user, public_id=request.auth.public_id)
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
        bot_owner = serializers.CharField(
            source="bot_owner.username",
            default=None,
            allow_null=True,
            help_text="for a bot a person owns: its owner",
        )
        is_staff = serializers.BooleanField()
        vacation_from = serializers.DateTimeField(allow_null=True)
        vacation_until = serializers.DateTimeField(
            allow_null=True, help_text="correspondence clocks are paused until then"
        )
        time_zone = serializers.CharField(
            help_text="the player's IANA time zone (blank: UTC), set on /settings"
        )

    @operation("me", responses={200: Output, **error_responses(401)})
    def get(self, request):
        return Response(self.Output(request.user).data)


class AccountDeleteApi(APIView):
    """Delete your account: give your password again and ``"confirm": true``.

    The account is pseudonymized, not removed (accounts.deletion): every token and session
    ends, the name, email and password go, and the games, ratings and disputes it took part in
    stay, showing "deleted player". Refused (409 ``account_has_active_games``, listing them in
    ``games`` and ``tournaments``) while you hold a seat at an open or active table or an entry
    in a tournament that has not ended. Bot accounts cannot be deleted."""

    permission_classes = (IsAuthenticated,)
    throttle_classes = (LoginRateThrottle,)

    class Input(serializers.Serializer):
        password = serializers.CharField(max_length=4096, trim_whitespace=False)
        confirm = serializers.BooleanField(help_text="must be true")

    @operation(
        "account_delete",
        request=Input,
        responses={
            204: OpenApiResponse(description="Deleted; you are signed out."),
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                e400="`invalid_credentials` (the password), `confirmation_required`",
                e409="`account_has_active_games`",
            ),
        },
    )
    def post(self, request):
        data = validated(self.Input, request)
        account_delete(
            user=request.user, password=data["password"], confirm=data["confirm"], request=request
        )
        if not isinstance(request.auth, ApiToken):
            logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AccountExportApi(APIView):
    """Download your data: one JSON file with your profile, settings, ratings and rating
    history, your games with their records as you may see them (a game in play only from your
    own seat), your disputes and your notifications (accounts.export)."""

    permission_classes = (IsAuthenticated,)
    throttle_classes = (AccountExportRateThrottle,)

    @operation(
        "account_export",
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="the export, as an attachment"),
            **error_responses(401, 403, 429),
        },
    )
    def get(self, request):
        doc = account_export(user=request.user)
        day = clock.now().date().isoformat()
        name = f"mexican-train-{request.user.pk}-{day}.json"
        response = Response(doc)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        response["Cache-Control"] = "no-store"
        return response


class OwnedBotOutput(serializers.Serializer):
    """A bot account its owner sees."""

    id = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    active = serializers.BooleanField(source="is_active")
    created = serializers.DateTimeField(source="date_joined")


class NewOwnedBotOutput(OwnedBotOutput):
    token = serializers.CharField(
        help_text="the bot's API key: shown this once, only its digest is kept"
    )


def _bot_with_token(bot, key: str) -> dict:
    return {**OwnedBotOutput(bot).data, "token": key}


class OwnedBotListApi(APIView):
    """Your bot accounts: list them, or register one (`username`) and get its API token.

    A bot you own plays through the same REST and socket API as you, with its own token
    (`Authorization: Token <key>`), on the clock like a person: the platform never moves for
    it. It may sit at casual tables and enter bots-only tournaments, never rated play. At most
    `BOTS_PER_USER` active bots each; a bot cannot register bots."""

    permission_classes = (IsAuthenticated,)

    def get_throttles(self):
        # A new bot is a new account: the sign-ups' limit per address, so deactivating and
        # registering again cannot mint accounts without end. Listing is not limited.
        return [RegisterRateThrottle()] if self.request.method == "POST" else []

    class Input(serializers.Serializer):
        username = serializers.CharField(max_length=150)

    @operation(
        "me_bots_list",
        parameters=[NumberQuery],
        responses={
            200: page_of("OwnedBotPage", OwnedBotOutput),
            **error_responses(400, 401, 403, e403="`bots_cannot_own_bots`"),
        },
    )
    def get(self, request):
        query(NumberQuery, request)
        owned_bot_owner_check(request.user)
        bots = owned_bot_list(owner=request.user)
        return paginate(
            request, bots, serialized(OwnedBotOutput), pagination=NumberPage(), view=self
        )

    @operation(
        "me_bots_create",
        request=Input,
        responses={
            201: NewOwnedBotOutput,
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                429,
                e400="`invalid_username`, `username_taken`",
                e403="`bots_cannot_own_bots`",
                e409="`too_many_bots`",
            ),
        },
    )
    def post(self, request):
        username = validated(self.Input, request)["username"]
        bot, key = owned_bot_create(owner=request.user, username=username)
        return Response(_bot_with_token(bot, key), status=status.HTTP_201_CREATED)


class OwnedBotDetailApi(APIView):
    """Deactivate one of your bots: its tokens are revoked and its sockets close; its games
    keep it, and a turn it no longer plays times out like anyone's."""

    permission_classes = (IsAuthenticated,)

    @operation(
        "me_bots_deactivate",
        responses={
            204: OpenApiResponse(description="Deactivated."),
            **error_responses(401, 403, 404, e403="`bots_cannot_own_bots`", e404="`bot_not_found`"),
        },
    )
    def delete(self, request, username):
        owned_bot_deactivate(owner=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class OwnedBotTokenApi(APIView):
    """Give one of your bots a new API token; every older one of it stops working."""

    permission_classes = (IsAuthenticated,)

    @operation(
        "me_bots_token",
        request=None,
        responses={
            201: NewOwnedBotOutput,
            **error_responses(401, 403, 404, e403="`bots_cannot_own_bots`", e404="`bot_not_found`"),
        },
    )
    def post(self, request, username):
        bot, key = owned_bot_token_issue(owner=request.user, username=username)
        return Response(_bot_with_token(bot, key), status=status.HTTP_201_CREATED)
