"""The forger who holds the signing key too (an operator with the database and the key): after
rewriting a stream's events, sign its checkpoints again over the rewritten heads, so that only
the replay, the game row's head or the players' receipts can tell."""

from django.db import connection

from eventstore import checkpoints
from eventstore import store
from eventstore.models import Checkpoint


def resign_checkpoints(stream: str) -> None:
    """Re-sign every checkpoint of ``stream`` over the log as it is now (PostgreSQL: the
    checkpoint table's append-only trigger is switched off for it, in this transaction)."""
    heads = {e.seq: e.hash for e in store.read(stream)}
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE eventstore_checkpoint DISABLE TRIGGER USER")
        try:
            for c in Checkpoint.objects.filter(stream=stream):
                fresh = checkpoints.make(stream, c.first_seq, c.seq, heads[c.seq], c.created_at)
                Checkpoint.objects.filter(pk=c.pk).update(
                    head_hash=fresh.head_hash, key_id=fresh.key_id, signature=fresh.signature
                )
        finally:
            cursor.execute("ALTER TABLE eventstore_checkpoint ENABLE TRIGGER USER")
