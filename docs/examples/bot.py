"""A bot that plays one Mexican Train game over the platform's socket; copy it and make it smarter.

    pip install ./docs/examples/client websockets    # the typed client, from the repository
    MT_URL=http://127.0.0.1:8000 MT_TOKEN=<api token> python docs/examples/bot.py [GAME_ID]

MT_TOKEN is an API token (POST /api/v1/auth/token, or the one /api/v1/auth/register returns).
With GAME_ID the bot plays its seat there; without, it opens a casual table of --players seats
(double-6, --rounds rounds), fills it with the platform's greedy bots and starts it. The token
never goes in a URL: each connection takes a single-use ticket (POST /api/v1/auth/socket-ticket).
REST calls go through mexican_train_client, the client generated from docs/api/openapi.yaml
(docs/bots/client.md); the socket's protocol is docs/api/asyncapi.yaml, and its moves and view
are read with the client's models. On its turn it plays the highest tile it may, else draws,
else stops or passes. It exits 0 when the game ends, printing the final scores.
"""

import argparse
import json
import os
import sys
import time
import uuid

import httpx
from mexican_train_client import AuthenticatedClient
from mexican_train_client.api.accounts import auth_socket_ticket
from mexican_train_client.api.games import games_bots_create
from mexican_train_client.api.games import games_create
from mexican_train_client.api.games import games_start_create
from mexican_train_client.models import GameBotsInputRequest
from mexican_train_client.models import GameListInputRequest
from mexican_train_client.models import Move
from mexican_train_client.models import VariantsRequest
from mexican_train_client.models import View
from websockets.exceptions import ConnectionClosed
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

ENDED = ("finished", "abandoned", "void")
# Closes not worth reconnecting after; any other (1006 dropped, 1013 try again later, 4429 too
# many sockets) reconnects with backoff.
FATAL = {
    4401: "signed out (token revoked or expired)",
    4403: "not allowed to watch",
    4404: "no game",
}


def say(text):
    print(text, file=sys.stderr, flush=True)


def call(operation, client, **kwargs):
    """Call one of the client's operations; return its parsed answer. 429 and 503 wait and try
    again; any other error (an ApiError: `code`, `detail`) stops the bot."""
    for attempt in range(6):
        answer = operation.sync_detailed(client=client, **kwargs)
        if answer.status_code < 400:
            return answer.parsed
        if answer.status_code not in (429, 503) or attempt == 5:
            name = operation.__name__.rsplit(".", 1)[-1]
            raise SystemExit(f"{name}: {answer.status_code} {answer.content[:300]!r}")
        time.sleep(float(answer.headers.get("Retry-After") or 2))


def new_game(client, players, rounds):
    """Open a casual table, seat the platform's bots and start it; return its id."""
    variants = VariantsRequest(set_max=6, rounds=rounds)
    game = call(games_create, client, body=GameListInputRequest(players=players, variants=variants))
    greedy = GameBotsInputRequest(strategy="greedy")
    for _ in range(players - 1):
        call(games_bots_create, client, game_id=game.id, body=greedy)
    call(games_start_create, client, game_id=game.id)
    return str(game.id)


def choose(moves):
    """The highest-pip play, else a draw, else stop or pass (or the engine, when it is asked)."""
    plays = [m for m in moves if m.action == "play"]
    if plays:
        return max(plays, key=lambda m: (sum(m.tile), m.train == "mexican"))
    for action in ("engine", "draw", "stop", "pass"):
        for move in moves:
            if move.action == action:
                return move
    return None


def play(base, client, game_id):
    """Play until the game ends; return its last view. Reconnects when the socket drops."""
    ws_url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}/"
    seq, backoff, sent = 0, 1.0, None
    while True:
        try:  # a fresh ticket for each connection: it is good once
            ticket = call(auth_socket_ticket, client).ticket
            # Origin: sockets open only from the site's own origin.
            with connect(f"{ws_url}?ticket={ticket}", origin=base, open_timeout=10) as ws:
                ws.send(json.dumps({"command": "sync", "after": seq}))  # what I missed, the view
                while True:
                    try:
                        msg = json.loads(ws.recv(timeout=5))
                    except TimeoutError:  # quiet: a ping says whether an update was missed
                        ws.send(json.dumps({"command": "ping"}))
                        continue
                    backoff = 1.0
                    kind = msg["type"]
                    if kind == "hello" and msg["seat"] is None:
                        say("this account holds no seat here: watching only")
                    elif kind == "pong" and msg.get("seq", seq) > seq:
                        ws.send(json.dumps({"command": "sync", "after": seq}))
                    elif kind == "events":
                        seq = msg["seq"]
                        if msg["status"] in ENDED:
                            return msg
                        move = choose([Move.from_dict(m) for m in msg["legal_moves"]])
                        if move is not None:
                            key = f"{game_id}:{seq}:{uuid.uuid4().hex[:8]}"
                            sent = {"command": "move", "id": key, "move": move.to_dict()}
                            sent.update(expected_seq=seq, idempotency_key=key)
                            ws.send(json.dumps(sent))
                    elif kind == "error":
                        status = msg.get("status")
                        say(f"error {status} {msg.get('code')}: {msg.get('detail')}")
                        if status in (429, 503):  # wait, then the same move (same key) again
                            time.sleep(float(msg.get("retry_after") or 2))
                            if sent is not None and msg.get("id") == sent["id"]:
                                ws.send(json.dumps(sent))
                                continue
                        ws.send(json.dumps({"command": "sync", "after": seq}))  # 409 stale etc.
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            if code in FATAL:
                raise SystemExit(f"socket closed {code}: {FATAL[code]}") from None
            say(f"socket closed ({code}); reconnecting in {backoff:.0f} s")
        # The server is away (or restarting): the socket's errors, and the client's (httpx).
        except (OSError, InvalidStatus, httpx.TransportError) as exc:
            say(f"cannot connect ({exc}); retrying in {backoff:.0f} s")
        time.sleep(backoff)
        backoff = min(backoff * 2, 30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="a game id (default: open a new table)")
    parser.add_argument("--url", default=os.environ.get("MT_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("MT_TOKEN"))
    parser.add_argument("--players", type=int, default=3, help="seats of a new table (2-8)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of a new table")
    args = parser.parse_args()
    if not args.token:
        parser.error("give an API token: MT_TOKEN or --token")
    base = args.url.rstrip("/")
    # API tokens go in `Authorization: Token <key>` (the client's default prefix is Bearer).
    client = AuthenticatedClient(base_url=base, token=args.token, prefix="Token", timeout=30)
    game_id = args.game or new_game(client, args.players, args.rounds)
    print(f"playing {base}/games/{game_id}")
    last = play(base, client, game_id)
    print(f"game {last['status']}; I was seat {last['seat']}")
    if last["view"] is not None:
        view = View.from_dict(last["view"])
        places = view.result.places if view.result else [None] * view.seats
        for seat, total in enumerate(view.totals):
            print(f"  seat {seat}: {total} points, place {places[seat]}")


if __name__ == "__main__":
    main()
