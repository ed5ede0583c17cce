"""The step runner: one agent step = prompt + inputs + tools + `submit_<artifact>`, in a tool loop.

The step ends only when the model calls the submit tool with input that validates against the
artifact model; invalid input goes back as a tool error (at most `max_invalid_submits` times).
Generic over any pydantic model, so the chain's artifacts plug in without this module knowing
them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import structlog
from pydantic import BaseModel, ValidationError

from bot.llm.client import RetryPolicy, create_message
from bot.llm.errors import StepFailed
from bot.llm.ledger import TokenLedger, TokenUsage
from bot.llm.preflight import (
    DEFAULT_MAX_STEP_INPUT_TOKENS,
    StepInputTooLarge,
    describe_input,
    estimate_tokens,
    oversized_tool_result,
    too_large_message,
)
from bot.llm.prompts import load_system_prompt

if TYPE_CHECKING:
    import anthropic  # imported where it is called (bot/llm/client.py)

log = structlog.get_logger(__name__)

T = TypeVar("T", bound=BaseModel)
EPHEMERAL = {"type": "ephemeral"}
NUDGE = "Continue with the tools. The step ends only when you call `{submit}` with the result."


def submit_tool_name(artifact: type[BaseModel]) -> str:
    """`Diagnosis` → `submit_diagnosis`, `ReproTest` → `submit_repro_test`."""
    return "submit_" + re.sub(r"(?<!^)(?=[A-Z])", "_", artifact.__name__).lower()


@dataclass(frozen=True)
class StepSpec(Generic[T]):
    """What defines an agent step (besides its tools and inputs)."""

    name: str
    """Step name; its prompt is `prompts/<name>.md`."""
    artifact: type[T]
    submit_tool: str | None = None
    """Defaults to `submit_<artifact in snake case>`."""
    max_turns: int = 40
    """Model calls allowed in the tool loop before the step fails."""
    max_tokens: int = 8192
    """Output tokens per model call."""
    model: str | None = None
    """Overrides the runner's model for this step."""

    @property
    def submit_name(self) -> str:
        return self.submit_tool or submit_tool_name(self.artifact)


@dataclass(frozen=True)
class StepResult(Generic[T]):
    artifact: T
    usage: TokenUsage
    cost_usd: float
    turns: int
    """Model calls made (successful ones; retried API errors are not turns)."""
    duration_seconds: float
    invalid_submits: int
    api_retries: int
    tool_calls: int


class ToolResultLike(Protocol):
    ok: bool
    content: str


class StepTools(Protocol):
    """What the runner needs from a tool set (bot.workspace.tools.ToolSet fits)."""

    def definitions(self) -> list[dict[str, Any]]: ...

    async def call(self, name: str, args: dict[str, Any]) -> ToolResultLike: ...


def _block_param(block: Any) -> dict[str, Any]:
    """A response content block as a request content block."""
    if block.type == "text":
        return {"type": "text", "text": block.text}
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    return cast(dict[str, Any], block.model_dump(exclude_none=True))


def _validation_message(exc: ValidationError) -> str:
    lines = [
        f"- {'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:20]
    ]
    return "The submitted input does not validate. Fix these and submit again:\n" + "\n".join(lines)


def _with_cache_marker(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy of the conversation with a cache breakpoint on the last block (caches the prefix)."""
    if not messages:
        return messages
    *head, last = messages
    content = last["content"]
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    content = [*content[:-1], {**content[-1], "cache_control": EPHEMERAL}]
    return [*head, {**last, "content": content}]


class StepRunner:
    """Runs steps against one model API client, charging one run's ledger."""

    def __init__(
        self,
        client: anthropic.AsyncAnthropic,
        *,
        model: str,
        prompts_dir: Path,
        ledger: TokenLedger,
        retry: RetryPolicy | None = None,
        max_invalid_submits: int = 2,
        max_input_tokens: int | None = DEFAULT_MAX_STEP_INPUT_TOKENS,
    ) -> None:
        self.client = client
        self.model = model
        self.prompts_dir = prompts_dir
        self.ledger = ledger
        self.retry = retry or RetryPolicy()
        self.max_invalid_submits = max_invalid_submits
        self.max_input_tokens = max_input_tokens
        """Bound on a step's first message and on each tool result (None: no bound)."""

    def _check_inputs(self, step: str, inputs: str) -> None:
        """A step never receives inputs above the bound: the run ends before any model call."""
        if self.max_input_tokens is None:
            return
        tokens = estimate_tokens(inputs)
        if tokens > self.max_input_tokens:
            raise StepInputTooLarge(
                too_large_message(step, describe_input(inputs), tokens, self.max_input_tokens),
                step=step,
            )

    def _bounded_result(self, content: str, ok: bool) -> tuple[str, bool]:
        """A tool result above the bound goes back as an error asking for less."""
        if self.max_input_tokens is None:
            return content, ok
        tokens = estimate_tokens(content)
        if tokens > self.max_input_tokens:
            return oversized_tool_result(tokens, self.max_input_tokens), False
        return content, ok

    def _tool_definitions(self, spec: StepSpec[T], tools: StepTools | None) -> list[dict[str, Any]]:
        schema = spec.artifact.model_json_schema()
        schema.pop("title", None)
        submit = {
            "name": spec.submit_name,
            "description": (
                f"Submit the step's result ({spec.artifact.__name__}). This ends the "
                "step; the input must match the schema exactly."
            ),
            "input_schema": schema,
        }
        definitions = [*(tools.definitions() if tools else []), submit]
        definitions[-1] = {**definitions[-1], "cache_control": EPHEMERAL}
        return definitions

    async def run_step(
        self,
        spec: StepSpec[T],
        inputs: str,
        tools: StepTools | None = None,
        *,
        rules: Sequence[str] = (),
    ) -> StepResult[T]:
        """Run the tool loop until a valid submit. Raises StepFailed, EnvironmentFailure,
        RunBudgetExceeded (all carry the message to report)."""
        started = time.monotonic()
        model = spec.model or self.model
        system = load_system_prompt(self.prompts_dir, spec.name, rules)
        definitions = self._tool_definitions(spec, tools)
        has_other_tools = len(definitions) > 1
        tool_choice = (
            {"type": "any"} if has_other_tools else {"type": "tool", "name": spec.submit_name}
        )
        messages: list[dict[str, Any]] = [{"role": "user", "content": inputs}]
        usage, cost = TokenUsage(), 0.0
        invalid = retries = tool_calls = 0

        def count_retry(_: str) -> None:
            nonlocal retries
            retries += 1

        self.ledger.check_budget(spec.name)
        self._check_inputs(spec.name, inputs)
        for turn in range(1, spec.max_turns + 1):
            request: dict[str, Any] = {
                "model": model,
                "max_tokens": spec.max_tokens,
                "system": [{"type": "text", "text": system, "cache_control": EPHEMERAL}],
                "tools": definitions,
                "tool_choice": tool_choice,
                "messages": _with_cache_marker(messages),
            }
            # Preflight: nothing is sent that could take the run past its token or cost cap.
            self.ledger.check_request(
                spec.name, model, estimate_tokens(request), spec.max_tokens
            )
            response = await create_message(
                self.client, self.retry, step=spec.name, on_retry=count_retry, **request
            )
            call_usage = TokenUsage(
                input_tokens=response.usage.input_tokens,
                output_tokens=response.usage.output_tokens,
                cache_read_tokens=response.usage.cache_read_input_tokens or 0,
                cache_write_tokens=response.usage.cache_creation_input_tokens or 0,
            )
            record = await self.ledger.record(spec.name, model, call_usage)
            usage, cost = usage + call_usage, cost + record.cost_usd
            messages.append(
                {"role": "assistant", "content": [_block_param(b) for b in response.content]}
            )
            uses = [b for b in response.content if b.type == "tool_use"]
            if not uses:
                messages.append({"role": "user", "content": NUDGE.format(submit=spec.submit_name)})
                continue
            results: list[dict[str, Any]] = []
            for use in uses:
                if use.name == spec.submit_name:
                    try:
                        artifact = spec.artifact.model_validate(use.input)
                    except ValidationError as exc:
                        invalid += 1
                        if invalid > self.max_invalid_submits:
                            raise StepFailed(
                                f"step {spec.name}: {invalid} invalid submits; last errors: "
                                f"{_validation_message(exc)}",
                                step=spec.name,
                            ) from None
                        results.append(
                            {
                                "type": "tool_result",
                                "tool_use_id": use.id,
                                "is_error": True,
                                "content": _validation_message(exc),
                            }
                        )
                        continue
                    duration = round(time.monotonic() - started, 3)
                    log.info(
                        "llm.step_done",
                        step=spec.name,
                        turns=turn,
                        tokens=usage.total,
                        cost_usd=round(cost, 6),
                        seconds=duration,
                    )
                    return StepResult(
                        artifact=artifact,
                        usage=usage,
                        cost_usd=cost,
                        turns=turn,
                        duration_seconds=duration,
                        invalid_submits=invalid,
                        api_retries=retries,
                        tool_calls=tool_calls,
                    )
                tool_calls += 1
                if tools is None:
                    outcome_ok, content = False, f"unknown tool {use.name!r}"
                else:
                    outcome = await tools.call(use.name, dict(use.input or {}))
                    content, outcome_ok = self._bounded_result(outcome.content, outcome.ok)
                result: dict[str, Any] = {
                    "type": "tool_result",
                    "tool_use_id": use.id,
                    "content": content or "(empty)",
                }
                if not outcome_ok:
                    result["is_error"] = True
                results.append(result)
            messages.append({"role": "user", "content": results})
        raise StepFailed(
            f"step {spec.name}: no valid `{spec.submit_name}` within {spec.max_turns} turns",
            step=spec.name,
        )
