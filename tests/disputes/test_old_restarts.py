"""Restarts stored by older code: a version 1 RoundRestarted that went back to the position at
``at_seq`` and carried that position's whole engine state (every hand, the boneyard).

The log is append-only and hash-chained, so such rows stay as they are; the upcaster
(``games.domain.round_restarted_v2``, applied by ``eventstore.store.read``) reads them as the
fact {…, restart: null, restores_seq}, and the fold recomputes the position from the log. These
tests build the event exactly as the old ``adjudicate_restart_round`` stored it and check that
the game folds to the state it carried, that no seat is shown another's tiles, and that the
chain and the integrity verdict still hold.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from disputes import adjudication
from eventstore import store
from eventstore import upcasters
from eventstore.models import Event
from games import domain
from games import selectors
from games.domain import STATE_CACHE
from games.domain import effective_engine_stored
from games.domain import engine_events
from games.domain import fold
from games.domain import load
from games.engine import GameState
from games.engine import replay
from games.engine.record import verify_record
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.engine.views import hidden_tiles
from games.integrity import verify_game
from games.models import Game
from tests.support.factories import client_for
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.leaks import hidden_by_seq
from tests.support.leaks import leaked

pytestmark = pytest.mark.django_db


def append_v1(game: Game, mod, data: dict) -> Game:
    """Append a version 1 RoundRestarted with ``data`` as staff, and move the game row's head
    (and turn, to the restored position's) on as the old service did; the position is the
    log's, whatever the event's copy says."""
    result = store.append(
        game.stream,
        expected_version=game.version,
        events=[{"type": "RoundRestarted", "schema_version": 1, "data": data}],
        actor={"kind": "staff", "user": mod.pk, "name": mod.username},
        prev_hash=game.head_hash,
    )
    state = fold(store.read(game.stream))
    Game.objects.filter(pk=game.pk).update(
        version=result.last_seq,
        head_hash=result.events[-1].hash,
        round=state.round,
        to_move=state.to_move,
    )
    return Game.objects.get(pk=game.pk)


def old_restart(game: Game, mod, at_seq: int) -> tuple[Game, dict]:
    """Append what the old ``adjudicate_restart_round(at_seq=...)`` appended — {reason,
    dispute, at_seq, round, state} in schema version 1, ``state`` the fold of the log up to
    ``at_seq`` — and return the game and the stored data."""
    position = fold(store.read(game.stream, upto=at_seq))
    assert position is not None
    assert position.phase in (ENGINE, PLAYING)
    data = {
        "reason": "the server lost a move",
        "dispute": None,
        "at_seq": at_seq,
        "round": position.round,
        "state": position.to_dict(),
    }
    return append_v1(game, mod, data), data


def a_game_past_a_snapshot(ana, bo):
    """A two-player game in play, and the seq of its current round's deal: a snapshot was taken
    in that round after its first two events (so a load folds a restart to them on from a
    snapshot taken after the position it goes back to)."""
    every = domain.SNAPSHOT_EVERY
    for _ in range(10):
        game = open_table(ana, [bo], bots=0, rounds=2)
        while game.status == "active":
            start = max(e.seq for e in store.read(game.stream) if e.type == "RoundStarted")
            if (start + 2) // every < game.version // every:
                return game, start
            game = play(game, [ana, bo], moves=1)
    raise AssertionError("no table kept a round going past a snapshot")


def test_an_old_restart_is_read_as_the_fact_and_the_game_folds_to_the_state_it_carried(
    ana, bo, mod
):
    game, start = a_game_past_a_snapshot(ana, bo)
    at = start + 2  # two events into the round: between moves, before the snapshot
    game, data = old_restart(game, mod, at)
    carried = GameState.from_dict(data["state"])

    # The row is as the old code wrote it; reading it gives version 2, the fact only.
    row = Event.objects.get(stream=game.stream, seq=game.version)
    assert (row.schema_version, row.data) == (1, data)
    read = store.read(game.stream)[-1]
    assert (read.schema_version, read.data) == (
        2,
        {
            "reason": data["reason"],
            "dispute": None,
            "at_seq": at,
            "round": carried.round,
            "restart": None,
            "restores_seq": at,
        },
    )
    assert read.as_stored == (1, data)

    # The same state whichever way it is loaded: from the log, on from the snapshot taken
    # after the position it goes back to, and event by event.
    snapshot = store.latest_snapshot(game.stream, "1")
    assert snapshot is not None
    assert at < snapshot.seq < game.version
    STATE_CACHE.clear()
    assert load(game.stream).state == carried
    stored = store.read(game.stream)
    assert fold(stored) == carried
    assert replay(engine_events(stored)) == carried
    step_by_step = None
    for e in stored:
        step_by_step = fold([e], step_by_step)
    assert step_by_step == carried
    assert all(e.seq <= at for e in effective_engine_stored(stored))

    # Play goes on from the restored position and the log still verifies.
    assert verify_game(game).ok, verify_game(game)
    assert store.verify_chain(store.read(game.stream)) is None
    game = play(game, [ana, bo], moves=2)
    assert verify_game(game).ok, verify_game(game)
    STATE_CACHE.clear()
    store.drop_snapshots(game.stream)
    assert load(game.stream).state == fold(store.read(game.stream))

    # To the end: the verdict (also as manage.py verify_events gives it) and the record, the
    # moves the restart went back over left out, replayed from the seed.
    game = play(game, [ana, bo])
    assert game.status == "finished"
    assert verify_game(game).ok, verify_game(game)
    out = io.StringIO()
    call_command("verify_events", str(game.pk), stdout=out)
    assert "1 games verified" in out.getvalue()
    record = selectors.game_record_for(game, ana)
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked


def test_no_seat_is_shown_another_seats_tiles_by_an_old_restart(ana, bo, mod):
    game, start = a_game_past_a_snapshot(ana, bo)
    game, data = old_restart(game, mod, start + 2)
    carried = GameState.from_dict(data["state"])
    stored = store.read(game.stream)
    for user, seat in ((ana, 0), (bo, 1), (None, None)):
        hidden = hidden_by_seq(stored, seat)
        client = client_for(user)
        events = client.get(f"/api/v1/games/{game.pk}/events").json()
        restart = next(e for e in events if e["type"] == "RoundRestarted")
        assert "state" not in restart["data"]
        assert "view" not in restart["data"]
        for e in events:
            assert not leaked(e, hidden[e["seq"]]), (seat, e)
        now = hidden_tiles(carried, seat)
        assert now  # the other hand, the boneyard: there is something to hide
        answer = client.get(f"/api/v1/games/{game.pk}/state").json()
        assert not leaked(answer, now), seat
        if user is not None:
            state = selectors.game_state_for(Game.objects.get(pk=game.pk), user)
            assert sorted(map(tuple, state["view"]["hand"])) == sorted(carried.hands[seat])


def test_the_position_an_old_restart_goes_back_to_comes_from_the_log_not_its_copy(ana, bo, mod):
    """Its stored copy of the state is never read: a forged copy changes nothing, and a restart
    to a seq that is no position of the round in play is named by the integrity check."""
    game, start = a_game_past_a_snapshot(ana, bo)
    at = start + 2
    honest = fold(store.read(game.stream, upto=at))
    forged = fold(store.read(game.stream, upto=start + 1))
    assert forged != honest
    game = append_v1(
        game,
        mod,
        {"reason": "r", "dispute": None, "at_seq": at, "round": 1, "state": forged.to_dict()},
    )
    STATE_CACHE.clear()
    assert load(game.stream).state == honest
    assert verify_game(game).ok

    game = play(game, [ana, bo], moves=1)
    game = append_v1(
        game,
        mod,
        {"reason": "r", "dispute": None, "at_seq": 1, "round": 1, "state": honest.to_dict()},
    )
    verdict = verify_game(game)
    assert not verdict.ok
    assert (verdict.check, verdict.seq) == ("adjudication", game.version), verdict
    assert "seq 1 is not a position of the current round" in verdict.reason


def test_an_upcaster_is_applied_on_read_in_turn_and_a_second_one_for_a_version_is_refused():
    def one(data):
        return {**data, "b": data["a"] + 1}

    def two(data):
        return {**data, "c": data["b"] + 1}

    key = "TestOnlyEvent"
    upcasters.register(key, 1)(one)
    upcasters.register(key, 2)(two)
    try:
        stored = {"a": 1}
        assert upcasters.upcast(key, 1, stored) == (3, {"a": 1, "b": 2, "c": 3})
        assert stored == {"a": 1}  # the stored data is not touched
        assert upcasters.upcast(key, 3, {"x": 0}) == (3, {"x": 0})
        upcasters.register(key, 1)(one)  # the same function again is harmless
        with pytest.raises(ValueError, match="already has an upcaster"):
            upcasters.register(key, 1)(two)
    finally:
        upcasters.REGISTRY.pop((key, 1), None)
        upcasters.REGISTRY.pop((key, 2), None)


def test_the_games_app_registers_the_restart_upcaster():
    assert upcasters.REGISTRY[("RoundRestarted", 1)] is domain.round_restarted_v2
    assert domain.platform_event("RoundRestarted", round=1)["schema_version"] == 2
    assert domain.platform_event("GameVoided")["schema_version"] == 1


def test_a_restart_made_now_is_stored_in_version_2_and_read_as_stored(ana, bo, mod):
    game, _ = a_game_past_a_snapshot(ana, bo)
    done = adjudication.adjudicate_restart_round(game_id=game.pk, by=mod, reason="r")
    row = Event.objects.get(stream=game.stream, seq=done.event.seq)
    assert row.schema_version == 2
    assert "state" not in row.data
    read = store.read(game.stream, after=done.event.seq - 1, upto=done.event.seq)[0]
    assert read.stored is None
    assert read.as_stored == (2, row.data)
    assert verify_game(Game.objects.get(pk=game.pk)).ok
