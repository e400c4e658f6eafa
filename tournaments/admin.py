"""Tournaments in the admin: read-only (only tournaments.services writes them; create them
through the API or the tournaments page), with actions for staff to run the scheduler's step
now and to recompute standings from the games. Play bans and offences are read-only too; staff
lift a ban with an action, which records who lifted it and when (``bans.play_ban_lift``)."""

from django.contrib import admin
from django.contrib import messages

from core.admin import ReadOnlyAdmin
from games.admin import SecretFieldsAdminMixin
from tournaments import bans
from tournaments import series
from tournaments import services
from tournaments.models import Tournament
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentEntry
from tournaments.models import TournamentRound
from tournaments.models import TournamentSeries
from tournaments.models import TournamentTable


class EntryInline(admin.TabularInline):
    model = TournamentEntry
    fk_name = "tournament"
    fields = ("user", "status", "seed", "final_place", "stand_in_for", "withdrawn_round")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "format", "status", "starts_at", "current_round", "rated")
    list_filter = ("status", "format", "rated")
    search_fields = ("name",)
    inlines = [EntryInline]
    actions = ["advance_now", "recompute_standings"]

    @admin.action(description="Run the scheduler's step now")
    def advance_now(self, request, queryset):
        changed = sum(services.tournament_advance(tournament_id=t.pk) for t in queryset)
        self.message_user(request, f"{changed} tournament(s) moved on.", messages.SUCCESS)

    @admin.action(description="Recompute standings from the games")
    def recompute_standings(self, request, queryset):
        differed = sum(
            services.tournament_recompute_standings(tournament_id=t.pk) for t in queryset
        )
        self.message_user(request, f"{differed} tournament(s) had stale standings.")


@admin.register(TournamentRound)
class TournamentRoundAdmin(SecretFieldsAdminMixin, ReadOnlyAdmin):
    list_display = ("tournament", "number", "started_at", "finished_at")
    raw_id_fields = ("tournament",)
    # The round's secret gives a duplicate round's server seeds: shown once the round is over,
    # and never a filter of the list (``?seed__startswith=`` would find it a digit at a time).
    secret_fields = ("seed",)
    exclude = ("seed",)
    readonly_fields = ("round_seed",)

    @admin.display(description="seed")
    def round_seed(self, obj) -> str:
        return obj.seed if obj.finished_at is not None else "(hidden until the round ends)"


@admin.register(TournamentDealGroup)
class TournamentDealGroupAdmin(SecretFieldsAdminMixin, ReadOnlyAdmin):
    list_display = ("round", "number", "server_seed_commitment", "committed_at", "started_at")
    # The server seed stays out of the admin, lists and filters included: the games reveal it
    # once the group has finished.
    secret_fields = ("server_seed",)
    fields = ("round", "number", "server_seed_commitment", "committed_at", "started_at",
              "contributions")  # fmt: skip
    readonly_fields = fields
    raw_id_fields = ("round",)


@admin.register(TournamentTable)
class TournamentTableAdmin(ReadOnlyAdmin):
    list_display = ("round", "number", "game", "deal_group", "finished_at")
    raw_id_fields = ("round", "game")


@admin.register(TournamentSeries)
class TournamentSeriesAdmin(ReadOnlyAdmin):
    """Read-only like the tournaments (tournaments.series writes them); staff pause or resume
    a series, or fill it now, through the services."""

    list_display = ("name", "rule", "dtstart", "lead_hours", "organizer", "active")
    list_filter = ("active",)
    search_fields = ("name",)
    raw_id_fields = ("organizer",)
    actions = ["pause", "resume", "fill_now"]

    @admin.action(description="Pause the series")
    def pause(self, request, queryset):
        for s in queryset:
            series.series_update(series_id=s.pk, user=request.user, active=False)
        self.message_user(request, f"{len(queryset)} series paused.", messages.SUCCESS)

    @admin.action(description="Resume the series")
    def resume(self, request, queryset):
        for s in queryset:
            series.series_update(series_id=s.pk, user=request.user, active=True)
        self.message_user(request, f"{len(queryset)} series resumed.", messages.SUCCESS)

    @admin.action(description="Create the tournaments due now")
    def fill_now(self, request, queryset):
        made = sum(series.series_fill(series_id=s.pk) for s in queryset)
        self.message_user(request, f"{made} tournament(s) created.", messages.SUCCESS)


@admin.register(bans.PlayBan)
class PlayBanAdmin(ReadOnlyAdmin):
    list_display = ("user", "reason", "step", "starts_at", "ends_at", "lifted_at", "lifted_by")
    list_filter = ("offence__kind",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "offence", "lifted_by")
    actions = ["lift"]

    @admin.display(description="reason")
    def reason(self, obj) -> str:
        return obj.offence.get_kind_display()

    @admin.action(description="Lift the selected bans now (recorded; their offences forgiven)")
    def lift(self, request, queryset):
        lifted = sum(
            bans.play_ban_lift(ban_id=b.pk, by=request.user, note="lifted in the admin")
            for b in queryset
        )
        self.message_user(request, f"{lifted} ban(s) lifted.", messages.SUCCESS)


@admin.register(bans.PlayOffence)
class PlayOffenceAdmin(ReadOnlyAdmin):
    list_display = ("user", "kind", "key", "tournament", "at", "forgiven")
    list_filter = ("kind", "forgiven")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "tournament")
