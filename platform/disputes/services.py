"""Dispute services: open one, write in its thread, move it through its states; the staff trail.

States: open → under_review (a staff member claims it) → resolved | rejected. Each change is
one transaction that also writes the thread's status line, the staff trail and the players'
notifications (those are recorded in the same transaction; emails go out on commit).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from disputes.errors import DisputeError as E
from disputes.models import CLOSED_STATUSES
from disputes.models import Dispute
from disputes.models import DisputeCategory
from disputes.models import DisputeMessage
from disputes.models import DisputeStatus
from disputes.models import MessageKind
from disputes.models import StaffAction
from disputes.models import StaffActionKind
from disputes.selectors import dispute_visible
from games import stakes
from games.models import Game
from games.models import GameStatus
from notifications.services import notify
from trust.services import receipts_attach

MAX_TEXT = 4000
TRANSITIONS: dict[str, frozenset[str]] = {
    DisputeStatus.OPEN: frozenset({DisputeStatus.UNDER_REVIEW}),
    DisputeStatus.UNDER_REVIEW: frozenset({DisputeStatus.RESOLVED, DisputeStatus.REJECTED}),
    DisputeStatus.RESOLVED: frozenset(),
    DisputeStatus.REJECTED: frozenset(),
}


def _notify(*, user, params: dict, url: str, key: str = "") -> None:
    """Tell ``user`` about a dispute (the words: notifications.kinds, ``dispute_update``)."""
    notify(user=user, kind="dispute_update", params=params, url=url, key=key)


def dispute_url(dispute: Dispute) -> str:
    return f"/disputes/{dispute.pk}"


def _text(value: str, field: str) -> str:
    value = (value or "").strip()
    if not value:
        # One member per field (reason, message, resolution): an unknown field fails loudly.
        raise ApplicationError(E(f"{field}_required"), f"a {field} is required")
    if len(value) > MAX_TEXT:
        raise ApplicationError(E.TOO_LONG, f"the {field} is over {MAX_TEXT} characters")
    return value


def staff_action_record(
    *,
    staff,
    action: str,
    reason: str = "",
    game: Game | None = None,
    dispute: Dispute | None = None,
    seq: int | None = None,
    data: dict[str, Any] | None = None,
) -> StaffAction:
    """Add one line to the staff audit trail (in the caller's transaction)."""
    return StaffAction.objects.create(
        staff=staff,
        action=action,
        reason=reason,
        game=game if game is not None else (dispute.game if dispute is not None else None),
        dispute=dispute,
        seq=seq,
        data=data or {},
        created_at=clock.now(),
    )


def _players_to_tell(dispute: Dispute, *, besides=None) -> list:
    return [u for u in dispute.involved.all() if besides is None or u.pk != besides.pk]


def _tell(users: Iterable, dispute: Dispute, params: dict, key: str) -> None:
    for user in users:
        _notify(user=user, params=params, url=dispute_url(dispute), key=f"{key}:{user.pk}")


@transaction.atomic
def dispute_open(
    *,
    user,
    game_id,
    category: str,
    reason: str,
    seq: int | None = None,
    against: Iterable[int] = (),
    receipts: list | None = None,
) -> Dispute:
    """Open a dispute about a game ``user`` plays in, during or after it.

    ``seq`` names the move it is about; ``against`` the seats of the players it concerns,
    who join the thread (and are told); ``receipts`` move receipts, checked against the log
    now and kept with the dispute (trust.services.receipts_attach).
    """
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound(E.NOT_FOUND, "no such game") from None
    seats = {s.index: s for s in game.seats.select_related("user")}
    if not any(s.user_id == user.pk for s in seats.values()):
        raise Forbidden(E.NOT_A_PLAYER, "only the players of a game can dispute it")
    if game.status == GameStatus.OPEN:
        raise ApplicationError(E.GAME_NOT_STARTED, "the game has not started")
    if category not in DisputeCategory.values:
        raise ApplicationError(
            E.INVALID_CATEGORY, f"category must be one of {DisputeCategory.values}"
        )
    reason = _text(reason, "reason")
    if seq is not None and not 1 <= seq <= game.version:
        raise ApplicationError(
            E.INVALID_SEQ, f"seq must be a move of this game (1 to {game.version})"
        )
    named = []
    for index in dict.fromkeys(against):
        seat = seats.get(index)
        if seat is None:
            raise ApplicationError(E.INVALID_SEAT, f"there is no seat {index}")
        if seat.user_id != user.pk and not seat.user.is_platform_bot:  # an owned bot answers
            named.append(seat.user)
    if Dispute.objects.filter(
        game=game, opened_by=user, status__in=(DisputeStatus.OPEN, DisputeStatus.UNDER_REVIEW)
    ).exists():
        raise Conflict(E.DISPUTE_ALREADY_OPEN, "you already have an open dispute on this game")
    now = clock.now()
    dispute = Dispute.objects.create(
        game=game,
        opened_by=user,
        category=category,
        reason=reason,
        seq=seq,
        created_at=now,
        updated_at=now,
    )
    dispute.involved.add(user, *named)
    if receipts is not None:
        receipts_attach(dispute=dispute, user=user, receipts=receipts)
    _tell(
        named,
        dispute,
        {"what": "opened", "player": user.username, "game": str(game)},
        f"dispute:{dispute.pk}:opened",
    )
    return dispute


@transaction.atomic
def dispute_message_add(
    *, dispute_id, user, body: str, receipts: list | None = None
) -> DisputeMessage:
    """Write in a dispute's thread (its players and staff), until it is closed; ``receipts``
    are checked against the log and kept with the message."""
    dispute = dispute_visible(dispute_id, user, for_update=True)
    if dispute.status in CLOSED_STATUSES:
        raise Conflict(E.DISPUTE_CLOSED, f"the dispute is {dispute.status}")
    # A staff member who played the game writes in its dispute as the player they were.
    as_staff = user.is_staff and not stakes.played(user, dispute.game)
    message = DisputeMessage.objects.create(
        dispute=dispute,
        author=user,
        from_staff=as_staff,
        body=_text(body, "message"),
        created_at=clock.now(),
    )
    if receipts is not None:
        receipts_attach(dispute=dispute, user=user, receipts=receipts, message=message)
    dispute.updated_at = message.created_at
    dispute.save(update_fields=["updated_at"])
    if as_staff:
        staff_action_record(staff=user, action=StaffActionKind.DISPUTE_MESSAGE, dispute=dispute)
    _tell(
        _players_to_tell(dispute, besides=user),
        dispute,
        {
            "what": "message",
            "staff": as_staff,
            "player": "" if as_staff else user.username,
            "game": str(dispute.game),
        },
        f"dispute:{dispute.pk}:message:{message.pk}",
    )
    if dispute.claimed_by is not None and dispute.claimed_by.pk != user.pk:
        _notify(
            user=dispute.claimed_by,
            params={"what": "message_to_staff", "player": user.username, "dispute": dispute.pk},
            url=dispute_url(dispute),
            key=f"dispute:{dispute.pk}:message:{message.pk}:staff",
        )
    return message


# Each status staff move a dispute to: the line its thread gets, and the staff action recorded.
_STATUS_CHANGES = {
    DisputeStatus.UNDER_REVIEW: (
        "Staff are reviewing this dispute.",
        StaffActionKind.DISPUTE_CLAIMED,
    ),
    DisputeStatus.RESOLVED: ("Staff resolved this dispute.", StaffActionKind.DISPUTE_RESOLVED),
    DisputeStatus.REJECTED: ("Staff rejected this dispute.", StaffActionKind.DISPUTE_REJECTED),
}


def _transition(dispute_id, by, to: str, note: str = "") -> Dispute:
    dispute = dispute_visible(dispute_id, by, for_update=True)
    if not by.is_staff:
        raise Forbidden(E.STAFF_ONLY, "only staff change a dispute's status")
    if stakes.played(by, dispute.game):
        raise Forbidden(stakes.OWN_GAME, "staff do not handle a dispute about a game they played")
    stakes.refuse_staff_with_stake(by, dispute.game)
    if to not in TRANSITIONS[dispute.status]:
        raise Conflict(
            E.INVALID_TRANSITION,
            f"a dispute that is {dispute.status} cannot become {to}",
            extra={"status": dispute.status},
        )
    now = clock.now()
    dispute.status = to
    dispute.updated_at = now
    fields = ["status", "updated_at"]
    if to == DisputeStatus.UNDER_REVIEW:
        dispute.claimed_by = by
        fields.append("claimed_by")
    if to in CLOSED_STATUSES:
        dispute.resolution = note
        dispute.closed_at = now
        fields += ["resolution", "closed_at"]
    dispute.save(update_fields=fields)
    line, action = _STATUS_CHANGES[to]
    DisputeMessage.objects.create(
        dispute=dispute,
        author=by,
        from_staff=True,
        kind=MessageKind.STATUS,
        body=f"{line} {note}".strip(),
        created_at=now,
    )
    staff_action_record(staff=by, action=action, reason=note, dispute=dispute)
    _tell(
        _players_to_tell(dispute),
        dispute,
        {"what": "status", "game": str(dispute.game), "status": str(to)},
        f"dispute:{dispute.pk}:status:{to}",
    )
    return dispute


@transaction.atomic
def dispute_claim(*, dispute_id, by) -> Dispute:
    """Take an open dispute from the queue: it is now under review by ``by``."""
    return _transition(dispute_id, by, DisputeStatus.UNDER_REVIEW)


@transaction.atomic
def dispute_resolve(*, dispute_id, by, resolution: str) -> Dispute:
    """Close a dispute under review as resolved, saying how."""
    return _transition(dispute_id, by, DisputeStatus.RESOLVED, _text(resolution, "resolution"))


@transaction.atomic
def dispute_reject(*, dispute_id, by, resolution: str) -> Dispute:
    """Close a dispute under review as rejected, saying why."""
    return _transition(dispute_id, by, DisputeStatus.REJECTED, _text(resolution, "resolution"))


def dispute_for_adjudication(dispute_id, game: Game) -> Dispute | None:
    """Return the dispute an adjudication answers (it must be about ``game``), or None."""
    if dispute_id is None:
        return None
    dispute = Dispute.objects.filter(pk=dispute_id, game=game).first()
    if dispute is None:
        raise ApplicationError(E.INVALID_DISPUTE, "no such dispute about this game")
    return dispute


def adjudication_announce(
    *, game: Game, by, dispute: Dispute | None, text: str, params: dict, key: str
) -> None:
    """Tell a game's players what staff decided: in the dispute's thread (``text``) and by
    notification (``params`` of a ``dispute_update``, in each reader's language)."""
    url = f"/games/{game.pk}"
    if dispute is not None:
        DisputeMessage.objects.create(
            dispute=dispute,
            author=by,
            from_staff=True,
            kind=MessageKind.ADJUDICATION,
            body=text,
            created_at=clock.now(),
        )
        Dispute.objects.filter(pk=dispute.pk).update(updated_at=clock.now())
        url = dispute_url(dispute)
    for seat in game.seats.select_related("user"):
        if not seat.user.is_bot:
            _notify(user=seat.user, params=params, url=url, key=f"{key}:{seat.user_id}")


def dispute_open_for_chat_report(*, game_id, reporter, author, reason: str, seq, at) -> Dispute:
    """Open the dispute (category abuse) a player's report of a table's chat message starts,
    the reporter and the message's author in it (chat.services.chat_report, registered)."""
    dispute = Dispute.objects.create(
        game=Game.objects.get(pk=game_id),
        opened_by=reporter,
        category=DisputeCategory.ABUSE,
        reason=reason,
        seq=seq,
        created_at=at,
        updated_at=at,
    )
    dispute.involved.add(reporter, author)
    return dispute
