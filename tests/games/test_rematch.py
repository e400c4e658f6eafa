"""Play again with the same seats (POST /api/v1/games/<id>/rematch), and a finished rated
game's rating changes in its detail (GET /api/v1/games/<id>).

A rematch is one new open table per ended game, with the same settings, the caller seated and
the same bots re-seated; the other people are notified and join it. Attacks: a non-player, an
anonymous caller, a game still in play, a tournament's table, the open-tables cap, and two
players asking at the same moment.
"""

from __future__ import annotations

from functools import partial

import pytest

from games.models import Game
from games.models import GameStatus
from games.services import validate_time_control
from notifications.models import Notification
from ratings import services as rating_services
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import register
from tests.support.factories import start
from tests.support.factories import waiting_games
from tests.support.threads import run_together
from tests.support.throttling import caps_only

GAMES = "/api/v1/games"


def rematch(client, gid):
    return client.post(f"{GAMES}/{gid}/rematch")


def seated(gid) -> list[str]:
    return list(Game.objects.get(pk=gid).seats.values_list("user__username", flat=True))


@pytest.fixture
def people(db):
    return make_user("ana"), make_user("bo"), make_user("cy")


def ended(users, **kw) -> Game:
    game = finished_game(users, list(range(1, len(users) + 1)), rated=False, **kw)
    game.name = "friday table"
    game.ruleset = {**game.ruleset, "rounds": 3}
    game.save(update_fields=["name", "ruleset"])
    return game


@pytest.mark.django_db
def test_a_player_opens_one_table_with_the_same_settings_and_bots_and_the_others_are_told(people):
    ana, bo, cy = people
    smart = bot("smart")
    old = ended([bo, smart, ana])

    r = rematch(client_for(ana), old.pk)

    assert r.status_code == 201, r.json()
    doc = r.json()
    new = Game.objects.get(pk=doc["id"])
    assert new.status == GameStatus.OPEN
    assert new.rematch_of_id == old.pk
    assert (new.players, new.ruleset, new.rated, new.name) == (
        old.players,
        old.ruleset,
        old.rated,
        old.name,
    )
    assert new.time_control == validate_time_control(old.time_control)
    assert new.created_by == ana
    assert sorted(seated(new.pk)) == sorted([ana.username, smart.username])
    assert new.seats.get(user=smart).user.bot_strategy == "smart"
    # A new deal: its own server seed, committed now; nothing of the old one.
    assert new.fairness_version == 2
    assert new.server_seed_commitment
    assert new.server_seed_commitment != old.server_seed_commitment
    assert doc["fairness"]["server_seed"] is None
    note = Notification.objects.get(user=bo, kind="rematch")
    assert note.url == f"/games/{new.pk}"
    assert not Notification.objects.filter(user=ana, kind="rematch").exists()
    assert not Notification.objects.filter(user=cy).exists()
    # The ended game points at its rematch.
    assert client_for(bo).get(f"{GAMES}/{old.pk}").json()["rematch"] == str(new.pk)


@pytest.mark.django_db
def test_a_second_call_returns_the_same_table_and_seats_the_caller_while_a_seat_is_free(people):
    ana, bo, cy = people
    old = ended([ana, bo, cy])
    first = rematch(client_for(ana), old.pk).json()["id"]

    again = rematch(client_for(bo), old.pk)
    assert again.status_code == 200, again.json()
    assert again.json()["id"] == first
    assert sorted(seated(first)) == ["ana", "bo"]
    assert rematch(client_for(ana), old.pk).json()["id"] == first  # already seated: no change
    assert rematch(client_for(cy), old.pk).json()["id"] == first
    assert sorted(seated(first)) == ["ana", "bo", "cy"]
    assert Game.objects.filter(rematch_of=old).count() == 1


@pytest.mark.django_db
def test_an_abandoned_game_has_a_rematch_too(people):
    ana, bo, _ = people
    old = ended([ana, bo], status=GameStatus.ABANDONED)
    assert rematch(client_for(bo), old.pk).status_code == 201


@pytest.mark.django_db
def test_a_stranger_a_spectator_and_an_anonymous_caller_are_refused(people):
    ana, bo, cy = people
    old = ended([ana, bo])

    r = rematch(client_for(cy), old.pk)  # watched it, never seated
    assert (r.status_code, r.json()["code"]) == (403, "not_a_player")
    assert rematch(client_for(), old.pk).status_code in (401, 403)
    r = rematch(client_for(ana), "00000000-0000-0000-0000-000000000000")
    assert (r.status_code, r.json()["code"]) == (404, "not_found")
    assert not Game.objects.filter(rematch_of=old).exists()
    # Once a rematch exists a stranger still gets no seat at it.
    rematch(client_for(ana), old.pk)
    r = rematch(client_for(cy), old.pk)
    assert (r.status_code, r.json()["code"]) == (403, "not_a_player")
    assert "cy" not in seated(Game.objects.get(rematch_of=old).pk)


@pytest.mark.django_db
def test_a_game_in_play_or_voided_has_no_rematch(people):
    ana, bo, _ = people
    for status in (GameStatus.ACTIVE, GameStatus.VOID):
        old = ended([ana, bo], status=status)
        r = rematch(client_for(ana), old.pk)
        assert (r.status_code, r.json()["code"]) == (400, "not_finished"), status


@pytest.mark.django_db
def test_a_tournament_table_refuses_a_rematch(people):
    ana, bo, cy = people
    di = make_user("di")
    cup = new_tournament(organizer())
    register(cup, [ana, bo, cy, di])
    cup = start(cup)
    game = Game.objects.filter(tournament_table__round__tournament=cup).first()
    assert game is not None
    assert not waiting_games(cup).exists()
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    player = game.seats.exclude(user__is_bot=True).first().user

    r = rematch(client_for(player), game.pk)

    assert (r.status_code, r.json()["code"]) == (400, "tournament_game")
    assert client_for(player).get(f"{GAMES}/{game.pk}").json()["tournament"] == cup.pk


@pytest.mark.django_db
def test_the_open_tables_cap_applies(people, settings):
    ana, bo, _ = people
    caps_only(settings, OPEN_TABLES_PER_USER=1)
    old = ended([ana, bo])
    assert client_for(ana).post(GAMES, {"players": 2}, format="json").status_code == 201

    r = rematch(client_for(ana), old.pk)

    assert (r.status_code, r.json()["code"]) == (409, "too_many_open_tables")
    assert not Game.objects.filter(rematch_of=old).exists()
    assert rematch(client_for(bo), old.pk).status_code == 201  # bo has no open table


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_players_asking_at_once_make_one_table():
    for attempt in range(5):
        ana, bo = make_user(f"ana{attempt}"), make_user(f"bo{attempt}")
        old = ended([ana, bo, bot("random")])

        def ask(user, gid=old.pk):
            r = rematch(client_for(user), gid)
            return r.status_code, r.json()

        answers = run_together([partial(ask, ana), partial(ask, bo)])
        assert sorted(a[0] for a in answers) == [200, 201], answers
        assert answers[0][1]["id"] == answers[1][1]["id"]
        assert Game.objects.filter(rematch_of=old).count() == 1
        assert len(seated(answers[0][1]["id"])) == 3


# -- rating changes in the detail ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_finished_rated_game_shows_each_persons_rating_change(people):
    ana, bo, cy = people
    game = finished_game([ana, bot("greedy"), bo], [1, 2, 3])
    watcher = client_for(cy)

    pending = watcher.get(f"{GAMES}/{game.pk}").json()["ratings"]
    assert pending == {"state": "pending", "changes": []}

    assert rating_services.rating_apply_game(game_id=game.pk)
    doc = watcher.get(f"{GAMES}/{game.pk}").json()["ratings"]
    assert doc["state"] == "applied"
    by_seat = {c["seat"]: c for c in doc["changes"]}
    assert sorted(by_seat) == [0, 2]  # bots have no rating
    assert by_seat[0]["username"] == "ana"
    for c in by_seat.values():
        assert c["change"] == c["after"] - c["before"]
        assert isinstance(c["before"], int)
        assert c["kind"] == "live"
    assert by_seat[0]["change"] > 0 > by_seat[2]["change"]

    staff = make_user("staffer", staff=True)
    rating_services.rating_reverse_game(game_id=game.pk, by=staff, reason="farming")
    doc = watcher.get(f"{GAMES}/{game.pk}").json()["ratings"]
    assert doc == {"state": "reversed", "changes": []}  # reversed changes are left out


@pytest.mark.django_db
def test_an_unrated_game_has_no_ratings(people):
    ana, bo, _ = people
    game = ended([ana, bo])
    assert client_for(ana).get(f"{GAMES}/{game.pk}").json()["ratings"] is None
