"""The operator's attack on history, as it was found: with the application's database
credentials, rewrite a finished game (another winner) and recompute the chain so that
`verify_events` says OK.

1. The application's role — a role created here with exactly the rights the design gives it
   (eventstore.roles.grant: NOSUPERUSER, owns nothing) — cannot update, delete or truncate
   events or checkpoints, switch the trigger off, or set ``session_replication_role``; even a
   TRUNCATE privilege granted by mistake meets the trigger, which lets only the owner empty
   the table. It can still insert, which is all it needs: a whole game is played with it.
2. What it can do — append a forged ending to a finished game, with a valid chain and the game
   row updated — leaves the head without a signed checkpoint (the key is outside the database),
   and a checkpoint row it forges does not verify.
3. Whoever has more than the app role (the owner, a superuser, the development setup) can
   rewrite the log with the chain recomputed and the game row's head updated: the signed
   checkpoints no longer match, and `verify_events` and the audit verdict name the first one.
"""

from __future__ import annotations

import io
import os
import re
import secrets

import psycopg
import pytest
from django.core.management import CommandError
from django.core.management import call_command
from django.db import connection
from django.db import transaction
from psycopg import sql

from eventstore import checkpoints
from eventstore import roles
from eventstore import store
from eventstore.models import Checkpoint
from eventstore.store import chain_hash
from games.audit import audit_summary
from games.integrity import verify_game
from games.models import Game
from tests.support.commands import manage
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def app_role():
    """A login role with exactly the application's rights on the test database: returns a
    function connecting as it (psycopg, autocommit)."""
    name = f"app_{connection.settings_dict['NAME']}"[:63]  # roles are per cluster
    password = secrets.token_hex(16)
    role = sql.Identifier(name)
    with connection.cursor() as cursor:
        drop_role(cursor, name)
        cursor.execute(
            sql.SQL(
                "CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD {}"
            )
            .format(role, sql.Literal(password))
            .as_string(cursor.connection)
        )
    roles.grant(connection, name)
    db = connection.settings_dict

    def connect() -> psycopg.Connection:
        return psycopg.connect(
            host=db["HOST"] or None,
            port=db["PORT"] or None,
            dbname=db["NAME"],
            user=name,
            password=password,
            autocommit=True,
        )

    connect.name = name
    connect.password = password
    yield connect
    with connection.cursor() as cursor:
        drop_role(cursor, name)


def drop_role(cursor, name: str) -> None:
    cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [name])
    if cursor.fetchone():
        role = sql.Identifier(name)
        for statement in ("DROP OWNED BY {}", "DROP ROLE {}"):
            cursor.execute(sql.SQL(statement).format(role).as_string(cursor.connection))


@pytest.fixture
def finished():
    ana, bo = make_user("ana"), make_user("bo")
    game = play(open_table(ana, [bo]), [ana, bo])
    assert game.status == "finished"
    assert verify_game(game).ok
    return game


def verify_events(game) -> tuple[str, str | None]:
    """Run `manage.py verify_events GAME`: (its output, the error it exits with, None if OK)."""
    out = io.StringIO()
    try:
        call_command("verify_events", str(game.pk), stdout=out)
    except CommandError as exc:
        return out.getvalue(), str(exc)
    return out.getvalue(), None


def log_of(game) -> list:
    return store.read(game.stream)


# -- 1. the application's role cannot change history ------------------------------------------


REFUSED = [
    ("UPDATE eventstore_event SET data = '{{}}' WHERE stream = {stream}", "permission denied"),
    ("DELETE FROM eventstore_event WHERE stream = {stream}", "permission denied"),
    ("UPDATE eventstore_checkpoint SET head_hash = '' WHERE stream = {stream}", "permission"),
    ("DELETE FROM eventstore_checkpoint WHERE stream = {stream}", "permission denied"),
    ("ALTER TABLE eventstore_event DISABLE TRIGGER USER", "must be owner"),
    ("ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete", "owner"),
    ("ALTER TABLE eventstore_checkpoint DISABLE TRIGGER ALL", "must be owner"),
    ("DROP TRIGGER eventstore_event_no_update_delete ON eventstore_event", "must be owner"),
    (
        "CREATE OR REPLACE FUNCTION eventstore_event_append_only() RETURNS trigger "
        "AS $$ BEGIN RETURN NULL; END; $$ LANGUAGE plpgsql",
        "must be owner|permission denied for schema",
    ),
    ("SET session_replication_role = replica", "permission denied to set parameter"),
    ("ALTER ROLE CURRENT_USER SET session_replication_role = replica", "permission denied"),
    ("TRUNCATE eventstore_event", "permission denied"),
    ("TRUNCATE eventstore_checkpoint", "permission denied"),
    ("CREATE TABLE eventstore_shadow (id int)", "permission denied"),
]


def test_the_app_role_is_refused_every_way_to_change_the_log(app_role, finished):
    before = log_of(finished)
    allowed = []
    for statement, refusal in REFUSED:
        # A connection of its own each time, saying "maintenance" (any session may set it).
        with app_role() as conn:
            conn.execute("SET eventstore.maintenance = 'on'")
            try:
                conn.execute(sql.SQL(statement).format(stream=sql.Literal(finished.stream)))
            except psycopg.Error as exc:
                if not re.search(refusal, str(exc)):
                    allowed.append((statement, f"refused, but: {exc}"))
            else:
                allowed.append((statement, "allowed"))
    assert allowed == []
    assert log_of(finished) == before
    assert verify_game(Game.objects.get(pk=finished.pk)).ok


def test_the_trigger_refuses_truncate_to_a_non_owner_even_with_the_privilege(app_role, finished):
    # A TRUNCATE privilege granted by mistake, in a session that says "maintenance": the
    # trigger still lets only the tables' owner empty them.
    with connection.cursor() as cursor:
        for table in roles.APPEND_ONLY_TABLES:
            cursor.execute(
                sql.SQL("GRANT TRUNCATE ON {} TO {}")
                .format(sql.Identifier(table), sql.Identifier(app_role.name))
                .as_string(cursor.connection)
            )
    with app_role() as conn:
        conn.execute("SET eventstore.maintenance = 'on'")
        for table in roles.APPEND_ONLY_TABLES:
            with pytest.raises(psycopg.Error, match=f"{table} is append-only: TRUNCATE refused"):
                conn.execute(sql.SQL("TRUNCATE {}").format(sql.Identifier(table)))
    assert len(log_of(finished)) == finished.version
    assert Checkpoint.objects.filter(stream=finished.stream).count() > 0


def test_the_app_roles_rights_are_enough_to_play_and_verify_a_whole_game(app_role):
    # The platform itself, connected as the app role (a manage.py of its own), plays a game
    # through the services and verifies it.
    db = connection.settings_dict
    url = (
        f"postgres://{app_role.name}:{app_role.password}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )
    script = (
        "from tests.support.factories import make_user, open_table, play\n"
        "a = make_user('app-ana')\n"
        "g = play(open_table(a), [a])\n"
        "print('STATUS', g.status)\n"
        "from django.core.management import call_command\n"
        "call_command('verify_events', str(g.pk))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)}
    env.update(DATABASE_URL=url, DATABASE_POOL="0", CELERY_EAGER="1", REDIS_URL="")
    done = manage("shell", "-c", script, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "STATUS finished" in done.stdout
    assert "1 games verified" in done.stdout


# -- 2. what the app role can do: append ------------------------------------------------------


def forged_ending(game) -> tuple[list[dict], dict]:
    """The log's ending with the winner changed: (the RoundEnded and MatchEnded data, the
    result the game row then shows)."""
    events = log_of(game)
    round_ended = next(e for e in reversed(events) if e.type == "RoundEnded")
    match_ended = events[-1]
    assert match_ended.type == "MatchEnded"

    # Each seat takes the next seat's ending. (Reversing the seats changed nothing when the
    # ending read the same both ways, a tie of the first and last seat around the winner, and
    # the "rewritten" log then verified: a flake of the suite.)
    def rotated(values: list) -> list:
        return values[1:] + values[:1]

    places = rotated(match_ended.data["places"])
    assert places != match_ended.data["places"], "every seat tied: no winner to change"
    totals = rotated(match_ended.data["totals"])
    forged_round = {
        **round_ended.data,
        "scores": rotated(round_ended.data["scores"]),
        "went_out": places.index(1),
    }
    forged_match = {**match_ended.data, "places": places, "totals": totals}
    return [forged_round, forged_match], forged_match


def append_as(conn, game, type_: str, data: dict, actor: dict) -> tuple[int, str]:
    """Insert the next event with a valid chain link and hash, as the app role may."""
    head = log_of(game)[-1]
    seq = head.seq + 1
    at = head.created_at
    h = chain_hash(head.hash, game.stream, seq, type_, 1, data, actor, at)
    conn.execute(
        "INSERT INTO eventstore_event (stream, seq, type, schema_version, data, actor, "
        "created_at, prev_hash, hash) VALUES (%s, %s, %s, 1, %s, %s, %s, %s, %s)",
        [
            game.stream,
            seq,
            type_,
            psycopg.types.json.Jsonb(data),
            psycopg.types.json.Jsonb(actor),
            at,
            head.hash,
            h,
        ],
    )
    return seq, h


def test_a_forged_award_appended_with_the_app_roles_rights_leaves_the_head_unsigned(
    app_role, finished
):
    _, forged_result = forged_ending(finished)
    staff = {"kind": "staff", "name": "mallory", "user": 99}
    award = {"places": forged_result["places"], "reason": "dispute settled"}
    with app_role() as conn:
        seq, h = append_as(conn, finished, "ResultAwarded", award, staff)
        conn.execute(
            "UPDATE games_game SET version = %s, head_hash = %s, result = %s WHERE id = %s",
            [seq, h, psycopg.types.json.Jsonb(forged_result), finished.pk],
        )
    assert store.verify_chain(log_of(finished)) is None  # the chain holds

    verdict = verify_game(Game.objects.get(pk=finished.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", seq)
    assert f"event {seq} is in no checkpoint (the checkpoint before is at seq {seq - 1})" in (
        verdict.reason
    )
    out, error = verify_events(finished)
    assert f"{finished.pk} FAIL checkpoint: event {seq}:" in out
    assert error == "1 of 1 games failed verification"


def test_a_checkpoint_forged_by_the_app_role_does_not_verify(app_role, finished):
    _, forged_result = forged_ending(finished)
    staff = {"kind": "staff", "name": "mallory", "user": 99}
    award = {"places": forged_result["places"], "reason": "dispute settled"}
    real = Checkpoint.objects.filter(stream=finished.stream).order_by("-seq").first()
    with app_role() as conn:
        seq, h = append_as(conn, finished, "ResultAwarded", award, staff)
        # Its best try: the real signature of the previous head, the new head's hash.
        conn.execute(
            "INSERT INTO eventstore_checkpoint (stream, first_seq, seq, head_hash, key_id, "
            "signature, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [finished.stream, seq, seq, h, real.key_id, real.signature, real.created_at],
        )
        conn.execute(
            "UPDATE games_game SET version = %s, head_hash = %s WHERE id = %s",
            [seq, h, finished.pk],
        )
    verdict = verify_game(Game.objects.get(pk=finished.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", seq)
    assert "signature is not valid by a published key" in verdict.reason


# -- 3. more than the app role: the rewrite with the chain recomputed ---------------------------


def rewrite_the_ending(game, *, drop_checkpoints_after: int | None = None) -> int:
    """As the owner (the tests' superuser), with the trigger bypassed as the finding did:
    change the winner, recompute every hash from there and the game row's head. Returns the
    first rewritten seq."""
    events = log_of(game)
    (forged_round, forged_match), result = forged_ending(game)
    round_seq = next(e.seq for e in reversed(events) if e.type == "RoundEnded")
    forged = {round_seq: forged_round, events[-1].seq: forged_match}
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")  # no trigger fires
        prev = next(e.hash for e in events if e.seq == round_seq - 1)
        for e in events[round_seq - 1 :]:
            data = forged.get(e.seq, e.data)
            h = chain_hash(
                prev, e.stream, e.seq, e.type, e.schema_version, data, e.actor, e.created_at
            )
            cursor.execute(
                "UPDATE eventstore_event SET data = %s, prev_hash = %s, hash = %s "
                "WHERE stream = %s AND seq = %s",
                [psycopg.types.json.Jsonb(data), prev, h, e.stream, e.seq],
            )
            prev = h
        if drop_checkpoints_after is not None:
            cursor.execute(
                "DELETE FROM eventstore_checkpoint WHERE stream = %s AND seq > %s",
                [game.stream, drop_checkpoints_after],
            )
    Game.objects.filter(pk=game.pk).update(head_hash=prev, result=result)
    assert store.verify_chain(log_of(game)) is None  # the chain holds: what fooled verify_events
    return round_seq


def last_checkpoint_before(game, seq: int) -> int:
    return (
        Checkpoint.objects.filter(stream=game.stream, seq__lt=seq)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )


def first_checkpoint_from(game, seq: int) -> int:
    return (
        Checkpoint.objects.filter(stream=game.stream, seq__gte=seq)
        .order_by("seq")
        .values_list("seq", flat=True)
        .first()
    )


def test_a_rewritten_finished_game_is_named_by_verify_events_at_its_checkpoint(finished):
    seq = rewrite_the_ending(finished)
    named, held = first_checkpoint_from(finished, seq), last_checkpoint_before(finished, seq)

    out, error = verify_events(finished)
    assert f"{finished.pk} FAIL checkpoint: event {named}: checkpoint {named} (signed " in out
    assert f"history was rewritten after event {held}" in out
    assert error == "1 of 1 games failed verification"


def test_a_rewritten_finished_game_fails_the_audit_verdict_at_its_checkpoint(finished):
    seq = rewrite_the_ending(finished)
    named = first_checkpoint_from(finished, seq)
    game = Game.objects.get(pk=finished.pk)

    verdict = verify_game(game)
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", named)
    assert f"checkpoint {named}" in verdict.reason
    assert "rewritten" in verdict.reason


def test_the_staff_audit_summary_names_the_checkpoint_too(finished):
    seq = rewrite_the_ending(finished)
    named = first_checkpoint_from(finished, seq)
    verdict = audit_summary(Game.objects.get(pk=finished.pk))["verdict"]
    assert (verdict["ok"], verdict["check"], verdict["seq"]) == (False, "checkpoint", named)
    assert {c["check"]: c["outcome"] for c in verdict["checks"]}["checkpoint"] == "failed"


def test_a_rewrite_whose_checkpoints_were_deleted_leaves_the_final_seq_unsigned(finished):
    events = log_of(finished)
    round_seq = next(e.seq for e in reversed(events) if e.type == "RoundEnded")
    held = last_checkpoint_before(finished, round_seq)
    rewrite_the_ending(finished, drop_checkpoints_after=held)

    verdict = verify_game(Game.objects.get(pk=finished.pk))
    last = events[-1].seq
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", held + 1)
    assert (
        f"events {held + 1} to {last} are in no checkpoint (the checkpoint before is at seq {held})"
        in verdict.reason
    )
    out, error = verify_events(finished)
    assert f"FAIL checkpoint: event {held + 1}:" in out
    assert error


def test_a_finished_game_with_every_checkpoint_deleted_is_reported(finished):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute("DELETE FROM eventstore_checkpoint WHERE stream = %s", [finished.stream])
    verdict = verify_game(Game.objects.get(pk=finished.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", 1)
    assert f"events 1 to {finished.version} are in no checkpoint (no checkpoint before)" in (
        verdict.reason
    )


def test_events_removed_from_the_end_are_named_by_the_checkpoint_past_the_log(finished):
    last = log_of(finished)[-1]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(
            "DELETE FROM eventstore_event WHERE stream = %s AND seq = %s",
            [finished.stream, last.seq],
        )
    Game.objects.filter(pk=finished.pk).update(version=last.seq - 1, head_hash=last.prev_hash)
    verdict = verify_game(Game.objects.get(pk=finished.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", last.seq)
    assert "lies past the log's end" in verdict.reason


def test_every_append_signs_its_head_with_the_published_key(finished):
    from signing import keys

    signed = checkpoints.of(finished.stream)
    heads = {e.seq: e.hash for e in log_of(finished)}
    assert signed
    assert signed[-1].seq == finished.version
    # one per append: together they cover the log from seq 1, without a gap or an overlap
    assert [c.first_seq for c in signed] == [1] + [c.seq + 1 for c in signed[:-1]]
    published = {k["id"] for k in keys.published_keys()}
    for c in signed:
        assert c.head_hash == heads[c.seq]
        assert c.key_id in published
        msg = checkpoints.message(c.stream, c.first_seq, c.seq, c.head_hash, c.created_at)
        assert msg.startswith(b"mexican-train/checkpoint\x00{")
        assert keys.verify(c.key_id, msg, c.signature)


def test_signing_the_unsigned_streams_vouches_for_old_logs_but_never_hides_a_forged_append(
    app_role, finished
):
    ana, bo = make_user("cy"), make_user("di")
    old = play(open_table(ana, [bo]), [ana, bo])  # as if played before checkpoints existed
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute("DELETE FROM eventstore_checkpoint WHERE stream = %s", [old.stream])
    assert verify_game(Game.objects.get(pk=old.pk)).check == "checkpoint"
    _, forged_result = forged_ending(finished)
    with app_role() as conn:
        seq, h = append_as(
            conn,
            finished,
            "ResultAwarded",
            {"places": forged_result["places"], "reason": "x"},
            {"kind": "staff", "name": "mallory", "user": 99},
        )
        conn.execute(
            "UPDATE games_game SET version = %s, head_hash = %s WHERE id = %s",
            [seq, h, finished.pk],
        )

    out = io.StringIO()
    call_command("sign_unsigned_streams", stdout=out)

    assert out.getvalue().strip() == "1 streams signed"
    assert verify_game(Game.objects.get(pk=old.pk)).ok
    verdict = verify_game(Game.objects.get(pk=finished.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", seq)


def test_a_move_slipped_in_by_the_app_role_is_caught_after_the_platform_signed_on_top(app_role):
    from games.domain import load
    from games.engine import event_to_dict
    from games.engine import legal_moves
    from games.engine import step

    ana, bo = make_user("ana"), make_user("bo")
    game = play(open_table(ana, [bo], bots=0), [ana, bo], moves=3)
    assert game.status == "active"
    # The app role plays the seat to move's turn for it: a legal move, a valid chain.
    state = load(game.stream).state
    forged = step(state, legal_moves(state, state.to_move)[0])
    actor = {"kind": "player", "name": "ana", "user": ana.pk}
    with app_role() as conn:
        for event in forged:
            e = event_to_dict(event)
            slipped, _ = append_as(conn, game, e["type"], e["data"], actor)
    first_slipped = game.version + 1
    # The platform appends the next move on top of it, and signs its new head.
    state = load(game.stream).state
    nxt = step(state, legal_moves(state, state.to_move)[0])
    result = store.append(
        game.stream,
        expected_version=slipped,
        events=[event_to_dict(e) for e in nxt],
        actor={"kind": "player", "name": "bo", "user": bo.pk},
    )
    Game.objects.filter(pk=game.pk).update(
        version=result.last_seq, head_hash=result.events[-1].hash
    )
    assert store.verify_chain(log_of(game)) is None

    verdict = verify_game(Game.objects.get(pk=game.pk))
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", first_slipped)
    assert "in no checkpoint" in verdict.reason
    assert "not appended by the platform" in (verdict.reason)


def test_checkpoints_of_a_retired_key_verify_while_it_stays_published(settings):
    from games.engine.attestation import private_key
    from games.engine.attestation import public_key_hex

    old_seed = secrets.token_hex(32)
    settings.SIGNING_KEY = old_seed
    ana, bo = make_user("cy"), make_user("di")
    game = play(open_table(ana, [bo]), [ana, bo])  # signed by the old key
    assert verify_game(game).ok
    old_public = public_key_hex(private_key(bytes.fromhex(old_seed)))

    settings.SIGNING_KEY = secrets.token_hex(32)  # rotated: a new key signs from now on
    settings.SIGNING_KEYS_RETIRED = [
        {"public_key": old_public, "valid_from": None, "valid_until": None}
    ]
    assert verify_game(Game.objects.get(pk=game.pk)).ok

    settings.SIGNING_KEYS_RETIRED = []  # the old key no longer published
    verdict = verify_game(Game.objects.get(pk=game.pk))
    first = checkpoints.of(game.stream)[0].seq
    assert (verdict.ok, verdict.check, verdict.seq) == (False, "checkpoint", first)
    assert "not valid by a published key" in verdict.reason
