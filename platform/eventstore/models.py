"""The append-only event table and its caches. Only ``eventstore.store`` writes here."""

from django.db import models


class Event(models.Model):
    """One event of one stream. Rows are never updated or deleted (a database trigger refuses)."""

    stream = models.CharField(max_length=80)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    schema_version = models.PositiveSmallIntegerField(default=1)
    data = models.JSONField()
    actor = models.JSONField(default=dict)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["stream", "seq"], name="eventstore_event_stream_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.stream}#{self.seq} {self.type}"


class Snapshot(models.Model):
    """A stream's folded state at ``seq``: a cache, tagged with the folding code's version."""

    stream = models.CharField(max_length=80)
    seq = models.PositiveIntegerField()
    version_tag = models.CharField(max_length=32)
    state = models.JSONField()
    hash = models.CharField(max_length=64)  # the hash of event ``seq``, to append after it
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["stream", "seq", "version_tag"], name="eventstore_snapshot_unique"
            ),
        ]
        indexes = [models.Index(fields=["stream", "version_tag", "-seq"])]

    def __str__(self) -> str:
        return f"{self.stream}@{self.seq} ({self.version_tag})"


class AppendedCommand(models.Model):
    """A command id already appended to a stream: repeating it appends nothing."""

    stream = models.CharField(max_length=80)
    command_id = models.CharField(max_length=160)
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["stream", "command_id"], name="eventstore_command_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stream} {self.command_id} -> {self.first_seq}..{self.last_seq}"


class Checkpoint(models.Model):
    """A signed statement that a stream's head was ``head_hash`` at ``seq`` (see checkpoints).

    Written in the same transaction as the events it covers. The key that signs is held outside
    the database, so whoever can write these tables can delete a checkpoint but not make one:
    a rewritten history no longer matches the heads that were signed.
    """

    stream = models.CharField(max_length=80)
    first_seq = models.PositiveIntegerField()  # the first event of the append it signs
    seq = models.PositiveIntegerField()
    head_hash = models.CharField(max_length=64)
    key_id = models.CharField(max_length=64)
    signature = models.CharField(max_length=128)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["stream", "seq"], name="eventstore_checkpoint_stream_seq"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stream}#{self.first_seq}..{self.seq} checkpoint {self.head_hash[:12]}"
