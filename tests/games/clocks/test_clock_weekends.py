"""games.clocks with no clock at weekends and more time given: the deadline and the charge of a
turn across a weekend in the player's own time zone (America/New_York, whose weekends change
to and from summer time; Asia/Tokyo, which has none), as plain functions of datetimes."""

from datetime import UTC
from datetime import datetime
from datetime import timedelta

from games import clocks

NY = "America/New_York"
TOKYO = "Asia/Tokyo"
WEEKENDS = {
    "kind": "correspondence",
    "days_per_move": 1,
    "vacation_days": 10,
    "weekend_pause": True,
}
PLAIN = {**WEEKENDS, "weekend_pause": False}
LIVE = {"kind": "live", "seconds_per_move": 30, "reserve_seconds": 120}


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def test_a_weekend_runs_from_friday_18_to_monday_8_local_time_summer_time_changes_included():
    def first(tz, after):
        return next(clocks.weekends(tz, after))

    # An ordinary weekend: 62 hours. New York's spring-forward weekend (Sunday 8 March 2026)
    # is an hour shorter, its fall-back one (Sunday 1 November 2026) an hour longer.
    assert first(NY, utc(2026, 2, 25)) == (utc(2026, 2, 27, 23), utc(2026, 3, 2, 13))
    assert first(NY, utc(2026, 3, 4)) == (utc(2026, 3, 6, 23), utc(2026, 3, 9, 12))
    assert first(NY, utc(2026, 10, 28)) == (utc(2026, 10, 30, 22), utc(2026, 11, 2, 13))
    lengths = [hi - lo for lo, hi in (first(NY, d) for d in (utc(2026, 2, 25), utc(2026, 3, 4)))]
    assert lengths == [hours(62), hours(61)]
    lo, hi = first(NY, utc(2026, 10, 28))
    assert hi - lo == hours(63)
    # Tokyo's weekend begins on Friday at 09:00 UTC, and never changes length.
    assert first(TOKYO, utc(2026, 3, 4)) == (utc(2026, 3, 6, 9), utc(2026, 3, 8, 23))
    # A moment inside a weekend finds that weekend; no zone (or an unknown one) is UTC.
    assert first(TOKYO, utc(2026, 3, 7, 12)) == (utc(2026, 3, 6, 9), utc(2026, 3, 8, 23))
    assert first(None, utc(2026, 3, 4)) == (utc(2026, 3, 6, 18), utc(2026, 3, 9, 8))
    assert first("Mars/Olympus", utc(2026, 3, 4)) == first("UTC", utc(2026, 3, 4))


def test_a_turn_begun_on_friday_is_not_charged_for_the_weekend_in_new_york_across_spring_forward():
    started = utc(2026, 3, 6, 17)  # Friday 12:00 in New York: 6 hours of the day are charged
    due = clocks.deadline(WEEKENDS, started, tz=NY)
    # ... the weekend (61 h: the clocks went forward) stands still, then 18 more hours.
    assert due == utc(2026, 3, 9, 12) + hours(18)
    assert clocks.deadline(PLAIN, started, tz=NY) == started + timedelta(days=1)


def test_the_same_turn_is_paused_at_once_in_tokyo_where_it_is_already_saturday():
    started = utc(2026, 3, 6, 17)  # Saturday 02:00 in Tokyo
    assert clocks.deadline(WEEKENDS, started, tz=TOKYO) == utc(2026, 3, 8, 23) + timedelta(days=1)
    (now,) = clocks.pauses_until(
        WEEKENDS, started, started, clocks.deadline(WEEKENDS, started, tz=TOKYO), tz=TOKYO
    )
    assert now == clocks.Pause(started, utc(2026, 3, 8, 23), clocks.WEEKEND)


def test_a_long_turn_skips_every_weekend_it_spans():
    week = {**WEEKENDS, "days_per_move": 7}
    started = utc(2026, 10, 26, 14)  # Monday 10:00 in New York
    # Mon 10:00 to Fri 18:00 is 4 d 8 h; 2 d 16 h more after Monday 08:00 (fall back: EST).
    assert clocks.deadline(week, started, tz=NY) == utc(2026, 11, 2, 13) + timedelta(
        days=2, hours=16
    )


def test_vacation_in_a_weekend_costs_no_vacation_day():
    started = utc(2026, 3, 5, 0)  # Thursday 09:00 in Tokyo
    vac = {"vac_from": utc(2026, 3, 5, 3), "vac_until": utc(2026, 3, 10, 3)}  # five days
    _, used = clocks.charge(
        WEEKENDS, started, utc(2026, 3, 10, 5), reserve_ms=None, vacation_used_s=0, tz=TOKYO, **vac
    )
    weekend = utc(2026, 3, 8, 23) - utc(2026, 3, 6, 9)  # 62 hours of the five days
    assert used == (timedelta(days=5) - weekend).total_seconds()
    # Without weekends off, the whole vacation counts, as before.
    _, used = clocks.charge(
        PLAIN, started, utc(2026, 3, 10, 5), reserve_ms=None, vacation_used_s=0, tz=TOKYO, **vac
    )
    assert used == timedelta(days=5).total_seconds()


def test_vacation_and_weekend_together_push_the_deadline_back_once_each():
    started = utc(2026, 3, 5, 0)
    vac = {"vac_from": utc(2026, 3, 5, 3), "vac_until": utc(2026, 3, 10, 3)}
    due = clocks.deadline(WEEKENDS, started, tz=TOKYO, **vac)
    # 3 hours charged before the vacation, 21 after it.
    assert due == utc(2026, 3, 10, 3) + hours(21)
    reasons = [
        p.reason for p in clocks.pauses_until(WEEKENDS, started, started, due, tz=TOKYO, **vac)
    ]
    assert reasons == [clocks.VACATION, clocks.WEEKEND, clocks.VACATION]


def test_more_time_given_lengthens_a_live_move_and_spares_the_reserve():
    t0 = utc(2026, 3, 6, 17)
    assert clocks.deadline(LIVE, t0, extra_s=60) == t0 + timedelta(seconds=30 + 60 + 120)
    reserve, _ = clocks.charge(
        LIVE, t0, t0 + timedelta(seconds=85), reserve_ms=120_000, vacation_used_s=0, extra_s=60
    )
    assert reserve == 120_000
    reserve, _ = clocks.charge(
        LIVE, t0, t0 + timedelta(seconds=100), reserve_ms=120_000, vacation_used_s=0, extra_s=60
    )
    assert reserve == 110_000


def test_a_day_given_on_friday_afternoon_lands_after_the_weekend():
    started = utc(2026, 3, 5, 17)  # Thursday 12:00 in New York: due Friday 12:00
    assert clocks.deadline(WEEKENDS, started, tz=NY) == utc(2026, 3, 6, 17)
    # One day more is one more day charged: 6 h on Friday, the weekend, 18 h from Monday 08:00.
    assert clocks.deadline(WEEKENDS, started, tz=NY, extra_s=86400) == utc(2026, 3, 9, 12) + hours(
        18
    )


def test_live_clocks_have_no_pauses():
    t0 = utc(2026, 3, 7, 12)  # a Saturday
    assert list(clocks.pauses(LIVE, t0, tz=NY)) == []
    assert clocks.deadline(LIVE, t0, tz=NY) == t0 + timedelta(seconds=150)
