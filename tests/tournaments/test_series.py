"""Tournament series: a recurrence rule keeps its next tournaments created ahead, each once.

The clock is frozen and stepped: the beat task runs every few hours over a week, and every
occurrence within the lead time must exist exactly once, made through tournament_create.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import dateutil
import pytest

from core.errors import ApplicationError
from tests.support import factories as tf
from tournaments import series as series_services
from tournaments import tasks as tournament_tasks
from tournaments.models import Tournament
from tournaments.models import TournamentSeries

pytestmark = pytest.mark.django_db

MONDAY = datetime(2031, 3, 3, 8, 0, tzinfo=UTC)  # a Monday, 08:00 UTC


def define(org, **kw):
    options = {
        "user": org,
        "name": "Daily cup",
        "rule": "FREQ=DAILY;BYHOUR=18;BYMINUTE=0;BYSECOND=0",
        "dtstart": MONDAY.replace(hour=18),
        "lead_hours": 48,
        "template": {"table_size": 4, "rounds": 2, "variants": tf.SMALL},
        **kw,
    }
    return series_services.series_create(**options)


def starts(series) -> list[datetime]:
    return list(
        Tournament.objects.filter(series=series)
        .order_by("starts_at")
        .values_list("starts_at", flat=True)
    )


def test_a_daily_series_over_a_week_creates_each_day_once(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = define(org)
    # Monday 08:00, 48 hours ahead: Monday's and Tuesday's 18:00 exist already.
    assert starts(series) == [MONDAY.replace(hour=18), MONDAY.replace(hour=18) + timedelta(1)]
    daily = [MONDAY.replace(hour=18) + timedelta(days=d) for d in range(12)]
    created_per_step = []
    for _ in range(7 * 6):  # every four hours for a week, the task twice each time
        frozen_clock.advance(timedelta(hours=4))
        created_per_step.append(tournament_tasks.series_fill.run())
        assert tournament_tasks.series_fill.run() == 0
        horizon = frozen_clock.now() + timedelta(hours=48)
        # Every occurrence up to the lead time exists, once.
        assert starts(series) == [t for t in daily if t <= horizon]
    # One new tournament a day (the step that reaches 18:00 two days ahead), none twice.
    assert sum(created_per_step) == 7
    assert set(created_per_step) == {0, 1}
    assert len(starts(series)) == 9  # Monday 3 to Tuesday 11 (7 days + 48 hours ahead)


def test_a_weekly_series_makes_its_next_events_with_the_template_and_offsets(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = define(
        org,
        name="Saturday Swiss",
        rule="RRULE:FREQ=WEEKLY;BYDAY=SA",
        dtstart=datetime(2031, 3, 8, 15, 0, tzinfo=UTC),
        lead_hours=24 * 7,
        registration_opens_minutes=24 * 60,
        registration_closes_minutes=5,
        check_in_minutes=30,
        template={
            "table_size": 3,
            "rounds": 4,
            "variants": tf.SMALL,
            "time_control": tf.TOURNAMENT_LIVE,
            "min_rated_games": 5,
            "live_rating_min": 1400,
        },
    )
    (first,) = Tournament.objects.filter(series=series)
    saturday = datetime(2031, 3, 8, 15, 0, tzinfo=UTC)
    assert (first.name, first.starts_at, first.occurrence) == ("Saturday Swiss", saturday, saturday)
    assert first.registration_opens_at == saturday - timedelta(days=1)
    assert first.registration_closes_at == saturday - timedelta(minutes=5)
    assert first.check_in_opens_at == saturday - timedelta(minutes=30)
    assert (first.table_size, first.rounds, first.min_rated_games) == (3, 4, 5)
    assert first.live_rating_min == 1400
    assert first.status == "scheduled"  # registration opens a day before
    assert first.created_by == org
    for day in range(1, 15):
        frozen_clock.freeze(MONDAY + timedelta(days=day))
        tournament_tasks.series_fill.run()
    assert starts(series) == [saturday + timedelta(weeks=w) for w in range(3)]


def test_a_paused_series_makes_nothing_until_resumed(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = define(org)
    series_services.series_update(series_id=series.pk, user=org, active=False)
    frozen_clock.advance(timedelta(days=3))
    assert tournament_tasks.series_fill.run() == 0
    assert len(starts(series)) == 2
    series_services.series_update(series_id=series.pk, user=org, active=True)
    assert len(starts(series)) == 4  # Monday, Tuesday; then Thursday and Friday


def test_an_occurrence_missed_while_the_beat_was_down_is_never_made_in_the_past(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = define(org, lead_hours=1)
    assert starts(series) == []
    frozen_clock.advance(timedelta(days=2, hours=10))  # Wednesday 18:00 passed
    tournament_tasks.series_fill.run()
    assert starts(series) == []
    frozen_clock.advance(timedelta(hours=23, minutes=30))  # Thursday 17:30
    tournament_tasks.series_fill.run()
    assert starts(series) == [MONDAY.replace(hour=18) + timedelta(days=3)]


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        ("FREQ=MINUTELY;INTERVAL=30", "series_too_frequent"),
        ("FREQ=HOURLY;BYMINUTE=0,30", "series_too_frequent"),
        ("FREQ=SECONDLY", "series_too_frequent"),
        ("FREQ=FORTNIGHTLY", "invalid_series_rule"),
        ("not a rule", "invalid_series_rule"),
        ("", "invalid_series_rule"),
        ("FREQ=DAILY\nRRULE:FREQ=HOURLY", "invalid_series_rule"),
        ("DTSTART:20310303T000000Z", "invalid_series_rule"),
        ("FREQ=DAILY;UNTIL=20300101T000000Z", "invalid_series_rule"),  # over already
        # Never: dateutil alone walked these to the year 9999, seconds of CPU a request (the
        # hourly one about 10 s); refused now from their yearly shadow (series._first_day).
        ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "invalid_series_rule"),
        ("FREQ=DAILY;BYMONTH=4,6;BYMONTHDAY=31", "invalid_series_rule"),
        ("FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=30,31", "invalid_series_rule"),
        ("FREQ=HOURLY;BYYEARDAY=366;BYMONTH=1", "invalid_series_rule"),
    ],
)
def test_bad_rules_are_refused_with_a_stable_code(org, frozen_clock, rule, code):
    frozen_clock.freeze(MONDAY)
    with pytest.raises(ApplicationError) as caught:
        define(org, rule=rule)
    assert caught.value.code == code
    assert TournamentSeries.objects.count() == 0
    assert Tournament.objects.count() == 0


def test_a_rule_that_never_fires_is_refused_without_walking_to_the_year_9999(org, frozen_clock):
    """The work counted, not timed: calls into dateutil while the series is refused. Walking
    hour by hour to the year 9999 made 5.9 million of them (10-20 s of CPU a request); its
    yearly shadow about 32 thousand."""
    frozen_clock.freeze(MONDAY)
    package = os.path.dirname(dateutil.__file__)
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call" and frame.f_code.co_filename.startswith(package):
            calls += 1

    sys.setprofile(count)
    try:
        with pytest.raises(ApplicationError) as caught:
            define(org, rule="FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30")
    finally:
        sys.setprofile(None)
    assert caught.value.code == "invalid_series_rule"
    assert calls < 200_000, f"{calls} calls into dateutil"


@pytest.mark.parametrize(("count", "expected"), [(None, 5), (2, 2)])
def test_an_hourly_rule_whose_first_day_is_far_keeps_its_phase_and_count(
    org, frozen_clock, count, expected
):
    """Every 5 hours from Monday 08:15, on 29 February only: the first day is a year away,
    and the starts are those dateutil gives walking every hour from DTSTART (checked with it
    alone: 01:15, 06:15, 11:15, 16:15 and 21:15 on 29 February 2032)."""
    frozen_clock.freeze(MONDAY)
    rule = "FREQ=HOURLY;INTERVAL=5;BYMONTH=2;BYMONTHDAY=29" + (f";COUNT={count}" if count else "")
    series = define(org, rule=rule, dtstart=MONDAY.replace(minute=15), lead_hours=1)
    found = series_services.occurrences(series, MONDAY, MONDAY + series_services.RULE_WINDOW)
    leap_day = datetime(2032, 2, 29, 1, 15, tzinfo=UTC)
    assert found == [leap_day + timedelta(hours=5 * k) for k in range(expected)]


def test_an_hourly_series_is_allowed(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = define(org, rule="FREQ=HOURLY", dtstart=MONDAY + timedelta(minutes=30), lead_hours=3)
    assert len(starts(series)) == 3


def test_a_template_tournament_create_refuses_is_refused_with_its_code(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    with pytest.raises(ApplicationError) as caught:
        define(org, template={"table_size": 9})
    assert caught.value.code == "invalid_tournament"
    with pytest.raises(ApplicationError) as caught:
        define(org, template={"live_rating_min": 1600, "live_rating_max": 1500})
    assert caught.value.code == "invalid_entry_conditions"
    with pytest.raises(ApplicationError) as caught:
        define(org, template={"starts_at": "now"})
    assert caught.value.code == "invalid_series"
    assert TournamentSeries.objects.count() == Tournament.objects.count() == 0


def test_only_organizers_define_series(frozen_clock):
    frozen_clock.freeze(MONDAY)
    player = tf.person("mallory")
    with pytest.raises(ApplicationError) as caught:
        define(player)
    assert (caught.value.status, caught.value.code) == (403, "not_organizer")
