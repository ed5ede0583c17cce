"""A sprint's tests, step by step on the in-memory forge: SPRINT_TASKS reads the milestone's
closed issues and the commits that closed them, classifies by labels, then paths, then the
classifier (checked); TEST_TARGETS takes the core tasks' files, tagged with their task; the
Writer's file carries the sprint and the task; what cannot be tested is said, with why."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chains.tests import sprint
from bot.chains.tests.artifacts import StepName as S
from bot.chains.tests.graph import TESTS
from bot.engine.graph import Verdict
from bot.forge.base import Milestone
from tests.e2e.buggy_repo import make_buggy_repo, push_files
from tests.e2e.test_testgen import FIXED_CALC, GOOD, SCENARIOS, review
from tests.steps.bench import REPO, StepBench, build_bench

SPRINT = "Sprint 24"
FILE = "tests/test_calc_smith_sprint1_issue2.py"
MARKER_CONFTEST = ('def pytest_configure(config):\n'
                   '    config.addinivalue_line("markers", "smith_generated: by Smith")\n')
CLASSIFIED = {"tasks": [
    {"issue": 5, "category": "core", "why": "Refund totals are business logic."},
    {"issue": 99, "category": "core", "why": "An issue nobody asked about."}]}


def tip(bare: Path) -> str:
    return subprocess.run(["git", "--git-dir", str(bare), "rev-parse", "main"], check=True,
                          capture_output=True, text=True).stdout.strip()


def sprint_world(tmp_path: Path, *, milestone: str = SPRINT, number: int = 1) -> StepBench:
    """Issue #1 asks; milestone `Sprint 24` holds #2 (calc.py fixed: core by its path), #3
    (a stylesheet: frontend by its path), #4 (labelled incident), #5 (no label, no commit:
    the classifier's) and #6, still open. Gate 4 is off (`testgen.mutation: false`): what a
    sprint adds is its tasks and markers, not mutants (tests/steps/test_testgen.py has those)."""
    bare = make_buggy_repo(tmp_path / "repo", smith_yml="testgen:\n  mutation: false\n")
    push_files(bare, {"conftest.py": MARKER_CONFTEST}, message="Register the marker")
    push_files(bare, {"calc.py": FIXED_CALC}, message="Divide by the count")
    fixed = tip(bare)
    push_files(bare, {"web/style.css": "button { margin: 0 }\n"}, message="Align the button")
    styled = tip(bare)
    bench = build_bench(tmp_path, TESTS, bare, title="Sprint tests", body="",
                        state=sprint.sprint_params(Milestone(number=number, id=number,
                                                             title=milestone)))
    forge = bench.forge
    forge.add_milestone(REPO, SPRINT)
    for title, labels, commits in (("Average is wrong", ("bug",), (fixed,)),
                                   ("Button misaligned", (), (styled,)),
                                   ("Outage on Monday", ("SRE",), ()),
                                   ("Refund totals", (), ()),
                                   ("Still open", (), ())):
        number = forge.add_issue(REPO, title, f"About {title.lower()}.", labels=labels,
                                 milestone=SPRINT)
        if title != "Still open":
            forge.close_issue(REPO, number, commits=commits)
    return bench


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[StepBench]:
    bench = sprint_world(tmp_path)
    try:
        yield bench
    finally:
        await bench.close()


async def planned(bench: StepBench) -> dict:
    prepared = await bench.prepare()
    assert prepared.next == str(S.SPRINT_TASKS), prepared.summary
    bench.runner.script(S.SPRINT_CLASSIFIER, CLASSIFIED)
    outcome = await bench.run(S.SPRINT_TASKS)
    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.TEST_TARGETS))
    return bench.ctx.artifacts[S.SPRINT_TASKS]


async def test_tasks_are_classified_by_labels_then_paths_then_the_checked_classifier(
    world: StepBench,
) -> None:
    plan = await planned(world)

    assert world.saved()["branch"] == "smith/tests-sprint-1"
    decided = {t["number"]: (t["category"], t["decided_by"]) for t in plan["tasks"]}
    assert decided == {2: ("core", "paths"), 3: ("frontend", "paths"),
                       4: ("incidents", "labels"), 5: ("core", "model")}
    task = next(t for t in plan["tasks"] if t["number"] == 2)
    assert task["changed"] == {"calc.py": ["average"]} and len(task["commits"]) == 1
    # Only what the signals left open went to the model, as quoted data with its evidence.
    [call] = world.runner.calls_of(S.SPRINT_CLASSIFIER)
    assert "Issue #5: Refund totals" in call.inputs
    assert "Changed paths: none (no linked commits)" in call.inputs
    assert "Issue #2" not in call.inputs and "#99" not in call.inputs
    assert plan["skipped"] == []


async def test_targets_are_the_core_tasks_files_and_tasks_without_commits_are_named(
    world: StepBench,
) -> None:
    await planned(world)

    outcome = await world.run(S.TEST_TARGETS)

    targets = world.ctx.artifacts[S.TEST_TARGETS]
    assert outcome.next == str(S.WRITE_TESTS)
    assert [(t["path"], t["task"], t["tag"], t["issue"]) for t in targets["targets"]] == [
        ("calc.py", f"issue #2 of sprint {SPRINT}", "sprint1_issue2", 2)]
    assert len(targets["skipped"]) == 1
    assert targets["skipped"][0].startswith("#5 (Refund totals): no commits linked to it")


async def test_the_writer_gets_its_task_and_the_file_carries_sprint_and_task(
    world: StepBench,
) -> None:
    await planned(world)
    await world.run(S.TEST_TARGETS)
    world.runner.script(S.TEST_WRITER, {"file": FILE, "functions": ["average"],
                                        "scenarios": SCENARIOS},
                        tool_calls=[("write_file", {"path": FILE, "content": GOOD})])
    world.runner.script(S.TEST_REVIEWER, review())

    outcome = await world.try_item(S.WRITE_TESTS, "calc.py")

    assert outcome.verdict == Verdict.PASSED, outcome.summary
    stored = world.ctx.state.model_extra["test_files"]["calc.py"]
    assert stored["report"]["task"] == f"issue #2 of sprint {SPRINT}"
    content = stored["content"]
    assert content.startswith(f"# Generated by Smith for issue #2 of sprint {SPRINT};")
    assert "pytestmark = pytest.mark.smith_generated(sprint='Sprint 24', task='#2')" in content
    writer = world.runner.calls_of(S.TEST_WRITER)[0].inputs
    assert "Average is wrong" in writer and "About average is wrong." in writer
    # The marker's keywords select the sprint's tests (pytest 8 marker expressions).
    selected, other = await asyncio.gather(*(asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--co",
                         "-m", f"smith_generated(sprint='{name}')", FILE],
        cwd=world.checkout, capture_output=True, text=True, check=False)
        for name in ("Sprint 24", "Sprint 23")))
    assert "2 tests collected" in selected.stdout, selected.stdout + selected.stderr
    assert "2 deselected" in other.stdout, other.stdout


async def test_a_classifier_that_leaves_a_task_out_and_a_huge_milestone_are_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sprint, "MAX_SPRINT_ISSUES", 4)
    bench = sprint_world(tmp_path)
    extra = bench.forge.add_issue(REPO, "Copy change", "Reword the banner.", milestone=SPRINT)
    bench.forge.close_issue(REPO, extra)
    try:
        await bench.prepare()
        bench.runner.script(S.SPRINT_CLASSIFIER, {"tasks": [
            {"issue": 99, "category": "core", "why": "Not one of the sprint's."}]})
        outcome = await bench.run(S.SPRINT_TASKS)
    finally:
        await bench.close()

    plan = bench.ctx.artifacts[S.SPRINT_TASKS]
    assert [t["number"] for t in plan["tasks"]] == [2, 3, 4, 5]
    assert plan["skipped"] == [
        "the milestone holds more than 4 closed issues: only the first 4 by number were read",
        "#5: the classifier gave it no category, so it is not tested"]
    assert outcome.verdict == Verdict.PASSED  # #2 is core by its path
    assert [t["category"] for t in plan["tasks"]][-1] is None


async def test_without_core_tasks_the_run_ends_naming_every_task(tmp_path: Path) -> None:
    bench = sprint_world(tmp_path)
    bench.forge.close_issue(REPO, 2)  # closed by hand: no commit, so no path says core
    try:
        await bench.prepare()
        bench.runner.script(S.SPRINT_CLASSIFIER, {"tasks": [
            {"issue": 2, "category": "frontend", "why": "The chart's label."},
            {"issue": 5, "category": "technical", "why": "A configuration change."}]})
        outcome = await bench.run(S.SPRINT_TASKS)
    finally:
        await bench.close()

    assert outcome.ending is not None and outcome.ending.outcome == "nothing_to_test"
    reason = outcome.ending.reason
    assert reason.startswith(f"sprint `{SPRINT}` has no core task to test (0 core, 2 frontend, "
                             "0 adapters, 1 technical, 1 incidents).")
    assert "| #4 Outage on Monday | incidents | labels | labels: SRE | 0 |" in reason
    assert "| #5 Refund totals | technical | model | A configuration change. | 0 |" in reason


async def test_a_milestone_emptied_since_it_was_asked_ends_clearly(tmp_path: Path) -> None:
    bench = sprint_world(tmp_path, milestone="Sprint 25", number=2)
    bench.forge.add_milestone(REPO, "Sprint 25")
    try:
        await bench.prepare()
        outcome = await bench.run(S.SPRINT_TASKS)
    finally:
        await bench.close()

    assert outcome.ending is not None
    assert outcome.ending.reason.startswith(
        "milestone `Sprint 25` has no closed issues: nothing was done to test.")
