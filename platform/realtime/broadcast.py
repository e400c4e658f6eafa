"""Send messages to channel groups once a transaction has committed."""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import logging
import os
import threading
import time
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import InMemoryChannelLayer
from channels.layers import channel_layers
from channels.layers import get_channel_layer
from django.db import transaction

from core import tracing
from core.outages import FailureLog
from realtime.layers import group_host

log = logging.getLogger(__name__)
failures = FailureLog(log)  # one line an interval while the channel layer is away


BROADCASTING = "broadcasting to the channel layer"


def _kind(layer, group: str) -> str:
    """The failure kind of a send to ``group``: with several Redis servers (CHANNEL_REDIS_URLS)
    each is a kind of its own, or while one of them is away the groups that live on the
    others would log the layer as back, then gone again, batch after batch."""
    index, count = group_host(layer, group)
    return BROADCASTING if count == 1 else f"{BROADCASTING}'s Redis {index + 1} of {count}"


async def _send_all(layer, messages: Mapping[str, dict[str, Any]]) -> None:
    await _send_batches(layer, [messages])


async def _send_in_order(layer, group: str, messages: list[dict[str, Any]]) -> None:
    async with asyncio.timeout(SEND_TIMEOUT):  # a Redis that hangs loses only its groups'
        for message in messages:
            await layer.group_send(group, message)


async def _send_batches(layer, batches: list[Mapping[str, dict[str, Any]]]) -> None:
    """Send the batches' messages: each group's in the order they were posted, the groups at
    once (each group's messages are all a socket listening to it needs in order)."""
    by_group: dict[str, list[dict[str, Any]]] = {}
    for batch in batches:
        for group, message in batch.items():
            by_group.setdefault(group, []).append(message)
    results = await asyncio.gather(
        *(_send_in_order(layer, group, messages) for group, messages in by_group.items()),
        return_exceptions=True,
    )
    outcomes: dict[str, Exception | None] = {}  # by kind: the first failure, or None
    for group, result in zip(by_group, results, strict=True):
        kind = _kind(layer, group)
        if isinstance(result, Exception):
            outcomes[kind] = outcomes.get(kind) or result
        else:
            outcomes.setdefault(kind, None)
    for kind, exc in outcomes.items():
        if exc is not None:  # clients resync a lost update; never fail a move
            failures.failed(kind, exc)
        else:
            failures.succeeded(kind)
    if not any(outcomes.values()):
        failures.succeeded(BROADCASTING)  # after a batch that failed whole (_SenderLoop)


class _SenderLoop:
    """One event loop in a daemon thread of this process, for sending to a Redis channel layer
    from synchronous code. ``async_to_sync`` outside a server (a Celery worker, the embedded
    task runner, a command) makes a new loop — and so a new Redis connection — per call, which
    cost a bot's move more than the move itself; this loop keeps its connections.

    A request does not wait for its send: ``post`` queues the messages and one coroutine on the
    loop sends what is queued, all of it at once, each group's messages in the order they were
    posted (a game's sockets each listen to one group, so they hear its updates in order).
    A group's sends that fail or take over ``SEND_TIMEOUT`` are logged and dropped (clients
    resync a lost update); past ``MAX_QUEUED`` waiting batches (Redis gone for long) new ones
    are dropped too. At exit the queue is given ``DRAIN_SECONDS`` to empty."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0
        self._lock = threading.Lock()
        self._layer = None
        self._for = None
        self._queue: asyncio.Queue | None = None
        self._task: asyncio.Task | None = None
        self._pending = 0  # batches posted and not yet sent (read from any thread)
        self._idle = True  # on the loop: the sender is not sending anything it has taken

    def layer_for(self, default):
        """A layer instance of this loop's own, configured as ``default``: its connections
        belong to this loop only (closing the default layer elsewhere leaves them alone)."""
        with self._lock:
            if self._for is not default:
                self._layer, self._for = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER), default
            return self._layer

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():  # a forked child starts afresh
                self._loop = asyncio.new_event_loop()
                self._pid = os.getpid()
                self._queue = None
                self._task = None
                self._pending = 0
                threading.Thread(
                    target=self._loop.run_forever, name="broadcast-loop", daemon=True
                ).start()
                atexit.register(self.shutdown, DRAIN_SECONDS)
            return self._loop

    def run(self, coro, timeout: float) -> None:
        asyncio.run_coroutine_threadsafe(coro, self.loop()).result(timeout)

    def post(self, default, messages: Mapping[str, dict[str, Any]]) -> None:
        """Queue ``messages`` for sending on the loop, after every batch posted before."""
        loop = self.loop()
        with self._lock:
            if self._pending >= MAX_QUEUED:
                failures.failed(
                    "queueing a broadcast", RuntimeError(f"queue full ({self._pending} batches)")
                )
                return
            self._pending += 1
        loop.call_soon_threadsafe(self._enqueue, default, dict(messages))

    def _enqueue(self, default, messages) -> None:  # on the loop
        if self._queue is None:
            self._queue = asyncio.Queue()
            self._task = asyncio.get_running_loop().create_task(self._sender(self._queue))
        self._queue.put_nowait((default, messages))

    def nothing_pending(self) -> bool:
        """True if every batch this process posted has been sent or given up (any thread)."""
        return self._pending <= 0 or self._pid != os.getpid()

    def after(self, callback: Callable[[], None], at_most: float) -> None:
        """Call ``callback`` (on the loop: it must not block) once every batch posted before
        it has been sent or given up, or after ``at_most`` seconds, whichever comes first."""
        loop = self.loop()
        once = _Once(callback)
        loop.call_soon_threadsafe(self._enqueue_after, once, at_most)

    def _enqueue_after(self, once: _Once, at_most: float) -> None:  # on the loop
        once.timer = asyncio.get_running_loop().call_later(at_most, once)
        if self._queue is None or (self._queue.empty() and self._idle):
            once()  # nothing posted before it is still waiting
            return
        self._queue.put_nowait((None, once))

    async def _sender(self, queue: asyncio.Queue) -> None:
        """Send what is queued: every batch waiting for the same layer at once (see
        ``_send_batches``), so that a busy process's broadcasts do not queue one round trip
        behind another (at 100 tables they did: every update arrived late, and one from the
        worker overtook it)."""
        while True:
            taken = [await queue.get()]
            while not queue.empty() and len(taken) < MAX_BATCHES_AT_ONCE:
                taken.append(queue.get_nowait())
            self._idle = False
            batches_taken = sum(1 for layer, _ in taken if layer is not None)
            try:
                start = 0
                for end in range(1, len(taken) + 1):  # runs of batches for the same layer
                    if end == len(taken) or taken[end][0] is not taken[start][0]:
                        if taken[start][0] is None:  # after(): what was posted before is sent
                            for _, once in taken[start:end]:
                                once()
                            start = end
                            continue
                        layer = self.layer_for(taken[start][0])
                        batches = [messages for _, messages in taken[start:end]]
                        try:
                            await _send_batches(layer, batches)
                        except Exception as exc:  # clients resync a lost update
                            failures.failed(BROADCASTING, exc)
                        start = end
            finally:
                self._idle = True
                with self._lock:
                    self._pending -= batches_taken

    def shutdown(self, seconds: float) -> None:
        """At exit: send what is queued (up to ``seconds``), then end the sender coroutine and
        stop the loop, so no pending task is left to be reported at interpreter shutdown."""
        loop = self._loop
        if loop is None or self._pid != os.getpid() or not loop.is_running():
            return
        self.drain(seconds)
        stopped = threading.Event()

        def stop() -> None:  # on the loop: the cancellation runs before the stop
            if self._task is not None:
                self._task.cancel()
            loop.call_soon(loop.stop)
            loop.call_soon(stopped.set)

        loop.call_soon_threadsafe(stop)
        stopped.wait(1.0)

    def drain(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for every posted batch to be sent; True if they were."""
        deadline = time.monotonic() + seconds
        while self._pending > 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        return self._pending <= 0


_SENDER = _SenderLoop()
SEND_TIMEOUT = 5.0
MAX_QUEUED = 10_000
MAX_BATCHES_AT_ONCE = 200  # sent together by the sender loop
DRAIN_SECONDS = 2.0
AFTER_SENT_AT_MOST = 0.5  # after_sent: a channel layer that is slow or away holds nothing long


def send_now(messages: Mapping[str, dict[str, Any]]) -> None:
    """Send each message to its group now (from synchronous code). With channels-redis's
    pub/sub layer, published from this thread (``_Direct``); else, or while that Redis fails,
    queued on the process's sender loop (see ``_SenderLoop``: the caller does not wait); with
    the in-memory layer (one process, tests), ``async_to_sync``, which runs on the loop its
    consumers run on. A failed send is logged: clients resync a lost update."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    with tracing.span("realtime.broadcast", groups=len(messages)):
        _send_now(layer, messages)


class _Direct:
    """Publishing to the pub/sub layer from the thread that committed, before it goes on.

    A web process's sender loop (``_SenderLoop``) is a thread of its own, and under load it
    waits for the interpreter behind the event loop and the database threads: at 500 tables
    its broadcasts went out seconds late (delivery p50 4.4 s), and a bot's answer from the
    worker, submitted meanwhile, overtook them, so that every socket at the table saw a gap and
    read it from the database. A ``PUBLISH`` is one round trip; made here, the update is in
    Redis before the caller submits what follows from it (at 500 tables: delivery p50 76 ms,
    1.6× the moves/s). channels-redis has no synchronous API, so this publishes what its
    pub/sub layer would (``realtime.layers.pubsub_target``, its serializer) with redis-py.

    Not from a thread running an event loop (it would block it), nor while batches posted
    before still wait in the sender loop (it would overtake them). A Redis that fails or does
    not answer within ``TIMEOUT`` sends the rest through the sender loop, which retries and
    logs, and so does every broadcast for ``BACKOFF`` seconds after."""

    TIMEOUT = 0.25
    BACKOFF = 1.0

    def __init__(self) -> None:
        self._clients: dict[tuple[int, str], Any] = {}
        self._lock = threading.Lock()
        self._until = 0.0  # no direct publishing before this (time.monotonic())

    def send(self, layer, messages: Mapping[str, dict[str, Any]]) -> bool:
        """Publish ``messages`` now, or post what is left to the sender loop; False if this
        path does not apply (nothing was sent)."""
        from realtime.layers import pubsub_target

        if time.monotonic() < self._until or not _SENDER.nothing_pending():
            return False
        try:
            asyncio.get_running_loop()
            return False  # async code: never block its loop
        except RuntimeError:
            pass
        by_host: dict[str, list[tuple[str, str]]] = {}
        for group in messages:
            target = pubsub_target(layer, group)
            if target is None:
                return False
            by_host.setdefault(target[0], []).append((target[1], group))
        # One round trip a host (a pipeline, not a transaction): a move's update goes to
        # three or four groups, and each reply waited for is the interpreter lock given up
        # and asked for again behind the event loop and the other database threads.
        hosts = list(by_host.items())
        for i, (url, published) in enumerate(hosts):
            try:
                pipe = self._client(url).pipeline(transaction=False)
                for name, group in published:
                    pipe.publish(name, layer.serialize(messages[group]))
                pipe.execute()
            except Exception as exc:  # noqa: BLE001 — the sender loop retries and logs
                self._until = time.monotonic() + self.BACKOFF
                log.debug("direct publish failed, the sender loop takes over: %s", exc)
                left = [g for _, rest in hosts[i:] for _, g in rest]
                _SENDER.post(layer, {g: messages[g] for g in left})
                return True
        return True

    def _client(self, url: str):
        import redis

        key = (os.getpid(), url)
        client = self._clients.get(key)
        if client is None:
            with self._lock:
                client = self._clients.get(key) or redis.Redis.from_url(
                    url, socket_timeout=self.TIMEOUT, socket_connect_timeout=self.TIMEOUT
                )
                self._clients[key] = client
        return client


_DIRECT = _Direct()


def _send_now(layer, messages: Mapping[str, dict[str, Any]]) -> None:
    try:
        if isinstance(layer, InMemoryChannelLayer):
            async_to_sync(_send_all)(layer, messages)
        elif not _DIRECT.send(layer, messages):
            _SENDER.post(layer, messages)
    except Exception as exc:  # noqa: BLE001 — clients resync a lost update
        failures.failed(BROADCASTING, exc)


class _Once:
    """A callback called at most once (by the sender, or by its time limit), in the context
    it was handed over in (the request id and the trace travel with what it sets off)."""

    def __init__(self, callback: Callable[[], None]) -> None:
        self._callback = callback
        self._context = contextvars.copy_context()
        self._done = False
        self.timer: asyncio.TimerHandle | None = None

    def __call__(self) -> None:
        if self._done:
            return
        self._done = True
        if self.timer is not None:
            self.timer.cancel()
        try:
            self._context.run(self._callback)
        except Exception:  # noqa: BLE001 — what it sets off has a sweeper of its own
            log.exception("a callback after a broadcast failed")


def after_sent(callback: Callable[[], None], at_most: float = AFTER_SENT_AT_MOST) -> None:
    """Call ``callback`` once every message this process has posted so far has gone to the
    channel layer (sent, or given up), or after ``at_most`` seconds, whichever comes first; at
    once where sends are not queued (the in-memory layer sends as it is asked).

    What a move sets off in another process — a bot's move in the worker — reaches the
    sockets after the move's own update, not before it: a worker that answers sooner than a
    busy web process sends its broadcast made every socket at the table see a gap, hold the
    bot's update and read the missing one from the database (a third of a web process's time
    at 500 tables). ``callback`` runs on the sender's loop: it must not block (``core.tasks``'
    ``submit`` to a broker queues the task for its own thread)."""
    layer = get_channel_layer()
    if layer is None or isinstance(layer, InMemoryChannelLayer) or _SENDER.nothing_pending():
        _Once(callback)()
        return
    try:
        _SENDER.after(callback, at_most)
    except Exception as exc:  # noqa: BLE001 — no loop to wait on: call it now
        log.warning("could not wait for the broadcasts: %s", exc)
        _Once(callback)()


def sent(timeout: float = SEND_TIMEOUT) -> bool:
    """Wait until every message this process posted has been sent (tests, commands)."""
    return _SENDER.drain(timeout)


def send_on_commit(build: Callable[[], Mapping[str, dict[str, Any]]]) -> None:
    """Build and send group messages after the current transaction commits (never before: a
    client told of an event must be able to read it)."""
    transaction.on_commit(lambda: send_now(build()))
