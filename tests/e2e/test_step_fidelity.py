"""Issue 17, end to end: code decides where a step's claim could pass for more than it is.

The estimate is raised to what the diagnosis implies (and then only a plan is published), the
code graph's high blast radius pauses a one-point fix, BRT's refused skip and green test are
reverted and retried until a red one, and an allowed skip goes on with QUALITY running the
tests that reach the change, said in the change request.
"""

from __future__ import annotations

import pytest

from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches, push_files, tree_files
from tests.e2e.conftest import E2E
from tests.fakes.model import Turn

# One forge: the steps' claims are checked by code whichever forge sent the issue (GitLab's side: tests/e2e/test_happy_path.py and the forge contract).
pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("forge_name", ["github"])]

AWAITING = "smith:awaiting-approval"
CLASS_OF_BUGS = {**script.DIAGNOSIS, "scope": "class_of_bugs",
                 "root_cause": script.DIAGNOSIS["root_cause"] + " Every mean goes through it."}
PLAN = {"approach": "Divide by len(values) in average() and check each caller's expectations "
                    "of the old result.",
        "steps": ["Fix the divisor in average()", "Check the callers' tests"], "risks": []}
GREEN_FILE = "tests/test_average_green.py"
GREEN_TEST = script.RED_TEST.replace("== 3", "== 6.0")
VISUAL_SKIP = {"status": "skipped", "skip_reason": "visual",
               "explanation": "The wrong average only shows in the rendered report table."}
RACE_SKIP = {"status": "skipped", "skip_reason": "nondeterministic",
             "explanation": "The mean is computed on a worker whose timing decides the input."}


def _body(e2e: E2E) -> str:
    [change] = e2e.change_requests()
    return change.body if e2e.forge_name == "github" else change.description


def _first_inputs(e2e: E2E, step: str) -> list[str]:
    return [script.first_user_text(r) for r in e2e.model.requests_for(step)
            if len(r.messages) == 1]


# --- ESTIMATE: the floor, then a plan ------------------------------------------------------------


async def test_an_estimate_below_what_the_diagnosis_implies_is_raised_and_only_a_plan_follows(
    e2e: E2E,
):
    push_files(e2e.bare, {".smith.yml": "steps: {estimate_gate: 1, estimate_max: 1}\n"})
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", script.ACCEPTANCE))
    e2e.model.script("submit_diagnosis", script.submit("submit_diagnosis", CLASS_OF_BUGS))
    e2e.model.script("submit_judgement", script.submit("submit_judgement", script.JUDGE_YES))
    e2e.model.script("submit_estimate", script.submit("submit_estimate", script.ESTIMATE_SMALL))
    e2e.model.script("submit_plan", script.submit("submit_plan", PLAN))
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "plan"), run.reason
    steps = await e2e.steps(run.id)
    assert [s.name for s in steps][-2:] == ["estimate", "plan"]
    [estimate] = [s for s in steps if s.name == "estimate"]
    assert (estimate.artifact["points"], estimate.artifact["raised_from"]) == (2, 1)
    assert "raised from 1" in estimate.summary
    # The plan says why it is a plan: the model said 1, the diagnosis' facts say 2.
    [plan] = [c for c in e2e.issue_comments() if "smith:plan" in c]
    assert "Raised by Smith" in plan and "from 1 point to 2 points" in plan
    assert "class of bugs" in plan
    assert "<estimate>" in _first_inputs(e2e, "submit_plan")[0]
    assert e2e.model.requests_for("submit_repro_test") == []
    assert e2e.change_requests() == [] and branches(e2e.bare) == ["main"]
    assert e2e.model.remaining() == 0 and not e2e.model.problems


# --- ESTIMATE: a high blast radius from the graph pauses a small fix -----------------------------

CALLERS = {f"{package}/use.py": f"from calc import average\n\n\ndef {package}_mean(values):\n"
                                f"    return average(values)\n"
           for package in ("billing", "reports", "search", "stats", "ui")}


async def test_a_high_blast_radius_measured_by_the_graph_pauses_a_one_point_fix(e2e: E2E):
    push_files(e2e.bare, CALLERS)  # average is called from five packages
    script.understanding(e2e.model)  # the model: 1 point, blast radius "low"
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome, run.current_step) == ("paused", "awaiting_approval", "brt")
    [estimate] = [s for s in await e2e.steps(run.id) if s.name == "estimate"]
    assert estimate.status == "waiting"
    assert (estimate.artifact["points"], estimate.artifact["blast_radius"]) == (1, "high")
    [gate] = [c for c in e2e.issue_comments() if "smith:gate" in c]
    assert "the blast radius is high" in gate and "reaches the gate" not in gate
    # The graph's numbers, not the model's word.
    assert "packages within two hops: 5 &gt;= 5 (high)" in gate.replace("\\", "")
    assert AWAITING in e2e.labels()
    assert e2e.model.requests_for("submit_repro_test") == []
    assert e2e.change_requests() == [] and branches(e2e.bare) == ["main"]


# --- BRT: revert and retry, refused skip, allowed skip ------------------------------------------


async def test_a_refused_skip_and_a_green_test_are_retried_until_a_red_test(e2e: E2E):
    script.understanding(e2e.model)
    e2e.model.script(
        "submit_repro_test",
        script.submit("submit_repro_test", VISUAL_SKIP),  # calc.py is backend code
        Turn.tool("write_file", path=GREEN_FILE, content=GREEN_TEST),
        script.submit("submit_repro_test", {**script.REPRO, "file": GREEN_FILE,
                                            "test_id": f"{GREEN_FILE}::test_average_of_two_numbers"}),
        Turn.tool("write_file", path=script.RED_TEST_FILE, content=script.RED_TEST),
        script.submit("submit_repro_test", script.REPRO))
    script.implementation(e2e.model, script.FIX_EDIT)
    script.checks_and_submits(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    brt = [s for s in await e2e.steps(run.id) if s.name == "brt"]
    assert [s.status for s in brt] == ["rejected", "rejected", "passed"]
    assert brt[0].summary == "skip refused (visual)"
    second, third = _first_inputs(e2e, "submit_repro_test")[1:]
    assert 'A skip as "visual" is not accepted for backend code (calc.py)' in second
    assert "passed: it does not reproduce the bug" in third
    # The green test was reverted: it is in no commit; the red one ships.
    assert GREEN_FILE not in tree_files(e2e.bare, run.branch)
    assert "test_average_of_two_numbers" in branch_file(e2e.bare, run.branch,
                                                        script.RED_TEST_FILE)
    assert script.RED_TEST_ID in _body(e2e)
    e2e.assert_one_final_ending()
    assert e2e.model.remaining() == 0 and not e2e.model.problems


NO_DECLARED = {**script.IMPLEMENTATION, "declared_tests": []}


async def test_an_allowed_skip_goes_on_tests_reaching_the_change_run_and_the_reason_is_shown(
    e2e: E2E,
):
    script.understanding(e2e.model)
    e2e.model.script("submit_repro_test", script.submit("submit_repro_test", RACE_SKIP))
    e2e.model.script("submit_implementation", Turn.tool("edit_file", **script.FIX_EDIT),
                     script.submit("submit_implementation", NO_DECLARED))
    script.checks_and_submits(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = await e2e.steps(run.id)
    assert [s.status for s in steps if s.name == "brt"] == ["skipped"]
    # No declared test and no red test: QUALITY ran the test file importing calc.py.
    [quality] = [s for s in steps if s.name == "quality"]
    assert quality.artifact["selection"] == "reaching"
    assert quality.artifact["tests"] == ["tests/test_calc.py"]
    assert quality.artifact["passed_count"] == 1
    assert "There is no reproduction test for this run (skipped: nondeterministic" in \
        _first_inputs(e2e, "submit_criteria_verdict")[0]
    body = _body(e2e).replace("\\", "")
    assert "No reproduction test (**nondeterministic**)" in body
    assert "whose timing decides the input" in body
    e2e.assert_one_final_ending()
    assert e2e.model.remaining() == 0 and not e2e.model.problems


# --- IMPLEMENT: a primary criterion it could not do ---------------------------------------------

COULD_NOT = {**script.IMPLEMENTATION, "checklist": {
    "done": ["calc.py: read average()"], "left": [],
    "could_not": ["AC1: dividing by len(values) breaks the reports that expect the old mean"]}}


async def test_attempts_that_could_not_do_a_primary_criterion_end_the_run_saying_so(e2e: E2E):
    push_files(e2e.bare, {".smith.yml": "steps: {attempt_budget: 2}\n"})
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    e2e.model.script("submit_implementation",
                     *[script.submit("submit_implementation", COULD_NOT)] * 2)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "budget_exhausted"), run.reason
    implement = [s for s in await e2e.steps(run.id) if s.name == "implement"]
    assert [(s.status, s.summary) for s in implement] == [("rejected", "could not do AC1")] * 2
    assert "quality" not in {s.name for s in await e2e.steps(run.id)}
    said = e2e.assert_one_final_ending().replace("\\", "")
    assert "Smith used all 2 fix attempts" in said
    assert "could not do primary criteria" in said and "breaks the reports" in said
    assert e2e.change_requests() == [] and branches(e2e.bare) == ["main"]
    assert e2e.model.remaining() == 0 and not e2e.model.problems
