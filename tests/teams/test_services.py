"""The team services: creation, joining and requests, leaving, leaders' powers, staff closing,
and the selectors the tournaments app calls."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core import clock
from core.errors import ApplicationError
from notifications.models import Notification
from teams import selectors
from teams import services
from teams.models import RequestStatus
from teams.models import Team
from teams.models import TeamMember
from tests.support.factories import bot
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def code_of(call, **kwargs) -> str:
    with pytest.raises(ApplicationError) as refused:
        call(**kwargs)
    return refused.value.code


def roles(team) -> dict[str, str]:
    return {m.user.username: m.role for m in selectors.team_members(team)}


def test_the_creator_leads_the_new_team_and_its_slug_comes_from_the_name(ana, club):
    assert club.slug == "train-spotters"
    assert roles(club) == {"ana": "leader"}
    assert club.created_by == ana
    assert club.open
    assert club.chat_open
    assert club.closed_at is None


def test_names_are_unique_in_any_case_and_slugs_are_never_all_digits(ana, bo, club):
    assert code_of(services.team_create, user=bo, name="TRAIN   spotters") == "name_taken"
    assert code_of(services.team_create, user=bo, name="  x ") == "name_invalid"
    assert code_of(services.team_create, user=bo, name="!!!") == "name_invalid"
    assert code_of(services.team_create, user=bo, name="Staff") == "name_reserved"
    assert code_of(services.team_create, user=bo, name="Mexican Train HQ") == "name_reserved"
    digits = services.team_create(user=bo, name="1234")
    assert digits.slug == "team-1234"
    assert selectors.team_or_none("team-1234") == digits
    assert selectors.team_or_none(str(digits.pk)) == digits
    assert selectors.team_or_none(digits.pk) == digits
    assert selectors.team_or_none("nope") is None


def test_an_open_team_is_joined_at_once_and_a_closed_one_by_request(ana, bo, club, guild):
    services.team_join(team_id=club.pk, user=bo)
    assert selectors.is_member(club.pk, bo.pk)
    assert code_of(services.team_join, team_id=club.pk, user=bo) == "already_member"
    assert code_of(services.team_join, team_id=guild.pk, user=bo) == "by_request"
    outcome, request = services.team_join_or_request(team_id=guild.pk, user=bo, message="hi")
    assert outcome == "requested"
    assert request.message == "hi"
    note = Notification.objects.get(user=ana, kind="team_join_request")
    assert note.params == {"team": "Closed Guild", "player": "bo"}
    assert note.url == "/teams/closed-guild"
    assert code_of(services.team_request_join, team_id=guild.pk, user=bo) == "request_pending"
    services.team_request_accept(team_id=guild.pk, request_id=request.pk, user=ana)
    assert roles(guild) == {"ana": "leader", "bo": "member"}
    assert Notification.objects.filter(user=bo, kind="team_request_accepted").exists()
    request.refresh_from_db()
    assert request.status == RequestStatus.ACCEPTED
    assert request.decided_by == ana


def test_a_declined_player_may_ask_again_a_day_later(ana, bo, guild, frozen_clock):
    request = services.team_request_join(team_id=guild.pk, user=bo)
    services.team_request_decline(team_id=guild.pk, request_id=request.pk, user=ana)
    assert (
        code_of(services.team_request_accept, team_id=guild.pk, request_id=request.pk, user=ana)
        == "request_not_pending"
    )
    assert code_of(services.team_request_join, team_id=guild.pk, user=bo) == "request_cooldown"
    clock.advance(timedelta(days=1, seconds=1))
    assert services.team_request_join(team_id=guild.pk, user=bo).status == "pending"


def test_only_leaders_decide_requests_and_moderate(ana, bo, cy, guild):
    request = services.team_request_join(team_id=guild.pk, user=bo)
    services.team_request_join(team_id=guild.pk, user=cy)
    cy_request = selectors.pending_requests(guild).get(user=cy)
    services.team_request_accept(team_id=guild.pk, request_id=cy_request.pk, user=ana)
    for call, kwargs in (
        (services.team_request_accept, {"request_id": request.pk}),
        (services.team_request_decline, {"request_id": request.pk}),
        (services.team_member_remove, {"username": "ana"}),
        (services.team_leader_promote, {"username": "cy"}),
        (services.team_leader_demote, {"username": "ana"}),
        (services.team_chat_set, {"open": False}),
        (services.team_update, {"name": "Mine Now"}),
    ):
        assert code_of(call, team_id=guild.pk, user=cy, **kwargs) == "leaders_only", call


def test_bots_join_no_team(club):
    machine = bot()
    assert code_of(services.team_join, team_id=club.pk, user=machine) == "bot_not_allowed"
    assert code_of(services.team_create, user=machine, name="Bot Club") == "bot_not_allowed"


def test_a_player_is_in_at_most_ten_teams(ana, bo):
    for n in range(services.MAX_TEAMS_PER_USER):
        services.team_create(user=bo, name=f"Team {n}")
    club = services.team_create(user=ana, name="Eleventh")
    assert code_of(services.team_join, team_id=club.pk, user=bo) == "too_many_teams"
    assert code_of(services.team_create, user=bo, name="Twelfth") == "too_many_teams"
    assert not Team.objects.filter(name="Twelfth").exists()  # rolled back with the refusal


def test_the_last_leader_names_another_before_leaving(ana, bo, club):
    services.team_join(team_id=club.pk, user=bo)
    assert code_of(services.team_leave, team_id=club.pk, user=ana) == "last_leader"
    services.team_leader_promote(team_id=club.pk, user=ana, username="bo")
    services.team_leave(team_id=club.pk, user=ana)
    assert roles(club) == {"bo": "leader"}
    assert code_of(services.team_leave, team_id=club.pk, user=ana) == "not_a_member"
    # The last member's leaving closes the team.
    services.team_leave(team_id=club.pk, user=bo)
    club.refresh_from_db()
    assert club.closed_at is not None
    assert code_of(services.team_join, team_id=club.pk, user=ana) == "team_closed"


def test_leaders_remove_members_not_leaders_and_the_founder_keeps_the_lead(ana, bo, cy, club):
    services.team_join(team_id=club.pk, user=bo)
    services.team_join(team_id=club.pk, user=cy)
    services.team_leader_promote(team_id=club.pk, user=ana, username="bo")
    assert code_of(services.team_leader_promote, team_id=club.pk, user=ana, username="bo") == (
        "already_leader"
    )
    assert code_of(services.team_member_remove, team_id=club.pk, user=bo, username="ana") == (
        "target_is_leader"
    )
    assert code_of(services.team_leader_demote, team_id=club.pk, user=bo, username="ana") == (
        "founder_protected"
    )
    assert code_of(services.team_member_remove, team_id=club.pk, user=bo, username="bo") == (
        "cannot_remove_self"
    )
    services.team_member_remove(team_id=club.pk, user=bo, username="cy")
    assert roles(club) == {"ana": "leader", "bo": "leader"}
    assert Notification.objects.filter(user=cy, kind="team_removed").exists()
    # Removed from an open team: back only by a request a leader accepts.
    assert code_of(services.team_join, team_id=club.pk, user=cy) == "by_request"
    outcome, request = services.team_join_or_request(team_id=club.pk, user=cy)
    assert outcome == "requested"
    services.team_request_accept(team_id=club.pk, request_id=request.pk, user=ana)
    assert selectors.is_member(club.pk, cy.pk)
    # A leader steps down while another leader remains; the founder steps down by themselves.
    services.team_leader_demote(team_id=club.pk, user=ana, username="bo")
    assert code_of(services.team_leader_demote, team_id=club.pk, user=ana, username="ana") == (
        "last_leader"
    )


def test_staff_close_a_team_with_a_reason_and_it_is_read_only(ana, bo, mod, club, guild):
    services.team_join(team_id=club.pk, user=bo)
    assert code_of(services.team_close, team_id=club.pk, staff=ana, reason="x") == "staff_only"
    assert code_of(services.team_close, team_id=club.pk, staff=mod, reason=" ") == (
        "reason_required"
    )
    services.team_close(team_id=club.pk, staff=mod, reason="offensive name")
    club.refresh_from_db()
    assert club.closed_at
    assert club.closed_by == mod
    assert club.closed_reason == "offensive name"
    assert not club.chat_open
    assert set(
        Notification.objects.filter(kind="team_closed").values_list("user__username", flat=True)
    ) == {"ana", "bo"}
    assert list(selectors.team_list()) == [guild]
    cy = person("cy2")
    assert code_of(services.team_join, team_id=club.pk, user=cy) == "team_closed"
    assert code_of(services.team_update, team_id=club.pk, user=ana, name="Again") == ("team_closed")
    assert code_of(services.team_close, team_id=club.pk, staff=mod, reason="again") == (
        "team_closed"
    )
    assert selectors.member_ids(club.pk) == {ana.pk, bo.pk}  # kept for the record


def test_teams_of_gives_each_player_the_team_they_joined_first(ana, bo, cy, di, frozen_clock):
    red = services.team_create(user=ana, name="Red")
    clock.advance(timedelta(minutes=1))
    blue = services.team_create(user=bo, name="Blue")
    clock.advance(timedelta(minutes=1))
    green = services.team_create(user=di, name="Green")
    clock.advance(timedelta(minutes=1))
    services.team_join(team_id=blue.pk, user=cy)
    clock.advance(timedelta(minutes=1))
    services.team_join(team_id=red.pk, user=cy)
    services.team_join(team_id=blue.pk, user=ana)
    users = [ana.pk, bo.pk, cy.pk, di.pk]
    assert selectors.teams_of(users, [red.pk, blue.pk]) == {
        ana.pk: red.pk,
        bo.pk: blue.pk,
        cy.pk: blue.pk,
    }
    assert selectors.teams_of(users, [green.pk]) == {di.pk: green.pk}
    assert selectors.teams_of([], [red.pk]) == {}
    assert selectors.member_ids(blue.pk) == {bo.pk, cy.pk, ana.pk}
    assert selectors.is_member(red.pk, cy.pk)
    assert not selectors.is_member(red.pk, di.pk)
    assert not selectors.is_member(red.pk, None)


def test_search_finds_names_and_descriptions_in_any_case(ana, bo, club, guild):
    assert list(selectors.team_list(search="SPOTTERS")) == [club]
    assert list(selectors.team_list(search="doubles")) == [club]
    assert {t.name for t in selectors.team_list()} == {"Train Spotters", "Closed Guild"}


def test_leaders_edit_the_team_and_the_slug_stays(ana, bo, club):
    services.team_create(user=bo, name="Other")
    assert code_of(services.team_update, team_id=club.pk, user=ana, name="OTHER") == "name_taken"
    services.team_update(team_id=club.pk, user=ana, name="Spotters", open=False, description="")
    club.refresh_from_db()
    assert (club.name, club.slug, club.open, club.description) == (
        "Spotters",
        "train-spotters",
        False,
        "",
    )


def test_a_deleted_account_leaves_its_teams_and_a_member_inherits_the_lead(ana, bo, club):
    services.team_join(team_id=club.pk, user=bo)
    services.forget_member(ana, "ana")
    assert roles(club) == {"bo": "leader"}
    services.forget_member(bo, "bo")
    club.refresh_from_db()
    assert club.closed_at is not None
    assert not TeamMember.objects.filter(team=club).exists()


def test_the_notifications_say_what_happened_and_link_the_team(ana, bo, mod, guild):
    from notifications.kinds import render

    request = services.team_request_join(team_id=guild.pk, user=bo)
    services.team_request_accept(team_id=guild.pk, request_id=request.pk, user=ana)
    services.team_member_remove(team_id=guild.pk, user=ana, username="bo")
    services.team_close(team_id=guild.pk, staff=mod, reason="spam")
    said = {
        n.kind: (n.user.username, render(n.kind, n.params), n.url)
        for n in Notification.objects.filter(kind__startswith="team_")
    }
    url = "/teams/closed-guild"
    assert said == {
        "team_join_request": ("ana", "bo asks to join Closed Guild", url),
        "team_request_accepted": ("bo", "You are now a member of Closed Guild", url),
        "team_removed": ("bo", "A leader removed you from Closed Guild", url),
        "team_closed": ("ana", "Closed Guild was closed by the moderators", url),
    }


def test_teams_led_by_lists_the_open_teams_a_player_leads(ana, bo, mod, club, guild):
    services.team_join(team_id=club.pk, user=bo)
    assert list(selectors.teams_led_by(ana)) == [guild, club]  # by name
    assert list(selectors.teams_led_by(bo)) == []
    services.team_close(team_id=guild.pk, staff=mod, reason="test")
    assert list(selectors.teams_led_by(ana)) == [club]


def test_every_leader_hears_of_a_request_once(ana, bo, cy, guild):
    _, asked = services.team_join_or_request(team_id=guild.pk, user=bo)
    services.team_request_accept(team_id=guild.pk, request_id=asked.pk, user=ana)
    services.team_leader_promote(team_id=guild.pk, user=ana, username="bo")
    services.team_request_join(team_id=guild.pk, user=cy)
    told = Notification.objects.filter(kind="team_join_request", params__player="cy")
    assert sorted(told.values_list("user__username", flat=True)) == ["ana", "bo"]
