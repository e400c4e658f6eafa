"""The AsyncAPI document of the sockets (docs/api/asyncapi.yaml) stays true to the consumers.

Read from the code: the commands each consumer dispatches equal the document's, every message
``type`` the socket code builds is documented, and so is every close code it uses. Then a
whole game and a tournament page are played over the real ASGI application, and every frame
the server sends must validate against the document's payload for its type, and every server
message the document promises must have been seen.
"""

from __future__ import annotations

import ast
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from config.asgi import application
from tests.realtime.helpers import ORIGIN
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import WebsocketCommunicator
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

REPO = Path(__file__).resolve().parents[2]
DOCUMENT = REPO / "docs" / "api" / "asyncapi.yaml"
# The specification's own JSON Schema, from npm (`make asyncapi-specs`, which `make test` runs).
SPEC_SCHEMA = (
    Path(__file__).resolve().parent
    / "asyncapi/node_modules/@asyncapi/specs/schemas/3.0.0-without-$id.json"
)

GAME_CONSUMER = REPO / "games" / "consumers.py"
TOURNAMENT_CONSUMER = REPO / "tournaments" / "consumers.py"
CHAT_SOCKETS = REPO / "platform" / "chat" / "sockets.py"
THROTTLING = REPO / "platform" / "core" / "throttling.py"
AUTH = REPO / "platform" / "accounts" / "sockets.py"
# The page watchers' base (the tournament and pools sockets): their commands and answers.
PAGE_SOCKETS = REPO / "platform" / "accounts" / "page_sockets.py"

# Where each socket's server messages are built: (module, function or class; None: all of it).
SENDERS = {
    "game": [
        (GAME_CONSUMER, None),
        (CHAT_SOCKETS, None),
        (THROTTLING, "SocketLimits"),
        (REPO / "games" / "selectors.py", "viewer_payload"),  # sync answers and live events
    ],
    "tournament": [
        (TOURNAMENT_CONSUMER, None),
        (PAGE_SOCKETS, "PageWatcher"),
        (CHAT_SOCKETS, "deliver"),
        (THROTTLING, "SocketLimits"),
        (REPO / "tournaments" / "broadcast.py", "update_text"),
    ],
}
# Dict literals with a "type" that never leave the server, each with where it is built.
NOT_SENT = {
    "forbidden": (GAME_CONSUMER, "_hello"),  # _hello's answer for a spectator refused: 4403
}
# The modules whose CLOSE_* constants each socket may close with.
CLOSERS = {
    "game": [GAME_CONSUMER, AUTH, THROTTLING],
    "tournament": [TOURNAMENT_CONSUMER, AUTH, THROTTLING],
}


@cache
def document() -> dict[str, Any]:
    return yaml.safe_load(DOCUMENT.read_text())


def resolve(ref: str) -> Any:
    """Return what a local ``$ref`` ("#/a/b") of the document points at."""
    assert ref.startswith("#/"), f"only local references: {ref}"
    node: Any = document()
    for part in ref[2:].split("/"):
        assert isinstance(node, dict), f"unresolved reference {ref}"
        assert part in node, f"unresolved reference {ref}"
        node = node[part]
    return node


def references(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [r for v in node.values() for r in references(v)]
    if isinstance(node, list):
        return [r for v in node for r in references(v)]
    return []


def payload_ref(channel: str, key: str) -> str:
    """The reference of the payload of the channel's message ``key`` (a component's)."""
    return resolve(f"#/channels/{channel}/messages/{key}")["$ref"] + "/payload"


def documented(channel: str, field: str) -> dict[str, str]:
    """The channel's messages by the constant of their ``field`` (``command`` for a client's,
    ``type`` for the server's): value -> its payload's reference."""
    out = {}
    for key in resolve(f"#/channels/{channel}/messages"):
        ref = payload_ref(channel, key)
        const = resolve(ref)["properties"].get(field, {}).get("const")
        if const is not None:
            assert const not in out, f"two {channel} messages with {field} {const}"
            out[const] = ref
    return out


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def scope(path: Path, name: str | None) -> ast.AST:
    """The module, or its top-level function or class ``name``."""
    module = parsed(path)
    if name is None:
        return module
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == name:
                return node
    raise AssertionError(f"{path.relative_to(REPO)} has no {name}")


def type_literals(node: ast.AST) -> set[str]:
    """The string values of every ``"type"`` key of a dict literal under ``node``."""
    out = set()
    for d in ast.walk(node):
        if isinstance(d, ast.Dict):
            for k, v in zip(d.keys, d.values, strict=True):
                if isinstance(k, ast.Constant) and k.value == "type":
                    assert isinstance(v, ast.Constant), ast.unparse(d)
                    out.add(v.value)
    return out


def method(path: Path, cls: str, name: str) -> ast.AST:
    klass = scope(path, cls)
    assert isinstance(klass, ast.ClassDef)
    for node in klass.body:
        if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) and node.name == name:
            return node
    raise AssertionError(f"{cls} has no {name}")


def dispatch_table(node: ast.AST) -> set[str]:
    """The keys of the one dict literal mapping command names to ``self.<handler>``."""
    tables = [
        d
        for d in ast.walk(node)
        if isinstance(d, ast.Dict)
        and d.keys
        and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in d.keys)
        and all(isinstance(v, ast.Attribute) and ast.unparse(v.value) == "self" for v in d.values)
    ]
    assert len(tables) == 1, [ast.unparse(t) for t in tables]
    return {k.value for k in tables[0].keys if isinstance(k, ast.Constant)}


def compared_commands(node: ast.AST) -> set[str]:
    """The strings ``command`` is compared with (``if command == "ping": ...``)."""
    out = set()
    for c in ast.walk(node):
        if isinstance(c, ast.Compare) and ast.unparse(c.left) == "command":
            for op, right in zip(c.ops, c.comparators, strict=True):
                assert isinstance(op, ast.Eq), ast.unparse(c)
                assert isinstance(right, ast.Constant), ast.unparse(c)
                out.add(right.value)
    return out


def close_constants(path: Path) -> dict[str, int]:
    out = {}
    for node in parsed(path).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.startswith("CLOSE_"):
                    out[target.id] = node.value.value
    return out


# -- the document itself -------------------------------------------------------------------


def test_the_document_is_asyncapi_3_with_every_reference_resolving():
    doc = document()

    assert doc["asyncapi"] == "3.0.0"
    assert set(doc["channels"]) == {"game", "tournament", "pools"}
    for ref in references(doc):
        resolve(ref)
    used = set()
    for name, operation in doc["operations"].items():
        assert operation["action"] in ("send", "receive"), name
        channel = operation["channel"]["$ref"]
        assert channel.startswith("#/channels/"), name
        for part in (operation, operation.get("reply") or {}):
            for message in part.get("messages", []):
                assert message["$ref"].startswith(channel + "/messages/"), (name, message)
                used.add(message["$ref"])
    declared = {
        f"#/channels/{c}/messages/{m}"
        for c in doc["channels"]
        for m in resolve(f"#/channels/{c}/messages")
    }
    assert declared == used, f"messages no operation names: {sorted(declared - used)}"
    for name, message in doc["components"]["messages"].items():
        jsonschema.Draft7Validator.check_schema(message["payload"])
        assert message["payload"]["type"] == "object", name


def test_the_document_validates_against_the_asyncapi_3_0_0_schema():
    if not SPEC_SCHEMA.exists():
        missing = "the AsyncAPI schema is missing: run `make asyncapi-specs` (npm)"
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail(missing, pytrace=False)
        pytest.skip(missing)
    schema = json.loads(SPEC_SCHEMA.read_text())

    errors = list(jsonschema.Draft7Validator(schema).iter_errors(document()))

    assert not errors, [f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5]]


def test_each_channel_address_is_a_route_of_the_asgi_application():
    from config.asgi import websocket_routes

    routes = {str(r.pattern).replace("<uuid:game_id>", "{game_id}") for r in websocket_routes}
    routes = {r.replace("<int:tournament_id>", "{tournament_id}") for r in routes}
    addresses = {"/" + c["address"].lstrip("/") for c in document()["channels"].values()}

    assert {"/" + r for r in routes} == addresses


# -- commands, types and close codes read from the code ---------------------------------------


def test_the_game_socket_documents_exactly_the_commands_it_dispatches():
    from realtime import extensions

    # Its own, and those the apps above it register on it (chat: realtime.extensions).
    dispatched = dispatch_table(method(GAME_CONSUMER, "GameConsumer", "receive"))
    dispatched |= extensions.commands("game")

    assert dispatched == set(documented("game", "command"))


def test_the_tournament_socket_documents_exactly_the_commands_it_answers():
    answered = compared_commands(method(PAGE_SOCKETS, "PageWatcher", "receive"))

    assert answered == set(documented("tournament", "command"))


def test_the_documented_quick_messages_are_the_platforms():
    from games.chat_modes import QUICK_MESSAGES

    chat = resolve(payload_ref("game", "chat"))

    assert chat["properties"]["quick"]["enum"] == list(QUICK_MESSAGES)


@pytest.mark.parametrize("channel", sorted(SENDERS))
def test_every_message_type_the_socket_code_builds_is_documented(channel):
    built = set()
    for path, name in SENDERS[channel]:
        built |= type_literals(scope(path, name))
    for kind, (path, name) in NOT_SENT.items():
        assert kind in type_literals(scope(path, name)), f"{kind} is no longer built: drop it"
    built -= set(NOT_SENT)

    assert built, "no message types found: the scan is broken"
    assert built <= set(documented(channel, "type")), sorted(
        built - set(documented(channel, "type"))
    )


@pytest.mark.parametrize("channel", sorted(CLOSERS))
def test_every_close_code_a_socket_uses_is_documented(channel):
    codes = {c for path in CLOSERS[channel] for c in close_constants(path).values()}
    described = {c["code"] for c in document()["info"]["x-close-codes"]}

    assert codes
    assert codes == set(document()["channels"][channel]["x-close-codes"])
    assert codes <= described


# -- the frames of a real game and tournament page -------------------------------------------


class Checker:
    """Validates each server frame against the document; remembers the types it saw."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.types = documented(channel, "type")
        self.seen: set[str] = set()

    def check(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = message.get("type")
        assert kind in self.types, (
            f"undocumented {self.channel} message: {json.dumps(message)[:300]}"
        )
        schema = {**document(), "$ref": self.types[kind]}
        errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(message), key=str)
        assert not errors, (
            f"{kind} does not match the document: {errors[0].message} at {list(errors[0].absolute_path)}"
        )
        self.seen.add(kind)
        return message

    def client(self, command: dict[str, Any]) -> dict[str, Any]:
        """Check a client command against the document too; return it."""
        ref = documented(self.channel, "command")[command["command"]]
        jsonschema.validate(command, {**document(), "$ref": ref})
        return command


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.usefixtures("layer")
async def test_every_frame_of_a_whole_game_matches_the_document():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, bots=1)
    checker = Checker("game")
    async with Sockets() as sockets:
        # More time for an opponent: a table of two people, the one not to move gives it.
        pair = await db(table, ana, [bo], bots=0)
        giver = ana if await db(mover, pair, [ana, bo]) is bo else bo
        other, _ = await sockets.connected(pair, token=giver.token)
        to_move = (await db(state_for, pair, giver))["view"]["to_move"]
        command = {"command": "more_time", "id": "t", "seat": to_move, "seconds": 15}
        await other.send_json_to(checker.client(command))
        assert checker.check(await receive(other))["type"] == "more_time.accepted"
        await other.disconnect()

        comm, hello = await sockets.connected(gid, token=ana.token)
        checker.check(hello)

        async def ask(command):
            await comm.send_json_to(checker.client(command))
            return checker.check(await receive(comm))

        assert (await ask({"command": "ping", "id": "p"}))["type"] == "pong"
        await comm.send_json_to({"command": "jump"})
        assert checker.check(await receive(comm))["code"] == "bad_message"
        state = await ask({"command": "sync", "after": 0})
        assert state["type"] == "events"

        await comm.send_json_to(checker.client({"command": "chat", "id": "c", "body": "hello"}))
        chat = [checker.check(await receive(comm)) for _ in range(2)]
        assert {m["type"] for m in chat} == {"chat.accepted", "chat"}

        stale = True
        while state["status"] == "active":
            if state["legal_moves"]:
                seq = state["seq"] - 1 if stale else state["seq"]
                move = {"command": "move", "id": f"m{seq}", "move": state["legal_moves"][0]}
                move.update(expected_seq=seq, idempotency_key=f"k{seq}-{stale}")
                await comm.send_json_to(checker.client(move))
            message = checker.check(await receive(comm))
            if message["type"] == "error":
                assert (message["status"], message["code"]) == (409, "stale"), message
                stale = False
                state = await ask({"command": "sync", "after": state["seq"]})
            elif message["type"] == "events":
                state = message
            else:
                assert message["type"] == "move.accepted", message
                while state["seq"] < message["seq"]:
                    state = checker.check(await receive(comm))
        assert state["status"] == "finished"
        assert state["view"]["result"]

    assert checker.seen == set(checker.types)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.usefixtures("layer")
async def test_every_frame_of_a_tournament_page_matches_the_document():
    from chat.services import chat_post_tournament
    from realtime.broadcast import sent as broadcast_sent
    from tests.support.factories import new_tournament
    from tests.support.factories import organizer

    org = await db(organizer)
    tournament = await db(new_tournament, org, format="swiss", table_size=2, rounds=1)
    # The creation's own update is sent by the process's sender loop without waiting (with the
    # Redis layers): let it go out before the socket joins, or it may arrive at any point below
    # (it did once, in place of the chat message).
    assert await db(broadcast_sent)
    headers = [(b"origin", ORIGIN.encode()), (b"host", b"localhost:8000")]
    checker = Checker("tournament")
    async with Sockets() as sockets:
        comm = sockets.keep(
            WebsocketCommunicator(application, f"/ws/tournaments/{tournament.pk}/", headers)
        )
        assert (await comm.connect(timeout=5))[0]
        assert checker.check(await receive(comm))["type"] == "tournament"
        for command, answer in (("ping", "pong"), ("sync", "tournament")):
            await comm.send_json_to(checker.client({"command": command}))
            assert checker.check(await receive(comm))["type"] == answer
        await comm.send_json_to({"command": "chat", "body": "not here"})
        assert checker.check(await receive(comm))["code"] == "bad_message"
        await db(chat_post_tournament, tournament_id=tournament.pk, user=org, body="welcome")
        message = checker.check(await receive(comm))
        assert (message["type"], message["scope"]) == ("chat", "tournament"), message

    assert checker.seen == set(checker.types)
