"""Quick pairing's services against PostgreSQL: join, leave, the match step, the tables it
forms (rated as the pool, a ready window, then the start), bots after N seconds, and the
refusals — a second ticket anywhere, a player still at an unfinished live quick game."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.errors import ApplicationError
from games.models import Game
from games.models import GameStatus
from games.services import game_resign
from matchmaking import services
from matchmaking import tasks
from matchmaking.errors import PoolError
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from matchmaking.selectors import pool_ticket_of
from notifications.models import Notification
from ratings.models import Rating
from tests.support.factories import bot
from tests.support.factories import committed
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def join(user, pool="3p-60s", **kwargs):
    with committed():
        return services.pool_join(user=user, pool=pool, **kwargs)


def people(n: int, prefix: str = "p") -> list:
    return [person(f"{prefix}{i}") for i in range(n)]


def code_of(excinfo) -> str:
    return excinfo.value.code


def test_a_full_pool_forms_a_table_at_once_rated_as_the_pool_in_its_ready_window(frozen_clock):
    ana, bo, cy = people(3)
    join(ana, rated=True)
    join(bo, rated=True)
    assert Ticket.objects.count() == 2
    join(cy, rated=True)  # the join's match step seats the three
    assert Ticket.objects.count() == 0
    table = QuickTable.objects.get()
    game = table.game
    assert game.status == GameStatus.OPEN
    assert game.rated
    assert table.rated
    assert table.bots == 0
    assert game.time_control["seconds_per_move"] == 60
    assert game.ready_deadline == frozen_clock.now() + timedelta(seconds=services.READY_SECONDS)
    assert [s.user for s in game.seats.order_by("index")] == [ana, bo, cy]
    notes = Notification.objects.filter(kind="quick_seated")
    assert {n.user for n in notes} == {ana, bo, cy}
    assert all(n.url == f"/games/{game.pk}" for n in notes)


def test_the_table_starts_when_its_ready_window_closes(frozen_clock):
    players = people(3)
    for user in players:
        join(user)
    game = QuickTable.objects.get().game
    with committed():
        assert tasks.tick.run() == 0  # still in its window
    frozen_clock.advance(timedelta(seconds=services.READY_SECONDS))
    with committed():
        assert tasks.start_table.run(str(game.pk), 0) is True
        assert tasks.start_table.run(str(game.pk), 0) is False  # once
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.contributions is not None  # the ready window's contributions were fixed


def test_the_tick_starts_a_table_whose_task_was_lost(frozen_clock):
    for user in people(3):
        join(user)
    frozen_clock.advance(timedelta(seconds=services.READY_SECONDS + 1))
    with committed():
        assert tasks.tick.run() == 1
        assert tasks.tick.run() == 0
    assert QuickTable.objects.get().game.status == GameStatus.ACTIVE


def test_a_correspondence_table_starts_once_every_person_has_opened_it(frozen_clock):
    players = people(3)
    for user in players:
        join(user, pool="3p-1d")
    game = QuickTable.objects.get().game
    assert game.time_control["kind"] == "correspondence"
    for user in players[:2]:
        game.seats.filter(user=user).update(opened_at=frozen_clock.now())
    with committed():
        assert tasks.tick.run() == 0
    game.seats.filter(user=players[2]).update(opened_at=frozen_clock.now())
    with committed():
        assert tasks.tick.run() == 1
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_rated_only_meets_rated():
    a, b = people(2)
    c = person("c")
    join(a, rated=True)
    join(b, rated=True)
    join(c, rated=False)
    assert QuickTable.objects.count() == 0
    assert Ticket.objects.count() == 3


def test_a_second_ticket_in_any_pool_is_refused():
    ana = person("ana")
    join(ana, pool="4p-30s")
    for pool, rated in (("3p-3m", False), ("4p-30s", True), ("4p-30s", False)):
        with pytest.raises(ApplicationError) as excinfo:
            join(ana, pool=pool, rated=rated)
        assert code_of(excinfo) == PoolError.ALREADY_WAITING
        assert excinfo.value.status == 409
    assert Ticket.objects.get(user=ana).pool == "4p-30s"


def test_leaving_is_instant_and_a_second_leave_finds_no_ticket():
    ana = person("ana")
    join(ana)
    with committed():
        services.pool_leave(user=ana)
    assert not Ticket.objects.exists()
    with pytest.raises(ApplicationError) as excinfo:
        services.pool_leave(user=ana)
    assert code_of(excinfo) == PoolError.NOT_WAITING


def test_a_player_at_an_unfinished_live_quick_game_cannot_join_until_it_is_over(frozen_clock):
    ana, bo, cy = people(3)
    for user in (ana, bo, cy):
        join(user)
    game = QuickTable.objects.get().game
    with pytest.raises(ApplicationError) as excinfo:
        join(ana, pool="4p-3m")
    assert code_of(excinfo) == PoolError.AT_A_LIVE_TABLE
    assert excinfo.value.extra["game"] == str(game.pk)
    frozen_clock.advance(timedelta(seconds=services.READY_SECONDS))
    with committed():
        tasks.tick.run()
        game_resign(game_id=game.pk, user=ana)  # left it: a bot plays the seat on
    join(ana, pool="4p-3m")
    assert Ticket.objects.get(user=ana).pool == "4p-3m"


def test_a_correspondence_quick_game_does_not_keep_its_players_out_of_the_pools():
    ana, bo, cy = people(3)
    for user in (ana, bo, cy):
        join(user, pool="3p-3d")
    assert QuickTable.objects.count() == 1
    join(ana, pool="3p-30s")
    assert Ticket.objects.filter(user=ana).exists()


def test_bots_fill_the_table_after_the_chosen_seconds_and_it_is_casual(frozen_clock):
    ana = person("ana")
    join(ana, pool="4p-60s", rated=True, bots_after=20)
    frozen_clock.advance(timedelta(seconds=19))
    with committed():
        assert tasks.tick.run() == 0
    frozen_clock.advance(timedelta(seconds=1))
    with committed():
        assert tasks.tick.run() == 1
    table = QuickTable.objects.get()
    assert table.bots == 3
    assert table.rated
    assert not table.game.rated
    seats = list(table.game.seats.select_related("user").order_by("index"))
    assert seats[0].user == ana
    assert all(s.user.is_platform_bot for s in seats[1:])
    assert len({s.user_id for s in seats}) == 4
    mine = pool_ticket_of(ana)
    assert mine["status"] == "seated"
    assert mine["rated"] is False  # the game's: bots filled it


def test_the_ticket_holds_the_players_display_rating_of_the_pools_kind():
    ana = person("ana")
    Rating.objects.create(user=ana, kind="correspondence", mu=35.0, sigma=2.0)
    join(ana, pool="4p-1d")
    join_live = person("bo")
    join(join_live, pool="4p-60s")
    assert Ticket.objects.get(user=ana).rating == 1500 + 20 * (35 - 6)
    assert Ticket.objects.get(user=join_live).rating == 1500  # a newcomer's


def test_refusals_bots_unknown_pools_and_unoffered_bot_delays(settings):
    with pytest.raises(ApplicationError) as excinfo:
        join(bot())
    assert code_of(excinfo) == PoolError.BOTS_NOT_ALLOWED
    ana = person("ana")
    with pytest.raises(ApplicationError) as excinfo:
        join(ana, pool="9p-1s")
    assert code_of(excinfo) == PoolError.UNKNOWN_POOL
    with pytest.raises(ApplicationError) as excinfo:
        join(ana, bots_after=7)
    assert code_of(excinfo) == PoolError.INVALID_BOTS_AFTER
    settings.RATED_MIN_GAMES = 5
    with pytest.raises(ApplicationError) as excinfo:
        join(ana, rated=True)
    assert code_of(excinfo) == "not_eligible_for_rated"
    assert not Ticket.objects.exists()


def test_a_game_a_quick_table_formed_is_a_normal_game_for_its_seats(frozen_clock):
    players = people(4)
    for user in players:
        join(user, pool="4p-30s")
    game = Game.objects.get()
    assert game.players == 4
    assert {s.user for s in game.seats.all()} == set(players)


def test_a_player_deactivated_while_waiting_is_not_seated(frozen_clock):
    ana, bo, cy = people(3)
    join(ana)
    join(bo)
    ana.is_active = False
    ana.save(update_fields=["is_active"])
    join(cy)
    assert not QuickTable.objects.exists()
    assert set(Ticket.objects.values_list("user", flat=True)) == {bo.pk, cy.pk}


def test_one_live_table_at_a_time_whichever_seated_the_player(frozen_clock):
    from games import services as games

    ana, bo, cy, dee = people(4)
    # A lobby table of ana and bo (and a bot), started: a live game in play.
    lobby = games.game_create(user=ana, players=3, variants={"set_max": 6, "rounds": 1})
    games.game_join(game_id=lobby.pk, user=bo)
    games.game_add_bot(game_id=lobby.pk, user=ana, strategy="random")
    with committed():
        games.game_start(game_id=lobby.pk, user=ana)
    with pytest.raises(ApplicationError) as excinfo:
        join(ana)
    assert code_of(excinfo) == PoolError.AT_A_LIVE_TABLE
    assert excinfo.value.extra["game"] == str(lobby.pk)
    with pytest.raises(ApplicationError):
        join(bo, pool="3p-1d")  # any pool, while a live game is played
    join(dee, pool="3p-1d")

    # Waiting in a live pool, cy is seated at another live table meanwhile (here a platform
    # table in its ready window, as a tournament's or an arena's): the wait ends there.
    join(cy)
    other = games.game_create_seated(created_by=cy, users=[cy, dee], start=False)
    Game.objects.filter(pk=other.pk).update(ready_deadline=frozen_clock.now())
    with committed():
        services.pool_match(pool="3p-60s", rated=False)
    assert not Ticket.objects.filter(user=cy).exists()
    assert Ticket.objects.filter(user=dee).exists()  # a correspondence wait goes on
