"""Who is asking, and may they: API keys (``Authorization: Bearer``) or a browser session cookie.

Every route but the public ones needs a key whose role is at least the route's (``ROUTE_ROLES``;
a route missing from the table needs ``admin``, so a new route is closed until it is listed).
No key: 401 with ``WWW-Authenticate: Bearer``; a role too low: 403 naming the role needed.
A request authenticated by the cookie must also come from the gateway's own origin with a JSON
body, so another site open in the broker's browser cannot act on its behalf.

The caller is kept for the request (``current_caller``) and stamped on every bus message by
``StampingBusClient``, so agents decide on a role that only the gateway could have set.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Annotated, Final

import nats.errors
from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from harper_common.auth.keys import KeyStore, hash_key
from harper_common.auth.roles import ROLE_HELP, allows
from harper_common.messages.base import Caller, Role
from harper_gateway.web_sessions import COOKIE, WebSessions

PUBLIC: Final = frozenset(
    {("GET", "/health"), ("GET", "/"), ("POST", "/auth/login"), ("POST", "/auth/logout")}
)
ROUTE_ROLES: Final[dict[tuple[str, str], Role]] = {
    ("POST", "/query"): "viewer",
    ("POST", "/query/stream"): "viewer",
    ("GET", "/query/stream/{request_id}"): "viewer",
    ("POST", "/search"): "viewer",
    ("GET", "/tree"): "viewer",
    ("GET", "/file"): "viewer",
    ("GET", "/followup/pending"): "viewer",
    ("GET", "/followup/outbox"): "viewer",
    ("GET", "/followup/notices"): "viewer",
    ("GET", "/auth/me"): "viewer",
    ("GET", "/vocabulary"): "viewer",
    ("GET", "/metrics"): "viewer",
    ("POST", "/confirm"): "broker",
    ("POST", "/followup/draft"): "broker",
    ("POST", "/followup/execute"): "broker",
    ("POST", "/followup/batch"): "broker",
    ("POST", "/communications"): "broker",
}
"""Routes not listed here (and not public) need ``admin``: keys, cache, unmatched, new ones."""

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
CACHE_S: Final = 3.0
"""How long a checked key is trusted before it is looked up again (so revocation takes 3 s)."""

current_caller: ContextVar[Caller | None] = ContextVar("current_caller", default=None)
_bearer = HTTPBearer(auto_error=False, description="An API key: `Authorization: Bearer hk_…`")


class KeysUnavailable(Exception):
    """A key could not be checked because the bus is down: the gateway answers 503."""


class KeyCache:
    """Checked keys for a few seconds: one KV look-up per key per ``CACHE_S``, not per request."""

    def __init__(self, store: KeyStore, connected: Callable[[], bool] | None = None) -> None:
        self.store = store
        self.connected = connected or (lambda: True)
        """Whether the bus is up now: when it is not, keys are not looked up (that would wait
        for a timeout); a key checked before still stands, any other gets 503 at once."""
        self._seen: dict[str, tuple[float, Caller | None]] = {}

    async def caller(self, key_hash: str) -> Caller | None:
        now = time.monotonic()
        cached = self._seen.get(key_hash)
        if cached is not None and now - cached[0] < CACHE_S:
            return cached[1]
        try:
            if not self.connected():
                raise nats.errors.ConnectionReconnectingError
            caller = await self.store.verify_hash(key_hash)
        except (nats.errors.Error, TimeoutError) as exc:
            if cached is not None:  # NATS is away: a key checked before still stands
                return cached[1]
            raise KeysUnavailable(
                "API keys cannot be checked right now: the message bus (NATS) does not "
                f"answer ({type(exc).__name__}); nothing was done."
            ) from exc
        if len(self._seen) > 10_000:
            self._seen.clear()
        self._seen[key_hash] = (now, caller)
        return caller


def needed_role(request: Request) -> Role | None:
    route = request.scope.get("route")
    path = getattr(route, "path", request.url.path)
    key = (request.method, path)
    if key in PUBLIC or (request.method == "HEAD" and ("GET", path) in PUBLIC):
        return None
    return ROUTE_ROLES.get(key, "admin")


def unauthorized(message: str) -> HTTPException:
    return HTTPException(401, detail=message, headers={"WWW-Authenticate": "Bearer"})


async def authorize(
    request: Request,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller | None:
    """The app-wide dependency: the caller of this request, or 401/403."""
    needed = needed_role(request)
    if needed is None:
        return None
    caller = await _authenticate(request, bearer)
    if not allows(caller.role, needed):
        raise HTTPException(
            403,
            detail=f"This needs the {needed} role ({ROLE_HELP[needed]}); the key "
            f"{caller.name!r} is a {caller.role}.",
        )
    await request.app.state.limits.check(caller)
    current_caller.set(caller)
    return caller


async def _authenticate(request: Request, bearer: HTTPAuthorizationCredentials | None) -> Caller:
    keys: KeyCache = request.app.state.keys
    if bearer is not None:
        caller = await keys.caller(hash_key(bearer.credentials))
        if caller is None:
            raise unauthorized("That API key is not valid (unknown or revoked).")
        return caller
    token = request.cookies.get(COOKIE)
    if not token:
        raise unauthorized("An API key is needed: send `Authorization: Bearer <key>`.")
    sessions: WebSessions = request.app.state.web_sessions
    key_hash = await sessions.key_hash(token)
    caller = await keys.caller(key_hash) if key_hash else None
    if caller is None:
        raise unauthorized("Your sign-in has expired or its key was revoked; sign in again.")
    _same_origin_json(request)
    return caller


def _same_origin_json(request: Request) -> None:
    """A cookie is sent by the browser whatever site asks: refuse writes from other origins."""
    if request.method in SAFE_METHODS:
        return
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    origin = request.headers.get("origin")
    if origin != own:
        raise HTTPException(
            403, detail=f"Cross-origin request refused (Origin {origin or 'missing'!s:.80})."
        )
    sent = request.scope.get("harper.content_type", b"")
    if sent.split(b";")[0].strip().lower() != b"application/json":
        raise HTTPException(403, detail="A signed-in browser must send JSON bodies.")


CallerDep = Annotated[Caller | None, Depends(authorize)]
