"""The team pages: /teams (the list, a search, the form to create one) and /teams/<slug> (the
team, its members with their live ratings and roles, the buttons to join, ask or leave, the
leaders' tools, the team's chat). The lists are rendered here from teams.selectors; the buttons
call the REST API (frontend/static/frontend/js/teams.js) and the page is loaded again."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from teams import selectors
from teams.models import TeamRole
from teams.services import MAX_TEAMS_PER_USER
from tournaments import selectors as tournament_selectors

PAGE_SIZE = 30


@ensure_csrf_cookie
def teams(request):
    """Render the teams that are not closed (most members first), a search, the create form."""
    search = request.GET.get("q", "").strip()[:100]
    paginator = Paginator(selectors.team_list(search=search), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    mine = []
    if request.user.is_authenticated:
        mine = list(selectors.teams_of_user(request.user))
    context = {
        "page": page,
        "search": search,
        "my_teams": mine,
        "max_teams": MAX_TEAMS_PER_USER,
        "can_create": request.user.is_authenticated
        and not request.user.is_bot
        and len(mine) < MAX_TEAMS_PER_USER,
    }
    return render(request, "frontend/teams.html", context)


def _order(row: dict) -> tuple[int, int, int]:
    """Leaders first; then the members by live rating, the unrated last."""
    if row["member"].role == TeamRole.LEADER:
        return (0, 0, 0)
    if row["rating"] is None:
        return (1, 1, 0)
    return (1, 0, -row["rating"].display)


TEAM_EVENTS_SHOWN = 10


def team_events(team) -> list[dict]:
    """The team's tournaments (name, url, starts_at, status) for its page: filled from
    tournaments (team-only events and battles, running first, then upcoming, then the latest
    ended); an empty list renders nothing."""
    rows = tournament_selectors.tournament_list(team=team)[:TEAM_EVENTS_SHOWN]
    return [
        {
            "name": t.name,
            "url": f"/tournaments/{t.pk}",
            "starts_at": t.starts_at,
            "status": t.get_status_display(),
        }
        for t in rows
    ]


@ensure_csrf_cookie
def team(request, slug):
    """Render a team's page (a closed one too, read-only, with the moderators' reason): its
    leaders first, then its members by live rating."""
    found = selectors.team_or_none(slug)
    if found is None or found.slug != slug:
        raise Http404("no such team")
    user = request.user
    members = list(selectors.team_members(found))
    ratings = {
        user_id: rating
        for user_id, rating in selectors.member_ratings(m.user_id for m in members).items()
        if rating.games  # a row without a rated game shows as unrated
    }
    role = selectors.role_of(found, user)
    leader = role == TeamRole.LEADER and found.closed_at is None
    rows = [
        {
            "member": m,
            "rating": ratings.get(m.user_id),
            "founder": m.user_id == found.created_by_id,
            "me": user.is_authenticated and m.user_id == user.pk,
        }
        for m in members
    ]
    rows.sort(key=_order)  # stable: leaders, and the unrated, stay in the order they joined
    may_read_chat = user.is_authenticated and (role is not None or user.is_staff)
    staff_tools = user.is_authenticated and user.is_staff and found.closed_at is None
    context = {
        "team": found,
        "rows": rows,
        "average_rating": selectors.average_rating(ratings.values()),
        "role": role,
        "leader": leader,
        "requests": list(selectors.pending_requests(found)) if leader else [],
        "asked": selectors.my_request(found, user) is not None,
        "removed": selectors.was_removed(found, user),
        "bot": user.is_authenticated and user.is_bot,
        "show_chat": may_read_chat,
        # The right-hand column at 1000 px and more (chat, its switch, moderation), if any.
        "has_side": leader or may_read_chat or staff_tools,
        "chat_path": f"teams/{found.slug}/chat",
        # chat.js: "off" hides the form (a closed chat, or staff reading without being in it).
        "chat_mode": "free" if found.chat_open and not found.closed_at and role else "off",
        "team_events": team_events(found),
    }
    return render(request, "frontend/team.html", context)
