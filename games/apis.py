"""The games REST API (/api/v1/games...): thin views over services and selectors."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_field
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.names import game_names
from accounts.permissions import acting_user
from core.api_views import PublicReadApi
from core.fields import IntegerField
from core.fields import StrictBooleanField
from core.fields import WholeNumberField
from core.inputs import query
from core.inputs import validated
from core.limits import check_idempotency_key
from core.pagination import CursorPage
from core.pagination import CursorQuery
from core.pagination import NumberPage
from core.pagination import page_of
from core.pagination import paginate
from core.pagination import serialized
from core.schema import ApiErrorSerializer
from core.schema import error_responses
from core.throttling import MoveRateThrottle
from core.throttling import ReadRateThrottle
from core.throttling import ReceiptCheckRateThrottle
from core.throttling import TableCreateRateThrottle
from games import extensions
from games import selectors
from games import services
from games import shapes
from games.engine.attestation import attest
from games.invites import invite_code_for
from games.models import Game
from games.models import GameStatus
from games.moves import MoveInput
from games.moves import move_body
from games.rematch import game_rematch
from games.rematch import tournament_id_of
from games.siblings import progress_hidden
from games.siblings import redact_game_doc
from signing.keys import signing_key
from trust import receipts as trust_receipts

ERROR = ApiErrorSerializer


class EventOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    schema_version = serializers.IntegerField()
    data = shapes.EventDataField(help_text="the event as the caller may see it")
    actor = shapes.ActorField()
    at = serializers.DateTimeField()


EVENT = EventOutput


class SeatOutput(serializers.Serializer):
    index = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    is_bot = serializers.BooleanField(source="user.is_bot")
    owned_bot = serializers.BooleanField(
        source="user.is_owned_bot",
        help_text="a bot a person owns: it moves itself, on the clock (is_bot is true too)",
    )
    resigned = serializers.SerializerMethodField()
    forfeited = serializers.SerializerMethodField()
    reserve_ms = serializers.IntegerField(
        allow_null=True, help_text="live games: the reserve time this seat has left"
    )
    timeouts_in_row = serializers.IntegerField()
    more_time_given = serializers.IntegerField(
        help_text="how often this seat's player has given an opponent more time in this game"
    )
    berserk = serializers.BooleanField(
        help_text="the seat's player went berserk before the start: half the reserve (a "
        "tournament may give a win a bonus for it)"
    )

    def get_resigned(self, seat) -> bool:
        return seat.resigned_at is not None

    def get_forfeited(self, seat) -> bool:
        return seat.forfeited_at is not None


class ContributionOutput(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True, help_text="informative (spec version 2)")
    value = serializers.CharField(
        allow_null=True,
        help_text="the contribution; before the start only the caller's own is shown (null "
        "for the other seats)",
    )
    contributed = serializers.BooleanField(help_text="whether the value is not empty")
    at = serializers.DateTimeField(allow_null=True, help_text="when it was given")


class FairnessOutput(serializers.Serializer):
    version = serializers.IntegerField(help_text="the record version the deal follows: 1 or 2")
    server_seed_commitment = serializers.CharField(
        allow_null=True, help_text="SHA-256 of the server seed, published when the table opened"
    )
    committed_at = serializers.DateTimeField(allow_null=True)
    fixed = serializers.BooleanField(help_text="the contributions were fixed at the start")
    contributions = ContributionOutput(
        many=True, help_text="in derivation order once fixed; one per seat before"
    )
    server_seed = serializers.CharField(
        allow_null=True, help_text="revealed once the match has ended, like `seed`"
    )


class GameOutput(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    status = serializers.ChoiceField(GameStatus.values)
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()
    players = serializers.IntegerField()
    ruleset = shapes.RulesetField()
    time_control = shapes.TimeControlField()
    rated = serializers.BooleanField()
    chat = serializers.ChoiceField(
        ["free", "quick", "off"], help_text="`free`, `quick` (canned messages only) or `off`"
    )
    seats = SeatOutput(many=True, source="seats.all")
    seed_commitment = serializers.CharField(
        help_text="the commitment shown before the first deal (version 2: the server seed's)"
    )
    fairness = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField(
        help_text="revealed once the match has ended (a duplicate tournament table's: once "
        "every table dealt the same seed has finished)"
    )
    seq = serializers.IntegerField(source="version")
    round = serializers.IntegerField()
    to_move = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="when the seat to move times out (RULES R24)"
    )
    turn_started_at = serializers.DateTimeField(allow_null=True)
    clock = serializers.SerializerMethodField()
    ready_deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="a tournament table's ready window: contributions are taken until then (a "
        "correspondence table starts sooner once every seated player has opened it)",
    )
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    result = shapes.GameResultField(allow_null=True)
    progress_hidden = serializers.SerializerMethodField(
        help_text="a duplicate table whose deal another table still plays: to all but its "
        "players it shows as in play, with no seq, round, turn, times or result (games.siblings)"
    )
    private = serializers.BooleanField(
        help_text="a private table: listed nowhere, joined with its invite link"
    )
    invite_code = serializers.SerializerMethodField(
        help_text="a private table's invite code, shown to its seated players only (the link "
        "is /games/<id>?invite=<code>); null for everyone else"
    )

    def get_invite_code(self, game) -> str | None:
        return invite_code_for(game, getattr(self.context.get("request"), "user", None))

    def get_progress_hidden(self, game) -> bool:
        return progress_hidden(game, getattr(self.context.get("request"), "user", None))

    def to_representation(self, game):
        data = super().to_representation(game)
        names = game_names(game)
        if names:  # deleted accounts: "deleted player N" (accounts.names)
            users = {s.index: s.user for s in game.seats.all()}
            for seat in data["seats"]:
                seat["username"] = names.of(users[seat["index"]])
            data["created_by"] = names.of(game.created_by)
        return redact_game_doc(data) if data["progress_hidden"] else data

    @extend_schema_field(shapes.ClockOutput(allow_null=True))
    def get_clock(self, game) -> dict:
        return shapes.ClockOutput(selectors.game_clock(game)).data

    def get_seed(self, game) -> str | None:
        if not selectors.seed_revealed(game):
            return None
        return game.seed

    @extend_schema_field(FairnessOutput)
    def get_fairness(self, game) -> dict:
        request = self.context.get("request")
        return FairnessOutput(
            selectors.game_fairness_for(game, getattr(request, "user", None))
        ).data


class RatingChangeOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField()
    kind = serializers.CharField(help_text="live or correspondence: the series it counts in")
    before = serializers.IntegerField(help_text="the display rating before the game")
    after = serializers.IntegerField(help_text="the display rating after it")
    change = serializers.IntegerField(help_text="after - before")


class GameRatingsOutput(serializers.Serializer):
    state = serializers.ChoiceField(
        ["pending", "applied", "aborted", "reversed"],
        help_text="pending until the ratings are applied, a moment after the end",
    )
    changes = RatingChangeOutput(
        many=True, help_text="by seat, the people's changes that stand (bots have no rating)"
    )


class GameDetailOutput(GameOutput):
    """One game, with what its page shows after the end (not in the lists)."""

    ratings = serializers.SerializerMethodField(
        help_text="a rated game's rating changes (null for an unrated game)"
    )
    tournament = serializers.SerializerMethodField(
        help_text="the tournament whose table this is, or null"
    )
    rematch = serializers.SerializerMethodField(
        help_text="the table opened to play this game again with the same seats, or null"
    )
    rematch_of = serializers.UUIDField(
        source="rematch_of_id", allow_null=True, help_text="the ended game this table replays"
    )

    @extend_schema_field(GameRatingsOutput(allow_null=True))
    def get_ratings(self, game) -> dict | None:
        return extensions.game_ratings(game)  # the ratings app's (games.extensions)

    def get_tournament(self, game) -> int | None:
        return tournament_id_of(game)

    def get_rematch(self, game) -> str | None:
        found = Game.objects.filter(rematch_of=game).values_list("pk", flat=True).first()
        return str(found) if found else None

    def to_representation(self, game):
        data = super().to_representation(game)
        if data["progress_hidden"]:  # how it ended is not told yet (games.siblings)
            data.update(ratings=None, rematch=None)
        return data


def _game(game_id, request):
    return GameDetailOutput(
        selectors.game_get(game_id, seats=True), context={"request": request}
    ).data


@extend_schema_field(
    {
        "type": "string",
        "maxLength": 256,
        "description": "your contribution to the seed: any text of at most 256 UTF-8 bytes "
        "(spec/game-record.md, version 2)",
    }
)
class ContributionField(serializers.Field):
    """Pass the value as sent: the service checks it (``invalid_contribution``), so a number
    is refused rather than turned into a string."""

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


ReceiptOutput = shapes.Receipt


class MoveOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    events = EVENT(many=True)
    receipt = ReceiptOutput(
        allow_null=True,
        help_text="the platform's signed receipt of what it acknowledged (null if nothing was "
        "appended); keep it: POST .../receipts checks the log still matches it",
    )


def move_answer(result, game_id, user, code=status.HTTP_201_CREATED) -> Response:
    seat = result.seat
    if seat is None:
        seat = selectors.game_viewer_seat(selectors.game_get(game_id), user)
    names = selectors.table_names(game_id, fresh=True)
    body = {
        "seq": result.seq,
        "events": [selectors.event_for(e, seat, names) for e in result.events],
        "receipt": trust_receipts.receipt_for(game_id, result.events),
    }
    return Response(body, status=code)


@extend_schema_field({"type": "string", "enum": ["free", "quick", "off"], "nullable": True})
class ChatModeField(serializers.CharField):
    """A new table's chat mode, checked by the service (400 ``invalid_chat_mode``)."""


class GameListApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ReadRateThrottle, TableCreateRateThrottle]  # GET and POST apart

    class Input(serializers.Serializer):
        players = IntegerField(min_value=2, max_value=14)
        name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
        hand_table = serializers.ChoiceField(["classic", "double12"], default="classic")
        variants = shapes.VariantsField(required=False, default=dict)
        time_control = shapes.TimeControlInputField(required=False, default=dict)
        rated = serializers.BooleanField(default=False)
        private = serializers.BooleanField(
            default=False, help_text="listed nowhere; joined with the invite link"
        )
        contribution = ContributionField(required=False)
        chat = ChatModeField(
            required=False,
            allow_null=True,
            help_text="`free`, `quick` (canned messages only) or `off`; default `quick` when "
            "rated, else `free`; free chat in a rated game is refused (`free_chat_in_rated`)",
        )

    class Query(CursorQuery):
        status = serializers.ChoiceField(GameStatus.values, required=False)
        mine = StrictBooleanField(
            required=False,
            default=False,
            help_text="only the caller's games, most urgent first: their turn (earliest "
            "deadline first), then waiting for others, then open tables, then ended games; "
            "numbered pages (`page`), since urgency changes as the games go on",
        )
        page = WholeNumberField(required=False, min_value=1, help_text="with `mine` only")

    @extend_schema(
        operation_id="games_list",
        parameters=[Query],
        responses={200: page_of("GamePage", GameOutput), 400: ERROR, 401: ERROR},
    )
    def get(self, request):
        params = query(self.Query, request)
        wanted = params.get("status")
        if params["mine"]:
            if not request.user.is_authenticated:
                self.permission_denied(request)
            games = selectors.games_by_urgency(request.user, status=wanted)
            pagination = NumberPage()
        else:
            games = selectors.game_list(status=wanted)
            pagination = CursorPage(("-created_at", "-id"))
        return paginate(
            request,
            games,
            serialized(GameOutput, context={"request": request}),
            pagination=pagination,
            view=self,
        )

    @extend_schema(
        request=Input,
        responses={
            201: GameOutput,
            400: ERROR,
            401: ERROR,
            403: OpenApiResponse(
                ERROR,
                description="`not_eligible_for_rated` (rated: what the account lacks is in "
                "`detail`), `bots_not_rated` (a bot a person owns plays unrated only)",
            ),
            409: OpenApiResponse(
                ERROR, description="`too_many_open_tables`: start or leave one first"
            ),
        },
    )
    def post(self, request):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = validated(self.Input, request)
        game = services.game_create(user=request.user, **data)
        return Response(_game(game.id, request), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameDetailOutput, 404: ERROR})
    def get(self, request, game_id):
        body = _game(game_id, request)
        if body["status"] == GameStatus.OPEN:  # a tournament table waits for its players
            services.game_seat_opened(game_id=game_id, user=request.user)
        return Response(body)


class GameJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        contribution = ContributionField(required=False)
        invite = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=64,
            help_text="a private table's invite code (from its link's ?invite=)",
        )

    @extend_schema(
        request=Input,
        responses={
            200: GameOutput,
            400: ERROR,
            403: OpenApiResponse(
                ERROR, description="`invite_required`, `invite_invalid`: a private table"
            ),
            404: ERROR,
        },
    )
    def post(self, request, game_id):
        data = validated(self.Input, request)
        services.game_join(
            game_id=game_id,
            user=request.user,
            contribution=data.get("contribution"),
            invite=data.get("invite"),
        )
        return Response(_game(game_id, request))


class GameContributionApi(APIView):
    """Change the caller's contribution to the seed until the start (record version 2)."""

    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        value = ContributionField()

    @extend_schema(
        request=Input,
        responses={
            200: GameOutput,
            400: ERROR,
            403: ERROR,
            404: ERROR,
            409: OpenApiResponse(ERROR, description="`contributions_fixed`: the game started"),
        },
    )
    def post(self, request, game_id):
        data = validated(self.Input, request)
        services.game_contribute(game_id=game_id, user=request.user, value=data["value"])
        return Response(_game(game_id, request))


# A player acts on a table with no body (leaves it, starts it) and gets the game back. No
# docstring: drf-spectacular would give it to each subclass's operation as its description.
class _TableActionApi(APIView):
    permission_classes = [IsAuthenticated]

    def act(self, *, game_id, user):
        raise NotImplementedError

    @extend_schema(request=None, responses={200: GameOutput, 400: ERROR, 403: ERROR})
    def post(self, request, game_id):
        self.act(game_id=game_id, user=request.user)
        return Response(_game(game_id, request))


class GameLeaveApi(_TableActionApi):
    act = staticmethod(services.game_leave)


class GameBotsApi(APIView):
    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        strategy = serializers.ChoiceField(list(services.BOT_STRATEGIES), default="greedy")

    @extend_schema(request=Input, responses={201: GameOutput, 400: ERROR, 403: ERROR})
    def post(self, request, game_id):
        data = validated(self.Input, request)
        services.game_add_bot(game_id=game_id, user=request.user, strategy=data["strategy"])
        return Response(_game(game_id, request), status=status.HTTP_201_CREATED)


class GameBotSeatApi(APIView):
    """The table's creator frees a bot's seat before the start."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: GameOutput, **error_responses(400, 401, 403, 404)},
        description="400 `not_a_bot` (a person's seat), `game_not_open`; 403 `not_creator`; "
        "404 `no_such_seat`.",
    )
    def delete(self, request, game_id, seat):
        services.game_remove_bot(game_id=game_id, user=request.user, seat=seat)
        return Response(_game(game_id, request))


class GameRematchApi(APIView):
    """Play again with the same seats: open (or find) the ended game's one rematch table."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [TableCreateRateThrottle]

    @extend_schema(
        request=None,
        responses={
            201: OpenApiResponse(GameDetailOutput, description="the rematch, opened now"),
            200: OpenApiResponse(
                GameDetailOutput,
                description="the rematch opened before (the caller seated if a seat was free)",
            ),
            **error_responses(400, 401, 403, 404),
            409: OpenApiResponse(
                ERROR, description="`too_many_open_tables`: start or leave one first"
            ),
        },
        description="400 `not_finished` (in play, open or void), `tournament_game`; 403 "
        "`not_a_player` (no seat at the ended game), `not_eligible_for_rated`. The other "
        "people of the game are notified (kind `rematch`).",
    )
    def post(self, request, game_id):
        made = game_rematch(game_id=game_id, user=request.user)
        code = status.HTTP_201_CREATED if made.created else status.HTTP_200_OK
        return Response(_game(made.game.pk, request), status=code)


class GameStartApi(_TableActionApi):
    act = staticmethod(services.game_start)


class GameResignApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: MoveOutput, 400: ERROR, 403: ERROR})
    def post(self, request, game_id):
        result = services.game_resign(game_id=game_id, user=request.user)
        return move_answer(result, game_id, request.user, status.HTTP_200_OK)


class GameMoveApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MoveRateThrottle]

    Input = MoveInput  # the socket's move command takes the same body (games.moves)

    @extend_schema(
        request=Input,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={
            201: MoveOutput,
            200: OpenApiResponse(MoveOutput, description="a repeated Idempotency-Key"),
            400: ERROR,
            403: ERROR,
            404: ERROR,
            409: ERROR,
        },
    )
    def post(self, request, game_id):
        data, expected = move_body(request.data)
        key = check_idempotency_key(request.headers.get("Idempotency-Key"))
        result = services.game_move(
            game_id=game_id,
            user=request.user,
            move=data,
            expected_seq=expected,
            idempotency_key=key,
        )
        return move_answer(
            result,
            game_id,
            request.user,
            status.HTTP_200_OK if result.duplicate else status.HTTP_201_CREATED,
        )


class GameStateApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: inline_serializer(
                "GameState",
                {
                    "game": serializers.UUIDField(),
                    "status": serializers.ChoiceField(GameStatus.values),
                    "seat": serializers.IntegerField(
                        allow_null=True, help_text="your seat; null: a spectator"
                    ),
                    "seq": serializers.IntegerField(
                        help_text="the seq of the last event, and of the view; send it as "
                        "`expected_seq`"
                    ),
                    "view": shapes.ViewField(allow_null=True),
                    "legal_moves": shapes.MovesField(
                        help_text="every move your seat may make now (empty when it is not "
                        "your turn, for a spectator, and once the game is over)"
                    ),
                },
            ),
            404: ERROR,
        }
    )
    def get(self, request, game_id):
        game = selectors.game_get(game_id)
        if game.status == GameStatus.OPEN:  # a tournament table waits for its players
            services.game_seat_opened(game_id=game.pk, user=request.user)
        return Response(selectors.game_state_for(game, acting_user(request)))


class GameEventsApi(PublicReadApi):
    class Query(serializers.Serializer):
        after = WholeNumberField(required=False, default=0, help_text="events with seq > after")

    @extend_schema(
        parameters=[Query],
        responses={200: EVENT(many=True), 400: ERROR, 404: ERROR},
    )
    def get(self, request, game_id):
        after = query(self.Query, request)["after"]
        game = selectors.game_get(game_id)
        return Response(selectors.game_events_for(game, acting_user(request), after=after))


class GameRecordApi(PublicReadApi):
    @extend_schema(
        responses={
            200: OpenApiResponse(shapes.Record, description="the game's record"),
            403: OpenApiResponse(
                ERROR, description="`seed_hidden`: other tables still play this deal"
            ),
            404: ERROR,
        }
    )
    def get(self, request, game_id):
        game = selectors.game_get(game_id)
        record = selectors.game_record_for(game, acting_user(request))
        # Only a final record is signed: a signed record of a game in play would be a partial
        # (and, for a player, redacted) history that could be passed off as the whole game.
        if game.status in (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID):
            record = attest(record, signing_key())
        return Response(record)


# Per receipt, what checking it against the log said (disputes keep these too).
RECEIPT_VERDICTS = inline_serializer(
    "ReceiptVerdict",
    {
        "index": serializers.IntegerField(),
        "seq": serializers.IntegerField(allow_null=True),
        "verdict": serializers.ChoiceField(
            [
                trust_receipts.OK,
                trust_receipts.MALFORMED,
                trust_receipts.OTHER_GAME,
                trust_receipts.UNKNOWN_KEY,
                trust_receipts.BAD_SIGNATURE,
                trust_receipts.MISSING,
                trust_receipts.CHAIN_BROKEN,
                trust_receipts.EVENT_MISMATCH,
                trust_receipts.HEAD_MISMATCH,
            ]
        ),
        "detail": serializers.CharField(),
    },
    many=True,
)


class GameReceiptsApi(APIView):
    """Check move receipts (trust.receipts) against the game's log as it is now. The log's
    head (``seq``) is 0 to whoever may not see the game's progress (a duplicate table whose
    deal other tables still play: games.siblings), as in the game's other documents."""

    permission_classes = [AllowAny]
    throttle_classes = [ReceiptCheckRateThrottle]

    class Input(serializers.Serializer):
        receipts = serializers.ListField(
            child=shapes.ReceiptField(),
            min_length=1,
            max_length=trust_receipts.MAX_RECEIPTS,
            help_text="receipts as the move answers gave them",
        )

    class Output(serializers.Serializer):
        game = serializers.UUIDField()
        seq = serializers.IntegerField(
            help_text="the log's head now (0 while the game's progress is hidden from you)"
        )
        matches = serializers.BooleanField(help_text="every receipt's verdict is ok")
        results = RECEIPT_VERDICTS

    @extend_schema(request=Input, responses={200: Output, 400: ERROR, 404: ERROR, 429: ERROR})
    def post(self, request, game_id):
        data = validated(self.Input, request)
        game = selectors.game_get(game_id)
        results = trust_receipts.receipts_check(game.id, game.stream, data["receipts"])
        return Response(
            {
                "game": game.id,
                "seq": 0 if progress_hidden(game, request.user) else game.version,
                "matches": all(r["verdict"] == trust_receipts.OK for r in results),
                "results": results,
            }
        )
