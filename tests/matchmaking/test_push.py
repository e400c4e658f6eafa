"""Quick pairing's seat as a Web Push (notifications.push), against the tests' own push service
speaking the real protocol: a correspondence pool's player, who waits away from the page for
hours perhaps, is pushed when a table is found; a live pool's player waits on the page (leaving
it leaves the pool) and is not. Each device chooses: the "quick" push kind on /settings."""

from __future__ import annotations

import pytest

from matchmaking import services
from notifications.kinds import PUSH_KINDS
from notifications.services import notify
from tests.platform.test_push_delivery import push  # noqa: F401 - fixtures
from tests.platform.test_push_delivery import runner  # noqa: F401
from tests.platform.test_push_delivery import subscribe
from tests.support.factories import person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_a_correspondence_seat_is_pushed_and_a_live_one_is_not(push, runner):  # noqa: F811
    away = [person(f"away{i}") for i in range(3)]
    here = [person(f"here{i}") for i in range(3)]
    devices = {u.username: subscribe(push, u) for u in away + here}
    quick_off = person("quickoff")  # a device that opted out of the quick kind
    subscribe(push, quick_off, kinds=[k for k in PUSH_KINDS if k != "quick"])
    for user in here:
        services.pool_join(user=user, pool="3p-60s")
    for user in [*away[:2], quick_off]:
        services.pool_join(user=user, pool="3p-1d")
    # The third correspondence table: the last player of the first one and two more.
    services.pool_join(user=away[2], pool="4p-1d")
    fill = [person(f"fill{i}") for i in range(3)]
    for user in fill:
        services.pool_join(user=user, pool="4p-1d")
    # A notice pushed after them all: the runner runs its tasks in order, so once it has
    # arrived every push of the seats above has been made.
    notify(user=here[0], kind="challenge", params={"player": "ana"}, url="/lobby")

    pushed = push.wait(4)
    got = sorted((p.path, p.payload["kind"]) for p in pushed)
    path = lambda user: devices[user.username].removeprefix(push.origin)  # noqa: E731
    assert got == sorted([(path(u), "quick_seated") for u in away] + [(path(here[0]), "challenge")])
    for p in pushed:
        if p.payload["kind"] == "quick_seated":
            assert p.payload["url"].startswith("/games/")
            assert p.payload["game"]
            assert p.payload["tag"] == f"game:{p.payload['game']}"
            assert "once every player has opened it" in p.payload["body"]
