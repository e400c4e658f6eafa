"""Read-only queries for disputes: a player sees the disputes they are in, staff see them all
but those about a game they played, where they are players like any other."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Case
from django.db.models import DateTimeField
from django.db.models import F
from django.db.models import OuterRef
from django.db.models import Prefetch
from django.db.models import Q
from django.db.models import QuerySet
from django.db.models import Subquery
from django.db.models import Value
from django.db.models import When

from core.errors import Forbidden
from core.errors import NotFound
from disputes.errors import DisputeError
from disputes.models import Dispute
from disputes.models import DisputeMessage
from disputes.models import MessageKind
from disputes.models import StaffAction
from games import stakes
from games.models import Game
from games.models import Seat

# A dispute in these statuses waits for nobody.
CLOSED = ("resolved", "rejected")


def dispute_visible(dispute_id, user, *, for_update: bool = False) -> Dispute:
    """Return the dispute if ``user`` may see it (staff, or a player in it); else 404, so a
    player cannot even tell that someone else's dispute exists. A staff member who played the
    game sees it only as a player in it (403 ``own_game`` otherwise: staff know disputes exist,
    and must not read one about their own game)."""
    rows = Dispute.objects.select_related("game", "opened_by", "claimed_by")
    if for_update:
        rows = rows.select_for_update(of=("self",))
    try:
        dispute = rows.get(pk=dispute_id)
    except (Dispute.DoesNotExist, ValueError, TypeError):
        raise NotFound(DisputeError.NOT_FOUND, "no such dispute") from None
    involved = dispute.involved.filter(pk=user.pk).exists()
    if user.is_staff and not involved and stakes.played(user, dispute.game):
        raise Forbidden(stakes.OWN_GAME, "staff do not read a dispute about a game they played")
    if not user.is_staff and not involved:
        raise NotFound(DisputeError.NOT_FOUND, "no such dispute")
    return dispute


def _with_thread(rows: QuerySet) -> QuerySet:
    return rows.select_related("game", "opened_by", "claimed_by").prefetch_related(
        "involved",
        Prefetch("messages", queryset=DisputeMessage.objects.select_related("author")),
    )


def dispute_list_for(user, *, status: str | None = None, game_id=None) -> QuerySet[Dispute]:
    """Return the disputes ``user`` may see, the staff queue first: those waiting longest for
    staff come first, then the rest, newest first. Staff are not shown the disputes about a
    game they played, unless they are in them.

    The queue's order is ``awaiting_staff_since`` computed in SQL (``queue_since``), so the
    list can be paged (``?page=``) whatever its length; it changes as staff and players write.
    """
    mine = Dispute.objects.filter(involved=user).values("pk")
    if user.is_staff:
        played = Seat.objects.filter(user=user).values("game_id")
        rows = Dispute.objects.filter(Q(pk__in=mine) | ~Q(game_id__in=played))
    else:
        rows = Dispute.objects.filter(pk__in=mine)
    if status:
        rows = rows.filter(status=status)
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    replies = DisputeMessage.objects.filter(
        dispute=OuterRef("pk"),
        from_staff=True,
        kind__in=(MessageKind.MESSAGE, MessageKind.ADJUDICATION),
    ).order_by("-created_at", "-pk")
    rows = rows.annotate(
        staff_reply_at=Subquery(replies.values("created_at")[:1]),
        staff_reply_pk=Subquery(replies.values("pk")[:1]),
    )
    # The first player message after staff last answered (messages are ordered created_at, pk).
    unanswered = DisputeMessage.objects.filter(dispute=OuterRef("pk"), from_staff=False).filter(
        Q(created_at__gt=OuterRef("staff_reply_at"))
        | Q(created_at=OuterRef("staff_reply_at"), pk__gt=OuterRef("staff_reply_pk"))
    )
    rows = rows.annotate(
        queue_since=Case(
            When(status__in=CLOSED, then=Value(None)),
            When(staff_reply_at__isnull=True, then=F("created_at")),
            default=Subquery(unanswered.order_by("created_at", "pk").values("created_at")[:1]),
            output_field=DateTimeField(),
        )
    )
    return _with_thread(rows).order_by(F("queue_since").asc(nulls_last=True), "-created_at", "-pk")


def dispute_detail(dispute_id, user) -> Dispute:
    dispute = dispute_visible(dispute_id, user)
    return _with_thread(Dispute.objects.filter(pk=dispute.pk)).get()


def awaiting_staff_since(dispute: Dispute) -> datetime | None:
    """Return when the first player message staff have not answered was written (the dispute
    itself counts as one), or None if staff spoke last or the dispute is closed."""
    if dispute.status in CLOSED:
        return None
    since = dispute.created_at
    for m in dispute.messages.all():
        if m.from_staff and m.kind in (MessageKind.MESSAGE, MessageKind.ADJUDICATION):
            since = None
        elif not m.from_staff and since is None:
            since = m.created_at
    return since


def staff_actions_for_game(game: Game, limit: int = 200) -> list[StaffAction]:
    return list(StaffAction.objects.filter(game=game).select_related("staff", "dispute")[:limit])
