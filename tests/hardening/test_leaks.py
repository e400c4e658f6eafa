"""No answer of the API and no socket message shows a viewer a tile hidden from it at that moment
(RULES R4): whole games of people and a bot, every GET endpoint under /api/v1/ the schema lists,
every seat's socket and a spectator's.

Hidden at a moment: the other hands and the boneyard (``games.engine.views.hidden_tiles``) just
after the last event — or, for an event, just after that event. Once the match is over its
record and seed are public by design, so the checks run while it is played.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import bot_account_get_or_create
from chat import services as chat_services
from core import clock
from games import services
from games.models import Game
from teams import services as team_services
from tests.games.api.factories import player
from tests.games.api.factories import post_move
from tests.games.api.factories import state
from tests.realtime import helpers as rt
from tests.support.factories import new_tournament
from tests.support.factories import register
from tests.support.factories import second_factor_login
from tests.support.leaks import Timeline
from tests.support.leaks import assert_frames_hide
from tests.support.leaks import assert_payload_hides
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tests.support.leaks import tile_pairs
from tournaments import series as series_services
from tournaments import tasks as tournament_tasks

VARIANTS = {"hand_size": 5, "rounds": 2}  # four seats on a double-6 set, with a boneyard
API = "/api/v1"
KNOWN_PARAMETERS = {
    "game_id",
    "username",
    "dispute_id",
    "seq",
    "tournament_id",
    "series_id",
    "slug",
}


def get_paths() -> list[str]:
    """Every GET path under /api/v1/ of the published schema, e.g. /api/v1/games/{game_id}."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        path for path, item in schema["paths"].items() if path.startswith(API) and "get" in item
    )


class Viewer:
    def __init__(self, name: str, client: APIClient, seat: int | None, staff: bool = False):
        self.name, self.client, self.seat, self.staff = name, client, seat, staff


def urls_for(
    paths: list[str],
    *,
    gid: str,
    seq: int,
    usernames: list[str],
    dispute: int | None,
    tournament: int,
    series: int,
    team: str,
):
    """Concrete URLs for every GET path: each path parameter filled with real objects (a
    ``{slug}`` is a team's: the players' team)."""
    out = []
    for path in paths:
        names = set(re.findall(r"{(\w+)}", path))
        unknown = names - KNOWN_PARAMETERS
        assert not unknown, (
            f"{path}: teach tests/hardening/test_leaks.py which objects {sorted(unknown)} "
            "should name, so the leak test covers this endpoint too"
        )
        if "dispute_id" in names and dispute is None:
            continue
        for username in usernames if "username" in names else [None]:
            url = (
                path.replace("{game_id}", gid)
                .replace("{seq}", str(seq))
                .replace("{dispute_id}", str(dispute))
                .replace("{tournament_id}", str(tournament))
                .replace("{series_id}", str(series))
                .replace("{slug}", team)
            )
            if username is not None:
                url = url.replace("{username}", username)
            out.append((path, url))
            if path == f"{API}/games":
                out += [(path, f"{url}?mine=1"), (path, f"{url}?status=active")]
            if path.endswith("/events"):
                out += [(path, f"{url}?after={max(seq - 3, 0)}")]
    return out


def read_body(r):
    """The answer as data: JSON decoded, a CSV download (the standings export) as its rows."""
    if not r.content:
        return None
    if r["Content-Type"].startswith("text/csv"):
        return list(csv.reader(io.StringIO(r.content.decode("utf-8"))))
    return r.json()


def sweep(viewers: list[Viewer], urls: list, timeline: Timeline, gid: str, seen: set):
    """GET every URL as every viewer and check what comes back."""
    for v in viewers:
        for path, url in urls:
            r = v.client.get(url)
            assert r.status_code < 500, (v.name, url, r.status_code)
            body = read_body(r)
            seen.add((path, url.split("?")[0], r.status_code))
            if url.startswith(f"{API}/audit/") and not v.staff:
                # Staff only: refused to everyone else.
                assert r.status_code in (401, 403), (v.name, url, r.status_code, body)
                if v.client._credentials:
                    assert body["code"] == "staff_only", (v.name, url, body)
                assert not leaked(body, timeline.now(v.seat))
                continue
            if url.startswith(f"{API}/audit/") and r.status_code == 403:
                # Staff at a table of their own: no hidden information while it is played.
                assert body["code"] == "own_game", (v.name, url, body)
            if r.status_code != 200:
                assert not leaked(body, timeline.now(v.seat)), (v.name, url, body)
                continue
            if url.startswith(f"{API}/games/{gid}/record"):
                timeline.assert_record_hides(body, v.seat)
            elif url.startswith(f"{API}/account/export"):
                # The export holds this game's record as the viewer's seat sees it: each deal
                # against what was hidden when it was dealt (the tiles are dealt again every
                # round, so against "now" a past deal of one's own would look like a leak).
                records = [g.pop("record") for g in body["games"] if g["id"] == gid]
                for record in records:
                    if record is not None:
                        timeline.assert_record_hides(record, v.seat)
                assert_payload_hides(body, timeline, v.seat, f"{v.name} GET {url}")
            else:
                assert_payload_hides(body, timeline, v.seat, f"{v.name} GET {url}")


def tournament_table(people: list, organizer) -> tuple[int, str]:
    """A one-table tournament of ``people`` and a bot, started: its id and its game's id."""
    users = [User.objects.get(username=p.username) for p in people]
    users.append(bot_account_get_or_create(strategy="random"))
    tournament = new_tournament(
        organizer,
        name="leak cup",
        starts_in=timedelta(minutes=5),
        rounds=1,
        variants={"set_max": 6, **VARIANTS},
        time_control={"kind": "correspondence", "days_per_move": 3},
    )
    register(tournament, users)
    clock.advance(timedelta(minutes=6))
    tournament_tasks.tick.run()
    clock.advance(timedelta(hours=1))  # past the table's ready window: the tick starts it
    tournament_tasks.tick.run()
    game = Game.objects.get(tournament_table__round__tournament=tournament)
    assert game.status == "active"
    return tournament.pk, str(game.id)


def session_client(user) -> APIClient:
    client = APIClient()
    if user.is_staff:
        second_factor_login(client, user)
    else:
        client.force_login(user)
    return client


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)  # the bot moves once each move commits
@pytest.mark.heavy(240)  # seconds, loaded machine
def test_no_api_answer_shows_a_viewer_a_hidden_tile_during_whole_games(frozen_clock):
    """Three people and a bot play a tournament's table (so the tournament's pages show this
    game too) of two rounds; before each move every viewer reads every GET endpoint."""
    ana, bo, cy, dee = player("ana"), player("bo"), player("cy"), player("dee")
    User.objects.filter(username="cy").update(is_staff=True)  # staff, but playing this game
    organizer = User.objects.create_user("org", password="x", is_staff=True)
    tournament, gid = tournament_table([ana, bo, cy], organizer)
    series = series_services.series_create(
        user=organizer,
        name="leak series",
        rule="FREQ=DAILY",
        dtstart=clock.now() + timedelta(hours=2),
        lead_hours=24,
    )
    # The players' team (its page, members and chat): ana leads, bo and cy are members.
    leader = User.objects.get(username="ana")
    team = team_services.team_create(user=leader, name="Leak team")
    for member in ("bo", "cy"):
        team_services.team_join(team_id=team.pk, user=User.objects.get(username=member))
    chat_services.chat_post_team(team=team.slug, user=leader, body="we play at 8")
    seat_of = {s.user.username: s.index for s in Game.objects.get(pk=gid).seats.all()}
    bot = next(name for name in seat_of if name not in ("ana", "bo", "cy"))
    viewers = [
        Viewer("ana", ana, seat_of["ana"]),
        Viewer("bo", bo, seat_of["bo"]),
        # Staff reach the staff endpoints by the session only (accounts.permissions).
        Viewer("cy", session_client(User.objects.get(username="cy")), seat_of["cy"], staff=True),
        Viewer("dee", dee, None),  # signed in, not playing
        Viewer("anonymous", APIClient(), None),
    ]
    people = {seat_of[c.username]: c for c in (ana, bo, cy)}
    paths = get_paths()
    timeline = Timeline(gid).sync()
    dispute = None
    seen: set = set()
    moves = 0
    while (game := Game.objects.get(pk=gid)).status == "active":
        urls = urls_for(
            paths,
            gid=gid,
            seq=game.version,
            usernames=["ana", "dee", bot],
            dispute=dispute,
            tournament=tournament,
            series=series.pk,
            team=team.slug,
        )
        if moves % 3:  # every move: what is about this game; every third: everything
            urls = [(p, u) for p, u in urls if gid in u or "tournament" in u]
        sweep(viewers, urls, timeline, gid, seen)
        mover = people[game.to_move]
        st = state(mover, gid)
        r = post_move(mover, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]})
        assert r.status_code == 201, r.json()
        timeline.sync()
        # The answer to a move is checked as the mover's: its events, then the bot's.
        timeline.assert_events_hide(r.json()["events"], game.to_move)
        moves += 1
        if dispute is None:
            r = ana.post(
                f"{API}/disputes",
                {
                    "game": gid,
                    "category": "other",
                    "reason": "slow play",
                    "against": [seat_of["bo"]],
                },
                format="json",
            )
            assert r.status_code == 201, r.json()
            dispute = r.json()["id"]
    assert game.status == "finished"
    assert game.round == 2
    assert moves >= 10
    # Every GET path was asked, and the game's own ones answered.
    assert {path for path, _, _ in seen} == set(paths)
    answered = {url for _, url, status in seen if status == 200}
    for action in ("", "/state", "/events", "/record"):
        assert f"{API}/games/{gid}{action}" in answered
    # The analysis waits for the end (game_not_finished) for every viewer, staff included.
    analysis = f"{API}/games/{gid}/analysis"
    assert {status for _, url, status in seen if url == analysis} == {409}


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_no_socket_message_shows_a_seat_or_a_spectator_a_hidden_tile(layer):
    """Three people (one moving over the socket, one over REST, one through the service) and a
    bot play two rounds; every seat's socket, a signed-in spectator's and an anonymous one's are
    checked message by message, a resync in the middle included."""
    ana, bo, cy, dee = [await rt.db(rt.player, n) for n in ("ana", "bo", "cy", "dee")]
    gid = await rt.db(_table, ana, [bo, cy])
    tokens = {0: ana.token, 1: bo.token, 2: cy.token, "dee": dee.token, "anonymous": None}
    sockets, messages = {}, {}
    seat_of = {0: 0, 1: 1, 2: 2, "dee": None, "anonymous": None}
    users = [ana, bo, cy]
    turns = 0
    try:
        for key, key_token in tokens.items():
            sockets[key], first = await rt.synced(gid, token=key_token)
            messages[key] = [first]
        while (who := await rt.db(rt.mover, gid, users)) is not None:
            st = await rt.db(rt.state_for, gid, who)
            body = {"move": st["legal_moves"][0], "expected_seq": st["seq"]}
            if who is ana:
                await sockets[0].send_json_to({"command": "move", "id": turns, **body})
                while (m := await rt.receive(sockets[0]))["type"] != "move.accepted":
                    assert m["type"] != "error", m
                    messages[0].append(m)
            elif who is bo:
                r = await rt.db(
                    rt.rest_move, bo, gid, {**body["move"], "expected_seq": body["expected_seq"]}
                )
                assert r.status_code == 201, r.json()
            else:
                await rt.db(services.game_move, game_id=gid, user=cy, **body)
            turns += 1
            if turns == 6:  # a viewer reconnects mid-game and resyncs from an old seq
                await sockets["dee"].disconnect()
                sockets["dee"], payload = await rt.synced(gid, after=2, token=dee.token)
                messages["dee"].append(payload)
                messages[1].append(await _probe_error(sockets[1], gid, bo, messages[1]))
            for key, comm in sockets.items():
                await _drain(comm, messages[key])
        for key, comm in sockets.items():
            await _drain(comm, messages[key])
    finally:
        for comm in sockets.values():
            await rt.close(comm)

    assert turns >= 10
    for key, received in messages.items():
        seat = seat_of[key]
        hidden = await rt.db(hidden_in_game, gid, seat)
        final = len(hidden) - 1
        frames = []
        for m in received:
            if m["type"] == "error":  # it names no tile but the one the client asked for
                asked = tile_pairs({"tile": m.pop("asked")})
                assert set(tile_pairs(m)) <= set(asked), m
            else:
                frames.append(m)
        assert_frames_hide(frames, hidden, label=key, types={"events"})
        seen = {e["seq"] for m in frames for e in m["events"]}
        assert seen == set(range(1, final + 1)), key  # every event reached every viewer
        assert received[-1]["status"] == "finished", key


def _table(creator, others) -> str:
    game = services.game_create(
        user=creator, players=4, variants={"set_max": 6, "hand_size": 5, "rounds": 2}
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    services.game_add_bot(game_id=game.id, user=creator, strategy="random")
    services.game_start(game_id=game.id, user=creator)
    return str(game.id)


async def _drain(comm, out: list) -> None:
    """Collect whatever the socket has sent by now."""
    while not await comm.receive_nothing(timeout=0.05):
        out.append(await rt.receive(comm))


async def _probe_error(comm, gid: str, user, out: list) -> dict:
    """Ask to play a tile the player does not hold (another's): return the refusal (with the
    tile asked for), keeping the messages that came before it in ``out``."""
    st = await rt.db(rt.state_for, gid, user)
    mine = {tuple(t) for t in st["view"]["hand"]} if st["view"] else set()
    hidden = await rt.db(hidden_in_game, gid, st["seat"])
    other = sorted(hidden[-1] - mine)[0]
    move = {"action": "play", "tile": list(other), "train": "mexican"}
    await comm.send_json_to({"command": "move", "id": "probe", "move": move})
    while True:
        m = await rt.receive(comm)
        if m.get("id") != "probe":
            out.append(m)
            continue
        assert m["type"] == "error", m
        assert m["status"] in (400, 409), m
        return {**m, "asked": list(other)}
