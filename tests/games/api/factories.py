"""Players and tables of the games API tests, driven over HTTP (the leak oracle they check
answers against: tests/support/leaks.py)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from rest_framework.test import APIClient

from eventstore import store
from games.models import Game
from games.models import stream_name
from games.projections import GAME_FIELDS

PASSWORD = "pw-correct-horse-1"
GAMES = "/api/v1/games"
SMALL_4 = {"set_max": 6, "hand_size": 5}  # 4 players on a double-6 set, with a boneyard


def player(name: str) -> APIClient:
    """Register ``name`` through the API; return a client authenticated as them."""
    client = APIClient()
    r = client.post(
        "/api/v1/auth/register", {"username": name, "password": PASSWORD}, format="json"
    )
    assert r.status_code == 201, r.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    client.username = name
    client.user_id = r.json()["id"]
    return client


def url(gid: str, action: str = "") -> str:
    return f"{GAMES}/{gid}/{action}" if action else f"{GAMES}/{gid}"


def create(client: APIClient, players: int, **body: Any) -> dict:
    r = client.post(GAMES, {"players": players, **body}, format="json")
    assert r.status_code == 201, r.json()
    return r.json()


def table(
    creator: APIClient,
    others: list[APIClient] = (),
    *,
    players: int | None = None,
    bots: int = 0,
    strategy: str = "random",
    variants: dict | None = None,
    start: bool = True,
) -> str:
    """Open a table, seat ``others`` in order then ``bots`` bots, start it; return its id."""
    players = players or 1 + len(others) + bots
    game = create(creator, players, variants={"set_max": 6, "rounds": 1, **(variants or {})})
    gid = game["id"]
    for c in others:
        r = c.post(url(gid, "join"))
        assert r.status_code == 200, r.json()
    for _ in range(bots):
        r = creator.post(url(gid, "bots"), {"strategy": strategy}, format="json")
        assert r.status_code == 201, r.json()
    if start:
        r = creator.post(url(gid, "start"))
        assert r.status_code == 200, r.json()
    return gid


def state(client: APIClient, gid: str) -> dict:
    r = client.get(url(gid, "state"))
    assert r.status_code == 200, r.json()
    return r.json()


def post_move(client: APIClient, gid: str, body: dict, key: str | None = None):
    extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(url(gid, "moves"), body, format="json", **extra)


def game_row(gid: str) -> Game:
    return Game.objects.get(pk=gid)


def version(gid: str) -> int:
    return store.version(stream_name(gid))


def log_seqs(gid: str) -> list[int]:
    """Return the seqs stored for a game, straight from the event table."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq FROM eventstore_event WHERE stream = %s ORDER BY seq", [stream_name(gid)]
        )
        return [row[0] for row in cursor.fetchall()]


def projections(gid: str) -> dict:
    """Return a game's projected fields and its seats' resignation times."""
    g = game_row(gid)
    out = {f: getattr(g, f) for f in GAME_FIELDS}
    out["resigned_at"] = [s.resigned_at for s in g.seats.order_by("index")]
    return out
