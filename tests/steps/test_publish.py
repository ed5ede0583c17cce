"""PUBLISH and TRANSITION: the branch pushed, the change request opened once (or updated), soft
signals as threads, somebody else's branch never overwritten, the issue handed to humans."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.state import FixState, SoftSignal
from bot.engine.graph import RunStatus, Verdict
from bot.kit.change import change_diff
from tests.e2e.buggy_repo import branch_file, branches, push_files
from tests.e2e.script import FIX_EDIT, IMPLEMENTATION, VERDICT
from tests.steps.bench import REPO, StepBench
from tests.steps.fixes import REWORK_BRANCH, implemented, reworked

SIGNAL = SoftSignal(kind="todo_added", path="calc.py", line=8, detail="a TODO was added")


async def validated(bench: StepBench) -> None:
    await implemented(bench)
    bench.runner.script(S.VALIDATE, VERDICT)
    outcome = await bench.run(S.VALIDATE)
    assert outcome.verdict == Verdict.PASSED, outcome.summary


def remote_head(bench: StepBench, branch: str) -> str:
    return subprocess.run(["git", "--git-dir", str(bench.bare), "rev-parse", branch],
                          check=True, capture_output=True, text=True).stdout.strip()


async def test_publish_pushes_the_fix_and_opens_one_change_request_with_the_evidence(
    fix: StepBench,
) -> None:
    await validated(fix)
    await FixState.save(fix.ctx, soft_signals=[SIGNAL])
    branch = fix.ctx.workspace.branch

    outcome = await fix.run(S.PUBLISH)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.TRANSITION))
    assert branch in branches(fix.bare)
    assert "sum(values) / len(values)" in branch_file(fix.bare, branch, "calc.py")
    assert fix.ctx.state.pushed_head == remote_head(fix, branch)
    [push] = fix.records.pushes  # for the audit trail
    assert (push["branch"], push["head"], push["forced"]) == (branch, remote_head(fix, branch),
                                                              True)
    [change] = fix.forge.change_requests(REPO)
    assert (change.source_branch, change.target_branch) == (branch, "main")
    assert change.title == "Fix #1: average() returns the wrong number"
    assert change.body.startswith("<!-- smith:change-request run=7 -->\nCloses #1 ")
    assert "| AC1 (primary) |" in change.body  # the criteria table
    assert "🔴 `assert 6.0 == 3`" in change.body and "🟢 passes" in change.body  # red → green
    assert fix.saved()["change_request_number"] == change.number
    [thread] = fix.forge.threads_of(REPO, change.number)
    assert "Note for reviewers:" in thread.comments[0].body and "calc.py:8" in \
        thread.comments[0].body


async def test_a_resumed_publish_updates_its_change_request_and_posts_no_thread_twice(
    fix: StepBench,
) -> None:
    await validated(fix)
    await FixState.save(fix.ctx, soft_signals=[SIGNAL])
    fix.ctx.resume_diff = await change_diff(fix.ctx)  # the checkpoint IMPLEMENT stored

    first = await fix.run(S.PUBLISH)
    fix.ctx.workspace.remove()  # the worker died after PUBLISH; the resumed run prepares again
    await fix.prepare()
    again = await fix.run(S.PUBLISH)

    assert "opened" in first.summary and "updated" in again.summary
    [change] = fix.forge.change_requests(REPO)
    assert len(fix.forge.threads_of(REPO, change.number)) == 1
    assert fix.ctx.artifacts[S.PUBLISH]["created"] is False


async def test_a_branch_holding_somebody_elses_commits_is_left_alone_and_that_is_said(
    fix: StepBench,
) -> None:
    await validated(fix)
    branch = fix.ctx.workspace.branch
    subprocess.run(["git", "--git-dir", str(fix.bare), "branch", branch, "main"],  # noqa: ASYNC221
                   check=True)
    push_files(fix.bare, {"NOTES.md": "a reviewer's work\n"}, branch=branch)
    theirs = remote_head(fix, branch)

    outcome = await fix.run(S.PUBLISH)

    assert outcome.verdict == Verdict.PASSED
    assert remote_head(fix, branch) == theirs  # untouched
    [change] = fix.forge.change_requests(REPO)
    assert change.source_branch == f"{branch}-2" and fix.saved()["branch"] == f"{branch}-2"
    assert any(f"pushed this run's change to `{branch}-2`" in c for c in fix.said_on_issue())


async def test_transition_hands_the_issue_to_reviewers(fix: StepBench) -> None:
    await validated(fix)
    await fix.run(S.PUBLISH)
    labels = fix.ctx.settings.labels
    fix.forge.label(REPO, fix.issue, labels.needs_info)

    outcome = await fix.run(S.TRANSITION)

    assert outcome.ending is not None and outcome.ending.announced
    assert (outcome.ending.status, outcome.ending.outcome) == (RunStatus.SUCCEEDED,
                                                               "change_request")
    assert fix.labels() == [labels.ready_for_review]  # in-progress and needs-info are gone
    url = fix.forge.change_requests(REPO)[0].url
    assert fix.said_on_issue()[-1] == f"Smith opened {url} for this issue: ready for review."


async def test_a_rework_is_pushed_onto_the_change_requests_branch_and_answered_in_the_thread(
    tmp_path: Path, fix: StepBench,
) -> None:
    rework, thread = await reworked(tmp_path, fix.bare)
    try:
        await rework.prepare()
        rework.runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])
        await rework.run(S.IMPLEMENT)
        outcome = await rework.run(S.PUBLISH)
    finally:
        await rework.close()

    assert outcome.ending is not None and outcome.ending.announced
    assert (outcome.ending.status, outcome.ending.outcome) == (RunStatus.SUCCEEDED,
                                                               "rework_pushed")
    assert "sum(values) / len(values)" in branch_file(fix.bare, REWORK_BRANCH, "calc.py")
    [change] = rework.forge.change_requests(REPO)
    [answered] = [t for t in rework.forge.threads_of(REPO, change.number) if t.id == thread]
    assert answered.comments[-1].author == "smith-bot"
    assert answered.comments[-1].body.startswith("Reworked as asked: ")
    assert rework.said_on_issue() == []  # a rework speaks on its change request only
