"""Seats the platform plays one after another move in one task (games.automatic,
``_automatic_turns``): after a person's move, the two bots after them play their turns in one
transaction and one broadcast, each deciding as its own task would have, the log still read as
the writes the projections are rebuilt from. A bot that thinks for a while is shown alone.

(Issue 30: a Celery task per bot move cost the worker a task's messages, a read, a lock and a
broadcast each; two bots in a row now pay them once.)"""

from __future__ import annotations

import hashlib

import pytest

from eventstore import store
from games import automatic
from games import effects
from games import selectors
from games import services
from games.models import Game
from games.projections import GAME_FIELDS
from games.projections import game_projection_from_log
from tests.support.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SEED = hashlib.sha256(b"bots in a row").digest()


def _table(host, strategies: tuple[str, ...]) -> Game:
    """A one-round double-6 table: ``host`` in seat 0, then a bot of each of ``strategies``."""
    game = services.game_create(
        user=host,
        players=1 + len(strategies),
        variants={"set_max": 6, "rounds": 1},
        server_seed=SEED,
        contribution="ab" * 16,
    )
    for strategy in strategies:
        services.game_add_bot(game_id=game.id, user=host, strategy=strategy)
    services.game_start(game_id=game.id, user=host)
    return Game.objects.get(pk=game.id)


def _play_out(game: Game, host) -> list[tuple]:
    """Play the host's first legal move each turn until the game ends (the bots answer in
    this process, right after each commit); return the log as (seq, type, data, actor)."""
    for _ in range(500):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        state = selectors.game_state_for(game, host)
        assert state["legal_moves"], "the host is to move whenever the bots have answered"
        services.game_move(
            game_id=game.id, user=host, move=state["legal_moves"][0], expected_seq=state["seq"]
        )
    assert Game.objects.get(pk=game.pk).status == "finished"
    return [(e.seq, e.type, e.data, e.actor.get("user")) for e in store.read(game.stream)]


@pytest.fixture
def counted(monkeypatch):
    """How many times the bots' task ran and the game's events were broadcast."""
    calls = {"tasks": 0, "broadcasts": 0}
    play, publish = automatic.game_play_automatic, effects.publish_game_events

    def play_counted(**kwargs):
        calls["tasks"] += 1
        return play(**kwargs)

    def publish_counted(*args, **kwargs):
        calls["broadcasts"] += 1
        return publish(*args, **kwargs)

    monkeypatch.setattr(automatic, "game_play_automatic", play_counted)
    monkeypatch.setattr(effects, "publish_game_events", publish_counted)
    return calls


def _until_the_bots_answer(game: Game, host, counted: dict) -> list:
    """Move for ``host`` (first legal move) until a move hands the turn to the bots; return
    the events from that move on, ``counted`` counting from it."""
    game = Game.objects.get(pk=game.pk)
    assert game.to_move == 0, "the bots play their turns before the host's, in this process"
    for _ in range(30):  # a draw leaves the turn with the host
        counted.update(tasks=0, broadcasts=0)
        state = selectors.game_state_for(game, host)
        services.game_move(
            game_id=game.id, user=host, move=state["legal_moves"][0], expected_seq=state["seq"]
        )
        events = store.read(game.stream, after=state["seq"])
        if any(e.actor.get("kind") == "bot" for e in events):
            return events
        game = Game.objects.get(pk=game.pk)
    raise AssertionError("the bots never answered")


def test_two_bots_in_a_row_answer_a_move_in_one_task_and_one_broadcast(counted):
    ana = make_user("ana")
    game = _table(ana, ("random", "random"))
    events = _until_the_bots_answer(game, ana, counted)
    bots = [e for e in events if e.actor.get("kind") == "bot"]
    assert {e.actor["user"] for e in bots} == {
        s.user_id for s in game.seats.all() if s.index != 0
    }  # both bots played
    assert counted == {"tasks": 1, "broadcasts": 2}  # ana's move, then both bots' turns
    assert len({e.created_at for e in bots}) == 1  # one write, one moment


def test_each_bot_decides_as_its_own_task_would_and_the_log_rebuilds_the_rows(monkeypatch):
    ana, bea = make_user("ana"), make_user("bea")
    together = _play_out(_table(ana, ("greedy", "random")), ana)
    monkeypatch.setattr(automatic, "_thinks", lambda seat: True)  # one task per turn
    alone = _play_out(_table(bea, ("greedy", "random")), bea)

    def moves(log):  # the play, not the contributions' times
        return [(seq, kind, data) for seq, kind, data, _ in log if kind != "SeedContributionsFixed"]

    assert moves(together) == moves(alone)
    for game in Game.objects.all():
        rebuilt = game_projection_from_log(game)
        assert {f: getattr(game, f) for f in GAME_FIELDS} == {f: rebuilt[f] for f in GAME_FIELDS}
        for seat in game.seats.all():
            assert rebuilt["seats"][seat.index]["reserve_ms"] == seat.reserve_ms


def test_a_bot_that_thinks_is_shown_alone(counted, settings):
    settings.BOT_BUDGET_MS = 5
    ana = make_user("ana")
    game = _table(ana, ("mc", "random"))
    events = _until_the_bots_answer(game, ana, counted)
    assert len({e.actor["user"] for e in events if e.actor.get("kind") == "bot"}) == 2
    assert counted == {"tasks": 2, "broadcasts": 3}  # the thinking bot's turn, then the other
