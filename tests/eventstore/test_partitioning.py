"""eventstore 0004: the event table hash-partitioned by stream on PostgreSQL — partitioned, rows
of many streams spread over the partitions, (stream, seq) unique across the whole table, the
append-only trigger and the app role's narrow rights on the parent AND on each partition named
directly, and the migration converting a table that holds rows (and back) without losing one."""

from __future__ import annotations

import importlib
from contextlib import contextmanager

import pytest
from django.db import DatabaseError
from django.db import IntegrityError
from django.db import connection
from django.db import transaction
from django.db.migrations.executor import MigrationExecutor
from psycopg import sql

from eventstore import roles
from eventstore import store
from eventstore.checks import check_app_role
from eventstore.models import Event
from eventstore.store import ConcurrencyConflict

MIGRATION = importlib.import_module("eventstore.migrations.0004_partition_event_by_stream")
PARTITIONS = MIGRATION.PARTITIONS
BEFORE = [("eventstore", "0003_checkpoint")]
TABLE = Event._meta.db_table

pytestmark = pytest.mark.postgres

ACTOR = {"kind": "player", "user": 1, "name": "ana"}


def append(stream: str, expected: int, *ns: int):
    events = [{"type": "Noted", "schema_version": 1, "data": {"n": n}} for n in ns]
    return store.append(stream, expected_version=expected, events=events, actor=ACTOR)


def one(query: str, params=()):
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchone()


def rows(query: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchall()


def partition_of(stream: str) -> str:
    """Return the partition holding ``stream``'s events (it must have one)."""
    return one(f"SELECT tableoid::regclass::text FROM {TABLE} WHERE stream = %s LIMIT 1", [stream])[
        0
    ]


def partitions() -> list[str]:
    return [
        r[0]
        for r in rows(
            "SELECT inhrelid::regclass::text FROM pg_inherits "
            "WHERE inhparent = %s::regclass ORDER BY 1",
            [TABLE],
        )
    ]


def key_columns(constraint: str) -> list[str]:
    return [
        r[0]
        for r in rows(
            "SELECT a.attname FROM pg_constraint k "
            "CROSS JOIN LATERAL unnest(k.conkey) WITH ORDINALITY AS c(attnum, i) "
            "JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = c.attnum "
            "WHERE k.conrelid = %s::regclass AND k.conname = %s ORDER BY c.i",
            [TABLE, constraint],
        )
    ]


# -- the table's shape -------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_event_table_is_hash_partitioned_by_stream_into_the_migrations_count():
    strategy, key = one(
        "SELECT p.partstrat, a.attname FROM pg_partitioned_table p "
        "JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0] "
        "WHERE p.partrelid = %s::regclass",
        [TABLE],
    )
    assert (strategy, key) == ("h", "stream")
    assert partitions() == [f"{TABLE}_p{i:02d}" for i in range(PARTITIONS)]
    assert PARTITIONS == 16
    assert key_columns("eventstore_event_stream_seq") == ["stream", "seq"]
    assert key_columns("eventstore_event_pkey") == ["id", "stream"]
    assert Event._meta.pk.name == "id"


@pytest.mark.django_db
def test_events_of_many_streams_spread_over_partitions_and_each_stream_stays_in_one():
    streams = [f"game-{i}" for i in range(40)]
    for s in streams:
        append(s, 0, 1, 2)
        append(s, 2, 3)
    where = dict(
        rows(
            f"SELECT stream, min(tableoid::regclass::text) FROM {TABLE} "
            "GROUP BY stream HAVING count(DISTINCT tableoid) = 1"
        )
    )
    assert sorted(where) == sorted(streams)  # every stream in exactly one partition
    assert len(set(where.values())) > 1
    for s in streams[:3]:
        assert [e.data["n"] for e in store.read(s)] == [1, 2, 3]
        assert store.verify_chain(store.read(s)) is None


@pytest.mark.django_db
def test_ids_still_come_from_the_tables_identity_and_django_still_finds_a_row_by_id():
    append("a", 0, 1)
    append("b", 0, 1, 2)
    ids = list(Event.objects.order_by("id").values_list("id", flat=True))
    assert len(ids) == len(set(ids)) == 3
    created = Event.objects.create(
        stream="c",
        seq=1,
        type="Noted",
        data={},
        created_at="2026-01-02T03:04Z",
        prev_hash=store.GENESIS,
        hash="h",
    )
    assert created.pk > max(ids)
    assert Event.objects.get(pk=created.pk).stream == "c"


@pytest.mark.django_db
def test_a_duplicate_stream_and_seq_is_refused_across_the_table():
    append("s", 0, 1, 2)
    with pytest.raises(ConcurrencyConflict):
        append("s", 1, 9)
    # An id given, as a partition named directly has no identity of its own (PostgreSQL 15).
    insert = (
        "INSERT INTO {} (id, stream, seq, type, schema_version, data, actor, created_at, "
        "prev_hash, hash) VALUES (%s, 's', %s, 'Noted', 1, '{{}}', '{{}}', now(), '', '')"
    )
    for table in (TABLE, partition_of("s")):  # through the parent, or naming the partition
        with pytest.raises(IntegrityError, match="duplicate key value"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(insert.format(table), [10**12, 2])
    other = next(p for p in partitions() if p != partition_of("s"))
    with pytest.raises(IntegrityError, match="partition constraint"), transaction.atomic():
        with connection.cursor() as cursor:  # a row in a partition its stream does not hash to
            cursor.execute(insert.format(other), [10**12, 3])
    assert [e.seq for e in store.read("s")] == [1, 2]


# -- append-only, on the parent and on each partition ------------------------------------------

ATTACKS = ["UPDATE {} SET data = '{{}}'", "DELETE FROM {}", "TRUNCATE {}"]


@pytest.mark.django_db
@pytest.mark.parametrize("statement", ATTACKS, ids=["update", "delete", "truncate"])
@pytest.mark.parametrize("target", ["parent", "partition"])
def test_the_trigger_refuses_update_delete_and_truncate_of_the_parent_and_of_a_partition(
    statement, target
):
    append("s", 0, 1, 2)
    table = TABLE if target == "parent" else partition_of("s")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(statement.format(table))
    assert [e.data["n"] for e in store.read("s")] == [1, 2]


@pytest.mark.django_db
def test_every_partition_has_both_triggers_enabled():
    found = rows(
        "SELECT c.relname, t.tgname, t.tgenabled FROM pg_trigger t "
        "JOIN pg_class c ON c.oid = t.tgrelid "
        "WHERE NOT t.tgisinternal AND t.tgrelid IN "
        "(SELECT inhrelid FROM pg_inherits WHERE inhparent = %s::regclass)",
        [TABLE],
    )
    expected = {
        (p, name, "O")
        for p in partitions()
        for name in ("eventstore_event_no_update_delete", "eventstore_event_no_truncate")
    }
    assert set(found) == expected


@pytest.mark.django_db
def test_the_owner_in_maintenance_may_still_truncate_a_partition():
    append("s", 0, 1)
    part = partition_of("s")
    with connection.cursor() as cursor:
        cursor.execute("SET eventstore.maintenance = 'on'")
        try:
            cursor.execute(f"TRUNCATE {part}")
        finally:
            cursor.execute("RESET eventstore.maintenance")
    assert store.read("s") == []


@pytest.fixture
def app_role(db):
    """A role with exactly the app role's rights (eventstore.roles.grant), made in the test's
    transaction (so rolled back with it): roles are the cluster's, the name the database's."""
    name = f"part_{connection.settings_dict['NAME']}"[:63]
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL("CREATE ROLE {} NOLOGIN NOSUPERUSER NOINHERIT")
            .format(sql.Identifier(name))
            .as_string(cursor.connection)
        )
    roles.grant(connection, name)
    return name


@contextmanager
def acting_as(role: str):
    """Run the block's statements as ``role`` (SET ROLE: privileges and the trigger's owner
    check see it as the current user)."""
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL("SET ROLE {}").format(sql.Identifier(role)).as_string(cursor.connection)
        )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")


@pytest.mark.django_db
def test_the_app_role_may_only_read_and_append_on_every_partition(app_role):
    privileges = "SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE"
    for table in [TABLE, *partitions()]:
        held = [
            p
            for p in privileges
            if one("SELECT has_table_privilege(%s, %s, %s)", [app_role, table, p])[0]
        ]
        assert held == ["SELECT", "INSERT"], table


@pytest.mark.django_db
@pytest.mark.parametrize("statement", ATTACKS, ids=["update", "delete", "truncate"])
def test_the_app_role_naming_a_partition_is_refused(app_role, statement):
    append("s", 0, 1, 2)
    part = partition_of("s")
    with acting_as(app_role):
        for table in (TABLE, part):
            with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(statement.format(table))
        with connection.cursor() as cursor:  # what it needs still works
            cursor.execute(f"SELECT count(*) FROM {part} WHERE stream = 's'")
            assert cursor.fetchone() == (2,)
        append("s", 2, 3)
    assert [e.seq for e in store.read("s")] == [1, 2, 3]


@pytest.mark.django_db
@pytest.mark.parametrize("statement", ATTACKS, ids=["update", "delete", "truncate"])
def test_a_partition_privilege_granted_by_mistake_meets_the_trigger_and_the_deploy_check(
    app_role, statement
):
    append("s", 0, 1, 2)
    part = partition_of("s")
    with acting_as(app_role):
        assert check_app_role(databases=["default"]) == []
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL("GRANT UPDATE, DELETE, TRUNCATE ON {} TO {}")
            .format(sql.Identifier(part), sql.Identifier(app_role))
            .as_string(cursor.connection)
        )
    with acting_as(app_role):
        [warning] = check_app_role(databases=["default"])
        assert warning.id == "eventstore.W001"
        assert "may update, delete or truncate events" in warning.msg
        with connection.cursor() as cursor:  # the TRUNCATE even in maintenance: not the owner
            cursor.execute("SET eventstore.maintenance = 'on'")
            try:
                with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                    cursor.execute(statement.format(part))
            finally:
                cursor.execute("RESET eventstore.maintenance")
    assert [e.seq for e in store.read("s")] == [1, 2]


# -- the migration, both ways, over a table holding rows ----------------------------------------


def migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def forward_targets():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def snapshot() -> list[tuple]:
    return rows(
        f"SELECT id, stream, seq, type, schema_version, data::text, actor::text, created_at, "
        f"prev_hash, hash FROM {TABLE} ORDER BY id"
    )


def relkind() -> str:
    return one("SELECT relkind FROM pg_class WHERE oid = %s::regclass", [TABLE])[0]


def privileges_of(role: str) -> dict[str, list[str]]:
    return {
        table: [
            p
            for p in ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE")
            if one("SELECT has_table_privilege(%s, %s, %s)", [role, table, p])[0]
        ]
        for table in [TABLE, *partitions()]
    }


@pytest.mark.django_db(transaction=True)
def test_the_migration_converts_a_table_holding_rows_and_back_keeping_every_row():
    role = f"part_{connection.settings_dict['NAME']}"[:63]
    ident = sql.Identifier(role)

    def run(statement: sql.Composable) -> None:
        with connection.cursor() as cursor:
            cursor.execute(statement.as_string(cursor.connection))

    try:
        migrate(BEFORE)
        assert relkind() == "r"
        streams = [f"game-{i}" for i in range(30)]
        for s in streams:
            append(s, 0, 1, 2, 3)
        append(streams[0], 3, 4)
        before = snapshot()
        run(sql.SQL("CREATE ROLE {} NOLOGIN NOSUPERUSER").format(ident))
        run(sql.SQL("GRANT SELECT, INSERT ON {} TO {}").format(sql.Identifier(TABLE), ident))

        migrate([("eventstore", "0004_partition_event_by_stream")])
        assert relkind() == "p"
        assert len(partitions()) == PARTITIONS
        assert snapshot() == before
        assert len({r[0] for r in rows(f"SELECT DISTINCT tableoid FROM {TABLE}")}) > 1
        for s in streams:
            assert store.verify_chain(store.read(s)) is None
        assert set(map(tuple, privileges_of(role).values())) == {("SELECT", "INSERT")}
        assert (
            store.append(
                streams[1], expected_version=3, events=[{"type": "Noted", "data": {}}], actor=ACTOR
            )
            .events[0]
            .seq
            == 4
        )
        after = snapshot()
        assert after[-1][0] > before[-1][0]  # the identity goes on from the old sequence
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"DELETE FROM {partition_of(streams[0])}")

        migrate(BEFORE)
        assert relkind() == "r"
        assert partitions() == []
        assert snapshot() == after
        assert key_columns("eventstore_event_pkey") == ["id"]
        assert key_columns("eventstore_event_stream_seq") == ["stream", "seq"]
        assert privileges_of(role) == {TABLE: ["SELECT", "INSERT"]}
        for statement in ATTACKS:
            with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(statement.format(TABLE))
        created = Event.objects.create(
            stream="x",
            seq=1,
            type="Noted",
            data={},
            created_at="2026-01-02T03:04Z",
            prev_hash=store.GENESIS,
            hash="h",
        )
        assert created.pk > after[-1][0]
    finally:
        migrate(forward_targets())  # as the next tests need
        if one("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]):
            run(sql.SQL("DROP OWNED BY {}").format(ident))
            run(sql.SQL("DROP ROLE {}").format(ident))
    assert relkind() == "p"


@pytest.mark.django_db(transaction=True)
def test_a_session_given_back_to_the_pool_leaves_maintenance_behind():
    """A connection that set ``eventstore.maintenance`` and went back to the pool must not hand
    a later checkout the owner's TRUNCATE (config.env.reset_pooled_session). Each checkout sets
    it, so the pool's connections all carry it unless it is reset on the way back."""
    if not connection.settings_dict.get("OPTIONS", {}).get("pool"):
        pytest.skip("the database connections are not pooled (DATABASE_POOL=0)")
    for _ in range(6):
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('eventstore.maintenance', true)")
            assert cursor.fetchone()[0] in (None, ""), "a pooled session kept maintenance on"
            cursor.execute("SET eventstore.maintenance = 'on'")
        connection.close()  # back to the pool
