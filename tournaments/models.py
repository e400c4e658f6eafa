"""Tournaments: settings, entries, rounds and the tables that link them to games.

The games are the truth: a table's result and the standings are read models built from the
games' events (``tournaments.results``) and cached here as JSON for fast pages; they can always
be recomputed (``manage.py recompute_standings``). Only ``tournaments.services`` writes these.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_foreign_key
from games.chat_modes import ChatMode


class TournamentFormat(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ELIMINATION = "elimination", _("Elimination")
    DUPLICATE = "duplicate", _("Duplicate")
    SINGLE = "single", _("Single table")
    ARENA = "arena", _("Arena")


class TournamentStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")  # registration not open yet
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")  # too few players at the start


class AbsencePolicy(models.TextChoices):
    """What happens to a no-show or to a withdrawal (EXPECTATIONS: BGA's zombie bot)."""

    BOT = "bot", _("A bot stands in")
    FORFEIT = "forfeit", _("Forfeit")


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")
    CHECKED_IN = "checked_in", _("Checked in")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    NO_SHOW = "no_show", _("No-show")


ACTIVE_ENTRY = (EntryStatus.REGISTERED, EntryStatus.CHECKED_IN)

READY_SECONDS = 15  # a live table's ready window, by default
# The pause between a round's last table ending and the next round's seating, by default:
# time to look at the standings, to withdraw, rejoin or join late (Swiss).
ROUND_PAUSE_SECONDS = 30
CORRESPONDENCE_ROUND_PAUSE_SECONDS = 12 * 3600
CORRESPONDENCE_READY_SECONDS = 3600  # the longest a correspondence table waits for its players
ARENA_WAIT_SECONDS = 30  # an arena table that cannot fill forms anyway after this wait


class Tournament(models.Model):
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created"
    )
    created_at = models.DateTimeField()
    format = models.CharField(max_length=16, choices=TournamentFormat.choices)
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.SCHEDULED
    )
    registration_opens_at = models.DateTimeField()
    registration_closes_at = models.DateTimeField()
    # Optional check-in: players must check in from check_in_opens_at until starts_at, or
    # count as no-shows (no_show_policy). Null: no check-in.
    check_in_opens_at = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField()
    min_players = models.PositiveSmallIntegerField(default=2)
    max_players = models.PositiveIntegerField(null=True, blank=True)
    table_size = models.PositiveSmallIntegerField()  # 2-8: the largest table of a round
    # What every table plays: the hand table (V1), variants (V2-V6, "rounds" = rounds of
    # play per game) and the time control (R24), as games.services.game_create takes them.
    hand_table = models.CharField(max_length=16, default="classic")
    variants = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict)
    # Tournament rounds (Swiss, duplicate, single table); elimination plays until its final.
    rounds = models.PositiveSmallIntegerField(default=3)
    # Elimination: how many of each table go through (null: half, rounded up).
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=False)
    # Entered only by bots (people's own and the platform's), never by a person; never rated
    # (tournaments.eligibility.check_bot_entry). Other tournaments take no bot a person owns.
    bots_only = models.BooleanField(default=False)
    # The tournament's chat and its tables' (games.chat_modes): quick only by default when rated.
    chat = models.CharField(max_length=8, choices=ChatMode.choices, default=ChatMode.FREE)
    no_show_policy = models.CharField(
        max_length=8, choices=AbsencePolicy.choices, default=AbsencePolicy.FORFEIT
    )
    withdrawal_policy = models.CharField(
        max_length=8, choices=AbsencePolicy.choices, default=AbsencePolicy.BOT
    )
    # A live table's ready window (record version 2): seconds from its seating, when the deal's
    # commitment is published, to its start, for the seated players' contributions to the seed.
    # A correspondence table waits until every seated player has opened it, at most
    # CORRESPONDENCE_READY_SECONDS.
    ready_seconds = models.PositiveSmallIntegerField(default=READY_SECONDS)
    # Entry conditions (tournaments.eligibility): checked at every registration. Ratings are
    # display ratings (ratings.skill.display), live and correspondence apart; null: no bound.
    min_rated_games = models.PositiveIntegerField(default=0)
    live_rating_min = models.IntegerField(null=True, blank=True)
    live_rating_max = models.IntegerField(null=True, blank=True)
    correspondence_rating_min = models.IntegerField(null=True, blank=True)
    correspondence_rating_max = models.IntegerField(null=True, blank=True)
    min_account_days = models.PositiveIntegerField(default=0)
    verified_email = models.BooleanField(default=False)
    # A series' tournament: the occurrence of its rule this one is (tournaments.series).
    series = optional_foreign_key(
        "TournamentSeries", on_delete=models.SET_NULL, related_name="tournaments"
    )
    occurrence = models.DateTimeField(null=True, blank=True)
    # The pause between rounds in seconds (null: ROUND_PAUSE_SECONDS live,
    # CORRESPONDENCE_ROUND_PAUSE_SECONDS correspondence); next_round_at: when the next round
    # is seated, set while the tournament pauses between two rounds.
    round_pause_seconds = models.PositiveIntegerField(null=True, blank=True)
    next_round_at = models.DateTimeField(null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    cancelled_reason = models.CharField(max_length=200, blank=True)
    # Arena (tournaments.arena, formats.arena): play from the start for ``duration_minutes``;
    # a table that cannot fill forms after ``arena_wait_seconds`` (with bots if ``arena_bots``);
    # ``berserk``: a player may halve their clock before a table starts for a bonus point.
    duration_minutes = models.PositiveIntegerField(null=True, blank=True)
    arena_wait_seconds = models.PositiveSmallIntegerField(default=ARENA_WAIT_SECONDS)
    arena_bots = models.BooleanField(default=False)
    berserk = models.BooleanField(default=False)
    # Team events (teams): a team-only tournament takes members of ``team`` alone; a team
    # battle (an arena) takes members of ``battle_teams``, each team scoring the sum of its
    # ``team_best`` best players' points (formats.arena.team_scores).
    team = optional_foreign_key("teams.Team", on_delete=models.PROTECT, related_name="tournaments")
    battle_teams = models.ManyToManyField("teams.Team", blank=True, related_name="battles")
    team_best = models.PositiveSmallIntegerField(null=True, blank=True)
    # The standings after every table finished so far (cache; tournaments.results builds it).
    standings = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)  # bumped by every change, for the sockets

    class Meta:
        ordering = ["starts_at", "id"]
        indexes = [models.Index(fields=["status", "starts_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=2, table_size__lte=8),
                name="tournaments_table_size_2_8",
            ),
            models.CheckConstraint(
                condition=Q(registration_opens_at__lte=models.F("registration_closes_at"))
                & Q(registration_closes_at__lte=models.F("starts_at")),
                name="tournaments_registration_before_start",
            ),
            # One tournament per occurrence of a series: its beat task may run twice at once.
            models.UniqueConstraint(
                fields=["series", "occurrence"], name="tournaments_series_occurrence_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def ends_at(self):
        """An arena's end: no table is formed after it (the tables playing then finish)."""
        if self.format != TournamentFormat.ARENA or self.duration_minutes is None:
            return None
        return self.starts_at + timedelta(minutes=self.duration_minutes)


class TournamentEntry(models.Model):
    """One player in a tournament. A bot entry with ``stand_in_for`` plays in the place of a
    no-show (no_show_policy "bot")."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    status = models.CharField(
        max_length=16, choices=EntryStatus.choices, default=EntryStatus.REGISTERED
    )
    registered_at = models.DateTimeField()
    # The seed order (1 = first seed): set at the start from the players' ratings.
    seed = models.PositiveIntegerField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_round = models.PositiveSmallIntegerField(null=True, blank=True)  # 0: before start
    stand_in_for = models.OneToOneField(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="stand_in"
    )
    final_place = models.PositiveIntegerField(null=True, blank=True)
    # The first round the entry is seated in: 1, or later for a late joiner (Swiss), whose
    # earlier rounds each count as a bye (tournaments.results).
    joined_round = models.PositiveSmallIntegerField(default=1)
    # Arena: a paused player keeps their score and is not given a new table; ``waiting_since``
    # is when they came into the pairing pool (null: seated, paused or out). ``house_bot``: a
    # platform bot the organizer allowed to fill a table, not ranked in the standings.
    paused = models.BooleanField(default=False)
    waiting_since = models.DateTimeField(null=True, blank=True)
    house_bot = models.BooleanField(default=False)
    # A team battle: the team the player plays for, fixed when they enter.
    team = optional_foreign_key("teams.Team", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["tournament", "seed", "registered_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], name="tournaments_entry_user_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament_id}"

    @property
    def active(self) -> bool:
        """Whether the entry takes part in the rounds to come."""
        return self.status in ACTIVE_ENTRY


class TournamentRound(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    # The round's secret (hex): the formats' draw, and a duplicate round's deal seeds. Shown
    # only once the round has finished.
    seed = models.CharField(max_length=64)
    # Elimination: the entry ids that go through to the next round, best first.
    advancing = models.JSONField(null=True, blank=True)
    standings = models.JSONField(null=True, blank=True)  # the standings after this round

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="tournaments_round_number_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"


class TournamentTable(models.Model):
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()  # 1 = the top table
    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, related_name="tournament_table"
    )
    # Duplicate: the tables of one deal group play the same deal, seat for seat; its seed is
    # hidden until every table of the group has finished.
    deal_group = models.PositiveSmallIntegerField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The table's result once its game has ended (cache): per seat the entry, its round scores
    # and whether it counts as forfeited (tournaments.results.table_doc_from_game).
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="tournaments_table_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TournamentDealGroup(models.Model):
    """A duplicate round's deal group: one server seed, committed when its tables are seated;
    one seed, derived at its start from every seat's contribution (``contributions``, in the
    order of ``tournaments.services.group_contributions``); the same deal at each of its tables.
    """

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="deal_groups")
    number = models.PositiveSmallIntegerField()  # TournamentTable.deal_group
    # Secret until every table of the group has finished (then the games reveal it).
    server_seed = models.CharField(max_length=64)
    server_seed_commitment = models.CharField(max_length=64)
    committed_at = models.DateTimeField()
    # Fixed at the start: [{"table": number, "seat": index, "value": str, "at": iso | None}].
    contributions = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="tournaments_deal_group_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} deal group {self.number}"


class TournamentSeat(models.Model):
    """An entry's seat at a table; one per entry and round."""

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="+")
    index = models.PositiveSmallIntegerField()  # the game's seat
    entry = models.ForeignKey(TournamentEntry, on_delete=models.CASCADE, related_name="seats")
    # Arena: the player's display rating when seated (the standings' performance).
    rating = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="tournaments_seat_unique"),
            models.UniqueConstraint(
                fields=["round", "entry"], name="tournaments_seat_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.index}"


class TournamentSeries(models.Model):
    """A recurring tournament: an RFC 5545 recurrence rule from ``dtstart``, and the settings
    of every tournament it makes (``template``: tournament_create's keyword arguments, less
    the name, the start and the registration times, which come from the rule and the offsets
    below). ``tournaments.series`` keeps its tournaments created ``lead_hours`` ahead."""

    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_series"
    )
    created_at = models.DateTimeField()
    rule = models.CharField(max_length=500)  # an RRULE, e.g. "FREQ=WEEKLY;BYDAY=SA"
    dtstart = models.DateTimeField()  # the rule's first start (and its time of day)
    lead_hours = models.PositiveIntegerField(default=168)
    # Minutes before each start: registration opens (null: when the tournament is made),
    # closes (0: at the start); check-in opens (null: no check-in).
    registration_opens_minutes = models.PositiveIntegerField(null=True, blank=True)
    registration_closes_minutes = models.PositiveIntegerField(default=0)
    check_in_minutes = models.PositiveIntegerField(null=True, blank=True)
    template = models.JSONField(default=dict)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name_plural = "tournament series"

    def __str__(self) -> str:
        return self.name


# The play bans' models live in their own module; imported here so that Django finds them.
from tournaments.bans import PlayBan  # noqa: E402, F401
from tournaments.bans import PlayOffence  # noqa: E402, F401
