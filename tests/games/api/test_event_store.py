"""The event store: append with an expected version, idempotent commands, the append-only table,
the hash chain, snapshots, and ``manage.py verify_events`` over tampered logs."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError
from django.core.management import call_command
from django.db import DatabaseError
from django.db import connection
from django.db import transaction
from django.test import TestCase

from eventstore import store
from eventstore.models import Event
from eventstore.models import Snapshot
from eventstore.store import ConcurrencyConflict
from eventstore.store import chain_hash
from games import services
from games.domain import SNAPSHOT_EVERY
from games.domain import engine_events
from games.domain import load
from games.engine import event_to_dict
from games.engine import legal_moves
from games.engine import replay
from games.engine.events import TilePlayed
from games.models import Game
from tests.support.forgery import resign_checkpoints

pytestmark = pytest.mark.django_db

ACTOR = {"kind": "player", "user": 1, "name": "ana"}


def ev(n: int) -> dict:
    return {"type": "Noted", "schema_version": 1, "data": {"n": n}}


def append(stream: str, expected: int, *ns: int, command_id: str | None = None):
    return store.append(
        stream,
        expected_version=expected,
        events=[ev(n) for n in ns],
        actor=ACTOR,
        command_id=command_id,
    )


def verify_output(gid) -> str:
    """Run verify_events on one game, expect it to fail, return what it printed."""
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 games failed"):
        call_command("verify_events", str(gid), stdout=out)
    return out.getvalue()


# -- append, read, version ---------------------------------------------------------------------


def test_append_numbers_events_from_the_expected_version_and_read_returns_them_in_order():
    assert store.version("s") == 0
    first = append("s", 0, 1, 2)
    second = append("s", 2, 3)
    assert (first.first_seq, first.last_seq, second.first_seq, second.last_seq) == (1, 2, 3, 3)
    assert store.version("s") == 3
    assert [e.data["n"] for e in store.read("s")] == [1, 2, 3]
    assert [e.seq for e in store.read("s", after=1)] == [2, 3]
    assert [e.seq for e in store.read("s", after=1, upto=2)] == [2]
    assert store.read("s")[0].actor == ACTOR
    assert store.version("other") == 0
    assert store.read("other") == []


def test_each_event_links_to_the_previous_hash_from_genesis():
    append("s", 0, 1, 2)
    append("s", 2, 3)
    events = store.read("s")
    assert events[0].prev_hash == store.GENESIS
    assert [e.prev_hash for e in events[1:]] == [e.hash for e in events[:-1]]
    assert store.verify_chain(events) is None


@pytest.mark.parametrize("expected", [0, 1, 3, 7])
def test_append_at_a_wrong_expected_version_raises_conflict_and_writes_nothing(expected):
    append("s", 0, 1, 2)
    with pytest.raises(ConcurrencyConflict) as caught:
        append("s", expected, 99)
    assert (caught.value.expected, caught.value.actual) == (expected, 2)
    assert [e.data["n"] for e in store.read("s")] == [1, 2]
    assert store.find_command("s", "c") is None


def test_a_conflicting_append_with_a_command_id_records_no_command():
    append("s", 0, 1)
    with pytest.raises(ConcurrencyConflict):
        append("s", 0, 2, command_id="c")
    assert store.find_command("s", "c") is None
    assert append("s", 1, 2, command_id="c").duplicate is False


def test_a_repeated_command_id_appends_nothing_and_returns_the_original_result():
    original = append("s", 0, 1, 2, command_id="cmd-1")
    again = append("s", 0, 1, 2, command_id="cmd-1")
    other = append("s", 2, 9, command_id="cmd-1")  # even with other events, at the head
    assert store.version("s") == 2
    for repeat in (again, other):
        assert repeat.duplicate is True
        assert (repeat.first_seq, repeat.last_seq) == (original.first_seq, original.last_seq)
        assert [e.hash for e in repeat.events] == [e.hash for e in original.events]
    assert append("s", 2, 3, command_id="cmd-1-bis").first_seq == 3


def test_a_command_id_is_per_stream():
    append("a", 0, 1, command_id="c")
    assert append("b", 0, 1, command_id="c").duplicate is False
    assert store.version("b") == 1


def test_append_refuses_an_empty_batch():
    with pytest.raises(ValueError, match="at least one event"):
        store.append("s", expected_version=0, events=[], actor=ACTOR)


# -- the table is append-only ------------------------------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE eventstore_event SET data = '{}' WHERE stream = 's'",
        "UPDATE eventstore_event SET hash = prev_hash",
        "DELETE FROM eventstore_event WHERE stream = 's'",
        "DELETE FROM eventstore_event",
    ],
)
def test_update_and_delete_on_the_event_table_fail_in_the_database(sql):
    append("s", 0, 1, 2)
    before = store.read("s")
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert store.read("s") == before


def test_the_orm_cannot_update_or_delete_events_either():
    append("s", 0, 1)
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(stream="s").update(type="Other")
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(stream="s").delete()
    assert store.read("s")[0].type == "Noted"


@pytest.mark.postgres
def test_truncate_fails_on_postgresql_unless_the_session_is_in_maintenance():
    append("s", 0, 1, 2)
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("TRUNCATE eventstore_event")
    assert store.version("s") == 2
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET eventstore.maintenance = 'on'")
        try:
            cursor.execute("TRUNCATE eventstore_event")
        finally:
            cursor.execute("RESET eventstore.maintenance")
    assert store.version("s") == 0


# -- tampering (the trigger is switched off inside the test's transaction) ---------------------


def rewrite(stream: str, seq: int, *, rechain: bool, **changes) -> None:
    """Change an event's columns behind the store's back; optionally recompute the chain from it
    on so that every hash and link is consistent again, and sign the checkpoints again over it
    (a forger holding the signing key too: tests/hardening/test_log_rewrite.py has the one
    without it)."""
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE eventstore_event DISABLE TRIGGER USER")
        try:
            Event.objects.filter(stream=stream, seq=seq).update(**changes)
            if rechain:
                prev = Event.objects.get(stream=stream, seq=seq).prev_hash
                for row in Event.objects.filter(stream=stream, seq__gte=seq).order_by("seq"):
                    new = row_hash(row, prev)
                    Event.objects.filter(pk=row.pk).update(prev_hash=prev, hash=new)
                    prev = new
        finally:
            cursor.execute("ALTER TABLE eventstore_event ENABLE TRIGGER USER")
    if rechain:
        resign_checkpoints(stream)


@pytest.mark.postgres
def test_verify_chain_names_the_seq_of_a_tampered_event():
    append("s", 0, 1, 2, 3, 4)
    rewrite("s", 3, rechain=False, data={"n": 33})
    problem = store.verify_chain(store.read("s"))
    assert problem is not None
    assert problem.seq == 3
    assert "hash" in problem.reason


@pytest.mark.postgres
def test_verify_chain_names_a_broken_link_when_a_hash_is_replaced():
    append("s", 0, 1, 2, 3, 4)
    rewrite("s", 2, rechain=False, data={"n": 22})
    rewrite("s", 2, rechain=False, hash=chain_hash_of("s", 2))
    problem = store.verify_chain(store.read("s"))
    assert problem is not None
    assert problem.seq == 3
    assert "link" in problem.reason


def row_hash(row: Event, prev: str) -> str:
    """The chain hash of the stored event ``row`` as if it followed the hash ``prev``."""
    return chain_hash(
        prev, row.stream, row.seq, row.type, row.schema_version, row.data, row.actor, row.created_at
    )


def chain_hash_of(stream: str, seq: int) -> str:
    row = Event.objects.get(stream=stream, seq=seq)
    return row_hash(row, row.prev_hash)


# -- games: verify_events and snapshots --------------------------------------------------------


def played_game(django_user_model, *, min_events: int = 0, bots: int = 3, **variants) -> Game:
    """A game of one person (always playing its first legal move) against bots.

    The bots' tasks run when a transaction commits; inside the test's transaction, the
    callbacks captured at each service call are run as a commit would run them.
    """
    ana = django_user_model.objects.create_user("ana", password="x")
    game = services.game_create(user=ana, players=1 + bots, variants=variants)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=ana, strategy="greedy")
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.game_start(game_id=game.id, user=ana)
    while True:
        game.refresh_from_db()
        if game.status != "active" or (min_events and game.version >= min_events):
            return game
        state = load(game.stream).state
        move = legal_moves(state, 0)[0]
        body = {"action": move.action}
        if move.action == "play":
            body.update(tile=list(move.tile), train=move.train)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.game_move(game_id=game.id, user=ana, move=body, expected_seq=game.version)


@pytest.fixture
def game(django_user_model) -> Game:
    return played_game(django_user_model, rounds=1)


def test_verify_events_passes_an_untouched_game(game):
    out = io.StringIO()
    call_command("verify_events", str(game.id), stdout=out)
    assert f"{game.id} OK" in out.getvalue()


@pytest.mark.postgres
def test_verify_events_finds_a_tampered_payload_whose_chain_was_left_as_is(game):
    played = next(e for e in store.read(game.stream) if e.type == "TilePlayed")
    rewrite(game.stream, played.seq, rechain=False, data={**played.data, "train": "mexican"})
    out = verify_output(game.id)
    assert f"FAIL chain: event {played.seq}:" in out


@pytest.mark.postgres
def test_verify_events_finds_a_tampered_payload_even_with_the_chain_recomputed(game):
    events = store.read(game.stream)
    played = [e for e in events if e.type == "TilePlayed"][3]
    other = next(
        e.data["tile"]
        for e in events
        if e.type == "TilePlayed" and e.data["tile"] != played.data["tile"]
    )
    rewrite(game.stream, played.seq, rechain=True, data={**played.data, "tile": other})
    assert store.verify_chain(store.read(game.stream)) is None
    out = verify_output(game.id)
    assert f"FAIL move: event {played.seq}:" in out


@pytest.mark.postgres
def test_verify_events_finds_a_rechained_edit_the_replay_cannot_see_by_the_head_hash(game):
    # Without snapshots (caches, which would also catch it when one sits at that event) only
    # the Game row's head hash can tell the rewritten tail from the original.
    store.drop_snapshots(game.stream)
    last = store.read(game.stream)[-1]
    rewrite(game.stream, last.seq, rechain=True, actor={"kind": "admin", "name": "mallory"})
    assert store.verify_chain(store.read(game.stream)) is None
    out = verify_output(game.id)
    assert f"FAIL head: event {last.seq}:" in out


def test_verify_events_finds_an_illegal_move_appended_with_a_valid_chain(django_user_model):
    game = played_game(django_user_model, rounds=1, min_events=12)
    state = load(game.stream).state
    idle = (state.to_move + 1) % state.seats
    sneaky = TilePlayed(idle, sorted(state.hands[idle])[0], idle)
    result = store.append(
        game.stream,
        expected_version=game.version,
        events=[event_to_dict(sneaky)],
        actor={"kind": "player", "name": "mallory"},
    )
    Game.objects.filter(pk=game.pk).update(
        version=result.last_seq, head_hash=result.events[-1].hash
    )
    assert store.verify_chain(store.read(game.stream)) is None
    out = verify_output(game.id)
    assert f"FAIL move: event {result.last_seq}: illegal: not_your_turn" in out


def test_verify_events_refuses_an_unknown_game():
    with pytest.raises(CommandError, match="no game"):
        call_command("verify_events", "00000000-0000-0000-0000-000000000000")


def test_a_long_game_has_snapshots_and_loading_through_them_equals_a_full_replay(
    django_user_model,
):
    game = played_game(django_user_model, rounds=6, min_events=3 * SNAPSHOT_EVERY + 5)
    assert game.version > SNAPSHOT_EVERY
    snaps = list(Snapshot.objects.filter(stream=game.stream).order_by("seq"))
    # A snapshot ends each write that crossed a multiple of SNAPSHOT_EVERY: one a multiple, or
    # one for two when a single write crossed both (the bots may play several turns in one
    # write; with some deals, about one game in 25 here). The newest is in the last band.
    bands = [s.seq // SNAPSHOT_EVERY for s in snaps]
    assert 1 <= len(snaps) <= game.version // SNAPSHOT_EVERY
    assert bands == sorted(set(bands))  # at most one a band
    assert bands[-1] == game.version // SNAPSHOT_EVERY
    assert all(s.hash == store.read(game.stream, after=s.seq - 1)[0].hash for s in snaps)
    full = replay(engine_events(store.read(game.stream)))
    loaded = load(game.stream)
    assert loaded.state == full
    assert (loaded.version, loaded.head_hash) == (game.version, game.head_hash)
    assert store.drop_snapshots(game.stream) == len(snaps)
    again = load(game.stream)
    assert again.state == full
    assert (again.version, again.head_hash) == (game.version, game.head_hash)
    call_command("verify_events", str(game.id), stdout=io.StringIO())


def test_a_snapshot_at_every_crossing_matches_the_replay_up_to_its_seq(django_user_model):
    game = played_game(django_user_model, rounds=6, min_events=2 * SNAPSHOT_EVERY + 5)
    for snap in Snapshot.objects.filter(stream=game.stream):
        upto = replay(engine_events(store.read(game.stream, upto=snap.seq)))
        assert snap.state == upto.to_dict()


def test_verify_events_reports_a_snapshot_with_a_tampered_state(django_user_model):
    game = played_game(django_user_model, rounds=6, min_events=SNAPSHOT_EVERY + 5)
    snap = Snapshot.objects.filter(stream=game.stream).order_by("seq").first()
    hands = snap.state["hands"]
    hands[1].append(hands[0].pop())  # a tile slipped from seat 0's hand into seat 1's
    Snapshot.objects.filter(pk=snap.pk).update(state={**snap.state, "hands": hands})
    out = verify_output(game.id)
    assert f"FAIL snapshot: event {snap.seq}:" in out
