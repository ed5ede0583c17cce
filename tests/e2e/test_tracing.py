"""Tracing on: one trace per run, from the signed webhook through its job, the run's job, each
step, each model call and each sandboxed command, exported over OTLP/HTTP to a fake collector.
Tracing off (the default): jobs carry no trace argument."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from sqlalchemy import text

from bot import tracing
from bot.chains.fix.graph import FIX
from tests.e2e import script
from tests.e2e.conftest import E2E
from tests.fakes.otlp import FakeCollector

pytestmark = pytest.mark.e2e
SERVER, CLIENT, CONSUMER = 2, 3, 5  # OTLP span kinds


@pytest_asyncio.fixture
async def collector() -> AsyncIterator[FakeCollector]:
    async with FakeCollector() as fake:
        tracing.configure(fake.endpoint, service_name="smith-e2e")
        try:
            yield fake
        finally:
            # The exporter posts from its own thread to this loop's server: flush off the loop.
            await asyncio.to_thread(tracing.shutdown)


@pytest.mark.parametrize("forge_name", ["github"])
async def test_one_trace_from_the_webhook_to_the_sandbox(e2e: E2E, collector: FakeCollector):
    script.happy_path(e2e.model)
    await e2e.summon(actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.outcome == "change_request", run.reason
    await asyncio.to_thread(tracing.shutdown)  # export everything now

    spans = collector.spans
    [run_job] = [s for s in spans if s.name == "job run_chain"]
    trace = [s for s in spans if s.trace_id == run_job.trace_id]
    by_id = {s.span_id: s for s in trace}
    [webhook] = [s for s in trace if s.name == "webhook github"]
    # the webhook is the root; the event's job hangs under it, the run's job under that
    assert webhook.parent_span_id == "" and webhook.kind == SERVER
    assert webhook.attributes["smith.outcome"] == "queued"
    [event_job] = [s for s in trace if s.name == "job handle_event"]
    assert event_job.parent_span_id == webhook.span_id and event_job.kind == CONSUMER
    assert by_id[run_job.parent_span_id].name == "job handle_event"
    assert run_job.attributes["run"] == run.id
    # every step is a span under the run's job, in the order the chain walked them
    steps = [s for s in trace if s.name.startswith("step ")]
    assert [s.attributes["step"] for s in steps] == [name for name, _ in
                                                     script.passed_path(FIX)]
    assert all(s.parent_span_id == run_job.span_id and s.attributes["chain"] == "fix"
               and s.attributes["smith.verdict"] == "passed" for s in steps)
    # each model call and each sandboxed command under the step that made it
    models = [s for s in trace if s.name.startswith("model ")]
    assert {s.attributes["step"] for s in models} >= {"acceptance", "diagnose", "implement"}
    for model in models:
        parent = by_id[model.parent_span_id]
        assert parent.name == f"step {model.attributes['step']}" and model.kind == CLIENT
        assert model.attributes["gen_ai.usage.input_tokens"] > 0
    sandboxed = [s for s in trace if s.name == "sandbox command"]
    assert {by_id[s.parent_span_id].attributes["step"] for s in sandboxed} >= {"brt", "quality"}
    assert all(s.attributes["smith.limit"] == "" for s in sandboxed)
    assert {s.service for s in trace} == {"smith-e2e"}
    # no command line or secret rides in a span
    assert not any("sk-" in str(s.attributes) or "pytest" in str(s.attributes) for s in trace)


@pytest.mark.parametrize("forge_name", ["github"])
async def test_tracing_off_leaves_jobs_as_they_were(e2e: E2E):
    await e2e.summon(actor="maintainer")
    async with e2e.db.transaction() as session:
        args = (await session.execute(text("SELECT args FROM procrastinate_jobs"))).scalars()
        jobs = list(args)
    assert jobs and all("trace" not in job for job in jobs)
