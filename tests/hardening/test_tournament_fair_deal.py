"""Tournament deals nobody can choose, attacked as a seated player, as the organizer (staff)
and as a player at a sibling table of a duplicate group would.

The order record version 2 promises (spec/game-record.md, "Version 2", step 4) must hold at
tournament tables as at lobby ones: the commitment is shown to the seated players before any
contribution is accepted and does not change at the start; the contributions are fixed at the
start (nothing lands after the ready window); a duplicate group deals one seed from one
commitment and one contribution list at every table; the server seed stays hidden until the
deal is over; and nobody can start a table before its window has closed.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.errors import Conflict
from games.engine import commitment
from games.engine.deal import derive_seed_v2
from games.engine.record import verify_record
from games.models import Game
from games.models import GameStatus
from games.services import game_contribute
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import pass_ready_windows
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import seat
from tests.support.factories import second_factor_login
from tests.support.threads import run_together
from tournaments import services
from tournaments import tasks
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def contribute(user, game, value: str):
    return api(user).post(f"/api/v1/games/{game.pk}/contribution", {"value": value}, format="json")


def tables_of(tournament) -> list[TournamentTable]:
    return list(
        TournamentTable.objects.filter(round__tournament=tournament)
        .select_related("game")
        .order_by("round__number", "number")
    )


def duplicate_round(org):
    """A duplicate round of one deal group seated (table 1 bots, table 2 ana, bo and cy), its
    ready window open."""
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    register(tournament, [*people, *bots(3)])
    return seat(tournament), people


def test_the_commitment_is_shown_before_any_contribution_and_kept_to_the_end(frozen_clock):
    org = organizer()
    tournament, (ana, bo, cy) = duplicate_round(org)
    bots_table, people_table = tables_of(tournament)
    game = people_table.game

    # Seated, before anyone has contributed: the commitment is there for every seated player.
    before = api(ana).get(f"/api/v1/games/{game.pk}").json()["fairness"]
    assert before["fixed"] is False
    assert not any(c["contributed"] for c in before["contributions"])
    shown = before["server_seed_commitment"]
    assert len(shown) == 64
    assert (
        api(bo)
        .get(f"/api/v1/games/{bots_table.game_id}")
        .json()["fairness"]["server_seed_commitment"]
        == shown
    )  # the sibling table: the group's one commitment
    assert contribute(ana, game, "ana picks this").status_code == 200
    # bo cannot read ana's value to tune his own to it before they are fixed.
    seen = api(bo).get(f"/api/v1/games/{game.pk}").json()["fairness"]["contributions"]
    assert all(c["value"] is None for c in seen if c["seat"] != game.seats.get(user=bo).index)
    assert contribute(bo, game, "bo picks that").status_code == 200

    pass_ready_windows(tournament)
    started = api(cy).get(f"/api/v1/games/{game.pk}").json()["fairness"]
    assert started["fixed"] is True
    assert started["server_seed_commitment"] == shown
    assert started["server_seed"] is None  # secret while the match is played
    tournament = play_people(tournament)

    record = api(ana).get(f"/api/v1/games/{game.pk}/record").json()
    assert record["version"] == 2
    fairness = record["fairness"]
    assert fairness["server_seed_commitment"] == shown
    assert commitment(bytes.fromhex(fairness["server_seed"])) == shown
    values = [c["value"] for c in fairness["contributions"]]
    assert "ana picks this" in values
    assert "bo picks that" in values
    assert derive_seed_v2(bytes.fromhex(fairness["server_seed"]), values).hex() == record["seed"]
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked
    sibling = api(ana).get(f"/api/v1/games/{bots_table.game_id}/record").json()
    assert sibling["fairness"]["contributions"] == fairness["contributions"]
    assert sibling["seed"] == record["seed"]


def test_a_contribution_once_the_window_has_closed_is_refused(frozen_clock):
    org = organizer()
    tournament, (ana, bo, _cy) = duplicate_round(org)
    game = tables_of(tournament)[1].game
    assert contribute(ana, game, "early").status_code == 200
    frozen_clock.advance(timedelta(seconds=tournament.ready_seconds))

    # The window's end has come, its start not yet run (a slow worker): nothing lands.
    late = contribute(bo, game, "seen the clock run out")
    assert late.status_code == 409
    assert late.json()["code"] == "contributions_fixed"
    changed = contribute(ana, game, "changed my mind")
    assert changed.status_code == 409
    with committed():
        assert tasks.start_table.run(str(game.pk), 0) is True
    game.refresh_from_db()
    values = [c["value"] for c in game.contributions]
    assert "early" in values
    assert "seen the clock run out" not in values
    assert "changed my mind" not in values
    after = contribute(ana, game, "after the start")
    assert after.status_code == 409
    assert after.json()["code"] == "contributions_fixed"


def test_nobody_starts_a_tournament_table_early_or_leaves_or_joins_it(frozen_clock):
    org = organizer()
    tournament, (ana, _bo, _cy) = duplicate_round(org)
    bots_table, people_table = tables_of(tournament)
    stranger = person("eve")

    # The organizer created the games: as a lobby table's creator they could start one now,
    # with the contributions so far, and its deal would differ from its sibling's.
    for table in (bots_table, people_table):
        early = api(org).post(f"/api/v1/games/{table.game_id}/start")
        assert early.status_code == 400
        assert early.json()["code"] == "ready_window"
        bot = api(org).post(
            f"/api/v1/games/{table.game_id}/bots", {"strategy": "random"}, format="json"
        )
        assert bot.status_code == 400
        assert bot.json()["code"] == "ready_window"
    left = api(ana).post(f"/api/v1/games/{people_table.game_id}/leave")
    assert left.status_code == 400
    assert left.json()["code"] == "ready_window"
    joined = api(stranger).post(f"/api/v1/games/{people_table.game_id}/join")
    assert joined.status_code == 400
    # A player of one table cannot contribute to the sibling table's deal from there.
    sibling = contribute(ana, bots_table.game, "steer the bots' table")
    assert sibling.status_code == 403
    assert sibling.json()["code"] == "not_a_player"

    assert [Game.objects.get(pk=t.game_id).status for t in (bots_table, people_table)] == [
        GameStatus.OPEN,
        GameStatus.OPEN,
    ]
    assert people_table.game.seats.count() == 3


def test_a_duplicate_group_deals_one_seed_from_one_commitment_and_one_list(frozen_clock):
    org = organizer()
    tournament, (ana, bo, cy) = duplicate_round(org)
    tables = tables_of(tournament)
    people_game = tables[1].game
    for user in (ana, bo, cy):
        assert contribute(user, people_game, f"{user.username} at table 2").status_code == 200
    # Changing one's value as often as one likes before the start changes nothing of the order.
    assert contribute(bo, people_game, "bo, second thoughts").status_code == 200

    pass_ready_windows(tournament)

    group = TournamentDealGroup.objects.get(round__tournament=tournament)
    games = [Game.objects.get(pk=t.game_id) for t in tables]
    lists = {tuple((c["seat"], c["value"]) for c in g.contributions) for g in games}
    assert len(lists) == 1
    assert {g.server_seed_commitment for g in games} == {group.server_seed_commitment}
    assert {g.seed for g in games} == {
        derive_seed_v2(
            bytes.fromhex(group.server_seed), [c["value"] for c in group.contributions]
        ).hex()
    }
    # The documented order: table 1's seats (bots: ""), then table 2's, by seat index.
    expected = [""] * 3 + [
        "bo, second thoughts" if s.user == bo else f"{s.user.username} at table 2"
        for s in people_game.seats.order_by("index")
    ]
    assert [c["value"] for c in group.contributions] == expected
    assert "bo, second thoughts" in [c["value"] for c in group.contributions]
    assert "bo at table 2" not in [c["value"] for c in group.contributions]


def test_the_group_server_seed_and_the_round_secret_stay_out_of_the_admin(frozen_clock):
    org = organizer()
    org.is_superuser = True
    org.save(update_fields=["is_superuser"])
    tournament, _people = duplicate_round(org)
    group = TournamentDealGroup.objects.get(round__tournament=tournament)
    tround = tournament.round_set.get()
    browser = Client()
    second_factor_login(browser, org)

    pages = [
        f"/admin/tournaments/tournamentdealgroup/{group.pk}/change/",
        "/admin/tournaments/tournamentdealgroup/",
        f"/admin/tournaments/tournamentround/{tround.pk}/change/",
    ]
    for url in pages:
        page = browser.get(url)
        assert page.status_code == 200, url
        body = page.content.decode()
        assert group.server_seed not in body, url
        assert tround.seed not in body, url
    detail = api().get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert tround.seed not in str(detail)
    assert group.server_seed not in str(detail)


def test_the_start_task_run_twice_or_early_starts_the_group_once(frozen_clock):
    org = organizer()
    tournament, _people = duplicate_round(org)
    tables = tables_of(tournament)
    first = str(tables[0].game_id)
    with committed():
        assert tasks.start_table.run(first, 0) is False
    frozen_clock.advance(timedelta(seconds=tournament.ready_seconds))
    with committed():
        assert tasks.start_table.run(first, 0) is True
    after = [(g.version, g.seed, g.contributions) for g in Game.objects.order_by("pk")]
    with committed():
        assert tasks.start_table.run(first, 0) is False
        assert tasks.start_table.run(str(tables[1].game_id), 0) is False
        assert services.tournament_advance(tournament_id=tournament.pk) is False
    assert [(g.version, g.seed, g.contributions) for g in Game.objects.order_by("pk")] == after
    assert all(v > 0 for v, _, _ in after)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_contribution_racing_the_start_is_either_dealt_or_refused(frozen_clock):
    """The start and a contribution at once (a correspondence table whose players have all
    opened it, so the window closes with its start): the value is in the deal, or refused —
    never accepted and left out."""
    org = organizer()
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(
        org,
        format="swiss",
        table_size=3,
        rounds=1,
        time_control={"kind": "correspondence", "days_per_move": 1},
    )
    register(tournament, [ana, bo, *bots(1)])
    tournament = seat(tournament)
    game = tables_of(tournament)[0].game
    for user in (ana, bo):
        assert api(user).get(f"/api/v1/games/{game.pk}/state").status_code == 200

    def race() -> bool | str:
        try:
            game_contribute(game_id=game.pk, user=ana, value="racing the start")
        except Conflict as exc:
            return exc.code
        return True

    started, contributed = run_together([tasks.tick.run, race], timeout=60)

    game.refresh_from_db()
    assert started == 1
    assert game.status != GameStatus.OPEN
    values = [c["value"] for c in game.contributions]
    if contributed is True:
        assert "racing the start" in values
    else:
        assert contributed == "contributions_fixed"
        assert "racing the start" not in values
