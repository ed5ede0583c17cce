"""Size preflight: a request that could cross a cap, or inputs above the step bound, are never
sent. Checked on what the fake model server recorded, through the real anthropic client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.llm import (
    RunBudgetExceeded,
    StepInputTooLarge,
    StepRunner,
    StepSpec,
    TokenLedger,
    estimate_tokens,
    make_client,
)
from bot.workspace.tools import ToolSet, WritePolicy
from bot.workspace.trajectory import Trajectory
from tests.fakes.model import FakeModelServer, Turn
from tests.llm.test_step_runner import (
    DIAGNOSE,
    ESTIMATE,
    FAST,
    GOOD,
    MODEL,
    PRICES,
    Estimate,
)


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


def make_runner(
    fake: FakeModelServer, prompts: Path, ledger: TokenLedger, bound: int | None = 100_000
) -> StepRunner:
    return StepRunner(
        make_client("test-key", fake.base_url),
        model=MODEL,
        prompts_dir=prompts,
        ledger=ledger,
        retry=FAST,
        max_input_tokens=bound,
    )


def test_the_estimate_is_an_upper_bound_of_bytes_over_four() -> None:
    body = {"messages": [{"role": "user", "content": "def add(a, b):\n    return a - b\n" * 50}]}
    assert estimate_tokens(body) >= len(json.dumps(body)) // 3
    assert estimate_tokens("é" * 30) == 20  # bytes, not characters


async def test_a_request_that_could_pass_the_token_cap_is_never_sent(
    fake: FakeModelServer, prompts: Path
) -> None:
    # max_tokens alone (8192) is above what is left: nothing may be sent.
    ledger = TokenLedger(PRICES, max_tokens=5_000)
    with pytest.raises(RunBudgetExceeded, match="token cap would be exceeded") as info:
        await make_runner(fake, prompts, ledger).run_step(ESTIMATE, "criteria")
    assert info.value.step == "estimate"
    assert fake.requests == [] and ledger.records == []


async def test_the_cap_stops_the_turn_that_would_cross_it(
    fake: FakeModelServer, prompts: Path, tmp_path: Path
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "app.py").write_text("def add(a, b):\n    return a - b\n" * 40)
    tools = ToolSet(checkout, step="diagnose", trajectory=Trajectory(),
                    policy=WritePolicy.read_only(), is_protected=lambda p: False)
    fake.script("submit_diagnosis", Turn.tool("read_file", path="app.py"),
                Turn.submit("submit_diagnosis", GOOD))
    # Room for the first request (about 1,000 tokens in + 8,192 out), not for a second one
    # that also carries the file window.
    first = estimate_tokens(
        {"system": "# Diagnose\nFind the root cause.\n", "tools": tools.definitions()}
    )
    cap = first + 8_192 + 1_500
    ledger = TokenLedger(PRICES, max_tokens=cap)
    with pytest.raises(RunBudgetExceeded, match="token cap would be exceeded"):
        await make_runner(fake, prompts, ledger).run_step(DIAGNOSE, "Issue: add is wrong", tools)
    [sent] = fake.requests
    assert fake.remaining("submit_diagnosis") == 1  # the submit turn was never asked for
    # What the run was charged never exceeded the cap, and the estimate covered the real count.
    assert ledger.usage.total <= cap
    assert estimate_tokens(sent.body) >= ledger.records[0].usage.total - 25


async def test_a_request_that_could_pass_the_cost_cap_is_never_sent(
    fake: FakeModelServer, prompts: Path
) -> None:
    # 8,192 output tokens at $15 per million may cost $0.12: above a $0.05 cap.
    ledger = TokenLedger(PRICES, max_cost_usd=0.05)
    with pytest.raises(RunBudgetExceeded, match="cost cap would be exceeded"):
        await make_runner(fake, prompts, ledger).run_step(ESTIMATE, "criteria")
    assert fake.requests == []
    small = StepSpec(name="estimate", artifact=Estimate, max_tokens=500)
    fake.script("submit_estimate", Turn.submit("submit_estimate", {"points": 1}))
    result = await make_runner(fake, prompts, ledger).run_step(small, "criteria")
    assert result.artifact.points == 1 and ledger.cost_usd <= 0.05


async def test_a_diff_above_the_step_bound_ends_the_run_without_a_model_call(
    fake: FakeModelServer, prompts: Path
) -> None:
    diff = "<diff>\n" + "+" + "x" * 30_000 + "\n</diff>"
    with pytest.raises(StepInputTooLarge) as info:
        await make_runner(fake, prompts, TokenLedger(PRICES), bound=2_000).run_step(
            ESTIMATE, f"Review this change.\n\n{diff}"
        )
    assert isinstance(info.value, RunBudgetExceeded)  # the chain ends the run on it
    assert info.value.message.startswith("the change is too large to review: ~")
    assert "> bound 2000" in info.value.message
    assert fake.requests == []
    with pytest.raises(StepInputTooLarge, match="the step's input is too large"):
        await make_runner(fake, prompts, TokenLedger(PRICES), bound=2_000).run_step(
            ESTIMATE, "y" * 30_000
        )
    assert fake.requests == []


async def test_a_tool_result_above_the_bound_goes_back_as_an_error(
    fake: FakeModelServer, prompts: Path, tmp_path: Path
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "data.json").write_text("\n".join(f'"{"v" * 150}{n}",' for n in range(200)))
    tools = ToolSet(checkout, step="diagnose", trajectory=Trajectory(),
                    policy=WritePolicy.read_only(), is_protected=lambda p: False)
    fake.script(
        "submit_diagnosis",
        Turn.tool("read_file", path="data.json"),
        Turn.tool("read_file", path="data.json", limit=5),
        Turn.submit("submit_diagnosis", GOOD),
    )
    bound = 3_000
    result = await make_runner(fake, prompts, TokenLedger(PRICES), bound=bound).run_step(
        DIAGNOSE, "Issue: data is wrong", tools
    )
    assert result.artifact.hypothesis == GOOD["hypothesis"]
    [refused] = fake.requests[1].tool_results()
    assert refused["is_error"] is True and "above the bound of 3000 tokens" in refused["content"]
    [window] = fake.requests[2].tool_results()
    assert not window.get("is_error") and "vvv" in window["content"]
    for request in fake.requests:
        for block in request.tool_results():
            assert estimate_tokens(block["content"]) <= bound
