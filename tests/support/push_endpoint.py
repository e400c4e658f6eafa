"""A push service of the tests' own, on 127.0.0.1, speaking the real protocol to the platform.

``PushEndpoint`` is an HTTP server in a thread of the test process. ``subscription()`` plays a
browser subscribing: it makes a P-256 key pair and a 16-byte auth secret (cryptography), and
returns what ``PushSubscription.toJSON()`` would (an endpoint on this server, the keys in
base64url). Each POST the platform makes to an endpoint is checked as a push service and the
browser would: RFC 8030 (a TTL header), RFC 8292 (``Authorization: vapid t=<JWT>, k=<key>``:
an ES256 JWT whose signature verifies with ``k``, which must be the platform's public key, for
this server's origin, not expired, with a mailto: or https: subject) and RFC 8291 (the
aes128gcm body decrypted with that browser's private key and auth secret, http_ece). What it
decrypted is kept as a ``Received``; what failed a check is kept in ``errors`` and answered 400
or 401. ``answer(endpoint, 503, 410, ...)`` scripts the next answers of one endpoint (default
201), with a Retry-After when asked; ``DROP`` closes the connection without an answer (what a
client meets as a network error).
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass
from dataclasses import field
from http.server import BaseHTTPRequestHandler
from http.server import ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

DROP = 0  # an answer: the connection closed, no status line


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    """One push the endpoint took: which subscription, when, its headers and what it said."""

    path: str
    at: float  # time.monotonic()
    headers: dict[str, str]
    claims: dict[str, Any]
    plaintext: bytes

    @property
    def payload(self) -> dict[str, Any]:
        return json.loads(self.plaintext)


@dataclass
class _Browser:
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    answers: deque = field(default_factory=deque)  # (status, retry_after) to give next
    posts: int = 0


class PushEndpoint:
    """Start with ``with PushEndpoint(public_key) as push:``; ``public_key`` is the platform's
    VAPID public key (base64url), the one a browser would have subscribed with."""

    def __init__(self, vapid_public_key: str) -> None:
        self.vapid_public_key = vapid_public_key
        self.received: list[Received] = []
        self.errors: list[str] = []
        self._browsers: dict[str, _Browser] = {}
        self._lock = threading.Condition()
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                endpoint._post(self)

            def log_message(self, *args) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> PushEndpoint:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # -- the browser's side -------------------------------------------------------------------

    def subscription(self) -> dict[str, Any]:
        """A new browser's subscription (``PushSubscription.toJSON()``)."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        path = f"/push/{secrets.token_urlsafe(16)}"
        with self._lock:
            self._browsers[path] = _Browser(key, auth)
        point = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.origin + path,
            "expirationTime": None,
            "keys": {"p256dh": b64url(point), "auth": b64url(auth)},
        }

    def answer(self, endpoint: str, *statuses: int, retry_after: int | None = None) -> None:
        """Answer the next POSTs to ``endpoint`` with ``statuses``, in order (then 201)."""
        with self._lock:
            browser = self._browsers[urlsplit(endpoint).path]
            browser.answers.extend((status, retry_after) for status in statuses)

    def posts(self, endpoint: str) -> int:
        """How many POSTs ``endpoint`` was sent, whatever it answered."""
        with self._lock:
            return self._browsers[urlsplit(endpoint).path].posts

    def wait(self, count: int = 1, timeout: float = 5.0) -> list[Received]:
        """Wait until ``count`` pushes were taken (or a check failed); return them."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self.received) < count and not self.errors:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._lock.wait(left)
            assert not self.errors, self.errors
            assert len(self.received) >= count, f"{len(self.received)} of {count} pushes came"
            return list(self.received)

    def wait_posts(self, endpoint: str, count: int, timeout: float = 5.0) -> None:
        """Wait until ``endpoint`` was sent ``count`` POSTs, whatever it answered."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._browsers[urlsplit(endpoint).path].posts < count:
                left = deadline - time.monotonic()
                assert left > 0, f"{self.posts(endpoint)} of {count} POSTs came"
                self._lock.wait(left)

    # -- the push service's side ----------------------------------------------------------------

    def _post(self, request: BaseHTTPRequestHandler) -> None:
        at = time.monotonic()
        body = request.rfile.read(int(request.headers.get("Content-Length") or 0))
        headers = {k.lower(): v for k, v in request.headers.items()}
        with self._lock:
            browser = self._browsers.get(request.path)
            if browser is not None:
                browser.posts += 1
                scripted = browser.answers.popleft() if browser.answers else None
        if browser is None:
            return self._reply(request, 404)
        if scripted is not None:
            status, retry_after = scripted
            if status == DROP:
                request.close_connection = True
                with self._lock:
                    self._lock.notify_all()
                return None
            extra = {"Retry-After": str(retry_after)} if retry_after is not None else {}
            return self._reply(request, status, extra)
        try:
            claims = self._check_vapid(headers.get("authorization", ""))
        except AssertionError as exc:
            return self._fail(request, 401, f"VAPID: {exc}")
        try:
            assert "ttl" in headers, "no TTL header"
            assert headers.get("content-encoding") == "aes128gcm", "not aes128gcm"
            plaintext = http_ece.decrypt(
                body,
                private_key=browser.private_key,
                auth_secret=browser.auth,
                version="aes128gcm",
            )
        except Exception as exc:  # noqa: BLE001 - any failure to decrypt is the test's failure
            return self._fail(request, 400, f"body: {type(exc).__name__}: {exc}")
        with self._lock:
            self.received.append(Received(request.path, at, headers, claims, plaintext))
            self._lock.notify_all()
        self._reply(request, 201, {"Location": f"{self.origin}/message/{secrets.token_hex(8)}"})

    def _check_vapid(self, authorization: str) -> dict[str, Any]:
        """The claims of a valid RFC 8292 Authorization header; AssertionError otherwise."""
        scheme, _, params = authorization.partition(" ")
        assert scheme.lower() == "vapid", f"scheme {scheme!r}"
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        token, key = fields.get("t", ""), fields.get("k", "")
        assert key == self.vapid_public_key, "k is not the platform's public key"
        head, claims_part, signature = token.split(".")
        header = json.loads(unb64url(head))
        assert header.get("alg") == "ES256", header
        raw = unb64url(signature)
        assert len(raw) == 64, "an ES256 signature is 64 bytes"
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        try:
            public.verify(der, f"{head}.{claims_part}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise AssertionError("the JWT's signature does not verify") from None
        claims = json.loads(unb64url(claims_part))
        assert claims.get("aud") == self.origin, claims
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
        assert str(claims.get("sub", "")).startswith(("mailto:", "https://")), claims
        return claims

    def _fail(self, request, status: int, why: str) -> None:
        with self._lock:
            self.errors.append(why)
            self._lock.notify_all()
        self._reply(request, status)

    def _reply(self, request, status: int, headers: dict[str, str] | None = None) -> None:
        with self._lock:
            self._lock.notify_all()
        request.send_response(status)
        for name, value in (headers or {}).items():
            request.send_header(name, value)
        request.send_header("Content-Length", "0")
        request.end_headers()
