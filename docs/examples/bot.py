"""A bot that plays one Mexican Train game over the platform's socket; copy it and make it smarter.

    pip install websockets
    MT_URL=http://127.0.0.1:8000 MT_TOKEN=<api token> python bot.py [GAME_ID]

MT_TOKEN is an API token (POST /api/v1/auth/token, or the one /api/v1/auth/register returns).
With GAME_ID the bot plays its seat there; without, it opens a casual table of --players seats
(double-6, --rounds rounds), fills it with the platform's greedy bots and starts it. The token
never goes in a URL: each connection takes a single-use ticket (POST /api/v1/auth/socket-ticket).
Protocol: docs/api/asyncapi.yaml. On its turn it plays the highest tile it may, else draws,
else stops or passes. It exits 0 when the game ends, printing the final scores.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

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


def api(base, token, method, path, body=None):
    """Call the REST API; return its JSON answer. 429 and 503 wait and try again."""
    data = json.dumps(body).encode() if body is not None else None
    for attempt in range(6):
        req = urllib.request.Request(base + "/api/v1" + path, data, method=method)
        req.add_header("Authorization", f"Token {token}")
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as exc:
            answer = exc.read().decode(errors="replace")[:300]
            if exc.code not in (429, 503) or attempt == 5:
                raise SystemExit(f"{method} {path}: {exc.code} {answer}") from None
            time.sleep(float(exc.headers.get("Retry-After") or 2))


def new_game(base, token, players, rounds):
    """Open a casual table, seat the platform's bots and start it; return its id."""
    variants = {"set_max": 6, "rounds": rounds}
    game = api(base, token, "POST", "/games", {"players": players, "variants": variants})
    for _ in range(players - 1):
        api(base, token, "POST", f"/games/{game['id']}/bots", {"strategy": "greedy"})
    api(base, token, "POST", f"/games/{game['id']}/start")
    return game["id"]


def choose(moves):
    """The highest-pip play, else a draw, else stop or pass (or the engine, when it is asked)."""
    plays = [m for m in moves if m["action"] == "play"]
    if plays:
        return max(plays, key=lambda m: (sum(m["tile"]), m["train"] == "mexican"))
    for action in ("engine", "draw", "stop", "pass"):
        for move in moves:
            if move["action"] == action:
                return move
    return None


def play(base, token, game_id):
    """Play until the game ends; return its last view. Reconnects when the socket drops."""
    ws_url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}/"
    seq, backoff, sent = 0, 1.0, None
    while True:
        try:  # a fresh ticket for each connection: it is good once
            ticket = api(base, token, "POST", "/auth/socket-ticket")["ticket"]
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
                        move = choose(msg["legal_moves"])
                        if move is not None:
                            key = f"{game_id}:{seq}:{uuid.uuid4().hex[:8]}"
                            sent = {"command": "move", "id": key, "move": move}
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
        except (OSError, InvalidStatus) as exc:  # the server is away (or restarting)
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
    game_id = args.game or new_game(base, args.token, args.players, args.rounds)
    print(f"playing {base}/games/{game_id}")
    last = play(base, args.token, game_id)
    view = last["view"] or {}
    print(f"game {last['status']}; I was seat {last['seat']}")
    for seat, total in enumerate(view.get("totals", [])):
        place = view.get("result", {}).get("places", [None] * (seat + 1))[seat]
        print(f"  seat {seat}: {total} points, place {place}")


if __name__ == "__main__":
    main()
