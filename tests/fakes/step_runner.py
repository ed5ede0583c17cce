"""A scripted step runner: the agent steps' answers, in process, with no model and no HTTP.

It has the interface the steps use (`run_step(spec, inputs, tools, rules=...)` returning a
result whose `.artifact` is the step's model) and plays, per step name, the answers a test
scripted: optional tool calls, executed against the real ToolSet the step handed over (so the
checkout changes, the trajectory records them, refusals are refusals), then the artifact as a
dict, validated against the step's artifact model. A script that does not validate fails the
step with `StepFailed`, as model output that never validates does.

Every call is recorded (`calls`: the step, its inputs, its rules, the system prompt built from
prompts/, the tool results), so a test asserts on what a step showed the model. Each call also
goes through `client.messages.create` once, so a guard wrapped around the client (the examples
chain's held-out filter) inspects the request as it would a real one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.llm.errors import StepFailed
from bot.llm.ledger import TokenUsage
from bot.llm.preflight import DEFAULT_MAX_STEP_INPUT_TOKENS, StepInputTooLarge, estimate_tokens
from bot.llm.prompts import load_system_prompt
from bot.llm.runner import StepResult, StepSpec, StepTools, ToolResultLike

PROMPTS = Path(__file__).resolve().parents[2] / "prompts"


class ScriptExhausted(AssertionError):
    """A step asked for an answer the test did not script: the test is missing a line."""


@dataclass(frozen=True)
class ScriptedAnswer:
    """One answer to one call of a step: tool calls first, then the artifact."""

    artifact: Mapping[str, Any]
    tool_calls: Sequence[tuple[str, Mapping[str, Any]]] = ()


@dataclass
class StepCall:
    """What one call of a step received, and what its tool calls returned."""

    step: str
    inputs: str
    rules: list[str]
    system: str
    tool_results: list[ToolResultLike] = field(default_factory=list)


class ScriptedMessages:
    """`client.messages`: records each request (a guard around it sees it first)."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []

    async def create(self, **request: Any) -> None:
        self.requests.append(request)


class ScriptedClient:
    def __init__(self) -> None:
        self.messages = ScriptedMessages()


class ScriptedStepRunner:
    """Plays scripted answers per step name (see the module docstring)."""

    def __init__(self, *, prompts_dir: Path = PROMPTS,
                 max_input_tokens: int | None = DEFAULT_MAX_STEP_INPUT_TOKENS) -> None:
        self.prompts_dir = prompts_dir
        self.max_input_tokens = max_input_tokens
        self.client: Any = ScriptedClient()
        self.calls: list[StepCall] = []
        self._answers: dict[str, deque[ScriptedAnswer]] = {}

    def script(self, step: str, artifact: Mapping[str, Any], *,
               tool_calls: Sequence[tuple[str, Mapping[str, Any]]] = ()) -> ScriptedStepRunner:
        """Queue the next answer of `step` (answers of one step are played in order)."""
        self._answers.setdefault(str(step), deque()).append(
            ScriptedAnswer(artifact, tuple(tool_calls)))
        return self

    def calls_of(self, step: str) -> list[StepCall]:
        return [call for call in self.calls if call.step == str(step)]

    def unplayed(self) -> dict[str, int]:
        """Answers scripted but never asked for, per step (a test may assert none are left)."""
        return {step: len(queue) for step, queue in self._answers.items() if queue}

    async def run_step(
        self, spec: StepSpec[Any], inputs: str, tools: StepTools | None = None, *,
        rules: Sequence[str] = (),
    ) -> StepResult[Any]:
        queue = self._answers.get(spec.name)
        if not queue:
            raise ScriptExhausted(f"no scripted answer left for step {spec.name!r}")
        answer = queue.popleft()
        if self.max_input_tokens is not None and \
                estimate_tokens(inputs) > self.max_input_tokens:
            raise StepInputTooLarge(f"step {spec.name}: inputs above the bound", step=spec.name)
        system = load_system_prompt(self.prompts_dir, spec.name, rules)
        await self.client.messages.create(
            model="scripted", system=[{"type": "text", "text": system}],
            messages=[{"role": "user", "content": inputs}])
        call = StepCall(step=spec.name, inputs=inputs, rules=list(rules), system=system)
        self.calls.append(call)
        for name, args in answer.tool_calls:
            if tools is None:
                raise ScriptExhausted(f"step {spec.name} has no tools, but the script calls "
                                      f"{name!r}")
            call.tool_results.append(await tools.call(name, dict(args)))
        try:
            artifact = spec.artifact.model_validate(dict(answer.artifact))
        except ValidationError as exc:
            raise StepFailed(f"step {spec.name}: the submitted input does not validate: "
                             f"{exc.error_count()} errors", step=spec.name) from None
        return StepResult(artifact=artifact, usage=TokenUsage(), cost_usd=0.0, turns=1,
                          duration_seconds=0.0, invalid_submits=0, api_retries=0,
                          tool_calls=len(answer.tool_calls))
