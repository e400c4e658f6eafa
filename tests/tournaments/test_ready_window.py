"""A tournament table's ready window (record version 2): seated with its commitment published,
it collects the seated players' contributions, then starts — live after ``ready_seconds``
(the task queued for the window's end, or the tick), correspondence once every seated player
has opened the table or after an hour. A duplicate group starts together, with one list."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.errors import ApplicationError
from games.engine import commitment
from games.engine.deal import derive_seed_v2
from games.models import Game
from games.models import GameStatus
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import pass_ready_windows
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import seat
from tests.support.factories import waiting_games
from tournaments import services
from tournaments import tasks
from tournaments.models import CORRESPONDENCE_READY_SECONDS
from tournaments.models import EntryStatus
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentTable
from tournaments.selectors import tournaments_due

pytestmark = pytest.mark.django_db

CORRESPONDENCE = {"kind": "correspondence", "days_per_move": 1}


def contribute(user, game, value: str):
    return client_for(user).post(
        f"/api/v1/games/{game.pk}/contribution", {"value": value}, format="json"
    )


def only_table(tournament) -> TournamentTable:
    return TournamentTable.objects.select_related("game").get(round__tournament=tournament)


def seated_at(game, username: str) -> int:
    return game.seats.get(user__username=username).index


def test_a_live_table_is_seated_with_its_commitment_and_starts_when_its_window_ends(
    frozen_clock, org
):
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=1, ready_seconds=15)
    register(tournament, [ana, bo, *bots(1)])
    tournament = seat(tournament)
    seated_now = frozen_clock.now()
    game = only_table(tournament).game
    assert game.status == GameStatus.OPEN
    assert game.version == 0
    assert game.ready_deadline == seated_now + timedelta(seconds=15)
    shown = client_for(ana).get(f"/api/v1/games/{game.pk}").json()
    assert shown["fairness"]["server_seed_commitment"] == game.server_seed_commitment
    assert shown["fairness"]["fixed"] is False
    assert shown["ready_deadline"] is not None
    assert contribute(ana, game, "ana's own words").status_code == 200

    frozen_clock.advance(timedelta(seconds=14))
    with committed():
        assert tasks.start_table.run(str(game.pk), 0) is False  # early: the window is open
        assert services.tournament_advance(tournament_id=tournament.pk) is False
    assert tournaments_due() == []
    frozen_clock.advance(timedelta(seconds=1))
    assert tournaments_due() == [tournament.pk]
    with committed():
        assert tasks.start_table.run(str(game.pk), 0) is True
        assert tasks.start_table.run(str(game.pk), 0) is False

    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.server_seed_commitment == shown["fairness"]["server_seed_commitment"]
    values = {c["seat"]: c["value"] for c in game.contributions}
    assert values[seated_at(game, "ana")] == "ana's own words"
    assert values[seated_at(game, "bo")] == ""  # absent: never contributed
    assert sorted(values) == [0, 1, 2]
    assert list(values.values()).count("") == 2
    assert (
        game.seed
        == derive_seed_v2(
            bytes.fromhex(game.server_seed), [c["value"] for c in game.contributions]
        ).hex()
    )
    late = contribute(bo, game, "too late")
    assert late.status_code == 409
    assert late.json()["code"] == "contributions_fixed"
    assert tournaments_due() == []


def test_a_contribution_after_the_window_closed_is_refused_before_the_start_has_run(
    frozen_clock, org
):
    ana = person("ana")
    tournament = new_tournament(org, format="swiss", table_size=2, rounds=1, ready_seconds=10)
    register(tournament, [ana, *bots(1)])
    game = only_table(seat(tournament)).game
    assert contribute(ana, game, "in time").status_code == 200
    frozen_clock.advance(timedelta(seconds=10))

    late = contribute(ana, game, "after the window")
    assert late.status_code == 409
    assert late.json()["code"] == "contributions_fixed"
    with committed():
        tasks.tick.run()
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.contributions[seated_at(game, "ana")]["value"] == "in time"


def test_a_table_of_bots_only_starts_at_its_seating(frozen_clock, org):
    tournament = new_tournament(org, format="swiss", table_size=2, rounds=1)
    register(tournament, bots(2))
    tournament = seat(tournament)
    game = only_table(tournament).game
    assert game.status == GameStatus.FINISHED  # nobody to wait for; the bots played it out
    assert [c["value"] for c in game.contributions] == ["", ""]


def test_a_correspondence_table_starts_once_every_seated_player_has_opened_it(frozen_clock, org):
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(
        org, format="swiss", table_size=3, rounds=1, time_control=CORRESPONDENCE
    )
    register(tournament, [ana, bo, *bots(1)])
    tournament = seat(tournament)
    game = only_table(tournament).game
    assert game.ready_deadline == frozen_clock.now() + timedelta(
        seconds=CORRESPONDENCE_READY_SECONDS
    )
    assert client_for(ana).get(f"/api/v1/games/{game.pk}/state").status_code == 200
    assert contribute(ana, game, "ana was here").status_code == 200
    client_for().get(f"/api/v1/games/{game.pk}/state")  # a spectator opens nothing
    with committed():
        assert tasks.tick.run() == 0
    assert game.seats.get(user=ana).opened_at is not None
    assert game.seats.get(user=bo).opened_at is None
    assert Game.objects.get(pk=game.pk).status == GameStatus.OPEN

    frozen_clock.advance(timedelta(minutes=5))
    assert client_for(bo).get(f"/api/v1/games/{game.pk}").status_code == 200
    assert tournaments_due() == [tournament.pk]
    with committed():
        assert tasks.tick.run() == 1
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.contributions[seated_at(game, "ana")]["value"] == "ana was here"


def test_a_correspondence_table_starts_after_an_hour_without_everyone(frozen_clock, org):
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(
        org, format="swiss", table_size=2, rounds=1, time_control=CORRESPONDENCE
    )
    register(tournament, [ana, bo])
    game = only_table(seat(tournament)).game
    client_for(ana).get(f"/api/v1/games/{game.pk}/state")
    frozen_clock.advance(timedelta(seconds=CORRESPONDENCE_READY_SECONDS - 1))
    with committed():
        assert tasks.tick.run() == 0
    frozen_clock.advance(timedelta(seconds=1))
    with committed():
        assert tasks.tick.run() == 1
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert [c["value"] for c in game.contributions] == ["", ""]


def test_a_duplicate_group_waits_together_and_deals_one_seed_from_one_list(frozen_clock, org):
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    # Bots are seeded first: table 1 is theirs, table 2 the people's; one deal group.
    register(tournament, [*people, *bots(3)])
    tournament = seat(tournament)
    tables = list(
        TournamentTable.objects.filter(round__tournament=tournament)
        .select_related("game")
        .order_by("number")
    )
    group = TournamentDealGroup.objects.get(round__tournament=tournament)
    assert [t.deal_group for t in tables] == [0, 0]
    # The bots' table waits for the group: its deal is the people's too.
    assert [t.game.status for t in tables] == [GameStatus.OPEN, GameStatus.OPEN]
    assert {t.game.server_seed_commitment for t in tables} == {group.server_seed_commitment}
    assert commitment(bytes.fromhex(group.server_seed)) == group.server_seed_commitment
    people_game = tables[1].game
    for user in people[:2]:
        assert contribute(user, people_game, f"{user.username}!").status_code == 200
    denied = contribute(people[0], tables[0].game, "not my table")
    assert denied.status_code == 403
    assert denied.json()["code"] == "not_a_player"

    assert pass_ready_windows(tournament)

    group.refresh_from_db()
    games = [Game.objects.get(pk=t.game_id) for t in tables]
    assert all(g.status != GameStatus.OPEN for g in games)
    # The documented order: table 1's seats, then table 2's, each by seat index.
    assert [(c["table"], c["seat"]) for c in group.contributions] == [
        (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2),
    ]  # fmt: skip
    by_place = {(c["table"], c["seat"]): c["value"] for c in group.contributions}
    assert by_place[2, seated_at(people_game, "ana")] == "ana!"
    assert by_place[2, seated_at(people_game, "bo")] == "bo!"
    assert by_place[2, seated_at(people_game, "cy")] == ""
    assert [by_place[1, s] for s in range(3)] == ["", "", ""]
    dealt = [{k: v for k, v in c.items() if k != "table"} for c in group.contributions]
    seed = derive_seed_v2(bytes.fromhex(group.server_seed), [c["value"] for c in dealt])
    for game in games:
        assert game.contributions == dealt
        assert game.server_seed == group.server_seed
        assert game.seed == seed.hex()


def test_a_player_who_withdraws_during_the_window_leaves_the_started_game(frozen_clock, org):
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=1)
    register(tournament, [ana, bo, *bots(1)])
    game = only_table(seat(tournament)).game
    with committed():
        services.tournament_withdraw(tournament_id=tournament.pk, user=bo)
    assert waiting_games(tournament).count() == 1

    assert pass_ready_windows(tournament)

    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.seats.get(user=bo).resigned_at is not None
    assert tournament.entries.get(user=bo).status == EntryStatus.WITHDRAWN


def test_ready_seconds_is_checked(org):
    for bad in (0, 4, 301, "15", True):
        with pytest.raises(ApplicationError) as caught:
            new_tournament(org, ready_seconds=bad)
        assert getattr(caught.value, "code", None) == "invalid_tournament", bad
    assert new_tournament(org, ready_seconds=5).ready_seconds == 5
