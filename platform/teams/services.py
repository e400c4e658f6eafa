"""Team services: the only code that writes teams, members, join requests and removals.

Each is one transaction. A service that changes a team's members locks the team's row first
(``_locked``), so two leaders acting at once, or a leader leaving while another is demoted, are
decided one after the other: "the last leader" and "at most MAX_MEMBERS" hold under races. A
join also locks the joining user's row, so two joins of different teams at once count each
other against MAX_TEAMS_PER_USER.

The rules (docs/players/teams.md):
- a person is in at most MAX_TEAMS_PER_USER teams; bot accounts join none;
- the creator (the founder) becomes the first leader; any leader may edit the team, decide
  requests, remove members, promote a member and demote another leader — except the founder,
  whom only they themselves may demote (a leader team cannot take a team away from its founder;
  staff can close it);
- a leader is demoted before being removed; nobody removes themselves (they leave);
- the last leader cannot leave while other members remain: they promote someone first; the last
  member leaving closes the team (its name stays taken);
- a removed player comes back only by a request a leader accepts, even to an open team;
- staff close a team with a reason: it is read-only, hidden from the list, its chat closed.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError
from django.db import transaction
from django.utils.text import slugify

from accounts.names import is_reserved
from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import CoreError
from core.errors import Forbidden
from core.errors import NotAuthenticated
from core.errors import NotFound
from teams import notices
from teams.errors import TeamError as E
from teams.models import RequestStatus
from teams.models import Team
from teams.models import TeamJoinRequest
from teams.models import TeamMember
from teams.models import TeamRemoval
from teams.models import TeamRole

# A person's teams at once: enough for a club, a country and a few friends' teams, few enough
# that team-only events and battles name a clear team for each player.
MAX_TEAMS_PER_USER = 10
MAX_MEMBERS = 1000
NAME_MIN = 3
NAME_MAX = 40
DESCRIPTION_MAX = 2000
MESSAGE_MAX = 500
REASON_MAX = 1000
# After a decline, the same player may ask the same team again a day later (no flood of the
# leaders' notifications).
REQUEST_COOLDOWN = timedelta(days=1)


def _clean(text: str) -> str:
    """Drop control and format characters (bidi overrides, zero-width joiners) but line
    breaks, and strip the ends."""
    return "".join(
        c for c in (text or "") if c == "\n" or not unicodedata.category(c).startswith("C")
    ).strip()


def _clean_name(name) -> str:
    if not isinstance(name, str):
        raise ApplicationError(E.NAME_INVALID, "the name must be text")
    text = re.sub(r"\s+", " ", _clean(name))
    if not NAME_MIN <= len(text) <= NAME_MAX or not any(c.isalnum() for c in text):
        raise ApplicationError(
            E.NAME_INVALID,
            f"a team's name is {NAME_MIN} to {NAME_MAX} characters, with a letter or a digit",
            extra={"min": NAME_MIN, "max": NAME_MAX},
        )
    if is_reserved(text):
        raise ApplicationError(
            E.NAME_RESERVED, "a team's name may not pass for the platform or its staff"
        )
    return text


def _clean_description(description) -> str:
    text = _clean(description if isinstance(description, str) else "")
    if len(text) > DESCRIPTION_MAX:
        raise ApplicationError(
            E.DESCRIPTION_TOO_LONG,
            f"a description is at most {DESCRIPTION_MAX} characters",
            extra={"limit": DESCRIPTION_MAX},
        )
    return text


def _name_taken(name: str, exclude_id=None) -> bool:
    rows = Team.objects.filter(name__iexact=name)
    if exclude_id is not None:
        rows = rows.exclude(pk=exclude_id)
    return rows.exists()


def _new_slug(name: str) -> str:
    """A free slug from ``name``: ASCII, never all digits (an id), numbered when taken."""
    base = slugify(name)[:50].strip("-") or "team"
    if base.isdigit():
        base = f"team-{base}"
    slug, n = base, 1
    while Team.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise NotAuthenticated(CoreError.NOT_AUTHENTICATED, "sign in first")


def _not_a_bot(user) -> None:
    if user.is_bot:
        raise Forbidden(E.BOT_NOT_ALLOWED, "bot accounts do not join teams")


def _locked(team_id) -> Team:
    """The team's row, locked until the transaction ends; 404 if there is none."""
    try:
        team = Team.objects.select_for_update().filter(pk=team_id).first()
    except (TypeError, ValueError):
        team = None
    if team is None:
        raise NotFound(E.NOT_FOUND, "no such team")
    return team


def _open_team(team_id) -> Team:
    team = _locked(team_id)
    if team.closed_at is not None:
        raise Conflict(E.TEAM_CLOSED, "this team is closed")
    return team


def _membership(team: Team, user) -> TeamMember | None:
    return TeamMember.objects.filter(team=team, user=user).first()


def _leader(team: Team, user) -> TeamMember:
    """The caller's membership as a leader of ``team``; 403 ``leaders_only`` otherwise."""
    _signed_in(user)
    member = _membership(team, user)
    if member is None or member.role != TeamRole.LEADER:
        raise Forbidden(E.LEADERS_ONLY, "only the team's leaders may do this")
    return member


def _target(team: Team, username: str) -> TeamMember:
    member = (
        TeamMember.objects.select_related("user").filter(team=team, user__username=username).first()
    )
    if member is None:
        raise NotFound(E.NOT_A_MEMBER, "no such member of this team")
    return member


def _room_for(user, team: Team) -> None:
    """Refuse a join that would put ``user`` over MAX_TEAMS_PER_USER or ``team`` over
    MAX_MEMBERS. Locks the user's row (see the module's docstring)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    if TeamMember.objects.filter(user=user, team__closed_at__isnull=True).count() >= (
        MAX_TEAMS_PER_USER
    ):
        raise Conflict(
            E.TOO_MANY_TEAMS,
            f"a player is in at most {MAX_TEAMS_PER_USER} teams: leave one first",
            extra={"limit": MAX_TEAMS_PER_USER},
        )
    if TeamMember.objects.filter(team=team).count() >= MAX_MEMBERS:
        raise Conflict(E.TEAM_FULL, "this team is full", extra={"limit": MAX_MEMBERS})


def _add(team: Team, user, role: str = TeamRole.MEMBER) -> TeamMember:
    _room_for(user, team)
    member = TeamMember.objects.create(team=team, user=user, role=role, joined_at=clock.now())
    # Any request of theirs is settled by their joining.
    TeamJoinRequest.objects.filter(team=team, user=user, status=RequestStatus.PENDING).update(
        status=RequestStatus.WITHDRAWN, decided_at=clock.now()
    )
    return member


@transaction.atomic
def team_create(*, user, name: str, description: str = "", open: bool = True) -> Team:
    """Create a team; its creator is its first leader."""
    _signed_in(user)
    _not_a_bot(user)
    name = _clean_name(name)
    description = _clean_description(description)
    if _name_taken(name):
        raise Conflict(E.NAME_TAKEN, "a team has this name already")
    try:
        with transaction.atomic():
            team = Team.objects.create(
                name=name,
                slug=_new_slug(name),
                description=description,
                open=bool(open),
                created_by=user,
                created_at=clock.now(),
            )
    except IntegrityError:  # the same name (any case) or slug created at the same time
        raise Conflict(E.NAME_TAKEN, "a team has this name already") from None
    _add(team, user, TeamRole.LEADER)
    return team


@transaction.atomic
def team_update(
    *, team_id, user, name: str | None = None, description: str | None = None, open=None
) -> Team:
    """Leaders: change the name, the description, or whether anyone may join. The slug stays."""
    team = _open_team(team_id)
    _leader(team, user)
    fields = []
    if name is not None:
        team.name = _clean_name(name)
        if _name_taken(team.name, exclude_id=team.pk):
            raise Conflict(E.NAME_TAKEN, "a team has this name already")
        fields.append("name")
    if description is not None:
        team.description = _clean_description(description)
        fields.append("description")
    if open is not None:
        team.open = bool(open)
        fields.append("open")
    if fields:
        try:
            with transaction.atomic():
                team.save(update_fields=fields)
        except IntegrityError:
            raise Conflict(E.NAME_TAKEN, "a team has this name already") from None
    return team


def _check_joiner(team: Team, user) -> None:
    _signed_in(user)
    _not_a_bot(user)
    if _membership(team, user) is not None:
        raise Conflict(E.ALREADY_MEMBER, "you are a member of this team already")


@transaction.atomic
def team_join(*, team_id, user) -> TeamMember:
    """Join an open team (a removed player asks instead: team_request_join)."""
    team = _open_team(team_id)
    _check_joiner(team, user)
    if not team.open or TeamRemoval.objects.filter(team=team, user=user).exists():
        raise Forbidden(E.BY_REQUEST, "this team takes members by request: ask to join")
    return _add(team, user)


@transaction.atomic
def team_request_join(*, team_id, user, message: str = "") -> TeamJoinRequest:
    """Ask to join a team that takes members by request (or that removed the caller); its
    leaders are notified."""
    team = _open_team(team_id)
    _check_joiner(team, user)
    text = _clean(message if isinstance(message, str) else "")
    if len(text) > MESSAGE_MAX:
        raise ApplicationError(
            E.INVALID, f"a message is at most {MESSAGE_MAX} characters", extra={"limit": 500}
        )
    mine = TeamJoinRequest.objects.filter(team=team, user=user)
    if mine.filter(status=RequestStatus.PENDING).exists():
        raise Conflict(E.REQUEST_PENDING, "you have asked already: a leader will decide")
    now = clock.now()
    if mine.filter(status=RequestStatus.DECLINED, decided_at__gt=now - REQUEST_COOLDOWN).exists():
        raise Conflict(E.REQUEST_COOLDOWN, "your request was declined: ask again tomorrow")
    # Room is checked now (a clear answer) and again when a leader accepts.
    if TeamMember.objects.filter(user=user, team__closed_at__isnull=True).count() >= (
        MAX_TEAMS_PER_USER
    ):
        raise Conflict(
            E.TOO_MANY_TEAMS,
            f"a player is in at most {MAX_TEAMS_PER_USER} teams: leave one first",
            extra={"limit": MAX_TEAMS_PER_USER},
        )
    request = TeamJoinRequest.objects.create(team=team, user=user, message=text, created_at=now)
    for leader in TeamMember.objects.filter(team=team, role=TeamRole.LEADER).select_related("user"):
        notices.join_requested(leader.user, team, user, request.pk)
    return request


@transaction.atomic
def team_join_or_request(*, team_id, user, message: str = "") -> tuple[str, object]:
    """Join an open team, else ask to: ("member", TeamMember) or ("requested", request)."""
    team = _open_team(team_id)
    if team.open and not TeamRemoval.objects.filter(team=team, user_id=user.pk).exists():
        return "member", team_join(team_id=team.pk, user=user)
    return "requested", team_request_join(team_id=team.pk, user=user, message=message)


def _pending(team: Team, request_id) -> TeamJoinRequest:
    try:
        request = (
            TeamJoinRequest.objects.select_for_update()
            .filter(pk=request_id, team=team)
            .select_related("user")
            .first()
        )
    except (TypeError, ValueError):
        request = None
    if request is None:
        raise NotFound(E.NOT_FOUND, "no such request")
    if request.status != RequestStatus.PENDING:
        raise Conflict(E.REQUEST_NOT_PENDING, f"this request was {request.status} already")
    return request


@transaction.atomic
def team_request_accept(*, team_id, request_id, user) -> TeamMember:
    """Leaders: accept a join request; the player is a member and is notified."""
    team = _open_team(team_id)
    _leader(team, user)
    request = _pending(team, request_id)
    TeamRemoval.objects.filter(team=team, user=request.user).delete()
    member = _add(team, request.user)
    TeamJoinRequest.objects.filter(pk=request.pk).update(
        status=RequestStatus.ACCEPTED, decided_at=clock.now(), decided_by=user
    )
    notices.request_accepted(request.user, team)
    return member


@transaction.atomic
def team_request_decline(*, team_id, request_id, user) -> TeamJoinRequest:
    """Leaders: decline a join request (the player may ask again after REQUEST_COOLDOWN)."""
    team = _open_team(team_id)
    _leader(team, user)
    request = _pending(team, request_id)
    request.status = RequestStatus.DECLINED
    request.decided_at = clock.now()
    request.decided_by = user
    request.save(update_fields=["status", "decided_at", "decided_by"])
    return request


@transaction.atomic
def team_leave(*, team_id, user) -> None:
    """Leave a team. The last leader cannot while others remain (``last_leader``); the last
    member leaving closes the team."""
    _signed_in(user)
    team = _open_team(team_id)
    member = _membership(team, user)
    if member is None:
        raise Conflict(E.NOT_A_MEMBER, "you are not a member of this team")
    others = TeamMember.objects.filter(team=team).exclude(pk=member.pk)
    if member.role == TeamRole.LEADER and others.exists():
        if not others.filter(role=TeamRole.LEADER).exists():
            raise Conflict(
                E.LAST_LEADER, "you are the last leader: make another member a leader first"
            )
    member.delete()
    if not others.exists():
        team.closed_at = clock.now()
        team.closed_reason = "the last member left"
        team.chat_open = False
        team.save(update_fields=["closed_at", "closed_reason", "chat_open"])


@transaction.atomic
def team_member_remove(*, team_id, user, username: str) -> None:
    """Leaders: remove a member (not a leader: demote them first); they are notified and may
    come back only by a request a leader accepts."""
    team = _open_team(team_id)
    me = _leader(team, user)
    target = _target(team, username)
    if target.pk == me.pk:
        raise ApplicationError(E.CANNOT_REMOVE_SELF, "leave the team instead")
    if target.role == TeamRole.LEADER:
        raise Forbidden(E.TARGET_IS_LEADER, "a leader is demoted before being removed")
    removed = target.user
    target.delete()
    TeamRemoval.objects.update_or_create(
        team=team, user=removed, defaults={"by": user, "created_at": clock.now()}
    )
    notices.removed(removed, team)


@transaction.atomic
def team_leader_promote(*, team_id, user, username: str) -> TeamMember:
    """Leaders: make a member a leader."""
    team = _open_team(team_id)
    _leader(team, user)
    target = _target(team, username)
    if target.role == TeamRole.LEADER:
        raise Conflict(E.ALREADY_LEADER, "this member is a leader already")
    target.role = TeamRole.LEADER
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def team_leader_demote(*, team_id, user, username: str) -> TeamMember:
    """Leaders: make a leader a member again (oneself too, while another leader remains; the
    founder only by themselves)."""
    team = _open_team(team_id)
    me = _leader(team, user)
    target = _target(team, username)
    if target.role != TeamRole.LEADER:
        raise Conflict(E.NOT_A_LEADER, "this member is not a leader")
    if target.user_id == team.created_by_id and target.pk != me.pk:
        raise Forbidden(E.FOUNDER_PROTECTED, "only the founder may step down as a leader")
    leaders = TeamMember.objects.filter(team=team, role=TeamRole.LEADER)
    if not leaders.exclude(pk=target.pk).exists():
        raise Conflict(E.LAST_LEADER, "a team keeps at least one leader")
    target.role = TeamRole.MEMBER
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def team_chat_set(*, team_id, user, open: bool) -> Team:
    """Leaders: open or close the team's chat (closed: new messages are refused)."""
    team = _open_team(team_id)
    _leader(team, user)
    team.chat_open = bool(open)
    team.save(update_fields=["chat_open"])
    return team


@transaction.atomic
def team_close(*, team_id, staff, reason: str) -> Team:
    """Staff: close a team, saying why. It becomes read-only and hidden from the list, its
    chat closes, pending requests are withdrawn, and its members are notified. The caller
    checks the staff powers (accounts.permissions.StaffBySessionOnly: the second factor)."""
    if staff is None or not staff.is_authenticated or not staff.is_staff:
        raise Forbidden(E.STAFF_ONLY, "only staff close teams")
    team = _open_team(team_id)
    reason = _clean(reason if isinstance(reason, str) else "")
    if not reason:
        raise ApplicationError(E.REASON_REQUIRED, "a reason is required")
    if len(reason) > REASON_MAX:
        raise ApplicationError(E.INVALID, "the reason is too long", extra={"limit": REASON_MAX})
    now = clock.now()
    team.closed_at = now
    team.closed_by = staff
    team.closed_reason = reason
    team.chat_open = False
    team.save(update_fields=["closed_at", "closed_by", "closed_reason", "chat_open"])
    TeamJoinRequest.objects.filter(team=team, status=RequestStatus.PENDING).update(
        status=RequestStatus.WITHDRAWN, decided_at=now
    )
    for member in TeamMember.objects.filter(team=team).select_related("user"):
        notices.closed(member.user, team)
    return team


def forget_member(user, old_username: str) -> None:
    """A deleted account leaves its teams and its requests go; a team it led alone gets its
    longest-standing member as leader, and a team it was the last member of closes."""
    now = clock.now()
    TeamJoinRequest.objects.filter(user=user).delete()
    for member in TeamMember.objects.filter(user=user).select_related("team"):
        team = member.team
        member.delete()
        rest = TeamMember.objects.filter(team=team)
        if not rest.exists():
            if team.closed_at is None:
                Team.objects.filter(pk=team.pk).update(
                    closed_at=now, closed_reason="the last member left", chat_open=False
                )
        elif not rest.filter(role=TeamRole.LEADER).exists():
            heir = rest.order_by("joined_at", "pk").first()
            TeamMember.objects.filter(pk=heir.pk).update(role=TeamRole.LEADER)
