"""Play bans (tournaments.bans): the ladder of no-shows and early leaves, their expiry, the
refusal at registration (the API called directly), what the player sees, staff lifting one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib import admin
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory

from core import clock
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import person
from tournaments import bans
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def offend(user, n: int, kind: str = "no_show", start: int = 0):
    for i in range(start, start + n):
        bans.offence_record(user=user, kind=kind, key=f"table:test-{i}")


def test_the_ladder_warns_first_then_bans_from_10_minutes_up_to_48_hours(frozen_clock):
    ana = person("ana")
    lengths = []
    for i in range(9):
        offend(ana, 1, start=i)
        ban = bans.PlayBan.objects.filter(user=ana, offence__key=f"table:test-{i}").first()
        lengths.append(ban.ends_at - ban.starts_at if ban else timedelta(0))
    assert lengths == [
        timedelta(0),
        timedelta(minutes=10),
        timedelta(minutes=30),
        timedelta(hours=2),
        timedelta(hours=8),
        timedelta(hours=24),
        timedelta(hours=48),
        timedelta(hours=48),
        timedelta(hours=48),
    ]


def test_one_place_counts_once_and_bots_never(frozen_clock):
    ana = person("ana")
    offend(ana, 1)
    assert bans.offence_record(user=ana, kind="no_show", key="table:test-0") is None
    assert bans.PlayOffence.objects.filter(user=ana).count() == 1
    from tests.support.factories import bots

    assert bans.offence_record(user=bots(1)[0], kind="no_show", key="table:x") is None


def test_offences_older_than_a_week_no_longer_count(frozen_clock):
    ana = person("ana")
    offend(ana, 3)  # warning, 10 min, 30 min
    frozen_clock.advance(bans.OFFENCE_MEMORY + timedelta(seconds=1))
    assert bans.active_ban(ana) is None
    offend(ana, 1, start=3)
    assert bans.active_ban(ana) is None  # counted alone again: a warning
    offend(ana, 1, start=4)
    ban = bans.active_ban(ana)
    assert ban.ends_at - clock.now() == timedelta(minutes=10)


def test_a_banned_player_calling_the_register_api_is_refused_with_reason_and_end(frozen_clock, org):
    ana = person("ana")
    tournament = new_tournament(org, starts_in=timedelta(hours=1))
    offend(ana, 2, kind="early_leave")
    ban = bans.active_ban(ana)

    answer = client_for(ana).post(f"/api/v1/tournaments/{tournament.pk}/register")

    assert answer.status_code == 403
    body = answer.json()
    assert body["code"] == "play_ban"
    assert body["ban"]["reason"] == "early_leave"
    assert body["ban"]["ends_at"] == ban.ends_at.isoformat()
    assert body["ban"]["seconds_left"] == 600.0
    assert ban.ends_at.isoformat() in body["detail"]
    assert not Tournament.objects.get(pk=tournament.pk).entries.exists()
    # What the player sees: the detail and their own status.
    detail = client_for(ana).get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert detail["my_play_ban"]["reason"] == "early_leave"
    assert detail["entry"]["can_enter"] is False  # the verdict the page shows agrees
    assert [r["code"] for r in detail["entry"]["reasons"]] == ["play_ban"]
    mine = client_for(ana).get("/api/v1/tournaments/play-ban").json()
    assert mine["ban"]["ends_at"] == ban.ends_at.isoformat()
    assert [o["kind"] for o in mine["offences"]] == ["early_leave", "early_leave"]
    # Another player sees nothing of it; nobody anonymous may ask.
    bo = person("bo")
    bo_detail = client_for(bo).get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert bo_detail["my_play_ban"] is None
    assert bo_detail["entry"]["can_enter"] is True
    assert client_for(bo).get("/api/v1/tournaments/play-ban").json() == {
        "ban": None,
        "offences": [],
    }
    assert client_for().get("/api/v1/tournaments/play-ban").status_code in (401, 403)

    # Once the ban ends, the door opens.
    frozen_clock.advance(timedelta(minutes=10, seconds=1))
    answer = client_for(ana).post(f"/api/v1/tournaments/{tournament.pk}/register")
    assert answer.status_code == 200, answer.json()


def test_staff_lift_a_ban_in_the_admin_and_it_is_recorded(frozen_clock, org):
    ana = person("ana")
    staff = person("sam", staff=True)
    offend(ana, 3)
    ban = bans.active_ban(ana)
    model_admin = admin.site._registry[bans.PlayBan]
    request = RequestFactory().post("/admin/")
    request.user = staff
    request.session = {}
    request._messages = FallbackStorage(request)

    model_admin.lift(request, bans.PlayBan.objects.filter(pk=ban.pk))

    ban.refresh_from_db()
    assert ban.lifted_by == staff
    assert ban.lifted_at == clock.now()
    assert ban.lift_note
    assert bans.active_ban(ana) is None
    assert bans.PlayBan.objects.filter(user=ana, lifted_at=None).count() == 0  # the 10 min too
    assert set(bans.PlayOffence.objects.filter(user=ana).values_list("key", "forgiven")) == {
        ("table:test-0", False),  # the warning earned no ban
        ("table:test-1", True),
        ("table:test-2", True),
    }
    # The forgiven offences no longer count: the next one is the second counted.
    offend(ana, 1, start=10)
    assert bans.active_ban(ana).step == 2
    # Lifting again changes nothing.
    assert bans.play_ban_lift(ban_id=ban.pk, by=staff) is False
