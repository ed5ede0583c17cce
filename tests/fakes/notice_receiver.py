"""A fake receiver of Smith's notice webhooks (a Slack incoming webhook or an operator's own
endpoint): records each POST, checks its signature as a receiver would, and can be told to
answer the next requests with an error (to see the job retry).

    async with FakeNoticeReceiver(secret="k") as receiver:
        hook = {"name": "ops", "url": receiver.url, "secret": "k", "format": "json"}
        ...
        [notice] = receiver.received
        assert notice.signed
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import deque
from dataclasses import dataclass
from typing import Any, Self

from aiohttp import web


@dataclass(frozen=True)
class ReceivedNotice:
    headers: dict[str, str]
    body: bytes
    signed: bool
    """The `X-Smith-Signature-256` header matched the body under the receiver's secret."""

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def event(self) -> str:
        return self.headers.get("X-Smith-Event", "")


class FakeNoticeReceiver:
    def __init__(self, secret: str | None = None) -> None:
        self.secret = secret
        self.received: list[ReceivedNotice] = []
        self.attempts: list[ReceivedNotice] = []
        self._failures: deque[int] = deque()
        self._runner: web.AppRunner | None = None
        self.url = ""

    def fail_next(self, count: int, status: int = 503) -> None:
        """Answer the next `count` requests with `status` (they are not `received`)."""
        self._failures.extend([status] * count)

    def _signed(self, body: bytes, header: str | None) -> bool:
        if self.secret is None or header is None:
            return False
        expected = "sha256=" + hmac.new(self.secret.encode(), body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, header)

    async def _receive(self, request: web.Request) -> web.Response:
        body = await request.read()
        notice = ReceivedNotice(dict(request.headers), body,
                                self._signed(body, request.headers.get("X-Smith-Signature-256")))
        self.attempts.append(notice)
        if self._failures:
            return web.Response(status=self._failures.popleft(), text="try later")
        self.received.append(notice)
        return web.Response(text="ok")

    async def __aenter__(self) -> Self:
        app = web.Application()
        app.router.add_post("/hook", self._receive)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}/hook"
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
