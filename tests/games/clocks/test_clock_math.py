"""games.clocks: deadlines and charges from a time control (RULES R24), as plain functions."""

from datetime import UTC
from datetime import datetime
from datetime import timedelta

from games import clocks

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
LIVE = {"kind": "live", "seconds_per_move": 30, "reserve_seconds": 120}
CORR = {"kind": "correspondence", "days_per_move": 3, "vacation_days": 10}


def test_a_live_deadline_is_the_move_time_plus_what_is_left_of_the_reserve():
    assert clocks.deadline(LIVE, T0) == T0 + timedelta(seconds=150)
    assert clocks.deadline(LIVE, T0, reserve_ms=5_500) == T0 + timedelta(seconds=35.5)
    assert clocks.deadline(LIVE, T0, reserve_ms=0) == T0 + timedelta(seconds=30)


def test_a_live_turn_within_the_move_time_costs_no_reserve_and_a_longer_one_spends_it():
    charge = clocks.charge
    assert (
        charge(LIVE, T0, T0 + timedelta(seconds=29), reserve_ms=120_000, vacation_used_s=0)[0]
        == 120_000
    )
    assert (
        charge(LIVE, T0, T0 + timedelta(seconds=41), reserve_ms=120_000, vacation_used_s=0)[0]
        == 109_000
    )
    assert charge(LIVE, T0, T0 + timedelta(hours=1), reserve_ms=120_000, vacation_used_s=0)[0] == 0


def test_a_correspondence_deadline_is_days_per_move_later():
    assert clocks.deadline(CORR, T0) == T0 + timedelta(days=3)


def test_a_vacation_pushes_a_correspondence_deadline_back_by_its_overlap_with_the_turn():
    vac = {"vac_from": T0 + timedelta(days=1), "vac_until": T0 + timedelta(days=5)}
    assert clocks.deadline(CORR, T0, **vac) == T0 + timedelta(days=7)
    before = {"vac_from": T0 - timedelta(days=9), "vac_until": T0 - timedelta(days=1)}
    assert clocks.deadline(CORR, T0, **before) == T0 + timedelta(days=3)


def test_a_vacation_counts_only_up_to_the_games_vacation_days():
    vac = {"vac_from": T0, "vac_until": T0 + timedelta(days=30)}
    assert clocks.deadline(CORR, T0, **vac) == T0 + timedelta(days=13)
    used = 8 * 86400
    assert clocks.deadline(CORR, T0, vacation_used_s=used, **vac) == T0 + timedelta(days=5)


def test_a_correspondence_turn_charges_the_vacation_it_overlapped():
    vac = {"vac_from": T0 + timedelta(days=1), "vac_until": T0 + timedelta(days=3)}
    reserve, used = clocks.charge(
        CORR, T0, T0 + timedelta(days=2), reserve_ms=None, vacation_used_s=100, **vac
    )
    assert reserve is None
    assert used == 100 + 86400


def test_defaults_fill_in_what_older_time_controls_lack():
    tc = clocks.with_defaults({"kind": "correspondence"})
    assert tc == {
        "kind": "correspondence",
        "days_per_move": 3,
        "vacation_days": 14,
        "weekend_pause": False,
        "timeouts_allowed": 2,
        "on_timeouts": "bot",
    }
    assert clocks.with_defaults({"kind": "live"})["timeouts_allowed"] == 3
