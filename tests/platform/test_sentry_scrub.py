"""Error reports (core.sentry) carry no hidden tile and no credential.

Sentry's SDK runs for real, with a transport of the test's own that keeps each envelope. An
engine failure is injected in the middle of a game — after the real engine has stepped, with
every hand and the boneyard in the failing frame's local variables and its message — on each
path an error can take: an HTTP move (the view), a bot's Celery task, and a socket command
(the consumer). Every envelope is then searched, as sent: by the leak oracle
(tests/support/leaks.py) over its JSON, and as text for every hidden tile in any notation and
for every credential the request carried. The same failure with the scrubber left out shows
that the search can fail.
"""

from __future__ import annotations

import json
from itertools import chain

import pytest
from django.conf import settings
from rest_framework.test import APIClient
from sentry_sdk.envelope import Envelope
from sentry_sdk.transport import Transport

from core import sentry
from games import automatic
from games import engine
from games import services
from games import tasks
from games.models import Game
from tests.realtime.helpers import PASSWORD
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import session_cookie
from tests.realtime.helpers import state_for
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tests.support.marks import marked

DSN = "https://public@sentry.invalid/1"


class Kept(Transport):
    """A transport that sends nothing and keeps every envelope."""

    envelopes: list[Envelope] = []

    def capture_envelope(self, envelope: Envelope) -> None:
        Kept.envelopes.append(envelope)


@pytest.fixture
def reports():
    """Sentry on, reporting to a list: each report's serialized envelope (bytes)."""
    Kept.envelopes = []
    assert sentry.setup({}, dsn=DSN, transport=Kept)
    sent: list[bytes] = []
    yield sent, Kept.envelopes
    sentry.shutdown()


@pytest.fixture
def unscrubbed():
    """Sentry on without the scrubber (the control)."""
    Kept.envelopes = []
    sentry.setup({}, dsn=DSN, transport=Kept, before_send=None, before_breadcrumb=None)
    yield Kept.envelopes
    sentry.shutdown()


class EngineBroke(RuntimeError):
    pass


def exploding_step(real_step):
    """``step`` that runs the real engine, then fails with the hands and boneyard in its local
    variables and its message, as an engine bug would leave them."""

    def step(state, command):
        events = real_step(state, command)
        hands = [sorted(h) for h in state.hands]
        boneyard = list(state.boneyard[state.bpos :])
        mine = sorted(state.hands[state.to_move or 0])
        raise EngineBroke(
            f"engine broke after {len(events)} events; hand {mine}, {hands}, {boneyard[:3]}"
        )

    return step


def payloads(envelopes: list[Envelope]) -> list[dict]:
    out = []
    for envelope in envelopes:
        for item in envelope.items:
            data = item.payload.json
            if data is not None:
                out.append(data)
    return out


def texts(envelopes: list[Envelope]) -> str:
    return "\n".join(e.serialize().decode("utf-8", "replace") for e in envelopes)


def every_hidden_tile(gid) -> set:
    """Every tile hidden from a spectator at any point of the game so far: every hand and the
    boneyard, as dealt and as they went."""
    return set(chain.from_iterable(hidden_in_game(gid, None)))


def notations(t) -> list[str]:
    a, b = t
    return [
        f"{o}{x}{sep}{y}{c}"
        for x, y in ((a, b), (b, a))
        for sep in (", ", ",")
        for o, c in (("[", "]"), ("(", ")"))
    ]


def assert_clean(envelopes, gid, secrets: list[str]) -> None:
    assert envelopes, "no report was sent"
    hidden = every_hidden_tile(gid)
    assert hidden
    for data in payloads(envelopes):
        assert not leaked(data, hidden), leaked(data, hidden)
    text = texts(envelopes)
    shown = [n for t in hidden for n in notations(t) if n in text]
    assert not shown, shown
    for secret in secrets:
        assert secret not in text, secret


def two_player_game(ana, bo) -> str:
    game = services.game_create(user=ana, players=2, variants={"set_max": 6, "rounds": 1})
    services.game_join(game_id=game.id, user=bo)
    services.game_start(game_id=game.id, user=ana)
    return str(game.id)


def the_mover(gid, users):
    game = Game.objects.get(pk=gid)
    return next(u for u in users if u.id == game.seats.get(index=game.to_move).user_id)


def secrets_of(*users, game=None) -> list[str]:
    out = [PASSWORD, settings.SECRET_KEY]
    out += [u.token for u in users]
    if settings.SIGNING_KEY:
        out.append(settings.SIGNING_KEY if isinstance(settings.SIGNING_KEY, str) else "")
    if game is not None:
        out += [s for s in (game.seed, game.server_seed) if s]
    return [s for s in out if s]


def http_move_failing(gid, ana, bo, monkeypatch):
    """POST the mover's first legal move with its token, a session cookie and a password in
    the body, while the engine fails; return the mover and its session id."""
    user = the_mover(gid, [ana, bo])
    monkeypatch.setattr("games.services.step", exploding_step(engine.step))
    moves = state_for(gid, user)["legal_moves"]
    move = next((m for m in moves if "tile" in m), moves[0])  # a tile of its hand, if it can
    session = session_cookie(user)
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
    client.cookies["sessionid"] = session
    response = client.post(
        f"/api/v1/games/{gid}/moves", {**move, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 500, response.content
    return user, session


@pytest.mark.django_db
def test_a_view_error_report_shows_no_hidden_tile_and_no_credential(reports, monkeypatch):
    _, envelopes = reports
    ana, bo = player("ana"), player("bo")
    gid = two_player_game(ana, bo)
    _, session = http_move_failing(gid, ana, bo, monkeypatch)

    events = [p for p in payloads(envelopes) if p.get("exception")]
    assert events, "the view's error was not reported"
    frames = [
        f for p in events for v in p["exception"]["values"] for f in v["stacktrace"]["frames"]
    ]
    assert any(f.get("function") == "game_move" and f.get("vars") for f in frames)
    assert any(p.get("request", {}).get("data") for p in events)  # the body, scrubbed
    assert_clean(envelopes, gid, [*secrets_of(ana, bo, game=Game.objects.get(pk=gid)), session])


@pytest.mark.django_db
def test_without_the_scrubber_the_same_report_would_leak(unscrubbed, monkeypatch):
    ana, bo = player("ana"), player("bo")
    gid = two_player_game(ana, bo)
    http_move_failing(gid, ana, bo, monkeypatch)
    with pytest.raises(AssertionError):
        assert_clean(unscrubbed, gid, [])


@pytest.mark.django_db
def test_a_task_error_report_shows_no_hidden_tile_and_no_credential(reports, monkeypatch):
    _, envelopes = reports
    ana = player("ana")
    game = services.game_create(user=ana, players=2, variants={"set_max": 6, "rounds": 1})
    services.game_add_bot(game_id=game.id, user=ana, strategy="random")
    monkeypatch.setattr(automatic, "step", exploding_step(engine.step))
    services.game_start(game_id=game.id, user=ana)
    game.refresh_from_db()
    gid = str(game.id)
    while game.seats.get(index=game.to_move).user_id == ana.id:  # until the bot is to move
        move = state_for(gid, ana)["legal_moves"][0]
        services.game_move(game_id=gid, user=ana, move=move)
        game.refresh_from_db()
    assert game.seats.get(index=game.to_move).user_id != ana.id
    envelopes.clear()  # the in-process runs of the bot's turn, logged; now Celery's own

    with pytest.raises(EngineBroke):  # eager runs propagate (CELERY_TASK_EAGER_PROPAGATES)
        tasks.play_automatic.apply(args=(gid, game.version), throw=True)

    events = [p for p in payloads(envelopes) if p.get("exception")]
    assert events, "the task's error was not reported"
    assert any(
        v.get("mechanism", {}).get("type") == "celery"
        for p in events
        for v in p["exception"]["values"]
    ), [v.get("mechanism") for p in events for v in p["exception"]["values"]]
    assert_clean(envelopes, gid, secrets_of(ana, game=game))


@pytest.fixture
def layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@marked(*SOCKET_TEST)
async def test_a_socket_error_report_shows_no_hidden_tile_and_no_credential(reports, monkeypatch):
    _, envelopes = reports
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(two_player_game, ana, bo)
    user = await db(the_mover, gid, [ana, bo])
    moves = (await db(state_for, gid, user))["legal_moves"]
    move = next((m for m in moves if "tile" in m), moves[0])
    monkeypatch.setattr("games.services.step", exploding_step(engine.step))
    async with Sockets() as sockets:
        comm, _ = await sockets.connected(gid, token=user.token)
        await comm.send_json_to({"command": "move", "id": 1, "move": move})
        answer = await comm.receive_json_from(timeout=5)
        assert answer["type"] == "error", answer
        assert answer["status"] == 500, answer
        assert json.dumps(answer).find("engine broke") < 0

    events = [p for p in payloads(envelopes) if p.get("exception")]
    assert events, "the socket command's error was not reported"
    game = await db(Game.objects.get, pk=gid)
    await db(assert_clean, envelopes, gid, secrets_of(ana, bo, game=game))


def test_sentry_is_off_without_a_dsn():
    assert not sentry.setup({})
    assert not sentry.enabled()
    app = object()
    assert sentry.wrap_asgi(app) is app


def test_the_scrubber_filters_tiles_and_secrets_wherever_they_are():
    sentry.register_hidden_keys(["hand"])
    event = {
        "request": {
            "headers": {"Authorization": "Token abc123", "Cookie": "sessionid=xyz"},
            "query_string": "ticket=t1ck3t&page=2",
            "data": '{"password": "hunter2", "tile": [6, 4]}',
        },
        "extra": {"mine": [[6, 4], [3, 1]], "hand": "anything", "n": 7, "ok": [1, 2, 3]},
        "message": "Bearer sekrit and (5, 2) and [0,0]",
    }
    out = json.dumps(sentry.before_send(event, {}))
    for shown in (
        "abc123",
        "xyz",
        "t1ck3t",
        "hunter2",
        "sekrit",
        "6, 4",
        "3, 1",
        "(5, 2)",
        "[0,0]",
    ):
        assert shown not in out, shown
    assert "page=2" in out
    assert '"n": 7' in out
    assert "[1, 2, 3]" in out
