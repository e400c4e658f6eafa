"""Berserk (issue 33, arena tournaments): a seated player of a table the platform seated halves
their reserve before it starts, for a bonus the tournament gives them if they win.

Games' part: ``games.services.game_berserk`` records the choice on the seat during the ready
window, the start logs the berserk seats (``SeatsBerserk``, right after the start events) so
the log alone tells it, the projection halves those seats' initial reserve (live and rebuilt
from the log alike), and the seat's view says who went berserk.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from functools import partial
from types import SimpleNamespace

import pytest

from core import clock
from core.errors import ApplicationError
from eventstore import store
from games import integrity
from games import services
from games.account_data import games_export
from games.audit import audit_steps
from games.domain import SEATS_BERSERK
from games.domain import berserk_seats
from games.domain import platform_event
from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine.record import FULL
from games.engine.record import verify_record
from games.engine.state import initial_state
from games.errors import GameError
from games.integrity import verify_game
from games.models import Game
from games.models import Seat
from games.projections import game_projection_from_log
from games.projections import game_rebuild_projections
from games.selectors import event_for
from games.selectors import game_record_as
from tests.support.clocks import CORR
from tests.support.clocks import LIVE
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import clock_fields
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import open_table
from tests.support.factories import person
from tests.support.factories import play
from tests.support.factories import run_committed
from tests.support.threads import run_together

pytestmark = pytest.mark.django_db

READY = timedelta(seconds=60)


def ready_table(users, tc=LIVE, *, deal: bytes = b"berserk", rounds: int = 1) -> Game:
    """A double-6 table the platform seated with ``users`` and did not start: in its ready
    window, as a tournament's (tournaments.scheduling) until ``game_start_ready``."""
    game = services.game_create_seated(
        created_by=users[0],
        users=list(users),
        variants={"set_max": 6, "rounds": rounds},
        time_control=tc,
        server_seed=hashlib.sha256(deal).digest(),
        start=False,
    )
    Game.objects.filter(pk=game.pk).update(ready_deadline=clock.now() + READY)
    return Game.objects.get(pk=game.pk)


def start(game: Game) -> Game:
    run_committed(services.game_start_ready, game_id=game.id)
    return Game.objects.get(pk=game.pk)


def refused(code: GameError, **kwargs) -> ApplicationError:
    with pytest.raises(ApplicationError) as caught:
        services.game_berserk(**kwargs)
    assert caught.value.code == code
    return caught.value


# -- the choice, in the ready window -------------------------------------------------------------


def test_a_seated_player_goes_berserk_on_their_own_seat_only(ana, bo):
    game = ready_table([ana, bo])
    seat = services.game_berserk(game_id=game.id, user=bo)
    assert (seat.index, seat.berserk) == (1, True)
    assert [s.berserk for s in game.seats.order_by("index")] == [False, True]


def test_a_user_without_a_seat_cannot_go_berserk(ana, bo):
    game = ready_table([ana, bo])
    exc = refused(GameError.NOT_A_PLAYER, game_id=game.id, user=person("cy"))
    assert exc.status == 403
    assert not Seat.objects.filter(game=game, berserk=True).exists()


def test_going_berserk_twice_is_refused(ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    exc = refused(GameError.ALREADY_BERSERK, game_id=game.id, user=ana)
    assert exc.status == 409


def test_after_the_start_it_is_too_late(ana, bo):
    game = start(ready_table([ana, bo]))
    exc = refused(GameError.ALREADY_STARTED, game_id=game.id, user=ana)
    assert exc.status == 409
    assert not seat_row(game, 0).berserk


def test_once_the_ready_window_has_closed_it_is_too_late_though_the_start_is_still_due(
    frozen_clock, ana, bo
):
    game = ready_table([ana, bo])
    frozen_clock.advance(READY)
    refused(GameError.ALREADY_STARTED, game_id=game.id, user=ana)


def test_a_lobby_table_has_no_ready_window_to_go_berserk_in(ana, bo):
    game = open_table(ana, [bo], bots=0, time_control=LIVE, start=False)
    refused(GameError.NO_READY_WINDOW, game_id=game.id, user=ana)


@pytest.mark.parametrize(
    "tc",
    [CORR, {**LIVE, "reserve_seconds": 0}],
    ids=["correspondence", "no reserve"],
)
def test_a_clock_with_no_reserve_to_halve_cannot_go_berserk(ana, bo, tc):
    game = ready_table([ana, bo], tc)
    refused(GameError.NO_RESERVE, game_id=game.id, user=ana)


def test_a_seat_the_platform_plays_has_no_clock_to_halve(ana):
    robot = bot()
    game = ready_table([ana, robot])
    refused(GameError.NO_RESERVE, game_id=game.id, user=robot)


def test_no_such_game_is_not_found(ana):
    refused(GameError.NOT_FOUND, game_id="00000000-0000-0000-0000-000000000000", user=ana)


# -- the start: logged, and the reserve halved ---------------------------------------------------


def test_the_start_logs_the_berserk_seats_right_after_the_start_events_and_halves_their_reserve(
    frozen_clock, ana, bo
):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=bo)
    game = start(game)
    logged = store.read(game.stream)
    assert [e.type for e in logged[:4]] == [
        "MatchStarted",
        "SeedContributionsFixed",
        SEATS_BERSERK,
        "RoundStarted",
    ]
    assert logged[2].data == {"berserk": [1]}
    assert logged[2].actor == {"kind": "system"}
    assert berserk_seats(logged) == {1}
    assert [s.reserve_ms for s in game.seats.order_by("index")] == [20_000, 10_000]
    reserve = 10 if game.to_move == 1 else 20
    assert game.deadline == game.turn_started_at + timedelta(seconds=10 + reserve)
    assert_clocks_rebuild_equal(game)


def test_a_start_with_nobody_berserk_logs_no_berserk_event(ana, bo):
    game = start(ready_table([ana, bo]))
    logged = store.read(game.stream)
    assert SEATS_BERSERK not in [e.type for e in logged]
    assert berserk_seats(logged) == set()
    assert [s.reserve_ms for s in game.seats.order_by("index")] == [20_000, 20_000]


def test_a_chosen_seed_start_logs_the_berserk_seats_after_match_started(ana, bo):
    game = services.game_create_seated(
        created_by=ana, users=[ana, bo], variants={"set_max": 6}, time_control=LIVE, start=False
    )
    Game.objects.filter(pk=game.pk).update(ready_deadline=clock.now() + READY)
    services.game_berserk(game_id=game.id, user=ana)
    game = Game.objects.get(pk=game.pk)
    run_committed(services._start, game=game, seed=b"\x00" * 32)  # record version 1
    logged = store.read(game.stream)
    assert [e.type for e in logged[:3]] == ["MatchStarted", SEATS_BERSERK, "RoundStarted"]
    assert seat_row(game, 0).reserve_ms == 10_000


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_berserk_racing_the_start_is_either_logged_with_it_or_refused(ana, bo):
    outcomes = set()
    for _ in range(8):
        game = ready_table([ana, bo])

        def berserk(game=game):
            try:
                return services.game_berserk(game_id=game.id, user=bo)
            except ApplicationError as exc:
                return exc.code

        went, _ = run_together([berserk, partial(services.game_start_ready, game_id=game.id)])
        logged = berserk_seats(store.read(game.stream))
        if isinstance(went, Seat):
            assert logged == {1}
            assert seat_row(game, 1).reserve_ms == 10_000
            outcomes.add("berserk")
        else:
            assert went == GameError.ALREADY_STARTED
            assert logged == set()
            assert not seat_row(game, 1).berserk
            assert seat_row(game, 1).reserve_ms == 20_000
            outcomes.add("too late")
    assert outcomes  # which of the two won is the scheduler's; each is whole


def test_the_halved_reserve_is_floored_to_whole_milliseconds():
    from games import clocks

    assert clocks.berserk_reserve_ms({**LIVE, "reserve_seconds": 7}) == 3_500
    assert clocks.berserk_reserve_ms(CORR) is None
    assert clocks.berserk_reserve_ms({**LIVE, "reserve_seconds": 0}) == 0


def test_a_berserk_seat_times_out_at_its_halved_deadline(frozen_clock, ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    services.game_berserk(game_id=game.id, user=bo)
    game = start(game)
    seat, seq = game.to_move, game.version
    assert game.deadline == game.turn_started_at + timedelta(seconds=10 + 10)

    frozen_clock.advance(timedelta(seconds=19.9))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.version == seq

    frozen_clock.advance(timedelta(seconds=0.2))
    assert sweep() == 1
    game.refresh_from_db()
    assert game.to_move != seat
    assert seat_row(game, seat).timeouts_in_row == 1
    assert seat_row(game, seat).reserve_ms == 0  # the halved reserve, all spent
    assert_clocks_rebuild_equal(game)


def test_the_projection_rebuilt_from_the_log_equals_the_live_one_as_the_game_goes_on(
    frozen_clock, ana, bo
):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    game = start(game)
    for _ in range(4):
        game.refresh_from_db()
        if game.status != "active":
            break
        frozen_clock.advance(timedelta(seconds=13))  # 3 s of reserve a turn
        play_turn(game, ana if game.to_move == 0 else bo)
        assert_clocks_rebuild_equal(game)
    live = clock_fields(game)
    assert live["seats"][0]["reserve_ms"] < 10_000 < live["seats"][1]["reserve_ms"]
    assert game_projection_from_log(game)["seats"] == live["seats"]
    game_rebuild_projections(game_id=game.id)
    assert clock_fields(game) == live
    assert seat_row(game, 0).berserk  # the choice is the seat's, kept by a rebuild


# -- what players see --------------------------------------------------------------------------


def test_the_seat_view_says_who_went_berserk_to_everyone(ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    for viewer in (ana, bo, person("cy"), None):
        doc = client_for(viewer).get(f"/api/v1/games/{game.id}").json()
        assert [s["berserk"] for s in doc["seats"]] == [True, False]
    start(game)
    doc = client_for(None).get(f"/api/v1/games/{game.id}").json()
    assert [s["berserk"] for s in doc["seats"]] == [True, False]
    assert [s["reserve_ms"] for s in doc["seats"]] == [10_000, 20_000]


def test_a_players_data_export_holds_their_choice(ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    start(game)
    assert [doc["berserk"] for doc in games_export(ana)] == [True]
    assert [doc["berserk"] for doc in games_export(bo)] == [False]


def test_the_event_reaches_every_viewer_as_logged(ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=bo)
    game = start(game)
    logged = next(e for e in store.read(game.stream) if e.type == SEATS_BERSERK)
    for seat in (0, 1, None):
        sent = event_for(logged, seat)
        assert (sent["type"], sent["data"]) == (SEATS_BERSERK, {"berserk": [1]})
    events = client_for(None).get(f"/api/v1/games/{game.id}/events").json()
    assert {"type": SEATS_BERSERK, "data": {"berserk": [1]}}.items() <= next(
        e for e in events if e["type"] == SEATS_BERSERK
    ).items()


def test_the_log_with_the_berserk_event_verifies_audits_and_exports_a_record_that_verifies(ana, bo):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    game = play(start(game), [ana, bo])
    assert game.status == "finished"
    assert verify_game(game).ok, str(verify_game(game))
    steps = audit_steps(game)["steps"]
    step = next(s for s in steps if s["type"] == SEATS_BERSERK)
    assert step["data"] == {"berserk": [0]}
    assert all(s["error"] is None for s in steps)
    record = game_record_as(game, viewer=FULL)
    assert SEATS_BERSERK not in str(record)  # the record is the match's, as specified
    assert verify_record(record).ok
    signed = client_for(ana).get(f"/api/v1/games/{game.id}/record")
    assert signed.status_code == 200
    assert verify_record(signed.json()).ok


def _appended_later(game: Game, data: dict, actor: dict) -> int:
    """Append a SeatsBerserk to ``game``'s log after what it holds (no service would); return
    its seq."""
    result = store.append(
        game.stream,
        expected_version=game.version,
        events=[platform_event(SEATS_BERSERK, **data)],
        actor=actor,
    )
    return result.last_seq


@pytest.mark.parametrize(
    ("data", "actor"),
    [
        ({"berserk": [1]}, {"kind": "system"}),
        ({"berserk": [0]}, {"kind": "player", "user": 1, "name": "ana"}),
    ],
    ids=["after the deal", "by a player"],
)
def test_a_berserk_event_anywhere_but_with_the_start_fails_verification(ana, bo, data, actor):
    game = ready_table([ana, bo])
    services.game_berserk(game_id=game.id, user=ana)
    game = start(game)
    seq = _appended_later(game, data, actor)
    verdict = verify_game(Game.objects.get(pk=game.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "move", seq)
    assert "berserk" in verdict.reason


@pytest.mark.parametrize(
    "seats",
    [[], [2], [1, 0], [0, 0], [True], "0", None],
    ids=["none", "no such seat", "out of order", "twice", "a boolean", "a string", "missing"],
)
def test_the_berserk_seats_logged_must_be_seats_of_the_table_in_order(seats):
    state = initial_state(MatchStarted(Ruleset.for_players(2, set_max=6), 2, "c" * 64))
    logged = SimpleNamespace(type=SEATS_BERSERK, actor={"kind": "system"}, data={"berserk": seats})
    assert integrity._check_berserk(logged, state, seen=False) is not None
    logged.data = {"berserk": [0, 1]}
    assert integrity._check_berserk(logged, state, seen=False) is None
    assert integrity._check_berserk(logged, state, seen=True) is not None
