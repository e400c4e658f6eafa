"""Teams (docs/players/teams.md): a community of players with a page, leaders, members and
join requests. Only teams.services writes these rows; tournaments reads them through
teams.selectors (member_ids, is_member, teams_of, team_or_none) and relies on ``Team.name``,
``Team.slug`` and ``Team.closed_at``.

A closed team (``closed_at`` set: staff closed it, or its last member left) is read-only: it
is hidden from the list, refuses joins, requests and chat, and keeps its members for the record.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_foreign_key


class Team(models.Model):
    name = models.CharField(max_length=40)
    # From the name at creation (ASCII, never all digits: teams.selectors.team_or_none takes
    # a slug or an id); kept when the name changes, so links stay.
    slug = models.SlugField(max_length=60, unique=True)
    description = models.TextField(blank=True)
    # True: anyone may join; False: by request, accepted by a leader.
    open = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams_created"
    )
    created_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams_closed"
    )
    closed_reason = models.TextField(blank=True)
    # Leaders may close the team's chat (chat app, scope "team"): new messages are refused.
    chat_open = models.BooleanField(default=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="teams_team_name_ci"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class TeamRole(models.TextChoices):
    LEADER = "leader", _("Leader")
    MEMBER = "member", _("Member")


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_memberships"
    )
    role = models.CharField(max_length=8, choices=TeamRole.choices, default=TeamRole.MEMBER)
    joined_at = models.DateTimeField()

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["team", "user"], name="teams_member_unique"),
        ]
        indexes = [models.Index(fields=["user", "joined_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.team_id} ({self.role})"


class RequestStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")
    # The team was closed, or the player joined another way, before a leader decided.
    WITHDRAWN = "withdrawn", _("Withdrawn")


class TeamJoinRequest(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_join_requests"
    )
    message = models.TextField(blank=True)
    created_at = models.DateTimeField()
    status = models.CharField(
        max_length=10, choices=RequestStatus.choices, default=RequestStatus.PENDING
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="team_requests_decided"
    )

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "user"],
                condition=Q(status="pending"),
                name="teams_request_one_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} asks {self.team_id} ({self.status})"


class TeamRemoval(models.Model):
    """A leader removed ``user``: they may come back only by a request a leader accepts,
    even to an open team (accepting it deletes this row)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="removals")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_removals"
    )
    by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="team_removals_made"
    )
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "user"], name="teams_removal_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} removed from {self.team_id}"
