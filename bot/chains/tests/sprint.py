"""A sprint's tests (seed 000_…, "Sprint-driven"): the milestone's closed issues, classified
as the seed does, and for each core task the change the commits that closed it made.

SPRINT_TASKS (after PREPARE, before TEST_TARGETS) reads at most `MAX_SPRINT_ISSUES` closed
issues of the milestone from the forge; each one's commits are the ones the forge links to its
closing (a closing commit, a merged change request's merge commit) and the base branch's
commits naming `#<n>`, read in the mirror, which holds the history the checkout lacks. The
seed's deterministic signals (labels, then the paths those commits touched, `sprint_rules.py`)
classify what they can; the classifier model gets the rest, once, with titles, labels, a
capped excerpt and the paths, and code checks its answer (one known category per asked issue;
what it leaves out is not tested and said so). The plan is the step's artifact: a resumed run
never asks the model again. TEST_TARGETS then takes the core tasks' changed files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pathspec

from bot.chains.tests import sprint_rules as rules
from bot.chains.tests import targets as pick
from bot.chains.tests.artifacts import (
    SprintPlan,
    SprintTask,
    StepName,
    TaskClassification,
    TestTarget,
)
from bot.chains.tests.render import sprint_lines
from bot.chains.tests.state import TestsState
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.forge.base import Issue, Milestone
from bot.kit.agent import run_agent
from bot.subjects import Subject
from bot.text.untrusted import data_block
from bot.workspace.git import Git, GitError

MAX_SPRINT_ISSUES = 40
"""Closed issues a sprint run reads; a bigger milestone is cut here and the cut is said."""
MAX_BODY_CHARS = 4000
MAX_EXCERPT_CHARS = 600
MAX_PATHS_SHOWN = 15


def sprint_subject(milestone: Milestone) -> Subject:
    """One live sprint run per milestone (by number: titles change and may hold anything)."""
    return Subject.campaign(f"tests:sprint:{milestone.number}")


def one_line(text: str, limit: int = 100) -> str:
    """A forge's text fit for one line of a generated file, a branch-free report: printable,
    no comment closers, bounded."""
    cleaned = "".join(c if c.isprintable() else " " for c in text).replace("*/", "* /")
    return " ".join(cleaned.split())[:limit]


def sprint_params(milestone: Milestone) -> dict[str, Any]:
    """The run's state: the sprint it tests, its task text, tag and branch."""
    title = one_line(milestone.title)
    return {"tests_sprint": {"number": milestone.number, "title": title, "url": milestone.url},
            "tests_task": f"sprint {title}", "tests_tag": f"sprint{milestone.number}",
            "tests_branch": f"smith/tests-sprint-{milestone.number}"}


def in_sprint(ctx: RunContext) -> bool:
    return TestsState.of(ctx).tests_sprint is not None


async def sprint_tasks(ctx: RunContext) -> StepOutcome:
    """Load, link and classify the sprint's tasks (see the module docstring)."""
    sprint = TestsState.of(ctx).tests_sprint
    assert sprint is not None
    milestone = Milestone(number=sprint.number, id=sprint.number, title=sprint.title)
    found = await ctx.forge.find_milestone(ctx.repo, str(sprint.number))
    if found is not None and found.number == sprint.number:
        milestone = found
    closed = await ctx.forge.closed_issues(ctx.repo, milestone, limit=MAX_SPRINT_ISSUES)
    plan = SprintPlan(sprint=sprint.title)
    if closed.more:
        plan.skipped.append(f"the milestone holds more than {MAX_SPRINT_ISSUES} closed issues: "
                            f"only the first {MAX_SPRINT_ISSUES} by number were read")
    if not closed.issues:
        return _ends(plan, "no_closed_issues",
                     f"milestone `{sprint.title}` has no closed issues: nothing was done to test")
    mirror = pick.mirror_of(ctx) if ctx.repo.forge != "local" else None
    config = ctx.repo_config
    sources = pick.source_suffixes(config.language)
    tests = pathspec.GitIgnoreSpec.from_lines(config.test_globs)
    open_for_model = []
    for issue in closed.issues:
        task = await _linked(ctx, issue, mirror)
        paths = list(task.changed)
        category = rules.by_labels(issue.labels)
        if category is not None:
            task.category, task.decided_by = category, "labels"
            task.why = f"labels: {', '.join(issue.labels)}"
        elif (category := rules.by_paths(paths, {p for p in paths if tests.match_file(p)},
                                         sources)) is not None:
            task.category, task.decided_by = category, "paths"
            task.why = f"every change is {category}: {', '.join(paths[:3])}"
        else:
            open_for_model.append(task)
        plan.tasks.append(task)
    if open_for_model:
        await _classify(ctx, plan, open_for_model)
    plan.skipped += [f"#{t.number}: the classifier gave it no category, so it is not tested"
                     for t in plan.tasks if t.category is None]
    summary = ", ".join(f"{sum(t.category == c for t in plan.tasks)} {c}" for c in
                        ("core", "frontend", "adapters", "technical", "incidents"))
    if not plan.core:
        return _ends(plan, "no_core_tasks",
                     f"sprint `{sprint.title}` has no core task to test ({summary})")
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=plan, summary=summary)


def _ends(plan: SprintPlan, why: str, reason: str) -> StepOutcome:
    text = "\n".join([reason + ".", *sprint_lines(plan, [])])
    return StepOutcome(Verdict.FAILED, None, artifact=plan, summary=why,
                       ending=RunEnding(RunStatus.FAILED, "nothing_to_test", text,
                                        step=str(StepName.SPRINT_TASKS)))


async def _linked(ctx: RunContext, issue: Issue, mirror: Path | None) -> SprintTask:
    """The issue with the commits that closed it and what they changed (in the mirror)."""
    commits = await ctx.forge.closing_commits(ctx.repo, issue.number)
    changed: dict[str, set[str]] = {}
    if mirror is not None:
        git = ctx.workspace.git
        commits += [sha for sha in await _naming(git, mirror, ctx.workspace.source_branch,
                                                 issue.number) if sha not in commits]
        commits = [sha for sha in commits if await _known(git, mirror, sha)]
        for path, names in (await pick.commits_touched(git, mirror, commits)).items():
            changed.setdefault(path, set()).update(names)
    return SprintTask(number=issue.number, title=one_line(issue.title, 200),
                      commits=commits[:pick.MAX_COMMITS],
                      changed={p: sorted(n) for p, n in changed.items()},
                      labels=[one_line(label, 50) for label in issue.labels][:20],
                      author=issue.author, body=issue.body[:MAX_BODY_CHARS])


async def _naming(git: Git, mirror: Path, branch: str, number: int) -> list[str]:
    try:
        log = await git.run(["log", f"refs/heads/{branch}", f"-n{pick.MAX_COMMITS}", "-E",
                             f"--grep=#{number}([^0-9]|$)", "--format=%H"], git_dir=mirror)
    except GitError:
        return []
    return log.decode().split()


async def _known(git: Git, mirror: Path, sha: str) -> bool:
    """A commit the forge named that the mirror holds (a forge's word is not a path to run)."""
    if not re.fullmatch(r"[0-9a-f]{7,64}", sha):
        return False
    try:
        await git.run(["cat-file", "-e", f"{sha}^{{commit}}"], git_dir=mirror)
    except GitError:
        return False
    return True


async def _classify(ctx: RunContext, plan: SprintPlan, tasks: list[SprintTask]) -> None:
    """The classifier model for what the signals left open; its answer is checked here."""
    parts = [f"Sprint: {plan.sprint}", "Classify each of these tasks, exactly once each."]
    for task in tasks:
        paths = list(task.changed)
        shown = ", ".join(paths[:MAX_PATHS_SHOWN]) + (
            f" and {len(paths) - MAX_PATHS_SHOWN} more" if len(paths) > MAX_PATHS_SHOWN else "")
        parts.append(data_block("task", "\n".join([
            f"Issue #{task.number}: {task.title}",
            f"Labels: {', '.join(task.labels) or 'none'}",
            f"Changed paths: {shown or 'none (no linked commits)'}",
            "Text: " + task.body[:MAX_EXCERPT_CHARS]])))
    answer = await run_agent(ctx, str(StepName.SPRINT_CLASSIFIER), "\n\n".join(parts),
                             TaskClassification)
    asked: dict[int, SprintTask | None] = {task.number: task for task in tasks}
    for given in answer.tasks:
        answered = asked.pop(given.issue, None)
        if answered is None:  # an issue not asked about, or one answered twice: the first counts
            continue
        answered.category, answered.decided_by = given.category, "model"
        answered.why = one_line(given.why, 300)


def targets_of(plan: SprintPlan, checkout: Path, test_globs: list[str], is_protected: Any,
               suffixes: tuple[str, ...], tag: str) -> tuple[list[TestTarget], list[str]]:
    """The core tasks' changed source files, a task at a time in turn (so one big task does
    not take every place), at most `MAX_TARGETS`; and what was left out, with why."""
    queues: list[tuple[SprintTask, list[TestTarget]]] = []
    skipped: list[str] = []
    for task in plan.core:
        if not task.commits:
            skipped.append(f"#{task.number} ({task.title}): no commits linked to it (neither "
                           f"closing it on the forge nor naming #{task.number} on the base "
                           "branch)")
            continue
        candidates = {path: set(names) for path, names in task.changed.items()}
        chosen = pick.choose(checkout, candidates, {}, test_globs, is_protected, suffixes,
                             limit=len(candidates))
        if not chosen:
            skipped.append(f"#{task.number} ({task.title}): its commits changed no source "
                           "file to test")
            continue
        for target in chosen:
            target.task = f"issue #{task.number} of sprint {plan.sprint}"
            target.tag = f"{tag}_issue{task.number}"
            target.issue = task.number
            target.why = f"changed for #{task.number} ({task.title})"
        queues.append((task, chosen))
    picked: list[TestTarget] = []
    seen: set[str] = set()
    while any(queue for _, queue in queues):
        for task, queue in queues:
            if not queue:
                continue
            target = queue.pop(0)
            if target.path in seen:
                skipped.append(f"{target.path} for #{task.number}: already tested for "
                               "another task of the sprint")
            elif len(picked) >= pick.MAX_TARGETS:
                skipped.append(f"{target.path} for #{task.number}: over the "
                               f"{pick.MAX_TARGETS} files a run tests")
            else:
                picked.append(target)
                seen.add(target.path)
    return picked, skipped
