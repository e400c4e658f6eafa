"""What is coming: the series API, the calendar page and the iCal feeds (read back with the
``icalendar`` package, as a calendar app would)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from django.test import Client
from icalendar import Calendar

from tests.support import factories as tf
from tests.support.throttling import limits_on
from tournaments import series as series_services
from tournaments import tasks as tournament_tasks
from tournaments.models import Tournament
from tournaments.models import TournamentSeries

pytestmark = pytest.mark.django_db

MONDAY = datetime(2031, 3, 3, 8, 0, tzinfo=UTC)
SERIES_URL = "/api/v1/tournament-series"


def daily(org, **kw):
    return series_services.series_create(
        user=org,
        name=kw.pop("name", "Evening cup"),
        rule="FREQ=DAILY;BYHOUR=18;BYMINUTE=0;BYSECOND=0",
        dtstart=MONDAY.replace(hour=18),
        lead_hours=kw.pop("lead_hours", 30),
        template={"table_size": 4, "rounds": 2, "variants": tf.SMALL, **kw.pop("template", {})},
        **kw,
    )


def events_of(body: bytes) -> dict[str, dict]:
    cal = Calendar.from_ical(body)
    out = {}
    for ev in cal.walk("VEVENT"):
        out[str(ev["UID"])] = {
            "summary": str(ev["SUMMARY"]),
            "start": ev.decoded("DTSTART"),
            "end": ev.decoded("DTEND"),
            "url": str(ev["URL"]),
            "description": str(ev["DESCRIPTION"]),
        }
    return out


def test_the_feed_parses_and_holds_tournaments_and_series_occurrences(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    one_off = tf.new_tournament(org, name="Spring open", starts_in=timedelta(days=2))
    series = daily(org)  # Monday 18:00 made now; the rest computed from the rule
    r = Client().get("/tournaments.ics")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/calendar")
    events = events_of(r.content)
    mine = {uid: e for uid, e in events.items() if uid.startswith(f"series-{series.pk}-")}
    assert sorted(e["start"] for e in mine.values()) == [
        MONDAY.replace(hour=18) + timedelta(days=d) for d in range(28)
    ]
    assert {e["summary"] for e in mine.values()} == {"Evening cup"}
    spring = events[f"tournament-{one_off.pk}@mexican-train.tournaments"]
    assert spring["summary"] == "Spring open"
    assert spring["start"] == one_off.starts_at.replace(microsecond=0)
    assert spring["end"] > spring["start"]
    assert spring["url"] == f"http://testserver/tournaments/{one_off.pk}"
    made = Tournament.objects.get(series=series)
    first = mine[f"series-{series.pk}-20310303T180000Z@mexican-train.tournaments"]
    assert first["url"] == f"http://testserver/tournaments/{made.pk}"


def test_an_occurrence_keeps_its_uid_once_its_tournament_is_made(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = daily(org, lead_hours=2)
    assert not Tournament.objects.filter(series=series).exists()
    before = events_of(Client().get(f"/tournaments/series/{series.pk}.ics").content)
    uid = f"series-{series.pk}-20310303T180000Z@mexican-train.tournaments"
    assert "/tournaments/calendar#" in before[uid]["url"]
    frozen_clock.advance(timedelta(hours=9))  # 17:00: Monday's is within the lead time
    tournament_tasks.series_fill.run()
    made = Tournament.objects.get(series=series)
    after = events_of(Client().get(f"/tournaments/series/{series.pk}.ics").content)
    assert set(after) == set(before)  # the same events, the same UIDs
    assert after[uid]["url"].endswith(f"/tournaments/{made.pk}")
    assert after[uid]["start"] == before[uid]["start"]


def test_a_series_feed_holds_only_that_series_and_an_unknown_one_is_404(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    a = daily(org, name="A cup")
    daily(org, name="B cup")
    tf.new_tournament(org, name="loose", starts_in=timedelta(days=1))
    events = events_of(Client().get(f"/tournaments/series/{a.pk}.ics").content)
    assert {e["summary"] for e in events.values()} == {"A cup"}
    assert Client().get("/tournaments/series/99999.ics").status_code == 404


def test_the_estimated_end_follows_rounds_and_the_time_control(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    tf.new_tournament(org, name="short", rounds=1)
    tf.new_tournament(org, name="long", rounds=4)
    tf.new_tournament(org, name="slow", time_control={"kind": "correspondence"})
    events = events_of(Client().get("/tournaments.ics").content)
    length = {
        e["summary"]: e["end"] - e["start"]
        for e in events.values()
        if e["summary"] in ("short", "long", "slow")
    }
    assert length["long"] == 4 * length["short"]
    # tables of 4, 1 round of play (tf.SMALL), 8 turns a seat, half of 30 s a move, 15 s ready
    assert length["short"] == timedelta(seconds=1 * 4 * 8 * 15 + 15)
    assert length["slow"] == timedelta(hours=1)  # correspondence: the start only


def test_a_paused_series_shows_its_made_tournaments_but_no_new_occurrences(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = daily(org)
    series_services.series_update(series_id=series.pk, user=org, active=False)
    events = events_of(Client().get("/tournaments.ics").content)
    assert len(events) == 1  # Monday's tournament exists already


def test_the_calendar_page_groups_by_day_and_marks_scheduled_occurrences(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    daily(org, name="Evening cup")
    tf.new_tournament(org, name="Spring open", starts_in=timedelta(days=1, hours=2))
    page = Client().get("/tournaments/calendar").content.decode()
    assert page.count('data-testid="calendar-day"') == 28
    assert "Monday 3 March 2031" in page
    assert page.count('data-testid="calendar-scheduled"') == 27  # all but Monday's, made
    assert "Spring open" in page
    assert 'href="/tournaments.ics"' in page
    hu = Client(headers={"accept-language": "hu"}).get("/tournaments/calendar").content.decode()
    assert "Monday 3 March" not in hu  # the day names in the viewer's language
    assert "március" in hu


def test_the_tournaments_page_links_the_calendar(db):
    page = Client().get("/tournaments").content.decode()
    assert 'href="/tournaments/calendar"' in page


# -- the series API ----------------------------------------------------------------------------


def series_body(**kw):
    return {
        "name": "Weekly Swiss",
        "rule": "FREQ=WEEKLY;BYDAY=SA;BYHOUR=15;BYMINUTE=0;BYSECOND=0",
        "dtstart": "2031-03-08T15:00:00Z",
        "lead_hours": 24 * 7,
        "template": {"table_size": 4, "rounds": 3, "min_rated_games": 2},
        **kw,
    }


def test_an_organizer_defines_a_series_by_the_api_and_anyone_reads_it(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    r = tf.client_for(org).post(SERIES_URL, series_body(), format="json")
    assert r.status_code == 201, r.content
    doc = r.json()
    assert doc["next_starts"][0] == "2031-03-08T15:00:00+00:00"
    assert len(doc["tournaments"]) == 1
    assert doc["entry_conditions"]["min_rated_games"] == 2
    assert doc["feed"] == f"/tournaments/series/{doc['id']}.ics"
    anyone = tf.client_for(None)
    assert anyone.get(f"{SERIES_URL}/{doc['id']}").json()["name"] == "Weekly Swiss"
    listed = anyone.get(SERIES_URL).json()
    assert [s["id"] for s in listed["results"]] == [doc["id"]]
    assert anyone.get(f"{SERIES_URL}/424242").status_code == 404


def test_players_cannot_define_or_change_a_series(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    mallory = tf.client_for(tf.person("mallory"))
    r = mallory.post(SERIES_URL, series_body(), format="json")
    assert (r.status_code, r.json()["code"]) == (403, "not_organizer")
    assert tf.client_for(None).post(SERIES_URL, series_body(), format="json").status_code in (
        401,
        403,
    )
    series = daily(org)
    r = mallory.patch(f"{SERIES_URL}/{series.pk}", {"active": False}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "not_organizer")
    series.refresh_from_db()
    assert series.active


def test_the_organizer_pauses_a_series_and_changes_its_lead_time(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = daily(org)
    client = tf.client_for(org)
    r = client.patch(f"{SERIES_URL}/{series.pk}", {"active": False}, format="json")
    assert (r.status_code, r.json()["active"]) == (200, False)
    r = client.patch(f"{SERIES_URL}/{series.pk}", {"active": True, "lead_hours": 80}, format="json")
    assert r.status_code == 200
    assert len(r.json()["tournaments"]) == 3  # Monday to Wednesday 18:00 (within 80 h)
    r = client.patch(f"{SERIES_URL}/{series.pk}", {"lead_hours": 0}, format="json")
    assert r.status_code == 400


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"rule": "FREQ=MINUTELY"}, "series_too_frequent"),
        ({"rule": "FREQ=SOMETIMES"}, "invalid_series_rule"),
        ({"template": {"table_size": 12}}, "invalid_tournament"),
        ({"template": {"time_control": {"kind": "blitz"}}}, "invalid_time_control"),
        ({"template": {"verified_email": "yes"}}, "invalid_entry_conditions"),
        ({"template": {"name": "sneaky"}}, "invalid_series"),
        ({"dtstart": "2020-01-01T00:00:00Z"}, "invalid_series"),
        ({"dtstart": "soon"}, "invalid"),
    ],
)
def test_bad_series_are_refused_with_a_stable_code_and_nothing_made(
    org, frozen_clock, change, code
):
    frozen_clock.freeze(MONDAY)
    r = tf.client_for(org).post(SERIES_URL, series_body(**change), format="json")
    assert r.status_code == 400, r.content
    assert r.json()["code"] == code
    assert TournamentSeries.objects.count() == Tournament.objects.count() == 0


def test_the_feeds_and_the_calendar_count_against_the_reads_limit(db, settings, monkeypatch):
    # The window pinned (limits_on): one that ended between the third read and the fourth let
    # the fourth through (a fresh-clone run, once).
    limits_on(settings, monkeypatch, reads="3/min")
    client = Client(REMOTE_ADDR="203.0.113.9")
    answers = [client.get(url).status_code for url in ("/tournaments.ics",) * 2]
    answers.append(client.get("/tournaments/calendar").status_code)
    assert answers == [200, 200, 200]
    r = client.get("/tournaments.ics")
    assert r.status_code == 429
    assert int(r["Retry-After"]) >= 1
    assert Client(REMOTE_ADDR="203.0.113.10").get("/tournaments.ics").status_code == 200


def test_a_series_of_arenas_makes_arenas_whose_events_last_their_duration(org, frozen_clock):
    frozen_clock.freeze(MONDAY)
    series = daily(
        org,
        template={
            "format": "arena",
            "duration_minutes": 45,
            "berserk": True,
            "time_control": tf.TOURNAMENT_LIVE,
        },
    )
    made = Tournament.objects.filter(series=series).order_by("starts_at")
    assert made.exists()
    assert {(t.format, t.duration_minutes, t.berserk) for t in made} == {("arena", 45, True)}
    events = events_of(Client().get("/tournaments.ics").content).values()
    arena_events = [e for e in events if e["summary"] == series.name]
    assert len(arena_events) >= 2  # made tournaments and occurrences still to be made
    assert {e["end"] - e["start"] for e in arena_events} == {timedelta(minutes=45)}
