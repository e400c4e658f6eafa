"""Clocks through the services (RULES R24): deadlines on the game row, the sweeper applying the
timeout action, timeouts in a row handing the seat to a bot or forfeiting it, vacations and
"your turn" notifications — with the platform's clock frozen and moved by hand."""

from __future__ import annotations

import hashlib
import threading
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection
from django.test import TestCase
from eventstore import store
from notifications.models import Notification

from core.errors import ApplicationError
from games import services
from games.domain import load
from games.engine import legal_moves
from games.integrity import verify_game
from games.models import Game, Seat
from games.tasks import sweep_deadlines

pytestmark = pytest.mark.django_db

LIVE = {"kind": "live", "seconds_per_move": 10, "reserve_seconds": 20}
CORR = {"kind": "correspondence", "days_per_move": 2, "vacation_days": 5}


@contextmanager
def committed():
    """Run what the commits inside would run (bot turns, emails): the test's own transaction
    never commits, so its captured on-commit callbacks are run here instead."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="x", email="ana@example.org")


@pytest.fixture
def bo(django_user_model):
    return django_user_model.objects.create_user("bo", password="x", email="bo@example.org")


def new_game(creator, others, tc, bots=0, *, deal=b"clocks", **variants) -> Game:
    """A started game. The deal is fixed (``deal`` names it): with random deals, 3.5% of these
    one-round double-six games (7 tiles each, first legal move every time) end within the
    first two turns, and a test about the second turn failed now and then."""
    game = services.game_create(
        user=creator,
        server_seed=hashlib.sha256(deal).digest(),
        players=1 + len(others) + bots,
        variants={"set_max": 6, "rounds": 1, **variants},
        time_control=tc,
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=creator, strategy="greedy")
    with committed():
        services.game_start(game_id=game.id, user=creator)
    game.refresh_from_db()
    return game


def body(move) -> dict:
    out = {"action": move.action}
    if move.action == "play":
        out.update(tile=list(move.tile), train=move.train)
    return out


def play_turn(game: Game, user) -> None:
    """``user`` plays their whole turn with their first legal move each time."""
    game.refresh_from_db()
    seat = game.to_move
    while game.status == "active" and game.to_move == seat:
        move = legal_moves(load(game.stream).state, seat)[0]
        with committed():
            services.game_move(game_id=game.id, user=user, move=body(move))
        game.refresh_from_db()


def sweep() -> int:
    with committed():
        return sweep_deadlines.run()


def events_after(game: Game, seq: int):
    return store.read(game.stream, after=seq)


def seat_row(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def clock_fields(game: Game) -> dict:
    game.refresh_from_db()
    seats = {
        s.index: {
            "reserve_ms": s.reserve_ms,
            "vacation_used_s": s.vacation_used_s,
            "timeouts_in_row": s.timeouts_in_row,
        }
        for s in game.seats.all()
    }
    return {"deadline": game.deadline, "turn_started_at": game.turn_started_at, "seats": seats}


def assert_clocks_rebuild_equal(game: Game) -> None:
    live = clock_fields(game)
    rebuilt = services.game_projection_from_log(game)
    assert rebuilt["deadline"] == live["deadline"]
    assert rebuilt["turn_started_at"] == live["turn_started_at"]
    assert rebuilt["seats"] == live["seats"]


# -- live --------------------------------------------------------------------------------------


def test_a_started_live_game_gives_the_seat_to_move_its_move_time_plus_reserve(
    frozen_clock, ana, bo
):
    game = new_game(ana, [bo], LIVE)
    assert game.turn_started_at == store.read(game.stream)[-1].created_at
    assert game.deadline == game.turn_started_at + timedelta(seconds=30)
    assert [s.reserve_ms for s in game.seats.all()] == [20_000, 20_000]
    assert_clocks_rebuild_equal(game)


def test_the_sweeper_applies_the_draw_or_pass_when_the_deadline_passes_and_not_before(
    frozen_clock, ana, bo
):
    game = new_game(ana, [bo], LIVE)
    seat, seq = game.to_move, game.version
    frozen_clock.advance(timedelta(seconds=29.9))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.version == seq

    frozen_clock.advance(timedelta(seconds=0.2))
    assert sweep() == 1
    game.refresh_from_db()
    timed_out = events_after(game, seq)
    assert timed_out and game.to_move != seat
    assert {e.actor["kind"] for e in timed_out} == {"timeout"}
    assert {e.data["by"] for e in timed_out} == {"timeout"}
    assert {e.data["seat"] for e in timed_out} == {seat}
    assert seat_row(game, seat).timeouts_in_row == 1
    assert seat_row(game, seat).reserve_ms == 0  # the whole reserve went
    assert game.deadline == game.turn_started_at + timedelta(seconds=30)
    assert_clocks_rebuild_equal(game)


def test_a_timeout_for_an_old_seq_or_applied_twice_appends_nothing(frozen_clock, ana, bo):
    game = new_game(ana, [bo], LIVE)
    seq = game.version
    frozen_clock.advance(timedelta(seconds=31))
    assert services.game_apply_timeout(game_id=game.id, seq=seq - 1) is None
    first = services.game_apply_timeout(game_id=game.id, seq=seq)
    assert first is not None
    assert services.game_apply_timeout(game_id=game.id, seq=seq) is None
    game.refresh_from_db()
    assert game.version == first.seq


def test_a_timeout_before_its_deadline_appends_nothing(frozen_clock, ana, bo):
    game = new_game(ana, [bo], LIVE)
    seq = game.version
    log = [e.hash for e in store.read(game.stream)]
    clocks = clock_fields(game)
    assert log and clocks["deadline"] is not None
    # at the start of the turn, and a millisecond before its deadline
    for wait in (timedelta(0), clocks["deadline"] - frozen_clock.now() - timedelta(milliseconds=1)):
        frozen_clock.advance(wait)
        assert services.game_apply_timeout(game_id=game.id, seq=seq) is None
        assert [e.hash for e in store.read(game.stream)] == log
        assert events_after(game, seq) == []
        game.refresh_from_db()
        assert game.version == seq
        assert clock_fields(game) == clocks


def test_a_move_after_the_deadline_is_refused_and_the_timeout_is_applied_instead(
    frozen_clock, ana, bo
):
    game = new_game(ana, [bo], LIVE)
    user = [ana, bo][game.to_move]
    move = legal_moves(load(game.stream).state, game.to_move)[0]
    frozen_clock.advance(timedelta(seconds=31))
    with pytest.raises(ApplicationError) as refused:
        services.game_move(game_id=game.id, user=user, move=body(move))
    assert refused.value.code == "deadline_passed" and refused.value.status == 409
    assert sweep() == 1


def test_a_slow_move_spends_reserve_and_a_quick_one_does_not(frozen_clock, ana, bo):
    game = new_game(ana, [bo], LIVE)
    first = game.to_move
    frozen_clock.advance(timedelta(seconds=25))
    play_turn(game, [ana, bo][first])
    assert seat_row(game, first).reserve_ms == 5_000
    second = game.to_move
    frozen_clock.advance(timedelta(seconds=3))
    play_turn(game, [ana, bo][second])
    assert seat_row(game, second).reserve_ms == 20_000
    assert game.deadline == game.turn_started_at + timedelta(
        seconds=10, milliseconds=seat_row(game, game.to_move).reserve_ms
    )
    assert_clocks_rebuild_equal(game)


def run_with_ana_absent(frozen_clock, game, ana, bo, *, until) -> None:
    """Bo plays his turns; ana's run out, until ``until(game)`` holds or the game ends."""
    for _ in range(400):
        game.refresh_from_db()
        if game.status != "active" or until(game):
            return
        if game.to_move == 1:
            play_turn(game, bo)
        else:
            frozen_clock.advance(game.deadline - frozen_clock.now() + timedelta(seconds=1))
            assert sweep() == 1
    raise AssertionError("the game did not get there")


def test_after_the_allowed_timeouts_in_a_row_a_bot_plays_the_seat(frozen_clock, ana, bo):
    game = new_game(ana, [bo], {**LIVE, "timeouts_allowed": 2}, rounds=2)
    run_with_ana_absent(
        frozen_clock, game, ana, bo, until=lambda g: seat_row(g, 0).resigned_at is not None
    )
    handed = [e for e in store.read(game.stream) if e.type == "SeatResigned"]
    assert [e.data for e in handed] == [{"seat": 0, "reason": "timeouts"}]
    assert seat_row(game, 0).timeouts_in_row == 2
    # From now on the platform plays seat 0 with a bot, with no clock to wait for.
    while game.status == "active":
        play_turn(game, bo)
    later = [e for e in events_after(game, handed[0].seq) if e.data.get("seat") == 0]
    assert later and all(e.actor["kind"] == "bot" for e in later if "by" in e.data)
    with pytest.raises(ApplicationError):
        services.game_move(game_id=game.id, user=ana, move={"action": "draw"})
    assert_clocks_rebuild_equal(game)


def test_with_the_forfeit_setting_the_seat_is_forfeited_and_played_by_the_timeout_action(
    frozen_clock, ana, bo
):
    tc = {**LIVE, "timeouts_allowed": 1, "on_timeouts": "forfeit"}
    game = new_game(ana, [bo], tc, rounds=2)
    run_with_ana_absent(
        frozen_clock, game, ana, bo, until=lambda g: seat_row(g, 0).forfeited_at is not None
    )
    forfeited = [e for e in store.read(game.stream) if e.type == "SeatForfeited"]
    assert [e.data for e in forfeited] == [{"seat": 0, "reason": "timeouts"}]
    while game.status == "active":
        play_turn(game, bo)
    assert game.status == "finished"
    later = [e for e in events_after(game, forfeited[0].seq) if e.data.get("seat") == 0]
    moves = [e for e in later if "by" in e.data]
    assert moves and all(e.data["by"] == "timeout" for e in moves)
    with pytest.raises(ApplicationError) as refused:
        services.game_move(game_id=game.id, user=ana, move={"action": "draw"})
    assert refused.value.code in ("resigned", "game_over")
    assert_clocks_rebuild_equal(game)


def test_a_move_of_the_player_resets_their_timeouts_in_a_row(frozen_clock, ana, bo):
    game = new_game(ana, [bo], {**LIVE, "timeouts_allowed": 3}, rounds=2)
    run_with_ana_absent(
        frozen_clock, game, ana, bo, until=lambda g: seat_row(g, 0).timeouts_in_row == 1
    )
    while game.to_move != 0:
        play_turn(game, bo)
    play_turn(game, ana)
    assert seat_row(game, 0).timeouts_in_row == 0
    assert_clocks_rebuild_equal(game)


# -- correspondence ----------------------------------------------------------------------------


def test_a_correspondence_deadline_of_days_is_enforced(frozen_clock, ana, bo):
    game = new_game(ana, [bo], CORR)
    seq = game.version
    assert game.deadline == game.turn_started_at + timedelta(days=2)
    frozen_clock.advance(timedelta(days=2) - timedelta(minutes=1))
    assert sweep() == 0
    frozen_clock.advance(timedelta(minutes=2))
    assert sweep() == 1
    assert {e.actor["kind"] for e in events_after(game, seq)} == {"timeout"}


def test_a_vacation_pauses_the_clock_up_to_the_games_vacation_days(frozen_clock, ana, bo):
    game = new_game(ana, [bo], CORR)
    user = [ana, bo][game.to_move]
    started = game.turn_started_at
    frozen_clock.advance(timedelta(days=1))
    services.player_vacation_start(user=user, days=30)
    game.refresh_from_db()
    assert game.deadline == started + timedelta(days=2 + 5)  # capped at vacation_days=5
    frozen_clock.advance(timedelta(days=5))
    assert sweep() == 0
    services.player_vacation_end(user=user)
    game.refresh_from_db()
    assert game.deadline == started + timedelta(days=7)
    frozen_clock.advance(timedelta(days=1, seconds=1))
    assert sweep() == 1
    assert seat_row(game, [ana, bo].index(user)).vacation_used_s == 5 * 86400
    assert_clocks_rebuild_equal(game)


def test_a_vacation_started_after_the_deadline_was_set_is_seen_by_the_timeout(
    frozen_clock, ana, bo
):
    game = new_game(ana, [bo], CORR)
    user = [ana, bo][game.to_move]
    user.vacation_from = frozen_clock.now()
    user.vacation_until = frozen_clock.now() + timedelta(days=3)
    user.save()  # written behind the service's back: the row's deadline is now stale
    frozen_clock.advance(timedelta(days=2, minutes=1))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.deadline == game.turn_started_at + timedelta(days=5)


@pytest.mark.parametrize("days", [0, 61, "3", True, None])
def test_a_vacation_of_a_bad_length_is_refused(ana, days):
    with pytest.raises(ApplicationError) as refused:
        services.player_vacation_start(user=ana, days=days)
    assert refused.value.code == "invalid_vacation"


def test_ending_a_vacation_that_is_not_running_is_refused(ana):
    with pytest.raises(ApplicationError) as refused:
        services.player_vacation_end(user=ana)
    assert refused.value.code == "not_on_vacation"


def test_your_turn_is_notified_in_the_app_and_by_email_once_per_turn(frozen_clock, ana, bo):
    game = new_game(ana, [bo], CORR)
    first = [ana, bo][game.to_move]
    other = bo if first == ana else ana
    assert Notification.objects.filter(user=first, kind="your_turn").count() == 1
    mail.outbox.clear()
    play_turn(game, first)
    note = Notification.objects.get(user=other, kind="your_turn")
    assert note.url == f"/games/{game.id}"
    assert [m.to for m in mail.outbox] == [[other.email]]
    assert mail.outbox[0].body.startswith(note.text)


def test_live_games_send_no_turn_notifications(ana, bo):
    new_game(ana, [bo], LIVE)
    assert not Notification.objects.exists()


# -- races -------------------------------------------------------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_racing_its_own_timeout_gives_exactly_one_outcome(frozen_clock, ana, bo):
    outcomes = set()
    for _ in range(12):
        game = new_game(ana, [bo], LIVE)
        seat, seq = game.to_move, game.version
        user = [ana, bo][seat]
        move = body(legal_moves(load(game.stream).state, seat)[0])
        frozen_clock.freeze(game.deadline)  # at the deadline both the move and timeout may go
        barrier = threading.Barrier(2)
        results = {}

        def mover(user=user, move=move, game=game, seq=seq, results=results, barrier=barrier):
            barrier.wait()
            try:
                results["move"] = services.game_move(
                    game_id=game.id, user=user, move=move, expected_seq=seq
                )
            except ApplicationError as exc:
                results["move"] = exc.code
            except Exception as exc:  # noqa: BLE001 — reported by the assertion below
                results["move"] = repr(exc)
            finally:
                connection.close()

        def timer(game=game, seq=seq, results=results, barrier=barrier):
            barrier.wait()
            try:
                results["timeout"] = services.game_apply_timeout(game_id=game.id, seq=seq)
            finally:
                connection.close()

        threads = [threading.Thread(target=mover), threading.Thread(target=timer)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        first = store.read(game.stream, after=seq)[0]
        if isinstance(results["move"], services.MoveResult):
            assert results["timeout"] is None and first.actor["kind"] == "player"
            outcomes.add("move")
        else:
            assert results["move"] == "stale", results
            assert results["timeout"] is not None and first.actor["kind"] == "timeout"
            outcomes.add("timeout")
        kinds = [e.actor["kind"] for e in store.read(game.stream, after=seq)]
        assert (
            kinds.count("player") == 0
            or kinds.count("timeout") == 0
            or (
                kinds.index("timeout") > kinds.index("player")  # a later turn, not the raced one
            )
        )
        frozen_clock.reset()
        frozen_clock.freeze()
    print(f"outcomes seen: {sorted(outcomes)}")


# -- the story: a correspondence game against three bots -------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_player_leaves_a_correspondence_game_with_three_bots_and_comes_back_days_later(
    frozen_clock,
):
    from tests.games.api.factories import player, url

    ana = player("ana")
    r = ana.post(
        "/api/v1/games",
        {
            "players": 4,
            "variants": {"set_max": 6, "hand_size": 5, "rounds": 2},
            "time_control": {"kind": "correspondence", "days_per_move": 3},
        },
        format="json",
    )
    gid = r.json()["id"]
    for strategy in ("greedy", "smart", "random"):
        assert ana.post(url(gid, "bots"), {"strategy": strategy}, format="json").status_code == 201
    assert ana.post(url(gid, "start")).status_code == 200
    game = Game.objects.get(pk=gid)
    assert game.to_move == 0, "the bots play every turn up to hers"
    due = game.deadline
    assert due == game.turn_started_at + timedelta(days=3)
    assert ana.get("/api/v1/notifications").json()["unread"] == 1
    seq = game.version

    # She leaves. Two days on nothing has happened; four days on her clock has been enforced.
    frozen_clock.advance(timedelta(days=2))
    assert sweep_deadlines.run() == 0
    frozen_clock.advance(timedelta(days=2))
    assert sweep_deadlines.run() == 1
    game.refresh_from_db()
    after = store.read(game.stream, after=seq)
    assert after[0].actor["kind"] == "timeout" and after[0].data["seat"] == 0
    bots_moved = {e.data.get("seat") for e in after if e.actor["kind"] == "bot"}
    assert bots_moved, "the bots moved after her timeout"
    mine = ana.get("/api/v1/games", {"mine": "1"}).json()
    assert [g["id"] for g in mine] == [gid]
    if game.status == "active":
        assert game.to_move == 0 and game.deadline > frozen_clock.now()
        assert mine[0]["seats"][0]["timeouts_in_row"] == 1
        assert ana.get("/api/v1/notifications").json()["unread"] == 2
    assert verify_game(game).ok


def test_a_player_who_forfeits_is_played_by_the_timeout_action_to_the_end(ana, bo):
    game = new_game(ana, [bo], LIVE, rounds=2)
    with committed():
        left = services.game_resign(game_id=game.id, user=ana, forfeit=True, reason="withdrawn")
    assert [(e.type, e.data) for e in left.events][0] == (
        "SeatForfeited",
        {"seat": 0, "reason": "withdrawn"},
    )
    while game.status == "active":
        play_turn(game, bo)
    mine = [e for e in events_after(game, left.events[0].seq) if "by" in e.data]
    seat0 = [e for e in mine if e.data["seat"] == 0]
    assert seat0 and all(e.data["by"] == "timeout" for e in seat0)
    assert seat_row(game, 0).forfeited_at is not None
    rebuilt = services.game_projection_from_log(game)
    assert rebuilt["forfeited"] == {0: seat_row(game, 0).forfeited_at}
