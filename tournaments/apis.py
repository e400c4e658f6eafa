"""The tournaments REST API (/api/v1/tournaments...): thin views over services and selectors.

Errors are the platform's one JSON shape with a stable ``code`` (``tournaments.errors``).
The detail is the same document the tournament's socket pushes, plus the caller's own entry.
"""

from __future__ import annotations

from django.http import JsonResponse
from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema_view
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core import clock
from core.api_views import PublicReadApi
from core.errors import Forbidden
from core.errors import NotFound
from core.fields import IntegerField
from core.inputs import query
from core.inputs import validated
from core.inputs import whole_number
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.schema import error_responses
from core.schema import operations
from core.throttling import ReadRateThrottle
from games import shapes
from teams import selectors as team_selectors
from tournaments import bans
from tournaments import eligibility
from tournaments import selectors
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import ARENA_WAIT_SECONDS
from tournaments.models import READY_SECONDS
from tournaments.models import AbsencePolicy
from tournaments.models import EntryStatus
from tournaments.models import TournamentFormat
from tournaments.models import TournamentStatus

TAGS = ["tournaments"]
operation = operations(TAGS)
POLICIES = " | ".join(AbsencePolicy.values)


# -- output shapes (documentation: the selectors build the JSON) -------------------------------


class ArenaOutput(serializers.Serializer):
    duration_minutes = serializers.IntegerField()
    ends_at = serializers.DateTimeField(help_text="no table is formed after it")
    seconds_left = serializers.FloatField(allow_null=True, help_text="null once over")
    wait_seconds = serializers.IntegerField(
        help_text="a table that cannot fill forms anyway after this wait (smaller, or with bots)"
    )
    bots = serializers.BooleanField(help_text="bots may fill a table that cannot fill")
    berserk = serializers.BooleanField(help_text="players may halve their reserve for a bonus")


class TeamRefOutput(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class BattleOutput(serializers.Serializer):
    best = serializers.IntegerField(help_text="each team scores its best players' points")
    teams = TeamRefOutput(many=True)


class TournamentSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.CharField(help_text=" | ".join(TournamentFormat.values))
    status = serializers.CharField(help_text=" | ".join(TournamentStatus.values))
    created_by = serializers.CharField()
    starts_at = serializers.DateTimeField()
    seconds_until_start = serializers.FloatField(
        allow_null=True, help_text="until the scheduled start; null once started or over"
    )
    registration_opens_at = serializers.DateTimeField()
    registration_closes_at = serializers.DateTimeField()
    check_in_opens_at = serializers.DateTimeField(
        allow_null=True, help_text="players must check in from then until the start"
    )
    entrants = serializers.IntegerField(help_text="players registered (or checked in) now")
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField(allow_null=True)
    table_size = serializers.IntegerField()
    hand_table = serializers.CharField()
    variants = shapes.VariantsField()
    time_control = shapes.TimeControlField()
    rounds = serializers.IntegerField(
        allow_null=True, help_text="tournament rounds; null for elimination (until the final)"
    )
    current_round = serializers.IntegerField()
    rated = serializers.BooleanField()
    bots_only = serializers.BooleanField(help_text="entered by bots alone, never by a person")
    chat = serializers.CharField(help_text="`free`, `quick` (canned messages only) or `off`")
    ready_seconds = serializers.IntegerField(
        help_text="a live table's ready window before its start (contributions to the seed)"
    )
    round_pause_seconds = serializers.IntegerField(
        help_text="the pause between a round's end and the next round's seating"
    )
    next_round_at = serializers.DateTimeField(
        allow_null=True, help_text="when the next round is seated, while pausing between rounds"
    )
    seconds_until_next_round = serializers.FloatField(allow_null=True)
    late_join_open = serializers.BooleanField(
        help_text="a running Swiss takes late joiners until half of its rounds have started"
    )
    bye_points = serializers.FloatField(
        allow_null=True,
        help_text="Swiss: the points of each round a late joiner missed (a middle place)",
    )
    winner = serializers.CharField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    arena = ArenaOutput(allow_null=True, help_text="an arena's settings and clock; null otherwise")
    team = TeamRefOutput(allow_null=True, help_text="only this team's members enter")
    battle = BattleOutput(allow_null=True, help_text="a team battle's teams")


class TournamentListItemOutput(TournamentSummaryOutput):
    my_status = serializers.CharField(
        allow_null=True, help_text="the caller's entry, if any: " + " | ".join(EntryStatus.values)
    )


class EntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    status = serializers.CharField(help_text=" | ".join(EntryStatus.values))
    seed = serializers.IntegerField(allow_null=True, help_text="seed order, set at the start")
    stand_in_for = serializers.CharField(
        allow_null=True, help_text="a bot standing in for this no-show player"
    )
    final_place = serializers.IntegerField(allow_null=True)
    joined_round = serializers.IntegerField(
        help_text="the first round seated in; the rounds before it are byes (late join)"
    )
    paused = serializers.BooleanField(help_text="arena: paused (keeps the score, no new table)")
    house_bot = serializers.BooleanField(
        help_text="arena: a bot that fills tables that cannot fill; not ranked"
    )


class MyArenaOutput(serializers.Serializer):
    waiting = serializers.BooleanField(help_text="in the pairing pool")
    waiting_since = serializers.DateTimeField(allow_null=True)
    paused = serializers.BooleanField()
    berserk = serializers.BooleanField(help_text="went berserk at the table about to start")
    can_berserk = serializers.BooleanField()


class MyEntryOutput(EntryOutput):
    current_game = serializers.UUIDField(
        allow_null=True,
        help_text="the game of the caller's table in the current round (arena: in play)",
    )
    arena = MyArenaOutput(allow_null=True, help_text="arena only")


class TablePlayerOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    entry = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    left = serializers.BooleanField(help_text="resigned or forfeited the game (R25)")
    total = serializers.IntegerField(allow_null=True, help_text="the match total, once ended")
    forfeited = serializers.BooleanField(allow_null=True, help_text="ranked last (R25)")
    place = serializers.IntegerField(allow_null=True, help_text="place at the table (R23)")


class TableOutput(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.UUIDField()
    status = serializers.CharField(help_text="the game's status")
    finished = serializers.BooleanField()
    deal_group = serializers.IntegerField(
        allow_null=True, help_text="duplicate: tables of a group play the same deal"
    )
    seed_hidden = serializers.BooleanField()
    players = TablePlayerOutput(many=True)


class RoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seed = serializers.CharField(allow_null=True, help_text="the round's secret, once finished")
    advancing = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="elimination: the entries going through, best first",
    )
    tables = TableOutput(many=True)


class StandingsLineOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    stand_in_for = serializers.CharField(allow_null=True)
    points = serializers.FloatField()
    points_exact = serializers.CharField(help_text='exact points, a fraction such as "5/6"')
    table_wins = serializers.IntegerField()
    opponent_points = serializers.FloatField(
        required=False, help_text="mean points of the tablemates met (not in an arena)"
    )
    game_score = serializers.IntegerField(
        required=False, help_text="total game score over every table (not in an arena)"
    )
    head_to_head = serializers.IntegerField(required=False, help_text="not in an arena")
    games = serializers.IntegerField()
    forfeits = serializers.IntegerField(required=False, help_text="not in an arena")
    byes = serializers.IntegerField(
        required=False, help_text="rounds missed by joining late, a middle place each"
    )
    last_round = serializers.IntegerField(allow_null=True, required=False)
    on_fire = serializers.BooleanField(
        required=False, help_text="arena: two wins running, the next table scores double"
    )
    berserk_wins = serializers.IntegerField(required=False, help_text="arena")
    performance = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text="arena: the opponents' mean rating + 800 × (mean placement share − ½)",
    )
    sheet = serializers.ListField(
        child=serializers.FloatField(), required=False, help_text="arena: each table's points"
    )
    sheet_doubled = serializers.ListField(
        child=serializers.BooleanField(),
        required=False,
        help_text="arena: per table of the sheet, whether it scored double (on fire)",
    )
    sheet_berserk = serializers.ListField(
        child=serializers.BooleanField(),
        required=False,
        help_text="arena: per table of the sheet, whether it was a berserk win (+1)",
    )
    paused = serializers.BooleanField(required=False, help_text="arena: paused or gone")
    team = serializers.CharField(
        allow_null=True, required=False, help_text="team battle: the player's team (slug)"
    )


class TeamStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.CharField(help_text="slug")
    name = serializers.CharField()
    score = serializers.FloatField(help_text="the sum of its best players' points")
    score_exact = serializers.CharField()
    players = serializers.IntegerField(help_text="its players in the battle")
    counted = serializers.ListField(
        child=serializers.IntegerField(), help_text="the entries whose points count, best first"
    )


class StandingsOutput(serializers.Serializer):
    round = serializers.IntegerField(help_text="the latest round with a finished table")
    tables = serializers.IntegerField(help_text="finished tables counted")
    final = serializers.BooleanField()
    points = serializers.ChoiceField(["share", "duplicate", "arena"])
    lines = StandingsLineOutput(many=True)
    teams = TeamStandingOutput(many=True, required=False, help_text="a team battle's teams")


class EntryConditionsOutput(serializers.Serializer):
    min_rated_games = serializers.IntegerField(help_text="of the tournament's kind")
    live_rating_min = serializers.IntegerField(allow_null=True)
    live_rating_max = serializers.IntegerField(allow_null=True)
    correspondence_rating_min = serializers.IntegerField(allow_null=True)
    correspondence_rating_max = serializers.IntegerField(allow_null=True)
    min_account_days = serializers.IntegerField()
    verified_email = serializers.BooleanField()


class RefusalOutput(serializers.Serializer):
    code = serializers.CharField(help_text="entry_min_rated_games | entry_rating_too_low | …")
    detail = serializers.CharField(help_text="in the caller's language, with the numbers")


class EntryVerdictOutput(serializers.Serializer):
    can_enter = serializers.BooleanField()
    reasons = RefusalOutput(many=True)


class PlayBanOutput(serializers.Serializer):
    reason = serializers.ChoiceField(bans.OffenceKind.choices)
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    seconds_left = serializers.FloatField()
    step = serializers.IntegerField(help_text="offences counted in the last week (the ladder)")


class OffenceOutput(serializers.Serializer):
    kind = serializers.ChoiceField(bans.OffenceKind.choices)
    at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(help_text="when it stops counting toward a ban")


class PlayBanStatusOutput(serializers.Serializer):
    ban = PlayBanOutput(allow_null=True)
    offences = OffenceOutput(many=True)


class TournamentDetailOutput(TournamentSummaryOutput):
    description = serializers.CharField()
    advance = serializers.IntegerField(allow_null=True)
    no_show_policy = serializers.CharField(help_text=POLICIES)
    withdrawal_policy = serializers.CharField(help_text=POLICIES)
    cancelled_reason = serializers.CharField()
    entries = EntryOutput(many=True)
    rounds_detail = RoundOutput(many=True)
    standings = StandingsOutput(
        allow_null=True,
        help_text="placement points, table wins, opponents' points, game score, head to head, "
        "seed (tournaments/formats/standings.py)",
    )
    version = serializers.IntegerField(help_text="grows with every change")
    me = MyEntryOutput(allow_null=True)
    entry_conditions = EntryConditionsOutput()
    entry = EntryVerdictOutput(
        allow_null=True, help_text="whether the caller can enter; null when not signed in"
    )
    my_play_ban = PlayBanOutput(
        allow_null=True, help_text="the caller's ban from joining new events, if any"
    )


def _detail(tournament_id, user) -> dict:
    tournament = selectors.tournament_get(tournament_id)
    return {
        **selectors.tournament_detail(tournament),
        "me": selectors.tournament_entry_for(tournament, user),
        "entry_conditions": eligibility.conditions_of(tournament),
        "entry": eligibility.entry_for(tournament, user, clock.now()),
        "my_play_ban": bans.ban_doc(bans.active_ban(user)),
    }


ENTRY_ERRORS = error_responses(
    400,
    401,
    403,
    404,
    e400="`registration_not_open`, `registration_closed`, `tournament_full`, "
    "`already_registered`, `not_registered`, `already_withdrawn`, `no_check_in`, "
    "`check_in_not_open`, `check_in_closed`, `already_checked_in`, `tournament_over`, "
    "`late_join_closed`, `rejoin_closed`, `no_show_withdrawn`; arena: `not_arena`, "
    "`already_paused`, `not_paused`, `berserk_not_allowed`, `no_table_to_berserk`, "
    "`already_berserk`, `no_reserve`, `already_started`",
    e403="`play_ban`: barred from joining new events until `ban.ends_at` (`ban.reason`)",
)
REGISTER_ERRORS = {
    **ENTRY_ERRORS,
    **error_responses(
        403,
        e403="an entry condition: `entry_min_rated_games`, `entry_rating_too_low`, "
        "`entry_rating_too_high`, `entry_account_too_new`, `entry_email_unverified`, "
        "`entry_not_team_member`, `entry_not_battle_team` (the "
        "first; `reasons` lists each); `not_eligible_for_rated`",
    ),
}


# -- views -------------------------------------------------------------------------------------


class TournamentListApi(APIView):
    permission_classes = [AllowAny]

    class Input(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        description = serializers.CharField(
            max_length=2000, required=False, default="", allow_blank=True
        )
        format = serializers.ChoiceField(TournamentFormat.values)
        starts_at = serializers.DateTimeField()
        registration_opens_at = serializers.DateTimeField(
            required=False, allow_null=True, default=None, help_text="default: now"
        )
        registration_closes_at = serializers.DateTimeField(
            required=False, allow_null=True, default=None, help_text="default: the start"
        )
        check_in_opens_at = serializers.DateTimeField(
            required=False,
            allow_null=True,
            default=None,
            help_text="ask players to check in from then until the start (default: no check-in)",
        )
        min_players = IntegerField(min_value=2, max_value=10000, default=2)
        max_players = IntegerField(
            min_value=2, max_value=10000, required=False, allow_null=True, default=None
        )
        table_size = IntegerField(min_value=2, max_value=8)
        hand_table = serializers.ChoiceField(["classic", "double12"], default="classic")
        variants = shapes.VariantsField(
            required=False, default=dict, help_text="per game: set_max, hand_size, rounds (V6)…"
        )
        time_control = shapes.TimeControlInputField(required=False, default=dict)
        rounds = IntegerField(
            min_value=1, max_value=services.MAX_ROUNDS, default=3, help_text="tournament rounds"
        )
        advance = IntegerField(
            min_value=1,
            max_value=7,
            required=False,
            allow_null=True,
            default=None,
            help_text="elimination: how many of each table go through (default: half)",
        )
        rated = serializers.BooleanField(default=False)
        bots_only = serializers.BooleanField(
            default=False,
            help_text="entered by bots alone: bots people own (with their own tokens) and the "
            "platform's; never rated",
        )
        ready_seconds = IntegerField(
            min_value=services.READY_SECONDS_RANGE[0],
            max_value=services.READY_SECONDS_RANGE[1],
            default=READY_SECONDS,
            help_text="live tables: the seconds between a table's seating (its deal's "
            "commitment shown) and its start, for the players' contributions to the seed; "
            "correspondence tables start once every player has opened them, at most an hour",
        )
        min_rated_games = IntegerField(
            min_value=0,
            max_value=eligibility.MAX_GAMES,
            default=0,
            help_text="entry: rated games of the tournament's kind (live or correspondence)",
        )
        live_rating_min = IntegerField(required=False, allow_null=True, default=None)
        live_rating_max = IntegerField(required=False, allow_null=True, default=None)
        correspondence_rating_min = IntegerField(required=False, allow_null=True, default=None)
        correspondence_rating_max = IntegerField(required=False, allow_null=True, default=None)
        min_account_days = IntegerField(
            min_value=0, max_value=eligibility.MAX_ACCOUNT_DAYS, default=0
        )
        verified_email = serializers.BooleanField(
            default=False, help_text="entry: a verified email address"
        )
        no_show_policy = serializers.CharField(
            default="forfeit",
            help_text="players who do not check in: " + POLICIES + " (default forfeit: left out)",
        )
        round_pause_seconds = IntegerField(
            min_value=0,
            max_value=7 * 24 * 3600,
            required=False,
            allow_null=True,
            default=None,
            help_text="the pause between rounds (default: 30 s live, 12 h correspondence)",
        )
        withdrawal_policy = serializers.CharField(
            default="bot",
            help_text="a player who withdraws during a round: " + POLICIES + " (default bot: "
            "the bot playing their seat on stands in; forfeit: ranked last at the table)",
        )
        chat = serializers.CharField(
            required=False,
            allow_null=True,
            help_text="the chat of the tournament and its tables: `free`, `quick` or `off`; "
            "default `quick` when rated (which refuses `free`), else `free`",
        )
        duration_minutes = IntegerField(
            min_value=services.ARENA_MINUTES_RANGE[0],
            max_value=services.ARENA_MINUTES_RANGE[1],
            required=False,
            allow_null=True,
            default=None,
            help_text="arena (required): how long tables are formed from the start",
        )
        arena_wait_seconds = IntegerField(
            min_value=services.ARENA_WAIT_RANGE[0],
            max_value=services.ARENA_WAIT_RANGE[1],
            default=ARENA_WAIT_SECONDS,
            help_text="arena: a table that cannot fill forms after this wait",
        )
        arena_bots = serializers.BooleanField(
            default=False, help_text="arena: bots fill a table that cannot fill after the wait"
        )
        berserk = serializers.BooleanField(
            default=False,
            help_text="arena: a player may halve their reserve before a table starts for a "
            "bonus point if they win it",
        )
        team = serializers.CharField(
            required=False,
            allow_null=True,
            default=None,
            help_text="a team's slug: only its members enter (its leaders may create it)",
        )
        battle_teams = serializers.ListField(
            child=serializers.CharField(),
            required=False,
            allow_null=True,
            default=None,
            help_text="a team battle (an arena): the teams' slugs, 2 to 10",
        )
        team_best = IntegerField(
            min_value=1,
            max_value=20,
            required=False,
            allow_null=True,
            default=None,
            help_text="a team battle: how many of each team's best players' points count",
        )

    class Query(NumberQuery):
        status = serializers.ChoiceField(
            list(selectors.LIST_GROUPS),
            required=False,
            help_text="upcoming (scheduled or taking registrations), running, finished "
            "(or cancelled); all of them if not given: running, then upcoming, then ended",
        )
        team = serializers.CharField(
            required=False, help_text="a team's slug: its events (its own and its battles)"
        )

    @operation(
        "tournament_list",
        parameters=[Query],
        responses={
            200: page_of("TournamentPage", TournamentListItemOutput),
            **error_responses(400, 404),
        },
    )
    def get(self, request):
        params = query(self.Query, request)
        team = None
        if params.get("team"):
            team = team_selectors.team_or_none(params["team"])
            if team is None:
                raise NotFound(TournamentError.NOT_FOUND, "no such team")
        rows = selectors.tournament_list(group=params.get("status"), team=team)

        def serialize(page):
            mine = selectors.tournament_entry_statuses(request.user, [t.pk for t in page])
            return [{**selectors.tournament_summary(t), "my_status": mine.get(t.pk)} for t in page]

        return paginate(request, rows, serialize, pagination=NumberPage(), view=self)

    @operation(
        "tournament_create",
        request=Input,
        responses={
            201: TournamentDetailOutput,
            **error_responses(
                400,
                401,
                403,
                e400="`invalid_tournament`, `invalid_ruleset`, `invalid_time_control`, "
                "`invalid_entry_conditions`, `bots_not_rated` (rated and bots-only)",
                e403="`not_organizer`: staff and organizers create tournaments",
            ),
        },
    )
    def post(self, request):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = validated(self.Input, request)
        tournament = services.tournament_create(user=request.user, **data)
        return Response(_detail(tournament.pk, request.user), status=status.HTTP_201_CREATED)


class TournamentDetailApi(PublicReadApi):
    @operation("tournament_detail", responses={200: TournamentDetailOutput, **error_responses(404)})
    def get(self, request, tournament_id):
        return Response(_detail(tournament_id, request.user))


def _entry_schema(operation_id, errors):
    """Document one of a player's entry actions: no body; the detail answers."""
    return extend_schema_view(
        post=operation(
            operation_id,
            request=None,
            responses={200: TournamentDetailOutput, **errors},
        )
    )


# A player acts on their own entry (register, withdraw, check in) and gets the detail. No
# docstring: drf-spectacular would give it to each subclass's operation as its description.
class _EntryApi(APIView):
    permission_classes = [IsAuthenticated]

    def act(self, *, tournament_id, user):
        raise NotImplementedError

    def post(self, request, tournament_id):
        self.act(tournament_id=tournament_id, user=request.user)
        return Response(_detail(tournament_id, request.user))


@_entry_schema("tournament_register", REGISTER_ERRORS)
class TournamentRegisterApi(_EntryApi):
    def act(self, *, tournament_id, user):
        if user.is_platform_bot:  # a bot a person owns enters by itself
            raise Forbidden(TournamentError.FORBIDDEN, "bots are entered by staff")
        services.tournament_register(tournament_id=tournament_id, user=user)


@_entry_schema("tournament_withdraw", ENTRY_ERRORS)
class TournamentWithdrawApi(_EntryApi):
    act = staticmethod(services.tournament_withdraw)


@_entry_schema("tournament_check_in", ENTRY_ERRORS)
class TournamentCheckInApi(_EntryApi):
    act = staticmethod(services.tournament_check_in)


@_entry_schema("tournament_pause", ENTRY_ERRORS)
class TournamentPauseApi(_EntryApi):
    act = staticmethod(services.tournament_pause)


@_entry_schema("tournament_resume", ENTRY_ERRORS)
class TournamentResumeApi(_EntryApi):
    act = staticmethod(services.tournament_resume)


@_entry_schema("tournament_berserk", ENTRY_ERRORS)
class TournamentBerserkApi(_EntryApi):
    act = staticmethod(services.tournament_berserk)


# null until a table has finished (drf-spectacular cannot make a response component nullable)
NULLABLE_STANDINGS = OpenApiResponse(
    {"nullable": True, "allOf": [{"$ref": "#/components/schemas/StandingsOutput"}]},
    description="the standings, or null before any table has finished",
)


class TournamentStandingsApi(PublicReadApi):
    @operation(
        "tournament_standings",
        parameters=[OpenApiParameter("round", int, description="the standings after this round")],
        responses={200: NULLABLE_STANDINGS, **error_responses(400, 404)},
    )
    def get(self, request, tournament_id):
        tournament = selectors.tournament_get(tournament_id)
        number = whole_number(request, "round")
        standings = selectors.tournament_standings(tournament, number)
        if standings is None:  # JSON null, as documented: DRF would send an empty body
            return JsonResponse(None, safe=False)
        return Response(standings)


class PlayBanMineApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ReadRateThrottle]

    @operation("play_ban_mine", responses={200: PlayBanStatusOutput, **error_responses(401)})
    def get(self, request):
        return Response(bans.play_ban_status(request.user))
