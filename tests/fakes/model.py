"""A fake Anthropic Messages API (`POST /v1/messages`) that replays scripted turns.

Used through the real client: `anthropic.AsyncAnthropic(base_url=server.base_url, api_key="test")`.
Scripts are keyed by step — the request's `submit_*` tool name (or `*` for any) — so steps that
run in any order each get their own turns. Every request is recorded, and checked the way the
real API would check it (roles alternate, every tool_use answered by a tool_result with the same
id, tool names valid, at most 4 cache breakpoints, forced tool_choice names an offered tool);
a bad request gets a 400 `invalid_request_error` and is listed in `problems`.

    async with FakeModelServer() as fake:
        fake.script("submit_diagnosis",
                    Turn.tool("read_file", path="app.py"),
                    Turn.submit("submit_diagnosis", {"hypothesis": "..."}))
        fake.fail_next(3, status=529)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

ANY_STEP = "*"
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_ids = itertools.count(1)

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


@dataclass
class Turn:
    """One scripted assistant response."""

    content: list[dict[str, Any]]
    stop_reason: str = "end_turn"
    input_tokens: int | None = None
    output_tokens: int = 25
    check: Callable[[dict[str, Any]], None] | None = None
    """Called with the request body before answering; raise AssertionError to reject it."""

    @classmethod
    def text(cls, text: str, **kw: Any) -> Turn:
        return cls([{"type": "text", "text": text}], "end_turn", **kw)

    @classmethod
    def tool(cls, name: str, /, **tool_input: Any) -> Turn:
        return cls([_tool_use(name, tool_input)], "tool_use")

    @classmethod
    def submit(cls, tool_name: str, payload: dict[str, Any], **kw: Any) -> Turn:
        return cls([_tool_use(tool_name, payload)], "tool_use", **kw)

    @classmethod
    def many(cls, *turns: Turn, text: str | None = None) -> Turn:
        """Several tool calls in one response (parallel tool use)."""
        blocks = [{"type": "text", "text": text}] if text else []
        for turn in turns:
            blocks += turn.content
        return cls(blocks, "tool_use")

    def expecting(self, check: Callable[[dict[str, Any]], None]) -> Turn:
        self.check = check
        return self


def _tool_use(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "tool_use",
        "id": f"toolu_fake{next(_ids):05d}",
        "name": name,
        "input": tool_input,
    }


@dataclass
class RecordedRequest:
    step: str
    body: dict[str, Any]
    headers: dict[str, str]
    status: int = 200

    @property
    def system_text(self) -> str:
        system = self.body.get("system", "")
        if isinstance(system, str):
            return system
        return "".join(block.get("text", "") for block in system)

    @property
    def tool_names(self) -> list[str]:
        return [tool["name"] for tool in self.body.get("tools", [])]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    def tool_results(self) -> list[dict[str, Any]]:
        """tool_result blocks of the last user message."""
        last = self.messages[-1]["content"] if self.messages else []
        return [b for b in last if isinstance(b, dict) and b.get("type") == "tool_result"]


def _blocks(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content)


def validate_request(body: dict[str, Any]) -> list[str]:
    """What the real Messages API would reject in this body."""
    problems: list[str] = []
    for key in ("model", "max_tokens", "messages"):
        if key not in body:
            problems.append(f"{key}: Field required")
    messages = body.get("messages") or []
    if not messages:
        problems.append("messages: at least one message is required")
    elif messages[0].get("role") != "user":
        problems.append("messages.0.role: first message must use the user role")
    for index, (previous, current) in enumerate(zip(messages, messages[1:], strict=False), 1):
        if previous.get("role") == current.get("role"):
            problems.append(f"messages.{index}: roles must alternate")
        if previous.get("role") != "assistant":
            continue
        wanted = [
            b["id"] for b in _blocks(previous.get("content", [])) if b.get("type") == "tool_use"
        ]
        blocks = _blocks(current.get("content", []))
        answered = [b.get("tool_use_id") for b in blocks if b.get("type") == "tool_result"]
        if wanted and sorted(answered) != sorted(wanted):
            problems.append(
                f"messages.{index}: tool_use ids {wanted} need tool_result blocks "
                f"immediately after; found {answered}"
            )
        if wanted and blocks and blocks[0].get("type") != "tool_result":
            problems.append(f"messages.{index}: tool_result blocks must come first")
        unknown = set(answered) - set(wanted)
        if unknown:
            problems.append(
                f"messages.{index}: tool_result for unknown tool_use ids {sorted(unknown)}"
            )
    if messages and messages[-1].get("role") == "assistant":
        last = _blocks(messages[-1].get("content", []))
        if any(b.get("type") == "tool_use" for b in last):
            problems.append("messages: final assistant tool_use has no tool_result")
    tools = body.get("tools") or []
    names = [t.get("name", "") for t in tools]
    for tool in tools:
        if not _TOOL_NAME.match(tool.get("name", "")):
            problems.append(f"tools: invalid name {tool.get('name')!r}")
        if (tool.get("input_schema") or {}).get("type") != "object":
            problems.append(f"tools.{tool.get('name')}.input_schema.type: must be 'object'")
    if len(set(names)) != len(names):
        problems.append("tools: names must be unique")
    choice = body.get("tool_choice")
    if choice and choice.get("type") == "tool" and choice.get("name") not in names:
        problems.append(f"tool_choice: tool {choice.get('name')!r} is not among the tools")
    if choice and choice.get("type") in ("any", "tool") and not tools:
        problems.append("tool_choice: requires tools")
    breakpoints = json.dumps(body).count('"cache_control"')
    if breakpoints > 4:
        problems.append(
            f"A maximum of 4 blocks with cache_control may be provided. Found {breakpoints}."
        )
    return problems


@dataclass
class FakeModelServer:
    """The fake API. Start with `async with` (or `start()`/`close()`); use `base_url`."""

    strict: bool = True
    base_url: str = ""
    requests: list[RecordedRequest] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    _scripts: dict[str, deque[Turn]] = field(default_factory=lambda: defaultdict(deque))
    _failures: deque[int] = field(default_factory=deque)
    _expected_tools: dict[str, set[str]] = field(default_factory=dict)
    _seen_prefixes: set[str] = field(default_factory=set)
    _runner: web.AppRunner | None = None

    # -- scripting --

    def script(self, step: str, *turns: Turn) -> FakeModelServer:
        """Queue turns for a step (key: its submit tool name, or `*` for any request)."""
        self._scripts[step].extend(turns)
        return self

    def fail_next(self, count: int, status: int = 529) -> None:
        """The next `count` requests get this HTTP error instead of a turn."""
        self._failures.extend([status] * count)

    def expect_tools(self, step: str, names: set[str]) -> None:
        """Requests for `step` must offer exactly these tools (else 400 + a problem)."""
        self._expected_tools[step] = set(names)

    def remaining(self, step: str | None = None) -> int:
        if step is not None:
            return len(self._scripts.get(step, ()))
        return sum(len(q) for q in self._scripts.values())

    def requests_for(self, step: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.step == step]

    # -- server --

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/messages", self._messages)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{port}"
        return self.base_url

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeModelServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @staticmethod
    def api_key_of(record: RecordedRequest) -> str | None:
        """The key the client sent: `x-api-key`, or `Authorization: Bearer` (anthropic 2.x)."""
        headers = {k.lower(): v for k, v in record.headers.items()}
        if headers.get("x-api-key"):
            return headers["x-api-key"]
        auth = headers.get("authorization", "")
        return auth.removeprefix("Bearer ").strip() or None if auth.startswith("Bearer ") else None

    @staticmethod
    def _step_of(body: dict[str, Any]) -> str:
        for tool in body.get("tools") or []:
            if str(tool.get("name", "")).startswith("submit_"):
                return tool["name"]
        return ANY_STEP

    def _error(self, record: RecordedRequest, status: int, message: str) -> web.Response:
        record.status = status
        kind = ERROR_TYPES.get(status, "api_error")
        headers = {"request-id": f"req_fake{next(_ids)}"}
        if status == 429:
            headers["retry-after"] = "0"
        return web.json_response(
            {"type": "error", "error": {"type": kind, "message": message}},
            status=status,
            headers=headers,
        )

    async def _messages(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except json.JSONDecodeError:
            return web.json_response(
                {
                    "type": "error",
                    "error": {"type": "invalid_request_error", "message": "invalid JSON"},
                },
                status=400,
            )
        step = self._step_of(body)
        record = RecordedRequest(step=step, body=body, headers=dict(request.headers))
        self.requests.append(record)
        if not self.api_key_of(record) or not request.headers.get("anthropic-version"):
            return self._error(record, 401, "an API key and anthropic-version are required")
        if self._failures:
            status = self._failures.popleft()
            return self._error(record, status, "Overloaded" if status == 529 else "fake failure")
        problems = validate_request(body) if self.strict else []
        expected = self._expected_tools.get(step)
        if expected is not None and set(record.tool_names) != expected:
            problems.append(
                f"tools offered {sorted(record.tool_names)} != expected {sorted(expected)}"
            )
        queue = self._scripts.get(step) or self._scripts.get(ANY_STEP)
        if not problems and not queue:
            problems.append(f"fake model: no scripted turn left for step {step!r}")
        if not problems and queue and queue[0].check is not None:
            try:
                queue[0].check(body)
            except AssertionError as exc:
                problems.append(f"scripted check failed: {exc}")
        if problems:
            self.problems.extend(problems)
            return self._error(record, 400, "; ".join(problems))
        assert queue is not None
        turn = queue.popleft()
        return web.json_response(self._response(body, turn))

    def _response(self, body: dict[str, Any], turn: Turn) -> dict[str, Any]:
        """A Messages API response; cache figures follow the request's cache_control marks."""
        prefix = json.dumps([body.get("system"), body.get("tools")], sort_keys=True)
        prefix_tokens = len(prefix) // 4
        cached = '"cache_control"' in prefix
        key = hashlib.sha256(prefix.encode()).hexdigest()
        read = write = 0
        if cached and key in self._seen_prefixes:
            read = prefix_tokens
        elif cached:
            write = prefix_tokens
            self._seen_prefixes.add(key)
        rest = len(json.dumps(body.get("messages"))) // 4
        return {
            "id": f"msg_fake{next(_ids):05d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model"),
            "content": turn.content,
            "stop_reason": turn.stop_reason,
            "stop_sequence": None,
            "usage": {
                "input_tokens": turn.input_tokens
                if turn.input_tokens is not None
                else (rest if cached else rest + prefix_tokens),
                "output_tokens": turn.output_tokens,
                "cache_creation_input_tokens": write,
                "cache_read_input_tokens": read,
            },
        }
