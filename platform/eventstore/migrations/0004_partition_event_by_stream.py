"""Hash-partition the event table by stream (PostgreSQL); the embedded SQLite is left as it is.

PostgreSQL: ``eventstore_event`` becomes a declarative table ``PARTITION BY HASH (stream)`` with
``PARTITIONS`` (16) partitions, ``eventstore_event_p00`` to ``eventstore_event_p15``. A game is
one stream, so every read and append of a game touches one partition and its indexes, which stay
a sixteenth of the log's size. The count is a constant, not a setting: it is fixed when this
migration runs, and a setting changed later would silently describe another table than the one
the database holds (changing it is a new migration that builds the table again, as this one does).

The existing table is converted with its rows, in the migration's transaction: the table is
locked (ACCESS EXCLUSIVE: no append may slip between the copy and the swap), renamed aside with
its constraints and identity sequence, the partitioned table is created LIKE it (same columns,
defaults, checks and identity), the rows are copied with their ids, the sequence goes on where
the old one stood, the owner and every grant of the old table are carried over to the new
table and each partition, the append-only triggers are created again, and the old table dropped.

- The unique key ``eventstore_event_stream_seq`` (stream, seq) keeps its name; it contains the
  partition key, so it is enforced across the whole table.
- The primary key: PostgreSQL requires a partitioned table's primary key to contain the
  partition key, so the database's ``eventstore_event_pkey`` is (id, stream). Django still sees
  ``id`` as the primary key (the model state does not change); ids still come from the table's
  identity, whose sequence goes on from the old one, so they stay unique although no index
  enforces that alone. ``id`` leads the key so that a lookup by id uses each partition's index.
- The append-only triggers of 0002/0003: the row trigger (UPDATE, DELETE) is created on the
  parent, which PostgreSQL clones to every partition; a statement trigger (TRUNCATE) is not
  cloned, so each partition gets its own: a TRUNCATE of one partition by name is refused like
  one of the parent. A partition added later needs that trigger too (and the grants:
  ``eventstore.roles.grant`` narrows every partition of an append-only table).
- Nothing has a foreign key to the event table (checked when this was written).

Reverse: the same steps the other way, back to the unpartitioned table of 0001-0003 (primary
key (id), the same constraint and trigger names), rows and ids kept.
"""

from django.db import migrations

TABLE = "eventstore_event"
ASIDE = "eventstore_event_old"  # the table being replaced, while its rows are copied
PKEY = "eventstore_event_pkey"
UNIQUE = "eventstore_event_stream_seq"
PARTITIONS = 16
FUNCTION = "eventstore_event_append_only()"  # 0003's; the checkpoints' triggers use it too


def partition(i: int) -> str:
    return f"{TABLE}_p{i:02d}"


def _one(cursor, sql: str, params=()):
    cursor.execute(sql, params)
    return cursor.fetchone()


def _grants(cursor, relation: str) -> list[tuple[str, str, bool]]:
    """Return (grantee, privilege, grantable) of every grant on ``relation`` but its owner's."""
    cursor.execute(
        "SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END, "
        "a.privilege_type, a.is_grantable "
        "FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a "
        "LEFT JOIN pg_roles r ON r.oid = a.grantee "
        "WHERE c.oid = %s::regclass AND a.grantee <> c.relowner",
        [relation],
    )
    return cursor.fetchall()


def _same_rights(cursor, relation: str, owner: str, grants, kind: str = "TABLE") -> None:
    """Give ``relation`` the owner and exactly the grants the replaced table had: the new
    tables were given the creating role's default privileges instead (the app role's UPDATE
    and DELETE among them, eventstore.roles). An identity sequence follows its table's owner."""
    if kind == "TABLE" and _owner(cursor, relation) != owner:
        cursor.execute(f"ALTER TABLE {relation} OWNER TO {_ident(cursor, owner)}")
    for grantee in sorted({g for g, _, _ in _grants(cursor, relation)}):
        cursor.execute(f"REVOKE ALL ON {kind} {relation} FROM {grantee}")
    for grantee, privilege, grantable in grants:
        option = " WITH GRANT OPTION" if grantable else ""
        cursor.execute(f"GRANT {privilege} ON {kind} {relation} TO {grantee}{option}")


def _owner(cursor, relation: str) -> str:
    sql = "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = %s::regclass"
    return _one(cursor, sql, [relation])[0]


def _ident(cursor, name: str) -> str:
    return _one(cursor, "SELECT quote_ident(%s)", [name])[0]


def rebuild(cursor, *, partitions: int | None) -> None:
    """Replace the event table by a copy holding its rows: hash-partitioned by stream into
    ``partitions`` partitions, or unpartitioned (None). Runs in the caller's transaction."""
    cursor.execute(f"LOCK TABLE {TABLE} IN ACCESS EXCLUSIVE MODE")
    owner = _owner(cursor, TABLE)
    grants = _grants(cursor, TABLE)
    old_sequence = _one(cursor, "SELECT pg_get_serial_sequence(%s, 'id')", [TABLE])[0]
    sequence_grants = _grants(cursor, old_sequence)
    parts = [partition(i) for i in range(partitions or 0)]

    # Aside: the index-backed constraints' and the sequence's names are the schema's, not the
    # table's, and the new table takes them.
    cursor.execute(f"ALTER TABLE {TABLE} RENAME TO {ASIDE}")
    cursor.execute(f"ALTER TABLE {ASIDE} RENAME CONSTRAINT {PKEY} TO {ASIDE}_pkey")
    cursor.execute(f"ALTER TABLE {ASIDE} RENAME CONSTRAINT {UNIQUE} TO {ASIDE}_stream_seq")
    cursor.execute(f"ALTER SEQUENCE {old_sequence} RENAME TO {ASIDE}_id_seq")

    # Columns, NOT NULLs, checks (seq >= 0 ...), defaults and the identity (a new sequence);
    # not the indexes: the keys differ.
    by = " PARTITION BY HASH (stream)" if partitions else ""
    cursor.execute(f"CREATE TABLE {TABLE} (LIKE {ASIDE} INCLUDING ALL EXCLUDING INDEXES){by}")
    for i, name in enumerate(parts):
        cursor.execute(
            f"CREATE TABLE {name} PARTITION OF {TABLE} "
            f"FOR VALUES WITH (MODULUS {partitions}, REMAINDER {i})"
        )
    cursor.execute(f"INSERT INTO {TABLE} OVERRIDING SYSTEM VALUE SELECT * FROM {ASIDE}")
    key = "id, stream" if partitions else "id"
    cursor.execute(
        f"ALTER TABLE {TABLE} ADD CONSTRAINT {PKEY} PRIMARY KEY ({key}), "
        f"ADD CONSTRAINT {UNIQUE} UNIQUE (stream, seq)"
    )
    new_sequence = _one(cursor, "SELECT pg_get_serial_sequence(%s, 'id')", [TABLE])[0]
    last_value, is_called = _one(cursor, f"SELECT last_value, is_called FROM {ASIDE}_id_seq")
    cursor.execute("SELECT setval(%s, %s, %s)", [new_sequence, last_value, is_called])

    for relation in [TABLE, *parts]:
        _same_rights(cursor, relation, owner, grants)
    _same_rights(cursor, new_sequence, owner, sequence_grants, kind="SEQUENCE")

    # 0002's triggers (0003's function). The row trigger on a partitioned table is cloned to
    # each partition; the statement trigger is not, and TRUNCATE can name a partition.
    cursor.execute(
        f"CREATE TRIGGER eventstore_event_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE} "
        f"FOR EACH ROW EXECUTE FUNCTION {FUNCTION}"
    )
    for relation in [TABLE, *parts]:
        cursor.execute(
            f"CREATE TRIGGER eventstore_event_no_truncate BEFORE TRUNCATE ON {relation} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}"
        )

    cursor.execute(f"DROP TABLE {ASIDE}")  # its partitions, triggers and sequence with it
    cursor.execute(f"ANALYZE {TABLE}")


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            rebuild(cursor, partitions=PARTITIONS)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            rebuild(cursor, partitions=None)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0003_checkpoint")]
    operations = [migrations.RunPython(forward, backward)]
