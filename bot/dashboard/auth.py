"""Optional dashboard auth: a bearer token, or the same token as a basic-auth password (so a
browser's own login prompt works). Compared in constant time over digests, so neither the
content nor the length of the token leaks through timing."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Awaitable, Callable

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

REALM = "Smith dashboard"
CHALLENGE = f'Basic realm="{REALM}", charset="UTF-8"'


def presented_secret(header: str | None) -> str | None:
    """The secret an `Authorization` header carries (bearer token or basic password)."""
    if not header:
        return None
    scheme, _, credentials = header.strip().partition(" ")
    if scheme.lower() == "bearer":
        return credentials.strip() or None
    if scheme.lower() == "basic":
        return basic_password(credentials)
    return None


def basic_password(credentials: str) -> str | None:
    """The password of `user:password` in base64; the user name is not checked."""
    try:
        decoded = base64.b64decode(credentials.strip().encode("ascii"), validate=True)
        text = decoded.decode("utf-8")
    except (binascii.Error, UnicodeError):
        return None
    _user, colon, password = text.partition(":")
    return password if colon else None


def token_matches(header: str | None, token: str) -> bool:
    supplied = presented_secret(header)
    if supplied is None:
        return False
    return hmac.compare_digest(hashlib.sha256(supplied.encode()).digest(),
                               hashlib.sha256(token.encode()).digest())


class TokenGuard:
    """Wraps dashboard handlers; with no token configured every request passes."""

    def __init__(self, token: str | None, unauthorized: Callable[[web.Request], web.Response]):
        self.token = token or None
        self.unauthorized = unauthorized

    def __call__(self, handler: Handler) -> Handler:
        if self.token is None:
            return handler
        token = self.token

        async def guarded(request: web.Request) -> web.StreamResponse:
            if not token_matches(request.headers.get("Authorization"), token):
                response = self.unauthorized(request)
                response.headers["WWW-Authenticate"] = CHALLENGE
                return response
            return await handler(request)

        return guarded
