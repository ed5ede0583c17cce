"""ESTIMATE and PLAN: the code graph's blast radius, the approval gate, and plan-only endings."""

from __future__ import annotations

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.engine.graph import RunStatus, Verdict
from tests.e2e.script import ACCEPTANCE, DIAGNOSIS, ESTIMATE_BIG, ESTIMATE_SMALL
from tests.steps.bench import StepBench

PLAN = {"approach": "Divide by len(values) in average() and check every caller's "
                    "expectations of the old result.",
        "steps": ["Fix the divisor", "Update the callers' tests"], "risks": []}


def understood(bench: StepBench) -> None:
    bench.give(S.ACCEPTANCE, ACCEPTANCE)
    bench.give(S.DIAGNOSE, DIAGNOSIS)


async def test_the_code_graph_rates_the_blast_radius_whatever_the_model_said(
    fix: StepBench,
) -> None:
    await fix.prepare()
    understood(fix)
    fix.runner.script(S.ESTIMATE, {**ESTIMATE_SMALL, "blast_radius": "high"})

    outcome = await fix.run(S.ESTIMATE)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.BRT))
    assert fix.ctx.artifacts[S.ESTIMATE]["blast_radius"] == "low"  # not "high": no gate
    assert "Blast radius from the code graph: low" in fix.runner.calls_of(S.ESTIMATE)[0].inputs
    assert fix.said_on_issue() == []


async def test_an_estimate_at_the_gate_pauses_the_run_until_a_maintainer_approves(
    fix: StepBench,
) -> None:
    understood(fix)
    await fix.without_checkout()
    fix.runner.script(S.ESTIMATE, ESTIMATE_BIG)

    outcome = await fix.run(S.ESTIMATE)

    assert (outcome.verdict, outcome.next) == (Verdict.WAITING, None)
    assert outcome.ending is not None and outcome.ending.announced
    assert (outcome.ending.status, outcome.ending.resume_at) == (RunStatus.PAUSED, str(S.BRT))
    [comment] = fix.said_on_issue()
    assert "Smith is waiting for approval" in comment and "reaches the gate of 2" in comment
    assert fix.labels() == [fix.ctx.settings.labels.awaiting_approval]


async def test_an_approved_run_passes_the_gate_without_asking_again(fix: StepBench) -> None:
    understood(fix)
    await fix.without_checkout()
    await fix.ctx.save_state(approved_by="maintainer")
    fix.runner.script(S.ESTIMATE, ESTIMATE_BIG)

    outcome = await fix.run(S.ESTIMATE)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.BRT))
    assert fix.said_on_issue() == [] and fix.labels() == []


@pytest.mark.smith_yml("steps: {estimate_gate: 2, estimate_max: 3}\n")
async def test_above_the_repositorys_maximum_only_a_plan_is_published(fix: StepBench) -> None:
    await fix.prepare()
    understood(fix)
    fix.runner.script(S.ESTIMATE, {**ESTIMATE_BIG, "points": 5}).script(S.PLAN, PLAN)

    estimated = await fix.run(S.ESTIMATE)
    planned = await fix.run(S.PLAN)

    assert (estimated.verdict, estimated.next) == (Verdict.PASSED, str(S.PLAN))
    assert planned.ending is not None and planned.ending.announced
    assert (planned.ending.status, planned.ending.outcome) == (RunStatus.SUCCEEDED, "plan")
    [comment] = fix.said_on_issue()
    assert "Smith's plan for this issue" in comment and "1. Fix the divisor" in comment
    assert "<diagnosis>" in fix.runner.calls_of(S.PLAN)[0].inputs
