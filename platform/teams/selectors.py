"""Team reads. ``member_ids``, ``is_member``, ``teams_of`` and ``team_or_none`` are what the
tournaments app calls (team-only events, team battles): keep their names and meanings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count
from django.db.models import Q
from django.db.models import QuerySet

from core.errors import NotFound
from ratings.models import Rating
from ratings.models import RatingKind
from teams.errors import TeamError as E
from teams.models import RequestStatus
from teams.models import Team
from teams.models import TeamJoinRequest
from teams.models import TeamMember
from teams.models import TeamRemoval
from teams.models import TeamRole

# -- what tournaments calls --------------------------------------------------------------------


def member_ids(team_id) -> set[int]:
    """The user ids of ``team_id``'s members now (a closed team keeps its members)."""
    return set(TeamMember.objects.filter(team_id=team_id).values_list("user_id", flat=True))


def is_member(team_id, user_id) -> bool:
    """Is ``user_id`` a member of ``team_id`` now?"""
    if user_id is None:
        return False
    return TeamMember.objects.filter(team_id=team_id, user_id=user_id).exists()


def teams_of(user_ids: Iterable[int], team_ids: Iterable[int]) -> dict[int, int]:
    """For each of ``user_ids`` in any of ``team_ids``, the team (among ``team_ids``) they are
    a member of; one in several of them counts for the one they joined first (ties: the
    earlier membership row). Users in none of them are left out."""
    users, teams = list(user_ids), list(team_ids)
    if not users or not teams:
        return {}
    found: dict[int, int] = {}
    rows = (
        TeamMember.objects.filter(user_id__in=users, team_id__in=teams)
        .order_by("joined_at", "pk")
        .values_list("user_id", "team_id")
    )
    for user_id, team_id in rows:
        found.setdefault(user_id, team_id)
    return found


def team_or_none(slug_or_id) -> Team | None:
    """The team with this slug, or this id (an int, or a string of digits: slugs are never
    all digits), closed or not; None if there is none."""
    if isinstance(slug_or_id, bool) or slug_or_id is None:
        return None
    if isinstance(slug_or_id, int) or (isinstance(slug_or_id, str) and slug_or_id.isdigit()):
        return Team.objects.filter(pk=int(slug_or_id)).first()
    if isinstance(slug_or_id, str):
        return Team.objects.filter(slug=slug_or_id).first()
    return None


# -- the API's and the pages' reads ------------------------------------------------------------


def team_get(slug_or_id) -> Team:
    """The team, closed or not; 404 ``not_found`` if there is none."""
    team = team_or_none(slug_or_id)
    if team is None:
        raise NotFound(E.NOT_FOUND, "no such team")
    return team


def team_list(*, search: str = "") -> QuerySet[Team]:
    """Teams that are not closed, the most members first, then by name; ``search`` matches the
    name or the description (any case)."""
    rows = Team.objects.filter(closed_at__isnull=True)
    search = (search or "").strip()
    if search:
        rows = rows.filter(Q(name__icontains=search) | Q(description__icontains=search))
    return rows.annotate(member_count=Count("members")).order_by("-member_count", "name", "pk")


def team_members(team: Team) -> QuerySet[TeamMember]:
    """The members, leaders first, then in the order they joined."""
    return (
        TeamMember.objects.filter(team=team)
        .select_related("user")
        .order_by("role", "joined_at", "pk")  # "leader" < "member": leaders first
    )


def member_ratings(user_ids: Iterable[int]) -> dict[int, Rating]:
    """Each of ``user_ids``' live rating row (none for a player never rated)."""
    return {
        r.user_id: r
        for r in Rating.objects.filter(user_id__in=list(user_ids), kind=RatingKind.LIVE)
    }


def average_rating(ratings: Iterable[Rating]) -> int | None:
    """The mean shown live rating of the members who played a rated game; None if none did."""
    shown = [r.display for r in ratings if r.games > 0]
    return round(sum(shown) / len(shown)) if shown else None


def teams_led_by(user) -> QuerySet[Team]:
    """The open teams ``user`` leads (a tournament's organizer may limit an event to one)."""
    if user is None or not user.is_authenticated:
        return Team.objects.none()
    return Team.objects.filter(
        members__user=user, members__role=TeamRole.LEADER, closed_at__isnull=True
    ).order_by("name", "pk")


def role_of(team: Team, user) -> str | None:
    """``user``'s role in ``team`` ("leader" or "member"), or None."""
    if user is None or not user.is_authenticated:
        return None
    return TeamMember.objects.filter(team=team, user=user).values_list("role", flat=True).first()


def is_leader(team: Team, user) -> bool:
    return role_of(team, user) == TeamRole.LEADER


def pending_requests(team: Team) -> QuerySet[TeamJoinRequest]:
    """The join requests a leader has to decide, oldest first."""
    return TeamJoinRequest.objects.filter(team=team, status=RequestStatus.PENDING).select_related(
        "user"
    )


def my_request(team: Team, user) -> TeamJoinRequest | None:
    """``user``'s pending request to join ``team``, or None."""
    if user is None or not user.is_authenticated:
        return None
    return pending_requests(team).filter(user=user).first()


def was_removed(team: Team, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return TeamRemoval.objects.filter(team=team, user=user).exists()


def teams_of_user(user) -> QuerySet[Team]:
    """The open teams ``user`` is a member of, in the order they joined."""
    return Team.objects.filter(members__user=user, closed_at__isnull=True).order_by(
        "members__joined_at"
    )


def team_summary(team: Team, member_count: int | None = None) -> dict[str, Any]:
    """A team as the list shows it."""
    if member_count is None:
        member_count = getattr(team, "member_count", None)
    if member_count is None:
        member_count = TeamMember.objects.filter(team=team).count()
    return {
        "id": team.pk,
        "slug": team.slug,
        "name": team.name,
        "description": team.description,
        "open": team.open,
        "members": member_count,
        "created_at": team.created_at,
        "closed": team.closed_at is not None,
    }


def team_detail(team: Team, user) -> dict[str, Any]:
    """A team's page for ``user``: its members with their roles, the caller's role, whether
    they asked to join, and (closed) why."""
    from accounts.names import public_name

    rows = list(team_members(team))
    ratings = member_ratings(m.user_id for m in rows)
    members = []
    for m in rows:
        rating = ratings.get(m.user_id)
        members.append(
            {
                "username": public_name(m.user),
                "role": m.role,
                "joined_at": m.joined_at,
                "founder": m.user_id == team.created_by_id,
                "rating": rating.display if rating is not None and rating.games else None,
                "provisional": rating is None or rating.provisional,
            }
        )
    role = role_of(team, user)
    return {
        **team_summary(team, len(members)),
        "founder": public_name(team.created_by),
        "chat_open": team.chat_open,
        "average_rating": average_rating(ratings.values()),
        "closed_at": team.closed_at,
        "closed_reason": team.closed_reason if team.closed_at else "",
        "my_role": role,
        "my_request": my_request(team, user) is not None,
        "members_list": members,
    }
