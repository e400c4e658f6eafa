"""The tournament series API (/api/v1/tournament-series...): thin views over
``tournaments.series`` (writes) and ``tournaments.calendar`` (reads)."""

from __future__ import annotations

from functools import partial

from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response

from core.api_views import PublicReadApi
from core.fields import IntegerField
from core.inputs import query
from core.inputs import validated
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.schema import error_responses
from core.schema import operations
from tournaments import calendar
from tournaments import series

operation = operations(["tournaments"])


class SeriesOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    organizer = serializers.CharField()
    rule = serializers.CharField(help_text="RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SA")
    dtstart = serializers.DateTimeField()
    lead_hours = serializers.IntegerField(help_text="how far ahead its tournaments exist")
    registration_opens_minutes = serializers.IntegerField(allow_null=True)
    registration_closes_minutes = serializers.IntegerField()
    check_in_minutes = serializers.IntegerField(allow_null=True)
    template = serializers.JSONField(help_text="tournament_create's settings of each tournament")
    entry_conditions = serializers.JSONField()
    active = serializers.BooleanField()
    next_starts = serializers.ListField(child=serializers.DateTimeField())
    tournaments = serializers.JSONField(help_text="its upcoming tournaments: id, starts_at, status")
    feed = serializers.CharField(help_text="its iCal feed")


# An optional field of minutes before each start (null: the default its help text names).
_minutes_before = partial(
    IntegerField, max_value=series.MAX_OFFSET_MINUTES, required=False, allow_null=True, default=None
)


class SeriesListApi(PublicReadApi):
    class Input(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        description = serializers.CharField(
            max_length=2000, required=False, default="", allow_blank=True
        )
        rule = serializers.CharField(
            max_length=500, help_text="an RRULE at most hourly, e.g. FREQ=DAILY;BYHOUR=18"
        )
        dtstart = serializers.DateTimeField(help_text="the first start, with its time of day")
        lead_hours = IntegerField(
            min_value=series.LEAD_HOURS_RANGE[0], max_value=series.LEAD_HOURS_RANGE[1], default=168
        )
        registration_opens_minutes = _minutes_before(
            min_value=0, help_text="before each start (default: as soon as the tournament is made)"
        )
        registration_closes_minutes = IntegerField(
            min_value=0, max_value=series.MAX_OFFSET_MINUTES, default=0
        )
        check_in_minutes = _minutes_before(
            min_value=1, help_text="check-in opens this long before each start (default: none)"
        )
        template = serializers.DictField(
            required=False,
            default=dict,
            help_text="each tournament's settings, as POST /api/v1/tournaments takes them "
            "(format, table_size, variants, time_control, rounds, rated, entry conditions …)",
        )
        active = serializers.BooleanField(default=True)

    @operation(
        "tournament_series_list",
        parameters=[NumberQuery],
        responses={200: page_of("TournamentSeriesPage", SeriesOutput), **error_responses(400)},
    )
    def get(self, request):
        query(NumberQuery, request)
        return paginate(
            request,
            calendar.series_list(),
            lambda page: [calendar.series_doc(s) for s in page],
            pagination=NumberPage(),
            view=self,
        )

    @operation(
        "tournament_series_create",
        request=Input,
        responses={
            201: SeriesOutput,
            **error_responses(
                400,
                401,
                403,
                e400="`invalid_series`, `invalid_series_rule`, `series_too_frequent`, and the "
                "template's: `invalid_tournament`, `invalid_ruleset`, `invalid_time_control`, "
                "`invalid_entry_conditions`",
                e403="`not_organizer`",
            ),
        },
    )
    def post(self, request):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = validated(self.Input, request)
        made = series.series_create(user=request.user, **data)
        return Response(calendar.series_doc(made), status=status.HTTP_201_CREATED)


class SeriesDetailApi(PublicReadApi):
    class Input(serializers.Serializer):
        active = serializers.BooleanField(required=False, help_text="false: pause the series")
        lead_hours = IntegerField(
            min_value=series.LEAD_HOURS_RANGE[0],
            max_value=series.LEAD_HOURS_RANGE[1],
            required=False,
        )

    @operation("tournament_series_detail", responses={200: SeriesOutput, **error_responses(404)})
    def get(self, request, series_id):
        return Response(calendar.series_doc(calendar.series_get(series_id)))

    @operation(
        "tournament_series_update",
        request=Input,
        responses={
            200: SeriesOutput,
            **error_responses(400, 401, 403, 404, e403="`not_organizer`: its organizer or staff"),
        },
    )
    def patch(self, request, series_id):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = validated(self.Input, request)
        changed = series.series_update(series_id=series_id, user=request.user, **data)
        return Response(calendar.series_doc(changed))
