"""Ratings in the admin: read-only (only ratings.services writes them), with one action for
staff: reverse the rating changes of the selected games."""

from django.contrib import admin
from django.contrib import messages

from core.admin import ReadOnlyAdmin
from ratings import services
from ratings.models import RatedGame
from ratings.models import Rating
from ratings.models import RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "kind", "display", "mu", "sigma", "games", "updated_at")
    list_filter = ("kind",)
    search_fields = ("user__username",)
    ordering = ("kind", "-ordinal")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = (
        "game",
        "user",
        "kind",
        "place",
        "players",
        "left",
        "display_before",
        "display_after",
        "created_at",
        "reversed_at",
    )
    list_filter = ("kind", "left", ("reversed_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "game__id")
    raw_id_fields = ("game", "user", "reversed_by")


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnlyAdmin):
    list_display = (
        "game",
        "kind",
        "state",
        "applications",
        "applied_at",
        "reversed_at",
        "aborted_at",
        "abort_reason",
    )
    list_filter = ("kind", "state")
    search_fields = ("game__id",)
    actions = ("reverse_ratings",)

    def has_reverse_permission(self, request):
        return request.user.is_staff and request.user.has_perm("ratings.change_ratedgame")

    @admin.action(
        description="Reverse the rating changes of the selected games", permissions=["reverse"]
    )
    def reverse_ratings(self, request, queryset):
        reason = f"reversed in the admin by {request.user.username}"
        done = sum(
            services.rating_reverse_game(game_id=g.game_id, by=request.user, reason=reason)
            for g in queryset
        )
        self.message_user(request, f"Reversed {done} game(s).", messages.SUCCESS)
