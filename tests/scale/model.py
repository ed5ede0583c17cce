"""A scripted model for many concurrent runs: the answer depends on the request, not on a queue.

`FakeModelServer` replays one queue of turns per step, which is right for one run at a time; with
dozens of runs in several worker processes the turns of two runs would interleave. Here a turn is
chosen from the step (its `submit_*` tool) and how far the conversation has got (assistant turns
so far), so every run gets the same competent agent's answers whatever the order. Each worker
talks to its own path prefix (`ANTHROPIC_BASE_URL=<base>/<worker>`), so the server knows which
process asked: a request can be held open to kill that worker mid-step.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.e2e import script
from tests.fakes.model import FakeModelServer, RecordedRequest, Turn, validate_request

# What a competent agent answers in each step, turn by turn (the last one repeats).
TURNS: dict[str, list[Turn]] = {
    "submit_acceptance": [script.submit("submit_acceptance", script.ACCEPTANCE)],
    "submit_diagnosis": [script.submit("submit_diagnosis", script.DIAGNOSIS)],
    "submit_judgement": [script.submit("submit_judgement", script.JUDGE_YES)],
    "submit_estimate": [script.submit("submit_estimate", script.ESTIMATE_SMALL)],
    "submit_repro_test": [
        Turn.tool("write_file", path=script.RED_TEST_FILE, content=script.RED_TEST),
        script.submit("submit_repro_test", script.REPRO),
    ],
    "submit_implementation": [
        Turn.tool("edit_file", **script.FIX_EDIT),
        script.submit("submit_implementation", script.IMPLEMENTATION),
    ],
    "submit_self_review": [script.submit("submit_self_review", script.SELF_REVIEW)],
    "submit_criteria_verdict": [script.submit("submit_criteria_verdict", script.VERDICT)],
}


@dataclass
class Hold:
    """One worker's next request for a step waits until the test lets it go (or abandons it)."""

    worker: str
    step: str
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    abandoned: bool = False

    def abandon(self) -> None:
        """The caller is gone: answer with a server error."""
        self.abandoned = True
        self.released.set()


@dataclass
class StatelessModelServer(FakeModelServer):
    """The fake Messages API answering from `TURNS`; `by_worker` counts requests per worker."""

    by_worker: Counter[str] = field(default_factory=Counter)
    holds: list[Hold] = field(default_factory=list)

    def hold(self, worker: str, step: str) -> Hold:
        held = Hold(worker, step)
        self.holds.append(held)
        return held

    def url_for(self, worker: str) -> str:
        """The `ANTHROPIC_BASE_URL` of one worker process."""
        return f"{self.base_url}/{worker}"

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/{worker}/v1/messages", self._messages)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{port}"
        return self.base_url

    async def _messages(self, request: web.Request) -> web.Response:
        worker = request.match_info["worker"]
        body = await request.json()
        step = self._step_of(body)
        record = RecordedRequest(step=step, body=body, headers=dict(request.headers))
        self.requests.append(record)
        self.by_worker[worker] += 1
        held = next((h for h in self.holds
                     if (h.worker, h.step) == (worker, step) and not h.arrived.is_set()), None)
        if held is not None:
            held.arrived.set()
            await held.released.wait()
            if held.abandoned:
                return self._error(record, 500, "abandoned")
        problems = validate_request(body)
        turns = TURNS.get(step)
        if turns is None:
            problems.append(f"scale model: no answers for step {step!r}")
        if problems:
            self.problems.extend(problems)
            return self._error(record, 400, "; ".join(problems))
        assert turns is not None
        so_far = sum(1 for message in body["messages"] if message.get("role") == "assistant")
        turn = turns[min(so_far, len(turns) - 1)]
        return web.json_response(self._response(body, turn))

    def _response(self, body: dict[str, Any], turn: Turn) -> dict[str, Any]:
        answer = super()._response(body, turn)
        # Fresh tool-use ids per answer: the same scripted turn is sent to many runs.
        for index, block in enumerate(answer["content"]):
            if block.get("type") == "tool_use":
                answer["content"][index] = {**block, "id": f"{block['id']}_{answer['id']}"}
        return answer
