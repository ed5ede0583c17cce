"""Fake servers that speak real wire formats, for tests over real HTTP (see DESIGN.md §10).

This module holds what the fake forges share: a tiny router over raw (still percent-encoded)
paths, the request log, and fault injection. The packages `tests/fakes/github/` and
`tests/fakes/gitlab/` build on it; `tests/fakes/webhooks/` builds signed webhook deliveries.

For unit tests of steps there are doubles without HTTP: `forge.FakeForge` (the Forge protocol
in memory), `records.FakeRunRecords` (what a run records) and `step_runner.ScriptedStepRunner`
(the agent steps' answers), used by tests/steps.

Fault injection, on any fake built on `FakeServer`:

    fake.fail_next(2, status=502, path=r"/issues/")    # next 2 matching requests answer 502
    fake.rate_limit_next(1, retry_after=1)             # the forge's own rate-limit answer
    fake.slow_next(1, delay=0.5)                       # answer after a delay
    fake.drop_next(1)                                  # close the connection without answering
    fake.lose_answer_next(1, method="POST", path="/pulls$")  # act, then answer 502 (a lost answer)
    fake.lose_answer_next(1, status=None)              # act, then close without answering

A fault consumes one of its `count` each time it fires; `path` is a regex searched in the path.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Self

from aiohttp import web

Handler = Callable[["Call"], Awaitable[web.StreamResponse]]
FaultKind = Literal["status", "rate_limit", "slow", "drop", "lose"]


@dataclass
class RecordedRequest:
    """One request the fake received (auth headers are kept out: tests look for leaks elsewhere)."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int | None = None
    operation: str | None = None


@dataclass
class Fault:
    kind: FaultKind
    count: int
    path: re.Pattern[str] | None = None
    method: str | None = None
    status: int | None = 502
    delay: float = 0.0
    retry_after: float = 1.0
    style: str = "retry-after"
    message: str = "Server Error (injected)"

    def matches(self, method: str, path: str) -> bool:
        if self.method is not None and self.method.upper() != method:
            return False
        return self.path is None or self.path.search(path) is not None


@dataclass
class Call:
    """What a route handler gets: the request, its decoded path parameters, query and body."""

    request: web.Request
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    user: str | None = None
    auth: dict[str, Any] = field(default_factory=dict)


@dataclass
class Route:
    method: str
    template: str
    handler: Handler
    operation: str
    pattern: re.Pattern[str]


def compile_template(template: str) -> re.Pattern[str]:
    """`/repos/{owner}/{repo}` or `/projects/:id` → a regex over the raw path, one segment each."""

    def group(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        return f"(?P<{name}>[^/]+)"

    regex = re.sub(r"\{(\w+)\}|:(\w+)", group, template)
    return re.compile(f"^{regex}/?$")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def read_body(request: web.Request) -> Any:
    """JSON body, or a form body as a dict, or None when there is none."""
    raw = await request.read()
    if not raw:
        return None
    if request.content_type == "application/x-www-form-urlencoded":
        return dict(urllib.parse.parse_qsl(raw.decode()))
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")


class FakeServer:
    """An aiohttp server on 127.0.0.1 with a router, a request log and fault injection."""

    prefix = ""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.requests: list[RecordedRequest] = []
        self.faults: list[Fault] = []
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self.port = free_port()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- routing ----------------------------------------------------------------------------

    def route(self, method: str, template: str, operation: str) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self.add_route(method, template, handler, operation)
            return handler

        return register

    def add_route(self, method: str, template: str, handler: Handler, operation: str) -> None:
        pattern = compile_template(self.prefix + template)
        self.routes.append(Route(method, template, handler, operation, pattern))

    def requests_for(self, operation: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.operation == operation]

    # -- faults -----------------------------------------------------------------------------

    def _add_fault(
        self, kind: FaultKind, count: int, path: str | None, method: str | None, **kw: Any
    ) -> None:
        compiled = re.compile(path) if path else None
        self.faults.append(Fault(kind=kind, count=count, path=compiled, method=method, **kw))

    def fail_next(
        self,
        count: int = 1,
        *,
        status: int = 502,
        message: str = "Server Error (injected)",
        path: str | None = None,
        method: str | None = None,
    ) -> None:
        """The next `count` matching requests answer `status` (a 5xx by default) with `message`."""
        self._add_fault("status", count, path, method, status=status, message=message)

    def rate_limit_next(
        self,
        count: int = 1,
        *,
        retry_after: float = 1,
        style: str = "retry-after",
        path: str | None = None,
        method: str | None = None,
    ) -> None:
        """The next `count` matching requests get the forge's rate-limit answer.

        `style` (GitHub only): "retry-after" (429 + Retry-After), "secondary" (403 + Retry-After)
        or "reset" (403 + X-RateLimit-Remaining: 0 and X-RateLimit-Reset).
        """
        self._add_fault("rate_limit", count, path, method, retry_after=retry_after, style=style)

    def slow_next(
        self,
        count: int = 1,
        *,
        delay: float = 0.5,
        path: str | None = None,
        method: str | None = None,
    ) -> None:
        """The next `count` matching requests are answered normally, after `delay` seconds."""
        self._add_fault("slow", count, path, method, delay=delay)

    def drop_next(
        self, count: int = 1, *, path: str | None = None, method: str | None = None
    ) -> None:
        """The next `count` matching requests get their connection closed without an answer."""
        self._add_fault("drop", count, path, method)

    def lose_answer_next(
        self,
        count: int = 1,
        *,
        status: int | None = 502,
        message: str = "Bad Gateway (injected, after the request was applied)",
        path: str | None = None,
        method: str | None = None,
    ) -> None:
        """The next `count` matching requests are applied, then answered `status` (a proxy's
        502 by default), or, with `status=None`, their connection is closed unanswered."""
        self._add_fault("lose", count, path, method, status=status, message=message)

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.count > 0 and fault.matches(method, path):
                fault.count -= 1
                return fault
        return None

    def rate_limit_response(self, fault: Fault) -> web.Response:
        raise NotImplementedError

    def error_response(self, status: int, message: str) -> web.Response:
        return web.json_response({"message": message}, status=status)

    # -- auth (per forge) -------------------------------------------------------------------

    def authenticate(self, call: Call, route: Route) -> web.Response | None:
        """Set `call.user`/`call.auth`, or return the 401 to answer."""
        return None

    # -- dispatch ---------------------------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        raw_path = request.rel_url.raw_path
        query = {k: v for k, v in request.rel_url.query.items()}
        body = await read_body(request)
        record = RecordedRequest(request.method, urllib.parse.unquote(raw_path), query, body)
        self.requests.append(record)
        route, params = self._match(request.method, raw_path)
        if route is not None:
            record.operation = route.operation

        fault = self._take_fault(request.method, urllib.parse.unquote(raw_path))
        if fault is not None and fault.kind == "drop":
            assert request.transport is not None
            request.transport.close()
            record.status = None
            return web.Response(status=500)  # never reaches the client: the socket is closed
        if fault is not None and fault.kind == "slow":
            await asyncio.sleep(fault.delay)
        response: web.StreamResponse
        if fault is not None and fault.kind == "status":
            response = self.error_response(fault.status or 502, fault.message)
        elif fault is not None and fault.kind == "rate_limit":
            response = self.rate_limit_response(fault)
        elif route is None:
            response = self.error_response(404, "Not Found")
        else:
            call = Call(request, params, query, body)
            denied = self.authenticate(call, route)
            response = denied if denied is not None else await route.handler(call)
        if fault is not None and fault.kind == "lose":
            if fault.status is None:
                assert request.transport is not None
                request.transport.close()
                record.status = None
                return web.Response(status=500)  # never reaches the client
            response = self.error_response(fault.status, fault.message)
        record.status = response.status
        return response

    def _match(self, method: str, raw_path: str) -> tuple[Route | None, dict[str, str]]:
        for route in self.routes:
            if route.method != method:
                continue
            match = route.pattern.match(raw_path)
            if match:
                params = {k: urllib.parse.unquote(v) for k, v in match.groupdict().items()}
                return route, params
        return None, {}


def paginate(request: web.Request, items: list[Any], base_url: str) -> web.Response:
    """A JSON list page (`page`, `per_page`) with GitHub/GitLab-style `Link` headers."""
    query = request.rel_url.query
    per_page = max(1, min(100, int(query.get("per_page", "30"))))
    page = max(1, int(query.get("page", "1")))
    chunk = items[(page - 1) * per_page : page * per_page]
    headers = {"X-Page": str(page), "X-Per-Page": str(per_page), "X-Total": str(len(items))}
    if page * per_page < len(items):
        next_query = dict(query)
        next_query.update(page=str(page + 1), per_page=str(per_page))
        next_url = f"{base_url}{request.rel_url.raw_path}?{urllib.parse.urlencode(next_query)}"
        headers["Link"] = f'<{next_url}>; rel="next"'
        headers["X-Next-Page"] = str(page + 1)
    return web.json_response(chunk, headers=headers)
