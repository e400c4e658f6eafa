"""Players, tables and leak checks for the games API tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db import connection
from eventstore import store
from rest_framework.test import APIClient

from games.domain import fold
from games.engine.tiles import tile
from games.engine.views import hidden_tiles
from games.models import Game, stream_name

PASSWORD = "pw-correct-horse-1"
GAMES = "/api/v1/games"
SMALL_4 = {"set_max": 6, "hand_size": 5}  # 4 players on a double-6 set, with a boneyard
MOVE_TYPES = {"EnginePlaced", "TileDrawn", "TilePlayed", "TurnPassed", "TurnStopped"}
TILE_KEYS = {"tile", "hand", "hands", "tiles", "boneyard", "drawn"}


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
    fields = (
        "status",
        "version",
        "head_hash",
        "round",
        "to_move",
        "result",
        "started_at",
        "finished_at",
    )
    out = {f: getattr(g, f) for f in fields}
    out["resigned_at"] = [s.resigned_at for s in g.seats.order_by("index")]
    return out


# -- hidden information ------------------------------------------------------------------------


def tile_pairs(obj: Any, under: bool = False) -> Iterator[tuple[int, int]]:
    """Yield every ``[a, b]`` of ints found under a key that holds tiles."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from tile_pairs(value, under or key in TILE_KEYS)
    elif isinstance(obj, list):
        if (
            under
            and len(obj) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in obj)
        ):
            yield tile(*obj)
        else:
            for item in obj:
                yield from tile_pairs(item, under)


def leaked(payload: Any, hidden: set) -> set:
    return {t for t in tile_pairs(payload) if t in hidden}


class Timeline:
    """The tiles each seat may not see after every event of a game's log."""

    def __init__(self, gid: str) -> None:
        self.stream = stream_name(gid)
        self.state = None
        self.hidden: list[tuple[set, ...] | None] = [None]  # by seq

    def sync(self) -> Timeline:
        for e in store.read(self.stream, after=len(self.hidden) - 1):
            self.state = fold([e], self.state)
            s = self.state
            self.hidden.append(
                tuple(hidden_tiles(s, i) for i in [*range(s.seats), None])
                if s is not None
                else None
            )
        return self

    def at(self, seq: int, seat: int | None) -> set:
        """Return what ``seat`` (None: a spectator) may not see just after event ``seq``."""
        found = self.hidden[seq]
        if found is None:
            return set()
        return found[-1] if seat is None else found[seat]

    def now(self, seat: int | None) -> set:
        return self.at(len(self.hidden) - 1, seat)

    def assert_view_hides(self, payload: Any, seat: int | None) -> None:
        """A payload about the present (state, game) shows none of the seat's hidden tiles."""
        assert not leaked(payload, self.now(seat))

    def assert_events_hide(self, events: list[dict], seat: int | None) -> None:
        """Each event shows none of the tiles hidden from the seat just after it happened."""
        for e in events:
            assert not leaked(e, self.at(e["seq"], seat)), e

    def assert_record_hides(self, record: dict, seat: int | None) -> None:
        """Each deal and move of a record shows none of the tiles hidden from the seat then."""
        assert "seed" not in record
        rounds = iter(record["rounds"])
        current = None
        moves = iter(())
        for e in store.read(self.stream):
            hidden = self.at(e.seq, seat)
            if e.type == "RoundStarted":
                current = next(rounds)
                assert "boneyard" not in current["deal"]
                assert not leaked(current["deal"], hidden), current["deal"]
                moves = iter(current["moves"])
            elif e.type in MOVE_TYPES:
                move = next(moves)
                assert not leaked(move, hidden), move
        assert next(rounds, None) is None
        assert next(moves, None) is None
        rest = {k: v for k, v in record.items() if k != "rounds"}
        assert not leaked(rest, self.now(seat))
