"""Rate limits and caps: how often an address or a player may do what costs, and how many sockets
and open tables they may hold.

One counter per (scope, caller, window) in Django's cache: Redis when REDIS_URL is set, so every
web process counts together; local memory otherwise (the embedded default, one process). The
counter is a fixed window incremented atomically (``cache.add`` then ``cache.incr``), so
concurrent requests, even in several processes, never slip past the limit together; the price is
that a caller may make up to twice the rate across the boundary of two windows.

Scopes and their rates are in ``settings.RATE_LIMITS`` (env ``RATE_LIMIT_<SCOPE>``, e.g.
``RATE_LIMIT_LOGIN=10/min``); ``RATE_LIMITS_ENABLED`` (env ``RATE_LIMITS=0``) turns every one
off, for benchmarks and load tests. Anonymous callers are counted by address (REMOTE_ADDR, or
the client address the ``NUM_PROXIES`` trusted proxies put in X-Forwarded-For); signed-in ones
by user id.

A limit that cannot be checked because the cache is down lets the request through (and logs
it): the database is the truth, and a Redis outage must not stop play. After one failed cache
call a process leaves the cache alone for ``CACHE_AWAY_SECONDS``: a frozen Redis costs every
call its socket timeout (1 s), and a move checks more than one limit.

Sockets (``SocketLimits``): each socket's commands are counted in its own process (a socket
lives in one), ``socket_commands`` per window; a socket over it gets a 429 error message and
stays open, one that sends more than ``ABUSE_FACTOR`` times its rate in one window is closed
with 1008 (policy violation). Sockets per user (``SOCKETS_PER_USER``) and per client address
(``SOCKETS_PER_ADDRESS``) are capped across processes: a socket holds one numbered slot of each
in the cache, added with ``cache.add`` (so two sockets never take the same one) and a TTL its
process refreshes while the socket lives, deleted on disconnect; a process that dies without
disconnecting frees its slots when they expire. A socket over a cap is closed with 4429 after a
429 error message.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import time
import unicodedata

from channels.db import database_sync_to_async
from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

from core.error_messages import localized
from core.error_messages import scope_language
from core.errors import ApplicationError
from core.errors import CoreError
from core.outages import FailureLog

log = logging.getLogger(__name__)
failures = FailureLog(log)  # one line an interval while the cache is away

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
KEY_PREFIX = "ratelimit"
CACHE_AWAY_SECONDS = 5.0
# A window's count outlives the window by this much in the cache (its key names the window, so
# a later window never reads it). The tests pin the clock (``_now``) and lengthen this with it:
# a count that expired in real time while the pinned window went on let a slow burst through.
EXPIRY_SLACK_SECONDS = 1
_cache_away_until = 0.0  # time.monotonic() until which this process does not ask the cache


def cache_usable() -> bool:
    """Whether to ask the cache now: not within CACHE_AWAY_SECONDS of a failed call."""
    return time.monotonic() >= _cache_away_until


def cache_failed() -> None:
    """Note a failed cache call: the limits are not checked for CACHE_AWAY_SECONDS."""
    global _cache_away_until
    _cache_away_until = time.monotonic() + CACHE_AWAY_SECONDS


def parse_rate(rate: str) -> tuple[int, int]:
    """Parse ``"10/min"``, ``"20/s"``, ``"100/5m"`` into (requests, seconds per window)."""
    try:
        count, period = rate.strip().split("/")
        period = period.strip().lower()
        digits = period.rstrip("abcdefghijklmnopqrstuvwxyz")
        unit = period[len(digits) :][:1]
        return int(count), int(digits or 1) * PERIODS[unit]
    except (ValueError, KeyError):
        raise ValueError(f"bad rate {rate!r}: expected N/s, N/min, N/hour, N/day") from None


def _now() -> float:
    """The wall clock, shared by every process (tests pin it to stay inside one window)."""
    return time.time()


def enabled() -> bool:
    return bool(settings.RATE_LIMITS_ENABLED)


def rate_for(scope: str) -> tuple[int, int] | None:
    """Return the (requests, seconds) limit of ``scope``, or None if it has none."""
    rate = settings.RATE_LIMITS.get(scope)
    return parse_rate(rate) if rate else None


def hit(scope: str, ident: str) -> float | None:
    """Count one request of ``ident`` in ``scope``; return the seconds to wait if it is over
    the limit, else None."""
    if not enabled():
        return None
    limit = rate_for(scope)
    if limit is None:
        return None
    allowed, duration = limit
    now = _now()
    window = int(now // duration)
    key = f"{KEY_PREFIX}:{scope}:{ident}:{window}"
    if not cache_usable():
        return None
    try:
        if cache.add(key, 1, timeout=duration + EXPIRY_SLACK_SECONDS):
            count = 1
        else:
            try:
                count = cache.incr(key)
            except ValueError:  # expired between add and incr: a new window
                cache.add(key, 1, timeout=duration + EXPIRY_SLACK_SECONDS)
                count = 1
    except Exception as exc:  # noqa: BLE001 — a cache outage must not stop play (module doc)
        cache_failed()
        failures.failed(f"rate limit {scope} check", exc)
        return None
    if count <= allowed:
        return None
    return max((window + 1) * duration - now, 0.001)


def retry_after(wait: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(wait))


class Throttled(ApplicationError):
    """Too many requests (429): ``{"code": "throttled", "detail", "retry_after"}``."""

    status = 429

    def __init__(self, wait: float) -> None:
        seconds = retry_after(wait)
        super().__init__(
            CoreError.THROTTLED,
            f"Too many requests; try again in {seconds} s.",
            extra={"retry_after": seconds},
        )
        self.wait = seconds


class ScopedRateThrottle(BaseThrottle):
    """A DRF throttle for one scope of ``settings.RATE_LIMITS``: per user when signed in, per
    address otherwise. DRF then answers 429 ``throttled`` with Retry-After (core.api).

    ``methods``, when set, are the only ones counted (a view whose GET and POST cost apart);
    ``user_scope``, when set, is the scope of signed-in callers (a higher limit)."""

    scope = ""
    user_scope = ""
    methods: frozenset[str] | None = None

    def allow_request(self, request, view) -> bool:
        self._wait = None
        if self.methods is not None and request.method not in self.methods:
            return True
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            scope, ident = self.user_scope or self.scope, f"user:{user.pk}"
        else:
            scope, ident = self.scope, f"ip:{self.get_ident(request)}"
        self._wait = hit(scope, ident)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


class LoginRateThrottle(ScopedRateThrottle):
    """Password checks (token and session login): per address, against password guessing."""

    scope = "login"


class RegisterRateThrottle(ScopedRateThrottle):
    """New accounts: per address, against mass sign-ups."""

    scope = "register"


class AccountExportRateThrottle(ScopedRateThrottle):
    """Data exports (GET /api/v1/account/export): per player, as each reads every game."""

    scope = "account_export"


class ReceiptCheckRateThrottle(ScopedRateThrottle):
    """Receipt checks (POST /api/v1/games/<id>/receipts): per address when anonymous, per user
    signed in; each reads a game's log and checks signatures."""

    scope = "receipt_check"


class MoveRateThrottle(ScopedRateThrottle):
    """Moves over REST: per player, shared with the socket's moves (``check_move``)."""

    scope = "moves"


class ReadRateThrottle(ScopedRateThrottle):
    """Heavy reads (records, events, audit steps, standings, the lobby): per address when
    anonymous (``reads``), per user, higher, when signed in (``reads_user``)."""

    scope = "reads"
    user_scope = "reads_user"
    methods = frozenset({"GET", "HEAD"})


class TableCreateRateThrottle(ScopedRateThrottle):
    """New tables (POST /games): per player, against flooding the lobby."""

    scope = "table_create"
    methods = frozenset({"POST"})


class DisputeMessageRateThrottle(ScopedRateThrottle):
    """Dispute messages and new disputes (whose reason is the first message): per user."""

    scope = "dispute_message"
    methods = frozenset({"POST"})


class SocketTicketRateThrottle(ScopedRateThrottle):
    """Socket tickets (POST /auth/socket-ticket): per user."""

    scope = "socket_ticket"


def open_tables_cap() -> int | None:
    """Return how many open tables a player may have created at once, or None (no cap)."""
    if not enabled():
        return None
    return settings.OPEN_TABLES_PER_USER or None


def check_move(user) -> None:
    """Count a move made over the socket against the same limit as REST moves; raise
    ``Throttled`` (the socket's error message, status 429) when over it."""
    wait = hit(MoveRateThrottle.scope, f"user:{user.pk}")
    if wait is not None:
        raise Throttled(wait)


# -- the staff door: password checks per address and failures per username ------------------------

LOGIN_USERNAME_SCOPE = "login_username"
LOGIN_USERNAME_ALL_SCOPE = "login_username_all"
# Failed password checks of one username from one address. Counting them per username alone let
# anyone lock anyone out: five wrong passwords from anywhere refused the right one from
# everywhere, the owner's address included, for as long as somebody kept sending them. Now a
# guesser bars only their own address from that account. A success does not reset the count:
# the one who succeeded may not be the one who failed (one address, many people behind it).
DEFAULT_LOGIN_USERNAME_RATE = "5/15m"
# Failed checks of one username from every address together: past this ceiling (an attack spread
# over many addresses) guessing slows to one try per address that has not failed yet (each
# failure bars its address as above), while an address without a failure (the owner's) still
# signs in, and the second factor still follows the password.
DEFAULT_LOGIN_USERNAME_ALL_RATE = "30/15m"


def _limit(scope: str, default: str) -> tuple[int, int]:
    return rate_for(scope) or parse_rate(default)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _login_keys(username: str, address: str) -> tuple[tuple[str, int], tuple[str, int], float]:
    """Return (key, window) of the failures of ``username`` from ``address`` and of ``username``
    from everywhere in their current windows, and the seconds left in the first. The name is
    folded (NFKC, case) as logins match it, and hashed with the address, so any string a client
    sends makes a short, safe key."""
    folded = unicodedata.normalize("NFKC", username.strip()).casefold()
    now = _now()
    keys = []
    for scope, default, ident in (
        (LOGIN_USERNAME_SCOPE, DEFAULT_LOGIN_USERNAME_RATE, f"{folded}\x00{address}"),
        (LOGIN_USERNAME_ALL_SCOPE, DEFAULT_LOGIN_USERNAME_ALL_RATE, folded),
    ):
        _, duration = _limit(scope, default)
        window = int(now // duration)
        keys.append((f"{KEY_PREFIX}:{scope}:{_digest(ident)}:{window}", duration))
    _, duration = keys[0]
    left = max((int(now // duration) + 1) * duration - now, 0.001)
    return keys[0], keys[1], left


def client_address(request) -> str:
    """A request's client address as every limit reads it: the entry the ``NUM_PROXIES``
    trusted proxies put in X-Forwarded-For, else the peer (a client cannot forge it); empty
    when there is no request."""
    return LoginRateThrottle().get_ident(request) if request is not None else ""


# The address the login limits count a password check under.
login_address = client_address


def check_login_username(username: str, address: str) -> None:
    """Raise ``Throttled`` if ``address`` may not try ``username``'s password now: it used up
    its failures for that account, or the account is past its ceiling and this address has
    failed once already. Checked before the password, so a refused guess is never tested."""
    if not enabled() or not cache_usable():
        return
    (own_key, _), (all_key, _), left = _login_keys(username, address)
    allowed, _ = _limit(LOGIN_USERNAME_SCOPE, DEFAULT_LOGIN_USERNAME_RATE)
    ceiling, _ = _limit(LOGIN_USERNAME_ALL_SCOPE, DEFAULT_LOGIN_USERNAME_ALL_RATE)
    try:
        counts = cache.get_many([own_key, all_key])
    except Exception:  # noqa: BLE001 — a cache outage must not stop logins (see module doc)
        cache_failed()
        log.warning("rate limit %s not checked: the cache is unavailable", LOGIN_USERNAME_SCOPE)
        return
    own, everyone = counts.get(own_key, 0), counts.get(all_key, 0)
    if own >= allowed or (everyone >= ceiling and own >= 1):
        raise Throttled(left)


def login_username_failed(username: str, address: str) -> None:
    """Count one failed password check of ``username`` from ``address`` (and from everywhere)."""
    if not enabled() or not cache_usable():
        return
    own, everyone, _ = _login_keys(username, address)
    try:
        for key, duration in (own, everyone):
            if not cache.add(key, 1, timeout=duration + EXPIRY_SLACK_SECONDS):
                try:
                    cache.incr(key)
                except ValueError:  # expired between add and incr: a new window
                    cache.add(key, 1, timeout=duration + EXPIRY_SLACK_SECONDS)
    except Exception:  # noqa: BLE001 — a cache outage must not stop logins (see module doc)
        cache_failed()
        log.warning("rate limit %s not counted: the cache is unavailable", LOGIN_USERNAME_SCOPE)


def check_login_address(request) -> None:
    """Count one password check from ``request``'s client address in the ``login`` scope (the
    same counter as ``LoginRateThrottle``: the API's token and session logins, the admin's
    login); raise ``Throttled`` when over it. ``request`` may be Django's or DRF's."""
    wait = hit(LoginRateThrottle.scope, f"ip:{LoginRateThrottle().get_ident(request)}")
    if wait is not None:
        raise Throttled(wait)


# -- sockets -------------------------------------------------------------------------------------

ABUSE_FACTOR = 5  # a socket sending this many times its command rate in one window is closed
SLOT_TTL = 60  # seconds a socket slot outlives its last refresh (a dead process's sockets)
SLOT_REFRESH = SLOT_TTL / 3
CLOSE_TOO_MANY_SOCKETS = 4429  # over the per-user or per-address cap (4000 + HTTP 429)
CLOSE_POLICY_VIOLATION = 1008  # sustained command flooding (RFC 6455)


def socket_address(scope) -> str | None:
    """Return a socket's client address as DRF's ``get_ident`` reads a request's: the entry
    the ``NUM_PROXIES`` trusted proxies put in X-Forwarded-For, else the peer; None if neither
    is known (a Unix socket without a proxy)."""
    proxies = settings.NUM_PROXIES
    if proxies:
        for name, value in scope.get("headers") or ():
            if name == b"x-forwarded-for":
                hops = [a.strip() for a in value.decode("latin1").split(",") if a.strip()]
                if hops:
                    return hops[-min(proxies, len(hops))]
    client = scope.get("client")
    return str(client[0]) if client else None


class CommandWindow:
    """One socket's commands in fixed windows of ``socket_commands``, counted in its process."""

    def __init__(self) -> None:
        self.window = -1
        self.count = 0
        self.closed = False  # closed for flooding

    def hit(self) -> tuple[float | None, bool]:
        """Count one command; return (seconds to wait or None, whether the socket abuses)."""
        if not enabled():
            return None, False
        limit = rate_for("socket_commands")
        if limit is None:
            return None, False
        allowed, duration = limit
        now = _now()
        window = int(now // duration)
        if window != self.window:
            self.window, self.count = window, 0
        self.count += 1
        if self.count <= allowed:
            return None, False
        wait = max((window + 1) * duration - now, 0.001)
        return wait, self.count > ABUSE_FACTOR * allowed


class SocketSlots:
    """The cache slots one socket holds: one of its user's and one of its address's."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.keys: list[str] = []

    def claim(self, kind: str, ident: str, cap: int) -> bool:
        """Take a free slot among ``cap`` of ``kind:ident``; False if all are held."""
        keys = self.slot_keys(kind, ident, cap)
        held = cache.get_many(keys)
        for key in keys:
            if key not in held and cache.add(key, self.owner, timeout=SLOT_TTL):
                self.keys.append(key)
                return True
        return False

    @staticmethod
    def slot_keys(kind: str, ident: str, cap: int) -> list[str]:
        """The cache keys of the ``cap`` slots of ``kind:ident``."""
        return [f"{KEY_PREFIX}:sockets:{kind}:{ident}:{i}" for i in range(cap)]

    def refresh(self) -> None:
        """Keep this socket's slots for another ``SLOT_TTL``."""
        for key in self.keys:
            if not cache.touch(key, SLOT_TTL):  # expired (a cache restart): take it back
                cache.add(key, self.owner, timeout=SLOT_TTL)

    def release(self) -> None:
        """Free the slots this socket still holds (never one another socket took since)."""
        for key in self.keys:
            if cache.get(key) == self.owner:
                cache.delete(key)
        self.keys = []


def _claim_slots(slots: SocketSlots, user, address: str | None) -> bool:
    """Claim ``slots`` for a new socket of ``user`` from ``address``; False if over a cap."""
    caps = []
    if user is not None and user.is_authenticated:
        caps.append(("user", str(user.pk), settings.SOCKETS_PER_USER))
    if address:
        caps.append(("ip", address, settings.SOCKETS_PER_ADDRESS))
    if not cache_usable():
        return True
    try:
        for kind, ident, cap in caps:
            if cap and not slots.claim(kind, ident, cap):
                slots.release()
                return False
    except Exception as exc:  # noqa: BLE001 — a cache outage must not stop play (module doc)
        cache_failed()
        failures.failed("checking socket caps in the cache", exc)
    return True


def _quietly(func):
    """Run a slot operation; a cache outage is logged, not raised (see module doc)."""
    if not cache_usable():
        return
    try:
        func()
    except Exception as exc:  # noqa: BLE001
        cache_failed()
        failures.failed("updating socket slots in the cache", exc)


class SocketLimits:
    """Mixin for a socket consumer: the per-user and per-address socket caps at connect, and
    the per-socket command rate in its dispatch.

    ``await self.limits_connect()`` first thing in ``connect`` (False: the socket was refused
    and closed); ``await self.limits_disconnect()`` in ``disconnect``; ``await
    self.limits_command(message_id)`` before handling a client message (False: it was refused,
    already answered or the socket closed)."""

    _slots: SocketSlots | None = None
    _slot_task: asyncio.Task | None = None
    _commands: CommandWindow | None = None

    async def limits_connect(self) -> bool:
        self._commands = CommandWindow()
        if not enabled():
            return True
        slots = SocketSlots(self.channel_name)
        # In the thread pool: the cache is synchronous, and the user may be loaded from the
        # session (the database) when first asked whether it is signed in.
        ok = await database_sync_to_async(_claim_slots, thread_sensitive=False)(
            slots, self.scope.get("user"), socket_address(self.scope)
        )
        if not ok:
            await self.accept()  # before closing: a close before accept loses its code
            await self.send_json(
                {
                    "type": "error",
                    "status": 429,
                    **localized(
                        {
                            **Throttled(SLOT_TTL).as_dict(),
                            "detail": "Too many open sockets; close one or try again later.",
                        },
                        scope_language(self.scope),
                    ),
                }
            )
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return False
        if slots.keys:
            self._slots = slots
            self._slot_task = asyncio.ensure_future(self._hold_slots())
        return True

    async def _hold_slots(self) -> None:
        """Refresh this socket's slots while it lives (its process dying lets them expire)."""
        while self._slots is not None:
            await asyncio.sleep(SLOT_REFRESH)
            if self._slots is not None:
                await database_sync_to_async(_quietly, thread_sensitive=False)(self._slots.refresh)

    async def limits_disconnect(self) -> None:
        task, self._slot_task = self._slot_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        slots, self._slots = self._slots, None
        if slots is not None:
            await database_sync_to_async(_quietly, thread_sensitive=False)(slots.release)

    async def limits_command(self, message_id=None) -> bool:
        if self._commands is None:
            self._commands = CommandWindow()
        wait, abusive = self._commands.hit()
        if wait is None:
            return True
        if abusive or self._commands.closed:
            if not self._commands.closed:  # frames already on their way get no answer
                self._commands.closed = True
                await self.close(code=CLOSE_POLICY_VIOLATION)
            return False
        body = localized(Throttled(wait).as_dict(), scope_language(self.scope))
        out = {"type": "error", "status": 429, **body}
        if message_id is not None:
            out["id"] = message_id
        await self.send_json(out)
        return False
