"""Staff with a stake see nothing hidden; every hidden read by other staff is in the trail.

The attacks, as an insider makes them: a staff member seated at one table of a duplicate deal
group audits, downloads the record of, watches (over HTTP and the socket's hello) and
adjudicates the sibling table dealt the same tiles; a staff member with an active entry in a
tournament does the same to another table of it; a staff member reads a running game's seed on
its admin page, or searches the admin's game list for it; a staff member claims, resolves,
rejects or reads the trail of a dispute about a game they played.
"""

from __future__ import annotations

import pytest

from core.errors import Forbidden
from disputes.models import Dispute
from disputes.models import StaffAction
from disputes.services import dispute_claim
from disputes.services import dispute_open
from games import consumers
from games import stakes
from games.models import Game
from tests.support import people
from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import committed
from tests.support.factories import dealt
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import play
from tests.support.factories import register
from tests.support.factories import second_factor_login
from tests.support.factories import start
from tournaments import services as tournament_services
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentRound

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HIDDEN_READS = ["", "/steps", "/steps?seat=0", "/positions/2", "/positions/2?seat=1", "/record"]
TRAIL_READS = ["/actions"]
ADJUDICATIONS = [
    ("/void", {"reason": "r"}),
    ("/award", {"reason": "r", "places": [1, 2, 3]}),
    ("/restart-round", {"reason": "r", "at_seq": 2}),
]


@pytest.fixture(autouse=True)
def _in_process(settings):
    """Bots move in the test's thread once a service's commit callbacks run; broadcasts go to an
    in-memory layer nobody listens to."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def audit(game, path=""):
    return f"/api/v1/audit/games/{game.pk}{path}"


def assert_nothing_hidden(response, game: Game) -> None:
    """A refusal and nothing else: no seed, no hands, no boneyard, no position."""
    assert response.status_code == 403, (response.status_code, response.content[:300])
    body = response.json()
    assert set(body) <= {"code", "detail", "stake"}, body
    text = response.content.decode()
    for secret in (game.seed, getattr(game, "server_seed", "")):
        if secret:
            assert secret not in text
    for word in ("hands", "boneyard", "deal", "steps", "view"):
        assert f'"{word}"' not in text


@pytest.fixture
def duplicate(frozen_clock):
    """A duplicate round of one deal group: three bots at table 1 (seeded first, they finish at
    once), staff member ``sam`` with two people at table 2, still playing the same deal."""
    org = organizer()
    sam = person("sam", staff=True)
    people = [sam, person("ana"), person("bo")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    register(tournament, [*people, *bots(3)])
    tournament = start(tournament)
    bots_game, people_game = dealt(tournament)
    bots_game.refresh_from_db()
    people_game.refresh_from_db()
    assert bots_game.seats.filter(user=sam).count() == 0
    assert people_game.seats.filter(user=sam).count() == 1
    assert bots_game.seed == people_game.seed
    assert bots_game.seed_hidden
    assert people_game.status == "active"
    return {"org": org, "sam": sam, "sibling": bots_game, "own": people_game, "t": tournament}


def test_staff_seated_at_a_duplicate_table_see_nothing_of_the_sibling_table(duplicate):
    sam, sibling = duplicate["sam"], duplicate["sibling"]
    assert stakes.staff_stake(sam, sibling) == stakes.DEAL_GROUP
    before = StaffAction.objects.count()
    for path in HIDDEN_READS + TRAIL_READS:
        r = client_for(sam).get(audit(sibling, path))
        assert_nothing_hidden(r, sibling)
        assert r.json()["code"] == "staff_has_stake", path
    for path in ("record", "state", "events", "analysis"):
        r = client_for(sam).get(f"/api/v1/games/{sibling.pk}/{path}")
        assert_nothing_hidden(r, sibling)
        assert r.json()["code"] == "staff_has_stake", path
    # The socket: the hello is refused (the consumer closes it with 4403).
    assert consumers._hello(sibling.pk, sam) == {"type": "forbidden"}
    version = Game.objects.get(pk=sibling.pk).version
    for path, body in ADJUDICATIONS:
        r = client_for(sam).post(audit(sibling, path), body, format="json")
        assert_nothing_hidden(r, sibling)
    assert Game.objects.get(pk=sibling.pk).version == version  # nothing adjudicated
    assert StaffAction.objects.count() == before  # nothing read, nothing to trail


def test_staff_seated_at_a_duplicate_table_cannot_audit_their_own_either(duplicate):
    sam, own = duplicate["sam"], duplicate["own"]
    for path in HIDDEN_READS + TRAIL_READS:
        r = client_for(sam).get(audit(own, path))
        assert_nothing_hidden(r, own)
        assert r.json()["code"] == "own_game", path


def test_the_analysis_of_a_finished_table_waits_while_its_deal_is_played_elsewhere(duplicate):
    """The bots' table has finished, the people's still plays the same tiles: its analysis
    (every move's value, each hand's strength) would tell them about their own hands."""
    sibling, own = duplicate["sibling"], duplicate["own"]
    assert sibling.status == "finished"
    for user in [s.user for s in own.seats.all()] + [person("eve")]:
        r = client_for(user).get(f"/api/v1/games/{sibling.pk}/analysis")
        assert r.status_code == 403, r.json()
        assert_nothing_hidden(r, sibling)
        if user != duplicate["sam"]:
            assert r.json()["code"] == "seed_hidden"
    org = duplicate["org"]
    r = client_for(org).get(f"/api/v1/games/{sibling.pk}/analysis")
    assert r.status_code == 200, r.json()
    read = StaffAction.objects.filter(staff=org, game=sibling, action="record_downloaded")
    assert [a.data for a in read] == [{"view": "analysis"}]


def test_staff_without_a_stake_watch_a_hidden_deal_in_the_trail(duplicate):
    org, sibling = duplicate["org"], duplicate["sibling"]
    assert stakes.staff_stake(org, sibling) is None  # the organizer plays in no table
    for path in ("state", "events"):
        assert client_for(org).get(f"/api/v1/games/{sibling.pk}/{path}").status_code == 200
    assert consumers._hello(sibling.pk, org)["type"] == "hello"
    watched = StaffAction.objects.filter(staff=org, game=sibling, action="game_watched")
    assert watched.count() == 3
    assert {a.seq for a in watched} == {sibling.version}


def test_the_stake_ends_when_the_whole_deal_group_has_finished(duplicate):
    sam, sibling, own, tournament = (duplicate[k] for k in ("sam", "sibling", "own", "t"))
    from tests.support.factories import play_people

    play_people(tournament)
    sibling.refresh_from_db()
    own.refresh_from_db()
    assert not sibling.seed_hidden
    assert own.status == "finished"
    assert stakes.staff_stake(sam, sibling) is None
    r = client_for(sam).get(audit(sibling, "/steps"))
    assert r.status_code == 200
    # Their own game stays out of reach: nobody audits (or reads the trail of) a game they played.
    assert client_for(sam).get(audit(own, "/actions")).json()["code"] == "own_game"


@pytest.fixture
def swiss(frozen_clock):
    """A Swiss round of two tables of two people each, nobody moving: staff member ``sam`` has an
    entry, and ``other`` is the table ``sam`` is not at."""
    org = organizer()
    sam = person("sam", staff=True)
    tournament = new_tournament(org, format="swiss", table_size=2, rounds=2)
    register(tournament, [sam, person("ana"), person("bo"), person("cy")])
    tournament = start(tournament)
    games = dealt(tournament)
    other = next(g for g in games if not g.seats.filter(user=sam).exists())
    other.refresh_from_db()
    assert other.status == "active"
    assert not other.seed_hidden
    return {"org": org, "sam": sam, "other": other, "t": tournament}


def test_staff_with_an_active_entry_see_nothing_hidden_of_another_table(swiss):
    sam, other = swiss["sam"], swiss["other"]
    assert stakes.staff_stake(sam, other) == stakes.ENTRY
    for path in HIDDEN_READS + TRAIL_READS:
        r = client_for(sam).get(audit(other, path))
        assert_nothing_hidden(r, other)
        assert r.json()["code"] == "staff_has_stake", path
    r = client_for(sam).get(f"/api/v1/games/{other.pk}/record")
    assert_nothing_hidden(r, other)
    # Watching it is what anyone may: the spectators' view, no hand in it.
    state = client_for(sam).get(f"/api/v1/games/{other.pk}/state").json()
    assert state["seat"] is None
    assert state["view"]["viewer"] is None
    assert not {"hand", "hands", "boneyard"} & state["view"].keys()
    # A staff member without a stake audits it, in the trail.
    assert client_for(swiss["org"]).get(audit(other, "/steps")).status_code == 200


def test_staff_with_an_active_entry_cannot_watch_a_hidden_deal_of_their_tournament(swiss):
    sam, other = swiss["sam"], swiss["other"]
    # As a duplicate table of another deal group is: its deal still played elsewhere.
    Game.objects.filter(pk=other.pk).update(seed_hidden=True)
    other.refresh_from_db()
    for path in ("state", "events", "record"):
        r = client_for(sam).get(f"/api/v1/games/{other.pk}/{path}")
        assert_nothing_hidden(r, other)
        assert r.json()["code"] == "staff_has_stake", path
    assert consumers._hello(other.pk, sam) == {"type": "forbidden"}
    assert not StaffAction.objects.filter(staff=sam).exists()


def test_a_withdrawn_entry_is_no_longer_a_stake(swiss):
    sam, other, tournament = swiss["sam"], swiss["other"], swiss["t"]
    with committed():
        tournament_services.tournament_withdraw(tournament_id=tournament.pk, user=sam)
    assert stakes.staff_stake(sam, other) is None
    assert client_for(sam).get(audit(other, "/steps")).status_code == 200


def test_every_staff_read_of_hidden_tiles_is_in_the_trail_with_its_game_seq_and_view(ana, bo):
    mod = make_user("mod", staff=True)
    game = play(open_table(ana, [bo], rounds=2), [ana, bo], moves=2)
    assert game.status == "active"
    reads = [
        (audit(game), "audit_viewed", game.version, {}),
        (audit(game, "/steps?seat=all"), "audit_steps_viewed", game.version, {"seat": "all"}),
        (audit(game, "/steps?seat=1&limit=2"), "audit_steps_viewed", 2, {"seat": 1}),
        (audit(game, "/positions/3?seat=0"), "audit_position_viewed", 3, {"seat": 0}),
        (audit(game, "/record"), "record_downloaded", game.version, {}),
        (f"/api/v1/games/{game.pk}/record", "record_downloaded", game.version, {}),
    ]
    for url, action, seq, data in reads:
        before = StaffAction.objects.count()
        assert client_for(mod).get(url).status_code == 200, url
        assert StaffAction.objects.count() == before + 1, url
        row = StaffAction.objects.order_by("-pk").first()
        assert (row.staff_id, row.game_id, row.action, row.seq) == (mod.pk, game.pk, action, seq)
        assert data.items() <= row.data.items(), (url, row.data)
        assert row.created_at is not None
    # The players' own reads are theirs, not staff's: nothing in the trail.
    before = StaffAction.objects.count()
    client_for(ana).get(f"/api/v1/games/{game.pk}/record")
    assert StaffAction.objects.count() == before


# -- the admin ---------------------------------------------------------------------------------


ana, bo = people.ana, people.bo  # fixtures


def superuser(name: str):
    """A staff member with every admin permission."""
    user = make_user(name, staff=True)
    user.is_superuser = True
    user.save(update_fields=["is_superuser"])
    return user


def admin_pages(client, game) -> list:
    change = f"/admin/disputes/auditedgame/{game.pk}/change/"
    return [client.get("/admin/disputes/auditedgame/"), client.get(change)]


def test_the_admin_never_shows_a_running_games_seed(client, ana, bo):
    root = superuser("root")  # every permission, no stake
    game = open_table(ana, [bo], rounds=2)
    assert game.status == "active"
    assert game.seed
    second_factor_login(client, root)
    listing, change = admin_pages(client, game)
    assert listing.status_code == 200
    assert change.status_code == 200
    assert str(game.pk) in listing.content.decode()
    for page in (listing, change):
        text = page.content.decode()
        assert game.seed not in text
        if getattr(game, "server_seed", ""):
            assert game.server_seed not in text
    # Nor can the list be filtered by it, a character at a time.
    for lookup in ("seed__startswith", "seed", "server_seed__startswith"):
        r = client.get(f"/admin/disputes/auditedgame/?{lookup}={game.seed[:1]}")
        assert r.status_code == 400, lookup


def test_the_admin_refuses_a_staff_member_their_own_running_game(client, bo):
    boss = superuser("boss")
    game = open_table(boss, [bo], rounds=2)
    second_factor_login(client, boss)
    listing, change = admin_pages(client, game)
    assert game.seed not in listing.content.decode()
    assert change.status_code == 403
    assert game.seed not in change.content.decode()


def test_the_admin_shows_a_finished_games_seed(client, ana, bo):
    game = play(open_table(ana, [bo]), [ana, bo])
    assert game.status == "finished"
    assert not game.seed_hidden
    second_factor_login(client, superuser("root"))
    assert game.seed in admin_pages(client, game)[1].content.decode()


def test_the_admin_keeps_a_finished_duplicate_tables_seed_while_its_deal_is_played(
    client, duplicate
):
    sibling = duplicate["sibling"]
    assert sibling.status == "finished"
    assert sibling.seed_hidden
    second_factor_login(client, superuser("root"))
    listing, change = admin_pages(client, sibling)
    assert change.status_code == 200
    assert sibling.seed not in change.content.decode()


# -- disputes about one's own game -------------------------------------------------------------


@pytest.fixture
def own_dispute(ana):
    """Staff member ``boss`` played a finished game with ``ana``; ``ana`` disputes it."""
    boss = make_user("boss", staff=True)
    game = play(open_table(boss, [ana]), [boss, ana])
    dispute = dispute_open(user=ana, game_id=game.pk, category="other", reason="unfair")
    return {"boss": boss, "game": game, "dispute": dispute}


def dispute_url(dispute, path=""):
    return f"/api/v1/disputes/{dispute.pk}{path}"


def test_staff_cannot_claim_or_read_a_dispute_about_a_game_they_played(own_dispute):
    boss, game, dispute = own_dispute["boss"], own_dispute["game"], own_dispute["dispute"]
    r = client_for(boss).post(dispute_url(dispute, "/claim"))
    assert r.status_code == 403
    assert r.json()["code"] == "own_game"
    for url in (dispute_url(dispute), audit(game, "/actions"), audit(game)):
        r = client_for(boss).get(url)
        assert r.status_code == 403, url
        assert r.json()["code"] == "own_game", url
    listed = client_for(boss).get("/api/v1/disputes").json()["results"]
    assert dispute.pk not in [d["id"] for d in listed]
    assert Dispute.objects.get(pk=dispute.pk).status == "open"


@pytest.mark.parametrize("path", ["/resolve", "/reject"])
def test_staff_cannot_close_a_dispute_about_a_game_they_played(own_dispute, path):
    boss, dispute = own_dispute["boss"], own_dispute["dispute"]
    mod = make_user("mod", staff=True)
    dispute_claim(dispute_id=dispute.pk, by=mod)
    r = client_for(boss).post(dispute_url(dispute, path), {"resolution": "mine"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "own_game"
    assert Dispute.objects.get(pk=dispute.pk).status == "under_review"


def test_staff_named_in_a_dispute_about_their_game_take_part_as_a_player(ana):
    boss = make_user("boss", staff=True)
    game = play(open_table(boss, [ana]), [boss, ana])
    seat = game.seats.get(user=boss).index
    dispute = dispute_open(
        user=ana, game_id=game.pk, category="other", reason="unfair", against=[seat]
    )
    assert client_for(boss).get(dispute_url(dispute)).status_code == 200
    r = client_for(boss).post(dispute_url(dispute, "/messages"), {"body": "no"}, format="json")
    assert r.status_code == 201
    assert r.json()["messages"][-1]["from_staff"] is False  # no staff voice in their own case
    assert not StaffAction.objects.filter(staff=boss).exists()
    r = client_for(boss).post(dispute_url(dispute, "/claim"))
    assert r.status_code == 403
    assert r.json()["code"] == "own_game"


def test_the_admin_keeps_a_dispute_about_their_game_from_staff(client, ana):
    boss = superuser("boss")
    game = play(open_table(boss, [ana]), [boss, ana])
    dispute = dispute_open(user=ana, game_id=game.pk, category="other", reason="unfair")
    mod = make_user("mod", staff=True)
    client_for(mod).get(audit(game))  # a line of the trail about boss's game
    second_factor_login(client, boss)
    assert client.get(f"/admin/disputes/dispute/{dispute.pk}/change/").status_code in (302, 404)
    for page in ("dispute", "staffaction"):
        r = client.get(f"/admin/disputes/{page}/")
        assert r.status_code == 200
        assert str(game.pk) not in r.content.decode(), page
    assert StaffAction.objects.filter(game=game).exists()


def test_the_adjudication_services_refuse_staff_with_a_stake_not_only_the_api(duplicate):
    """The services are the only writers: a staff member seated at table 2 who calls them
    directly (an admin action, a shell) is refused the sibling table just as over the API."""
    from disputes import adjudication

    sam, sibling = duplicate["sam"], duplicate["sibling"]
    version = Game.objects.get(pk=sibling.pk).version
    with pytest.raises(Forbidden) as refused:
        adjudication.adjudicate_void(game_id=sibling.pk, by=sam, reason="I saw nothing")
    assert refused.value.code == "staff_has_stake"
    assert Game.objects.get(pk=sibling.pk).version == version


def test_the_tournament_admin_cannot_be_filtered_by_a_round_secret_or_a_server_seed(
    client, duplicate
):
    root = superuser("root")
    second_factor_login(client, root)
    tround = TournamentRound.objects.get(tournament=duplicate["t"])
    group = TournamentDealGroup.objects.get(round=tround)
    for url, secret in (
        ("/admin/tournaments/tournamentround/", f"seed__startswith={tround.seed[:1]}"),
        (
            "/admin/tournaments/tournamentdealgroup/",
            f"server_seed__startswith={group.server_seed[:1]}",
        ),
    ):
        assert client.get(url).status_code == 200
        assert client.get(f"{url}?{secret}").status_code == 400, url
    page = client.get(f"/admin/tournaments/tournamentdealgroup/{group.pk}/change/")
    assert page.status_code == 200
    assert group.server_seed not in page.content.decode()
