"""The step runner against the scripted model server, through the real anthropic client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Literal

import aiohttp
import pytest
from pydantic import BaseModel, Field

from bot.llm import (
    LEARNED_RULES_HEADING,
    EnvironmentFailure,
    ModelPrice,
    RetryPolicy,
    RunBudgetExceeded,
    StepFailed,
    StepRunner,
    StepSpec,
    TokenLedger,
    UsageRecord,
    make_client,
    submit_tool_name,
)
from bot.workspace.tools import ToolSet, WritePolicy
from bot.workspace.trajectory import Trajectory
from tests.fakes.model import FakeModelServer, Turn, validate_request

MODEL = "claude-test-1"
PRICES = {MODEL: ModelPrice(input=3.0, output=15.0, cache_read=0.3, cache_write=3.75)}
FAST = RetryPolicy(attempts=5, base_delay=0.001, max_delay=0.01)


class Location(BaseModel):
    path: str
    line: int = Field(ge=1)


class Diagnosis(BaseModel):
    hypothesis: str = Field(min_length=5)
    locations: list[Location] = Field(min_length=1)


class Estimate(BaseModel):
    points: Literal[0.5, 1, 2, 3, 5]


DIAGNOSE = StepSpec(name="diagnose", artifact=Diagnosis)
ESTIMATE = StepSpec(name="estimate", artifact=Estimate)
SMALL_ESTIMATE = StepSpec(name="estimate", artifact=Estimate, max_tokens=100)
GOOD = {"hypothesis": "add subtracts", "locations": [{"path": "app.py", "line": 2}]}


@pytest.fixture
async def fake() -> AsyncIterator[FakeModelServer]:
    async with FakeModelServer() as server:
        yield server


@pytest.fixture
def prompts(tmp_path: Path) -> Path:
    folder = tmp_path / "prompts"
    folder.mkdir()
    (folder / "diagnose.md").write_text("# Diagnose\nFind the root cause.\n")
    (folder / "estimate.md").write_text("# Estimate\nEstimate in points.\n")
    return folder


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "app.py").write_text("def add(a, b):\n    return a - b\n")
    return root


def runner(
    fake: FakeModelServer,
    prompts: Path,
    ledger: TokenLedger | None = None,
    retry: RetryPolicy = FAST,
) -> StepRunner:
    return StepRunner(
        make_client("test-key", fake.base_url),
        model=MODEL,
        prompts_dir=prompts,
        ledger=ledger or TokenLedger(PRICES),
        retry=retry,
    )


def test_submit_tool_names() -> None:
    assert submit_tool_name(Diagnosis) == "submit_diagnosis"

    class ReproTest(BaseModel):
        file: str

    assert submit_tool_name(ReproTest) == "submit_repro_test"


async def test_tool_loop_with_an_invalid_submit_returns_a_validated_artifact(
    fake: FakeModelServer, prompts: Path, checkout: Path
) -> None:
    records: list[UsageRecord] = []

    async def sink(record: UsageRecord) -> None:
        records.append(record)

    ledger = TokenLedger(PRICES, run_id="run-7", sink=sink)
    trajectory = Trajectory()
    tools = ToolSet(
        checkout,
        step="diagnose",
        trajectory=trajectory,
        policy=WritePolicy.read_only(),
        is_protected=lambda p: False,
    )
    fake.expect_tools("submit_diagnosis", {*tools.names, "submit_diagnosis"})
    fake.script(
        "submit_diagnosis",
        Turn.tool("read_file", path="app.py"),
        Turn.submit("submit_diagnosis", {"hypothesis": "bug", "locations": []}),
        Turn.submit("submit_diagnosis", GOOD),
    )
    result = await runner(fake, prompts, ledger).run_step(
        DIAGNOSE, "Issue: add(2, 2) returns 0", tools, rules=["Read the failing function first."]
    )
    assert result.artifact == Diagnosis.model_validate(GOOD)
    assert (result.turns, result.invalid_submits, result.tool_calls) == (3, 1, 1)
    assert fake.problems == [] and fake.remaining() == 0

    first, second, third = fake.requests
    assert first.system_text.startswith("# Diagnose\nFind the root cause.")
    assert f"{LEARNED_RULES_HEADING}\n\n1. Read the failing function first." in first.system_text
    assert first.body["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert first.body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert first.body["tool_choice"] == {"type": "any"}
    assert first.body["model"] == MODEL
    assert first.messages[0]["content"][0]["text"] == "Issue: add(2, 2) returns 0"
    assert fake.api_key_of(first) == "test-key"
    [read_result] = second.tool_results()
    assert "2\t    return a - b" in read_result["content"] and not read_result.get("is_error")
    [invalid] = third.tool_results()
    assert invalid["is_error"] is True
    assert "hypothesis" in invalid["content"] and "locations" in invalid["content"]
    assert [e.tool for e in trajectory.events] == ["read_file"]

    assert [r.call for r in records] == [1, 2, 3] and records[0].run_id == "run-7"
    assert records[0].usage.cache_write_tokens > 0 and records[1].usage.cache_read_tokens > 0
    assert result.usage == ledger.step_usage("diagnose") == ledger.usage
    expected = sum(PRICES[MODEL].cost(r.usage) for r in records)
    assert result.cost_usd == pytest.approx(expected) and result.cost_usd > 0


async def test_step_without_tools_forces_the_submit_tool(
    fake: FakeModelServer, prompts: Path
) -> None:
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 2}))
    result = await runner(fake, prompts).run_step(ESTIMATE, "criteria and diagnosis")
    assert result.artifact.points == 2
    [request] = fake.requests
    assert request.tool_names == ["submit_estimate"]
    assert request.body["tool_choice"] == {"type": "tool", "name": "submit_estimate"}
    schema = request.body["tools"][0]["input_schema"]
    assert schema["properties"]["points"]["enum"] == [0.5, 1, 2, 3, 5]


async def test_three_invalid_submits_fail_the_step(fake: FakeModelServer, prompts: Path) -> None:
    fake.script("submit_estimate", *[Turn.submit("submit_estimate", {"points": 4})] * 3)
    with pytest.raises(StepFailed) as info:
        await runner(fake, prompts).run_step(ESTIMATE, "x")
    assert "3 invalid submits" in info.value.message and info.value.step == "estimate"
    assert len(fake.requests) == 3


async def test_overload_storm_is_retried_without_spending_a_turn(
    fake: FakeModelServer, prompts: Path
) -> None:
    fake.fail_next(3, status=529)
    fake.fail_next(1, status=429)
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 1}))
    ledger = TokenLedger(PRICES)
    result = await runner(fake, prompts, ledger).run_step(ESTIMATE, "x")
    assert result.artifact.points == 1
    assert result.turns == 1 and result.api_retries == 4 and result.invalid_submits == 0
    assert [r.status for r in fake.requests] == [529, 529, 529, 429, 200]
    assert len(ledger.records) == 1


async def test_endless_storm_is_an_environment_failure(
    fake: FakeModelServer, prompts: Path
) -> None:
    fake.fail_next(10, status=529)
    with pytest.raises(EnvironmentFailure) as info:
        await runner(fake, prompts, retry=RetryPolicy(attempts=3, base_delay=0.001)).run_step(
            ESTIMATE, "x"
        )
    assert "after 3 attempts" in info.value.message and "529" in info.value.message
    assert len(fake.requests) == 3
    fake.fail_next(10, status=500)
    with pytest.raises(EnvironmentFailure):
        await runner(fake, prompts, retry=RetryPolicy(attempts=2, base_delay=0.001)).run_step(
            ESTIMATE, "x"
        )


async def test_unreachable_api_is_an_environment_failure(prompts: Path) -> None:
    server = FakeModelServer()
    await server.start()
    await server.close()  # nothing listens on this port any more
    with pytest.raises(EnvironmentFailure, match="connection error"):
        await runner(server, prompts, retry=RetryPolicy(attempts=2, base_delay=0.001)).run_step(
            ESTIMATE, "x"
        )


async def test_bad_request_fails_the_step_without_retry(
    fake: FakeModelServer, prompts: Path
) -> None:
    # Nothing scripted: the fake answers 400 like an API rejecting the request.
    with pytest.raises(StepFailed, match="400"):
        await runner(fake, prompts).run_step(ESTIMATE, "x")
    assert len(fake.requests) == 1


async def test_run_budget_stops_before_the_next_call(fake: FakeModelServer, prompts: Path) -> None:
    fake.script(
        "submit_estimate",
        Turn.submit("submit_estimate", {"points": 1}, input_tokens=9_000, output_tokens=200),
    )
    ledger = TokenLedger(PRICES, max_tokens=9_000)
    step_runner = runner(fake, prompts, ledger)
    await step_runner.run_step(SMALL_ESTIMATE, "x")
    with pytest.raises(RunBudgetExceeded, match="token cap"):
        await step_runner.run_step(SMALL_ESTIMATE, "x")
    assert len(fake.requests) == 1
    costly = TokenLedger(PRICES, max_cost_usd=0.01)
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 1}))
    await runner(fake, prompts, costly).run_step(SMALL_ESTIMATE, "x")
    costly.max_cost_usd = costly.cost_usd
    with pytest.raises(RunBudgetExceeded, match="cost cap"):
        costly.check_budget("estimate")


async def test_text_only_turns_are_nudged_until_the_turn_limit(
    fake: FakeModelServer, prompts: Path, checkout: Path
) -> None:
    tools = ToolSet(
        checkout,
        step="diagnose",
        trajectory=Trajectory(),
        policy=WritePolicy.read_only(),
        is_protected=lambda p: False,
    )
    fake.script("submit_diagnosis", Turn.text("Let me think."), Turn.text("Still thinking."))
    spec = StepSpec(name="diagnose", artifact=Diagnosis, max_turns=2)
    with pytest.raises(StepFailed, match="within 2 turns"):
        await runner(fake, prompts).run_step(spec, "x", tools)
    assert fake.problems == []
    nudge = fake.requests[1].messages[-1]["content"][-1]["text"]
    assert "submit_diagnosis" in nudge


async def test_prompt_is_read_at_each_use_and_steps_run_concurrently(
    fake: FakeModelServer, prompts: Path
) -> None:
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 3}))
    fake.script("submit_diagnosis", Turn.submit("submit_diagnosis", GOOD))
    step_runner = runner(fake, prompts)
    estimate, diagnosis = await asyncio.gather(
        step_runner.run_step(ESTIMATE, "a"), step_runner.run_step(DIAGNOSE, "b")
    )
    assert estimate.artifact.points == 3 and diagnosis.artifact.locations[0].line == 2
    (prompts / "estimate.md").write_text("# Estimate v2\n")
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 5}))
    await step_runner.run_step(ESTIMATE, "c")
    assert fake.requests_for("submit_estimate")[-1].system_text.startswith("# Estimate v2")


async def test_fake_rejects_what_the_real_api_rejects(fake: FakeModelServer) -> None:
    use = {"type": "tool_use", "id": "toolu_1", "name": "read_file", "input": {}}
    tools = [{"name": "read_file", "input_schema": {"type": "object"}}]
    body = {
        "model": MODEL,
        "max_tokens": 10,
        "tools": tools,
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [use]},
            {"role": "user", "content": [{"type": "text", "text": "no result"}]},
        ],
    }
    assert any("need tool_result" in p for p in validate_request(body))
    body["tool_choice"] = {"type": "tool", "name": "submit_x"}
    assert any("not among the tools" in p for p in validate_request(body))
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{fake.base_url}/v1/messages", json=body, headers=headers) as r:
            assert r.status == 400
            assert (await r.json())["error"]["type"] == "invalid_request_error"
        async with session.post(f"{fake.base_url}/v1/messages", json=body) as r:
            assert r.status == 401


async def test_refused_credentials_are_an_environment_failure_without_retry(
    fake: FakeModelServer, prompts: Path
) -> None:
    fake.fail_next(1, status=401)
    with pytest.raises(EnvironmentFailure, match="credentials"):
        await runner(fake, prompts).run_step(ESTIMATE, "x")
    assert [r.status for r in fake.requests] == [401]
