"""`/metrics` after a real run: the store's series (steps, tokens, dollars, runs, validator,
spend, queue) and the process's (model errors and retries, sandboxed commands), by name."""

from __future__ import annotations

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e import script
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def scrape(e2e: E2E) -> Samples:
    async with aiohttp.ClientSession() as client, client.get(f"{e2e.web_url}/metrics") as response:
        assert response.status == 200
        text = await response.text()
    return {(sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples of `name` whose labels include `labels`."""
    wanted = set(labels.items())
    return sum(v for (n, got), v in samples.items() if n == name and wanted <= got)


def names(samples: Samples) -> set[str]:
    return {name for name, _ in samples}


@pytest.mark.parametrize("forge_name", ["github"])
async def test_metrics_after_a_run(e2e: E2E):
    before = await scrape(e2e)
    script.happy_path(e2e.model)
    e2e.model.fail_next(2, status=529)  # the first model request is overloaded twice
    await e2e.summon(actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.outcome == "change_request", run.reason
    after = await scrape(e2e)

    steps = await e2e.steps(run.id)
    # Every finished step execution is in the duration histogram, by chain, step and outcome.
    assert value(after, "smith_step_duration_seconds_count", chain="fix") == len(steps)
    assert value(after, "smith_step_duration_seconds_count", chain="fix", step="implement",
                 outcome="passed") == 1
    assert value(after, "smith_step_duration_seconds_bucket", chain="fix", step="implement",
                 le="+Inf") == 1
    total_ms = sum(s.duration_ms or 0 for s in steps)
    assert value(after, "smith_step_duration_seconds_sum", chain="fix") == pytest.approx(
        total_ms / 1000)
    assert value(after, "smith_step_executions_total", chain="fix", outcome="passed") == len(
        steps)
    # Tokens and dollars add up to the run's (whose input counts cache reads and writes),
    # under the repository's own name.
    assert value(after, "smith_tokens_total", repository=e2e.repo_name) == (
        run.input_tokens + run.output_tokens) > 0
    assert value(after, "smith_tokens_total", kind="output") == run.output_tokens
    assert value(after, "smith_cost_dollars_total", repository=e2e.repo_name) == pytest.approx(
        run.cost_usd)
    assert value(after, "smith_model_calls_total", chain="fix", step="acceptance") >= 1
    assert value(after, "smith_spend_dollars", period="day") == pytest.approx(run.cost_usd)
    assert value(after, "smith_spend_dollars", period="month") == pytest.approx(run.cost_usd)
    assert value(after, "smith_runs_finished_total", chain="fix", repository=e2e.repo_name,
                 outcome="change_request") == 1
    assert value(after, "smith_validator_outcomes_total", chain="fix", outcome="passed") == 1
    # The queue is drained, and says so with zeros rather than silence.
    assert value(after, "smith_queue_jobs", queue="smith", status="todo") == 0
    assert ("smith_queue_oldest_job_age_seconds", frozenset({("queue", "smith")})) in after
    # The process's own counters moved by what this run did (other tests share the process).
    for name, labels, moved in (
        ("smith_model_errors_total", {"reason": "529"}, 2),
        ("smith_model_retries_total", {"reason": "529"}, 2),
    ):
        assert value(after, name, **labels) - value(before, name, **labels) == moved, name
    assert value(after, "smith_sandbox_commands_total") > value(
        before, "smith_sandbox_commands_total")
    assert "smith_sandbox_command_duration_seconds_bucket" in names(after)
    assert "smith_webhook_deliveries_total" in names(after)
