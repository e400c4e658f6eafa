"""Whole tournaments of bot players, in every format, run end to end in-process: the beat tick
starts them at their time, bots play every game (eager tasks), each game's end moves its
tournament on, the last round closes it with final places.

After each: everyone seated once per round at balanced tables, every table dealt under record
version 2 (the seed derived from its committed server seed and the contributions fixed at its
start), duplicate tables of a group really dealt the same hands from one commitment and one
contribution list, standings recomputed from the games equal the stored ones, final places
follow the standings, and another tick changes nothing. A tournament with people passes every
round's ready window, their contributions in the deal.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import IntegrityError
from django.db import transaction

from eventstore import store
from games.engine import commitment
from games.engine.deal import derive_seed_v2
from games.models import GameStatus
from games.services import game_contribute
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import pass_ready_windows
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import seat
from tests.support.factories import start
from tests.support.factories import waiting_games
from tournaments import services
from tournaments import tasks
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentFormat
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db


def snapshot(tournament: Tournament) -> dict:
    """Everything the scheduler writes, to compare before and after a repeated step."""
    tournament.refresh_from_db()
    return {
        "tournament": (
            tournament.status,
            tournament.current_round,
            tournament.standings,
            tournament.version,
        ),
        "rounds": list(tournament.round_set.values_list("number", "finished_at", "standings")),
        "tables": list(
            TournamentTable.objects.filter(round__tournament=tournament).values_list(
                "pk", "game_id", "finished_at", "result"
            )
        ),
        "entries": list(tournament.entries.values_list("pk", "status", "seed", "final_place")),
    }


def hands_dealt(game) -> list:
    """The hands of every RoundStarted of a game (the deal), as the event log holds them."""
    return [e.data["hands"] for e in store.read(game.stream) if e.type == "RoundStarted"]


def check_fair_deal(game) -> None:
    """The game was dealt under record version 2: its seed is the one its committed server
    seed and its fixed contributions give, and the log dealt that seed."""
    assert game.fairness_version == 2
    server_seed = bytes.fromhex(game.server_seed)
    assert commitment(server_seed) == game.server_seed_commitment == game.seed_commitment
    assert game.committed_at is not None
    assert game.committed_at <= game.started_at
    values = [c["value"] for c in game.contributions]
    assert derive_seed_v2(server_seed, values).hex() == game.seed
    logged = [e for e in store.read(game.stream) if e.type == "SeedContributionsFixed"]
    assert [e.data["contributions"] for e in logged] == [game.contributions]


def check_whole_tournament(tournament: Tournament, field: list) -> None:
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    assert {e.user_id for e in entries.values()} == {u.pk for u in field}
    rounds = list(tournament.round_set.order_by("number"))
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    expected = set(entries)
    for tround in rounds:
        tables = list(tround.tables.select_related("game").prefetch_related("seats", "game__seats"))
        seated = Counter(s.entry_id for t in tables for s in t.seats.all())
        # Everyone still in is seated exactly once per round.
        assert set(seated) == expected, tround.number
        assert set(seated.values()) == {1}
        sizes = [t.seats.count() for t in tables]
        assert max(sizes) - min(sizes) <= 1 or (tournament.table_size == 2 and max(sizes) == 3)
        assert max(sizes) <= max(tournament.table_size, 3)
        assert min(sizes) >= 2
        for table in tables:
            game = table.game
            assert game.status == GameStatus.FINISHED
            assert game.rated == tournament.rated
            assert not game.seed_hidden
            seats = sorted(table.seats.all(), key=lambda s: s.index)
            assert [entries[s.entry_id].user_id for s in seats] == [
                s.user_id for s in game.seats.all()
            ]
            assert table.finished_at is not None
            assert table.result is not None
            check_fair_deal(game)
            if table.deal_group is None:  # a table of its own: its seats, in seat order
                assert [c["seat"] for c in game.contributions] == [s.index for s in seats]
        if tournament.format == TournamentFormat.DUPLICATE:
            groups: dict[int, list] = {}
            for table in tables:
                groups.setdefault(table.deal_group, []).append(table.game)
            assert None not in groups
            for games in groups.values():
                # Seat for seat the same deal: one seed, the same hands in every RoundStarted.
                assert len({g.seed for g in games}) == 1
                assert len({len(g.seats.all()) for g in games}) == 1
                deals = [hands_dealt(g) for g in games]
                assert all(d == deals[0] for d in deals)
                # One commitment and one contribution list: the group's, every seat of it.
                assert len({g.server_seed_commitment for g in games}) == 1
                assert all(g.contributions == games[0].contributions for g in games)
                assert len(games[0].contributions) == sum(len(g.seats.all()) for g in games)
            for number, games in groups.items():
                group = TournamentDealGroup.objects.get(round=tround, number=number)
                assert group.server_seed_commitment == games[0].server_seed_commitment
                assert [
                    {k: v for k, v in c.items() if k != "table"} for c in group.contributions
                ] == (games[0].contributions)
            assert len({games[0].seed for games in groups.values()}) == len(groups)
        if tournament.format == TournamentFormat.ELIMINATION:
            expected = set(tround.advancing or [])
    if tournament.format == TournamentFormat.ELIMINATION:
        assert len(rounds[-1].tables.all()) == 1  # the final table
    # Standings from the games' events equal the stored ones, and give the final places.
    assert (
        services.tournament_recompute_standings(tournament_id=tournament.pk, write=False) is False
    )
    lines = tournament.standings["lines"]
    assert tournament.standings["final"] is True
    assert [line["rank"] for line in lines] == list(range(1, len(lines) + 1))
    assert {line["entry"]: line["rank"] for line in lines} == {
        pk: e.final_place for pk, e in entries.items()
    }
    if tournament.format == TournamentFormat.ELIMINATION:
        final = rounds[-1].tables.get()
        winner = next(s for s in final.result["seats"] if s["entry"] == lines[0]["entry"])
        assert winner is not None
    # The scheduler's step and the tick, run again, change nothing.
    before = snapshot(tournament)
    with committed():
        assert tasks.tick.run() == 0
        assert services.tournament_advance(tournament_id=tournament.pk) is False
    assert snapshot(tournament) == before


SLOW = pytest.mark.slow  # 64 players: 32, 21 and 32 games of bots; still run by CI
SINGLE_5 = {"table_size": 5, "rounds": 2, "variants": {"set_max": 6, "rounds": 1, "hand_size": 4}}
CASES = [
    pytest.param("swiss", 5, {"table_size": 3, "rounds": 3}, id="swiss-5"),
    pytest.param("elimination", 5, {"table_size": 3}, id="elimination-5"),
    pytest.param("duplicate", 5, {"table_size": 3, "rounds": 3}, id="duplicate-5"),
    pytest.param("single", 5, SINGLE_5, id="single-5"),
    pytest.param("swiss", 17, {"table_size": 4, "rounds": 3}, id="swiss-17"),
    pytest.param("elimination", 17, {"table_size": 4}, id="elimination-17"),
    pytest.param("duplicate", 17, {"table_size": 4, "rounds": 3}, id="duplicate-17"),
    pytest.param("swiss", 64, {"table_size": 4, "rounds": 2}, id="swiss-64", marks=SLOW),
    pytest.param(
        "elimination", 64, {"table_size": 4, "advance": 1}, id="elimination-64", marks=SLOW
    ),
    pytest.param("duplicate", 64, {"table_size": 4, "rounds": 2}, id="duplicate-64", marks=SLOW),
]


@pytest.mark.parametrize(("fmt", "players", "options"), CASES)
def test_a_whole_tournament_of_bots_runs_to_its_final_places(
    frozen_clock, org, fmt, players, options
):
    field = bots(players)
    tournament = new_tournament(org, format=fmt, **options)
    register(tournament, field)

    tournament = start(tournament)

    check_whole_tournament(tournament, field)
    assert set(tournament.entries.values_list("status", flat=True)) == {EntryStatus.REGISTERED}


def test_seat_rows_cannot_seat_an_entry_twice_in_a_round(frozen_clock, org):
    field = bots(4)
    tournament = new_tournament(org, format="swiss", table_size=2, rounds=1)
    register(tournament, field)
    start(tournament)
    seat = TournamentSeat.objects.filter(round__tournament=tournament).first()
    other = TournamentSeat.objects.exclude(table=seat.table).filter(round=seat.round).first()

    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentSeat.objects.create(
            table=other.table, round=seat.round, index=9, entry=seat.entry
        )


@pytest.mark.parametrize("fmt", ["swiss", "duplicate"])
def test_a_whole_tournament_with_people_passes_every_ready_window(frozen_clock, org, fmt):
    """People sit at some tables: each round's tables wait out their ready window, and what the
    people contributed meanwhile is in the deal; cy never contributes: "" like the bots."""
    people = [person(n) for n in ("ana", "bo", "cy")]
    field = [*people, *bots(3)]
    tournament = new_tournament(org, format=fmt, table_size=3, rounds=2, ready_seconds=5)
    register(tournament, field)
    contributed: dict[tuple[str, int], str] = {}

    def contribute(games) -> None:
        for game in games:
            for s in game.seats.all():
                if s.user in people and s.user.username != "cy":
                    value = f"{s.user.username}:{game.pk.hex[:8]}"
                    game_contribute(game_id=game.pk, user=s.user, value=value)
                    contributed[str(game.pk), s.index] = value

    tournament = seat(tournament)
    assert waiting_games(tournament).exists()
    pass_ready_windows(tournament, contribute)
    tournament = play_people(tournament, during_ready=contribute)

    check_whole_tournament(tournament, field)
    tables = TournamentTable.objects.filter(round__tournament=tournament).select_related("game")
    tables = {str(t.game_id): t for t in tables}
    assert {game_id for game_id, _ in contributed} == {
        game_id for game_id, t in tables.items() if t.seats.filter(entry__user__in=people[:2])
    }
    for table in tables.values():
        game = table.game
        users = {s.index: s.user for s in game.seats.all()}
        if table.deal_group is None:
            mine = {c["seat"]: c["value"] for c in game.contributions}
        else:
            group = TournamentDealGroup.objects.get(round=table.round, number=table.deal_group)
            mine = {
                c["seat"]: c["value"] for c in group.contributions if c["table"] == table.number
            }
        assert sorted(mine) == sorted(users)
        for index, user in users.items():
            assert mine[index] == contributed.get((str(game.pk), index), ""), user
