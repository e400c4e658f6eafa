"""Arena tournaments end to end (tournaments.arena; the rules in tournaments.formats.arena):
a 20-minute arena of 40 players — bots and people, late joiners, a pause, leavers, berserk —
on a frozen clock; its standings against a hand-computed example; the API's arena actions and
their refusals."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from fractions import Fraction

import pytest

from core import clock
from games.models import GameStatus
from games.models import Seat
from games.services import game_resign as services_game_resign
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import move_people
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import run_committed
from tests.support.factories import tick
from tournaments import formats
from tournaments import services
from tournaments import tasks
from tournaments.arena_standings import arena_standings_doc
from tournaments.models import EntryStatus
from tournaments.models import TournamentEntry
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db

ARENA = {
    "table_size": 4,
    "duration_minutes": 20,
    "ready_seconds": 30,
    "arena_wait_seconds": 20,
    "berserk": True,
}


def arena(org, **options):
    return new_tournament(org, format="arena", **{**ARENA, **options})


def run_until(tournament, clock, until, step=timedelta(seconds=5)):
    """Play the people's moves; when nobody can move, tick and move the clock on, until
    ``until`` (or the arena's end, when it has finished)."""
    while clock.now() < until:
        tournament.refresh_from_db()
        if tournament.status == TournamentStatus.FINISHED:
            return
        if not move_people(tournament):
            tick()
            clock.advance(step)


def go_berserk_where_possible(tournament, user) -> int:
    """Berserk at the user's table in its ready window, if there is one; return 1 if done."""
    seat = (
        TournamentSeat.objects.filter(
            entry__tournament=tournament,
            entry__user=user,
            table__game__status=GameStatus.OPEN,
            table__game__ready_deadline__gt=clock.now(),
        )
        .select_related("table__game")
        .first()
    )
    if seat is None or Seat.objects.filter(game=seat.table.game, user=user, berserk=True).exists():
        return 0
    run_committed(services.tournament_berserk, tournament_id=tournament.pk, user=user)
    return 1


# -- an independent count of the points, from the tables' results ------------------------------


def expected_points(tournament, scoring="penalty"):
    """Each entry's points recounted table by table, in the order they played them: tablemates
    beaten (a tie a half), doubled after two wins running, +1 for a berserk win."""
    history = defaultdict(list)
    tables = TournamentTable.objects.filter(
        round__tournament=tournament, finished_at__isnull=False
    ).order_by("round__number", "number")
    for table in tables:
        doc = table.result
        if doc["status"] == GameStatus.VOID:
            continue
        places = formats.table_places(
            formats.TableResult(
                tuple(
                    formats.SeatResult(s["entry"], tuple(s["round_scores"]), s["forfeited"])
                    for s in doc["seats"]
                )
            ),
            scoring,
        )
        for i, seat in enumerate(doc["seats"]):
            beaten = sum(1 for p in places if p > places[i])
            tied = sum(1 for p in places if p == places[i]) - 1
            history[seat["entry"]].append(
                (
                    Fraction(2 * beaten + tied, 2),
                    places[i] == 1,
                    seat["forfeited"],
                    i in doc["berserk"],
                )
            )
    points = {}
    for entry, games in history.items():
        total, run = Fraction(0), 0
        for base, first, forfeited, berserk in games:
            won = first and not forfeited
            got = Fraction(0) if forfeited else base
            if run >= 2:
                got *= 2
            if won and berserk:
                got += 1
            total += got
            run = run + 1 if won else 0
        points[entry] = total
    return points


@pytest.mark.slow  # plays every table out: ~30-60 s; run by CI
def test_a_twenty_minute_arena_of_forty_players(frozen_clock, org):
    field = bots(34)
    people = [person(f"p{i}") for i in range(1, 5)]
    late = [person("late1"), person("late2")]
    tournament = arena(org)
    register(tournament, field + people)
    start = tournament.starts_at
    frozen_clock.advance(start - frozen_clock.now() + timedelta(seconds=1))
    p1, p2, p3, p4 = people
    berserks = 0

    def at(minutes):
        return start + timedelta(minutes=minutes)

    timeline = [
        (
            at(3),
            lambda: run_committed(services.tournament_pause, tournament_id=tournament.pk, user=p1),
        ),
        (at(5), lambda: register(tournament, late)),
        (
            at(8),
            lambda: run_committed(services.tournament_resume, tournament_id=tournament.pk, user=p1),
        ),
        (
            at(10),
            lambda: run_committed(
                services.tournament_withdraw, tournament_id=tournament.pk, user=p2
            ),
        ),
        (
            at(12),
            lambda: run_committed(
                services.tournament_withdraw, tournament_id=tournament.pk, user=p3
            ),
        ),
        (at(14), lambda: register(tournament, [p3])),
    ]
    marks = {}
    for when, act in timeline:
        while frozen_clock.now() < when:
            run_until(
                tournament, frozen_clock, min(when, frozen_clock.now() + timedelta(seconds=30))
            )
            berserks += go_berserk_where_possible(tournament, p4)
        with committed():
            act()
        marks[when] = frozen_clock.now()
    end = tournament.ends_at + timedelta(minutes=15)
    while frozen_clock.now() < end:
        run_until(tournament, frozen_clock, frozen_clock.now() + timedelta(seconds=30))
        berserks += go_berserk_where_possible(tournament, p4)
        tournament.refresh_from_db()
        if tournament.status == TournamentStatus.FINISHED:
            break
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert berserks >= 3

    entries = {e.user_id: e for e in tournament.entries.select_related("user")}
    seats = list(
        TournamentSeat.objects.filter(round__tournament=tournament)
        .select_related("table", "round", "entry")
        .order_by("round__number")
    )
    tables = {}
    for s in seats:
        tables.setdefault(s.table_id, []).append(s)
    ends_at = tournament.ends_at
    by_entry = defaultdict(list)
    for table_id, members in tables.items():
        table = members[0].table
        wave = members[0].round
        # No table formed after the end; every table formed before it was played and counted.
        assert wave.started_at < ends_at
        assert table.finished_at is not None
        assert table.result is not None
        assert 2 <= len(members) <= 4
        for s in members:
            by_entry[s.entry_id].append((wave.started_at, table.finished_at, table_id))
    # Nobody sits at two tables at once.
    for entry_id, spans in by_entry.items():
        spans.sort()
        for (_a0, a1, _), (b0, _b1, _) in zip(spans, spans[1:], strict=False):
            assert a1 <= b0, entry_id

    # The pause, the late joins and the leaves are respected.
    def seated_between(user, lo, hi):
        return [s for s in by_entry[entries[user.pk].pk] if lo <= s[0] < hi]

    assert not seated_between(p1, marks[at(3)], marks[at(8)])
    assert seated_between(p1, marks[at(8)], ends_at)
    for user in late:
        spans = by_entry[entries[user.pk].pk]
        assert spans
        assert min(s[0] for s in spans) >= marks[at(5)]
    assert not seated_between(p2, marks[at(10)], ends_at)
    assert not seated_between(p3, marks[at(12)], marks[at(14)])
    assert seated_between(p3, marks[at(14)], ends_at)
    assert entries[p2.pk].status == EntryStatus.WITHDRAWN
    # Never the same opponents twice in a row, unless someone at the table had waited the
    # organizer's wait (then nobody else was coming).
    wait = timedelta(seconds=tournament.arena_wait_seconds)
    previous = {}
    for table_id in sorted(tables, key=lambda t: tables[t][0].round.number):
        members = tables[table_id]
        formed = members[0].round.started_at
        ids = {s.entry_id for s in members}
        repeat = any(e in previous and (ids - {e}) <= previous[e][0] for e in ids)
        if repeat:
            assert max(formed - previous[e][1] for e in ids if e in previous) >= wait
        for s in members:
            previous[s.entry_id] = (ids - {s.entry_id}, s.table.finished_at)
    # Points, streaks and berserk as recounted independently; the order is the tie-break chain.
    lines = tournament.standings["lines"]
    points = expected_points(tournament)
    house = {e.pk for e in entries.values() if e.house_bot}
    assert {line["entry"]: Fraction(line["points_exact"]) for line in lines} == {
        e: p for e, p in points.items() if e not in house
    } | {e.pk: Fraction(0) for e in entries.values() if e.pk not in points and not e.house_bot}
    keys = [
        (
            -Fraction(line["points_exact"]),
            line["performance"] is None,
            -(line["performance"] or 0),
            -line["table_wins"],
        )
        for line in lines
    ]
    assert keys == sorted(keys)
    assert any(line["sheet"] and max(line["sheet"]) > 3 for line in lines)  # a doubled table
    assert tournament.standings["final"] is True
    assert [
        e.final_place
        for e in sorted(entries.values(), key=lambda e: e.final_place or 999)
        if e.final_place
    ] == list(range(1, len(lines) + 1))
    # Rebuilt from the games' events, the same; the tick, run again, changes nothing.
    assert (
        services.tournament_recompute_standings(tournament_id=tournament.pk, write=False) is False
    )
    with committed():
        assert tasks.tick.run() == 0


# -- the standings of a hand-computed example --------------------------------------------------


class FakeUser:
    def __init__(self, name):
        self.username, self.is_bot = name, False


class FakeEntry:
    def __init__(self, pk, name):
        self.id = self.pk = pk
        self.user = FakeUser(name)
        self.status, self.paused, self.house_bot = EntryStatus.REGISTERED, False, False


def doc(*seats, berserk=(), ratings=None):
    """A finished table: seats as (entry, total) — one round each, penalty scoring."""
    return {
        "status": "finished",
        "deal_group": None,
        "seats": [{"entry": e, "round_scores": [t], "forfeited": t is None} for e, t in seats],
        "ratings": ratings or [1500] * len(seats),
        "berserk": list(berserk),
    }


def test_arena_standings_match_a_hand_computed_example():
    """Five players, six tables (lowest total wins, R23):

    wave 1: A 0, B 5, C 9 (A 2, B 1, C 0) · D 3, E 8 (D 1, E 0)
    wave 2: A 1, D 4, E 6 (A 2: two wins running) · B 2, C 2 (tied: ½ each, a shared win)
    wave 3: A 0, B 7, C 3, berserk A (A on fire: 2 × 2 + 1 = 5; C 1, B 0)
    wave 4: A 5, D 1 (A still on fire, loses: 0 × 2 = 0; D 1)

    A: 2 + 2 + 5 + 0 = 9 · D: 1 + 1 (2nd of 3) + 1 = 3 (wave 2: D 4 is 2nd, 1 point)
    B: 1 + ½ + 0 = 1½ · C: 0 + ½ + 1 = 1½ · E: 0 + 0 = 0
    B and C tie on 1½: performance (all opponents at 1500): B's shares ½, ½, 0 → mean ⅓;
    C's 0, ½, ½ → ⅓ too; wins: B 1 (the shared one), C 1; then the order given (B first).
    """
    entries = [FakeEntry(i, n) for i, n in enumerate("ABCDE", start=1)]
    A, B, C, D, E = range(1, 6)
    finished = [
        (1, doc((A, 0), (B, 5), (C, 9))),
        (1, doc((D, 3), (E, 8))),
        (2, doc((A, 1), (D, 4), (E, 6))),
        (2, doc((B, 2), (C, 2))),
        (3, doc((A, 0), (B, 7), (C, 3), berserk=[0])),
        (4, doc((A, 5), (D, 1))),
    ]
    out = arena_standings_doc(None, entries, finished, scoring="penalty")
    got = [(line["username"], line["points_exact"], line["sheet"]) for line in out["lines"]]
    assert got == [
        ("A", "9", [2.0, 2.0, 5.0, 0.0]),
        ("D", "3", [1.0, 1.0, 1.0]),
        ("B", "3/2", [1.0, 0.5, 0.0]),
        ("C", "3/2", [0.0, 0.5, 1.0]),
        ("E", "0", [0.0, 0.0]),
    ]
    a = out["lines"][0]
    assert a["table_wins"] == 3
    assert a["berserk_wins"] == 1
    assert not a["on_fire"]
    # A's shares 1, 1, 1, 0 → ¾: 1500 + 800 × ¼ = 1700
    assert a["performance"] == 1700
    assert out["points"] == "arena"
    assert out["tables"] == 6


# -- the API -----------------------------------------------------------------------------------


def test_an_arena_is_created_over_the_api_and_its_settings_checked(frozen_clock, org):
    client = client_for(org)
    body = {
        "name": "Friday arena",
        "format": "arena",
        "starts_at": (frozen_clock.now() + timedelta(hours=1)).isoformat(),
        "table_size": 4,
        "duration_minutes": 30,
        "berserk": True,
        "arena_bots": True,
    }
    made = client.post("/api/v1/tournaments", body, format="json")
    assert made.status_code == 201, made.json()
    data = made.json()
    assert data["format"] == "arena"
    assert data["arena"]["duration_minutes"] == 30
    assert data["arena"]["bots"] is True
    assert data["arena"]["seconds_left"] == 1800
    for bad, field in (
        ({"duration_minutes": None}, "duration_minutes"),
        ({"time_control": {"kind": "correspondence"}}, "time_control"),
        ({"time_control": {"kind": "live", "reserve_seconds": 0}}, "berserk"),
    ):
        answer = client.post("/api/v1/tournaments", {**body, **bad}, format="json")
        assert answer.status_code == 400, bad
        assert answer.json()["code"] == "invalid_tournament"
        assert field in answer.json()["fields"]
    swiss = client.post(
        "/api/v1/tournaments",
        {**body, "format": "swiss", "duration_minutes": None},
        format="json",
    )
    assert swiss.status_code == 400
    assert "format" in swiss.json()["fields"]


def test_pause_resume_and_berserk_over_the_api(frozen_clock, org):
    ana, bo = person("ana"), person("bo")
    tournament = arena(org, ready_seconds=60)
    register(tournament, [ana, bo, *bots(2)])
    api = client_for(ana)
    url = f"/api/v1/tournaments/{tournament.pk}"
    assert api.post(f"{url}/pause").json()["code"] == "tournament_over"  # not running yet
    frozen_clock.advance(tournament.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()
    me = api.get(url).json()["me"]
    assert me["current_game"] is not None
    assert me["arena"] == {
        "waiting": False,
        "waiting_since": None,
        "paused": False,
        "berserk": False,
        "can_berserk": True,
    }
    went = api.post(f"{url}/berserk")
    assert went.status_code == 200, went.json()
    assert went.json()["me"]["arena"]["berserk"] is True
    assert api.post(f"{url}/berserk").json()["code"] == "already_berserk"
    # bo's seat is his own: ana's berserk did not touch it
    game = Seat.objects.get(user=ana, game__tournament_table__round__tournament=tournament).game
    assert (
        list(game.seats.order_by("index").values_list("user__username", "berserk")).count(
            ("bo", False)
        )
        == 1
    )
    paused = api.post(f"{url}/pause")
    assert paused.status_code == 200
    assert paused.json()["me"]["arena"]["paused"] is True
    assert api.post(f"{url}/pause").json()["code"] == "already_paused"
    assert client_for(bo).post(f"{url}/resume").json()["code"] == "not_paused"
    assert api.post(f"{url}/resume").json()["me"]["arena"]["paused"] is False
    stranger = client_for(person("cy"))
    assert stranger.post(f"{url}/pause").json()["code"] == "not_registered"
    assert client_for().post(f"{url}/pause").status_code in (401, 403)


def test_arena_actions_are_refused_elsewhere(frozen_clock, org):
    ana = person("ana")
    swiss = new_tournament(org, format="swiss")
    register(swiss, [ana, *bots(3)])
    frozen_clock.advance(swiss.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()
    api = client_for(ana)
    for action in ("pause", "resume", "berserk"):
        answer = api.post(f"/api/v1/tournaments/{swiss.pk}/{action}")
        assert answer.status_code == 400
        assert answer.json()["code"] == "not_arena"
    no_berserk = arena(org, berserk=False)
    register(no_berserk, [ana, *bots(3)])
    frozen_clock.advance(no_berserk.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()
    answer = api.post(f"/api/v1/tournaments/{no_berserk.pk}/berserk")
    assert answer.json()["code"] == "berserk_not_allowed"


def test_a_player_joining_a_running_arena_is_paired_and_keeps_a_leavers_score(frozen_clock, org):
    ana = person("ana")
    tournament = arena(org, arena_bots=True, arena_wait_seconds=10, ready_seconds=10)
    register(tournament, bots(4))
    frozen_clock.advance(tournament.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()
    run_committed(services.tournament_register, tournament_id=tournament.pk, user=ana)
    entry = TournamentEntry.objects.get(tournament=tournament, user=ana)
    assert entry.waiting_since is not None
    # alone in the pool: after the wait, house bots fill her table
    frozen_clock.advance(timedelta(seconds=11))
    tick()
    entry.refresh_from_db()
    assert entry.waiting_since is None
    seat = TournamentSeat.objects.filter(entry=entry).select_related("table").get()
    mates = TournamentSeat.objects.filter(table=seat.table).exclude(entry=entry)
    assert mates.count() == 3
    assert all(m.entry.house_bot for m in mates)
    house = tournament.entries.filter(house_bot=True)
    tournament.refresh_from_db()
    assert house.count() == 3
    # house bots fill tables; they are not players of the arena
    assert client_for().get(f"/api/v1/tournaments/{tournament.pk}").json()["entrants"] == 5
    assert not {line["entry"] for line in (tournament.standings or {}).get("lines", [])} & set(
        house.values_list("pk", flat=True)
    )


def test_a_player_at_another_live_table_waits_in_the_pool_until_it_ends(frozen_clock, org):
    """One live table at a time: an arena player seated at a lobby table (or a quick pairing's)
    keeps their place in the pool and is paired once that table has ended."""
    from tests.support.factories import open_table

    ana = person("ana")
    elsewhere = open_table(ana, bots=1)
    tournament = arena(org, table_size=2, ready_seconds=10)
    register(tournament, [ana, *bots(3)])
    frozen_clock.advance(tournament.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()
    entry = TournamentEntry.objects.get(tournament=tournament, user=ana)
    assert entry.waiting_since is not None  # the bots are paired, ana waits
    assert not TournamentSeat.objects.filter(entry=entry).exists()
    run_committed(services_game_resign, game_id=elsewhere.pk, user=ana)
    frozen_clock.advance(timedelta(seconds=25))  # the bots' tables end; ana may be paired
    for _ in range(6):
        tick()
        frozen_clock.advance(timedelta(seconds=11))
    assert TournamentSeat.objects.filter(entry=entry).exists()


def test_the_tick_starts_an_earlier_waves_table_whose_window_closed(frozen_clock, org):
    """Waves overlap: the tick finds a table of an earlier wave whose ready window closed while
    a later wave's is still open (the start task queued for it may have been lost)."""
    from tournaments.selectors import tournaments_due

    ana, bo, cy, dy = (person(n) for n in ("ana", "bo", "cy", "dy"))
    tournament = arena(org, table_size=2, ready_seconds=10)
    register(tournament, [ana, bo])
    frozen_clock.advance(tournament.starts_at - frozen_clock.now() + timedelta(seconds=1))
    tick()  # wave 1: ana and bo, until +10 s
    frozen_clock.advance(timedelta(seconds=5))
    with committed():
        register(tournament, [cy, dy])  # wave 2: cy and dy, until +15 s
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    frozen_clock.advance(timedelta(seconds=6))
    assert tournament.pk in tournaments_due()
    tick()
    first = TournamentTable.objects.get(round__tournament=tournament, round__number=1)
    second = TournamentTable.objects.get(round__tournament=tournament, round__number=2)
    assert first.game.status == GameStatus.ACTIVE
    assert second.game.status == GameStatus.OPEN
