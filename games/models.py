"""Games: the lobby's tables and seats, and the projections of each game's event stream.

The event stream (eventstore, stream ``game-<id>``) is the truth once a game has started; the
fields marked "projection" are read models updated by the services in the same transaction as
the append, and rebuildable from the log (``manage.py rebuild_projections``).
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.chat_modes import ChatMode


class GameStatus(models.TextChoices):
    OPEN = "open", _("Waiting for players")  # seats being taken in the lobby
    ACTIVE = "active", _("In play")
    FINISHED = "finished", _("Finished")
    ABANDONED = "abandoned", _("Abandoned")  # every human left
    VOID = "void", _("Voided")  # annulled by staff (disputes.adjudication): no result, no rating


class Game(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    created_at = models.DateTimeField()
    players = models.PositiveSmallIntegerField()
    ruleset = models.JSONField()
    time_control = models.JSONField(default=dict)
    rated = models.BooleanField(default=False)
    # The table's chat (games.chat_modes), chosen at creation: quick messages only by default in a
    # rated game, which never allows free text.
    chat = models.CharField(max_length=8, choices=ChatMode.choices, default=ChatMode.FREE)
    # Secret until the match has ended: only its commitment is shown before.
    seed = models.CharField(max_length=64, blank=True)
    seed_commitment = models.CharField(max_length=64, blank=True)
    # Record version 2 (docs: game-record.md): the platform's server seed is drawn and committed
    # when the table opens, before any contribution; the seed is derived from it and the seats'
    # contributions at the start. Version 1 games (older rows, chosen-seed deals in tests) were
    # dealt from server entropy alone. For version 2, seed_commitment repeats the server seed's
    # commitment so that code showing it keeps working; server_seed stays secret until the end.
    fairness_version = models.PositiveSmallIntegerField(default=2)
    server_seed = models.CharField(max_length=64, blank=True)
    server_seed_commitment = models.CharField(max_length=64, blank=True)
    committed_at = models.DateTimeField(null=True, blank=True)
    # The contributions fixed at the start, in derivation order, as the log's
    # SeedContributionsFixed holds them: [{"seat", "value", "at"?}] (a duplicate group's come
    # from all its tables). A projection: null until the start.
    contributions = models.JSONField(null=True, blank=True)
    # A tournament table's ready window: contributions are collected until then (or until every
    # seated player has opened the table), then the match starts.
    ready_deadline = models.DateTimeField(null=True, blank=True)
    # Set while other tables still play this seed (a duplicate tournament round deals one seed
    # at many tables): the seed, and the hands a finished match's record shows, stay hidden
    # from everyone but staff until the tournament clears it.
    seed_hidden = models.BooleanField(default=False)
    # "Play again with the same seats" (games.rematch): the ended game this table replays; one
    # rematch per game, so two players asking at once open one table.
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch"
    )
    # A private table (games.invites): listed nowhere, and joined only with this secret, which
    # its invite link carries; "" for a lobby table. Shown to its seated players only.
    invite_code = models.CharField(max_length=32, blank=True, default="")

    # Projections of the event stream.
    status = models.CharField(max_length=16, choices=GameStatus.choices, default=GameStatus.OPEN)
    version = models.PositiveIntegerField(default=0)  # the last event's seq
    head_hash = models.CharField(max_length=64, blank=True)  # the last event's hash
    round = models.PositiveSmallIntegerField(default=0)
    to_move = models.SmallIntegerField(null=True, blank=True)
    # When the seat to move must have moved (RULES R24); for a seat the platform plays, when its
    # task is overdue. Enforced by the sweeper (games.tasks.sweep_deadlines).
    deadline = models.DateTimeField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # More time the seat to move was given on this turn (MoreTimeGiven, games.more_time), in
    # seconds: its deadline is that much later (games.clocks).
    turn_extra_s = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-created_at"]),
            models.Index(fields=["status", "deadline"]),
        ]

    def __str__(self) -> str:
        return self.name or f"game {self.id}"

    @property
    def stream(self) -> str:
        return stream_name(self.id)

    @property
    def private(self) -> bool:
        return bool(self.invite_code)


def stream_name(game_id) -> str:
    return f"game-{game_id}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    joined_at = models.DateTimeField()
    resigned_at = models.DateTimeField(null=True, blank=True)  # projection of SeatResigned
    forfeited_at = models.DateTimeField(null=True, blank=True)  # projection of SeatForfeited
    # Clock projections (RULES R24): a live seat's reserve left, the timeouts in a row, and the
    # vacation a correspondence seat has used in this game.
    reserve_ms = models.BigIntegerField(null=True, blank=True)
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    vacation_used_s = models.PositiveIntegerField(default=0)
    # How often this seat's player has given an opponent more time in this game (a projection
    # of MoreTimeGiven; games.more_time caps it).
    more_time_given = models.PositiveSmallIntegerField(default=0)
    # The seat's contribution to the seed (record version 2): at most 256 UTF-8 bytes, changeable
    # until the start, then fixed; "" for a seat the platform plays.
    contribution = models.CharField(max_length=256, blank=True, default="")
    contributed_at = models.DateTimeField(null=True, blank=True)
    # When the seated player first opened the table (a correspondence ready window ends when
    # every seated player has).
    opened_at = models.DateTimeField(null=True, blank=True)
    # The seat's player went berserk in the table's ready window (games.services.game_berserk):
    # half the reserve, for a bonus the tournament gives a win. Chosen before the start, then
    # logged with it (SeatsBerserk), which is what halves the reserve; public, like the seat.
    berserk = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_seat_index_unique"),
            models.UniqueConstraint(fields=["game", "user"], name="games_seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.index}"

    @property
    def automatic(self) -> bool:
        """True if the platform plays this seat: its bot, or a player who left or forfeited (R25).

        A bot a person owns is not the platform's: it moves itself through the API, and its
        clock and timeouts run as a person's."""
        return (
            self.user.is_platform_bot
            or self.resigned_at is not None
            or self.forfeited_at is not None
        )


class ChallengeStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an answer")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")
    CANCELLED = "cancelled", _("Cancelled")
    EXPIRED = "expired", _("Expired")


class Challenge(models.Model):
    """One player asks another to a private table with these settings (games.challenges);
    accepting opens it with both seated (and the bots) and starts it."""

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    players = models.PositiveSmallIntegerField()  # the seats: the two players, then bots
    bot_strategy = models.CharField(max_length=16, default="greedy")
    hand_table = models.CharField(max_length=16, default="classic")
    variants = models.JSONField(default=dict)
    time_control = models.JSONField(default=dict)
    rated = models.BooleanField(default=False)
    # A pending challenge past expires_at reads as expired (no task needed: nothing happens
    # at expiry but that it can no longer be accepted).
    status = models.CharField(
        max_length=16, choices=ChallengeStatus.choices, default=ChallengeStatus.PENDING
    )
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )

    class Meta:
        indexes = [
            models.Index(fields=["challenged", "status"]),
            models.Index(fields=["challenger", "status"]),
        ]

    def __str__(self) -> str:
        return f"challenge {self.pk}"
