"""The test-generation chain's steps: PREPARE, TEST_TARGETS, WRITE_TESTS, PUBLISH_TESTS.

WRITE_TESTS is a per-item loop: one target file at a time, the Writer writes one test file,
our code runs gates 1-5 in the sandbox (gate 4 also asks each test to earn its place against
the existing tests of the module, `existing.py` and `earning.py`), the Reviewer judges it
(gate 6). Budgets per file:
3 attempts for gates 1-5 (each restarts at gate 1; a reviewer REJECT spends one), 2 reviewer
revisions (a revision touching at most 30 % of the file re-runs gates 1-2, a larger one 1-5).
Each finished file is checkpointed in the run's state with its content, so a resumed run
restores it and skips it.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import structlog

from bot.chains.tests import coverage as covered
from bot.chains.tests import render, sprint
from bot.chains.tests import targets as pick
from bot.chains.tests.artifacts import (
    FileReport,
    GenerationReport,
    SprintPlan,
    StepName,
    TestReview,
    TestTarget,
    TestTargets,
    WrittenTestFile,
)
from bot.chains.tests.earning import Baseline
from bot.chains.tests.existing import baseline_for
from bot.chains.tests.gates import GatePass, GateSettings, run_gates
from bot.chains.tests.js_config import RunnerPatterns, glob_escape, runner_patterns
from bot.chains.tests.js_gates import run_js_gates
from bot.chains.tests.js_tagging import js_test_file_for, tag_js
from bot.chains.tests.jsast import is_js
from bot.chains.tests.state import TestsState
from bot.chains.tests.testfiles import drop_tests, names_of_tests
from bot.engine.artifacts import PublishResult
from bot.engine.context import RunContext
from bot.engine.errors import EnvironmentBroken
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.loop import ItemLoop, ItemOutcome, ItemTry, LoopResult
from bot.forge.base import Issue
from bot.kit.agent import run_agent
from bot.kit.change import revert_changes
from bot.kit.code_index import full_code_graph
from bot.kit.opening import prepare
from bot.kit.reach import base_files
from bot.repo_config import CONFIG_FILE, RepoConfigError, load_repo_config
from bot.text.untrusted import data_block, quote_report
from bot.workspace.safe_fs import read_beneath, remove_beneath, write_beneath
from bot.workspace.test_failure import EnvironmentProblem
from bot.workspace.tools import WritePolicy

log = structlog.get_logger(__name__)

LOOP = str(StepName.WRITE_TESTS)
MAX_ATTEMPTS = 3
MAX_REVISIONS = 2
SMALL_REVISION = 0.30
MARKER = "smith_generated"
GATE_NUMBERS = {"collect": 1, "green": 2, "stable": 3, "mutation": 4, "earns": 4, "smells": 5}
GATE_TITLES = {"earns": "earns its place"}
EARNS_NOTHING = "earns_nothing"
"""Why a test was cut out of a kept file, and the story of a file none of whose tests earned
its place (the rules loop's and the stats' word for it)."""
NO_FILE = "writer"
"""The `failed_gate` of a try in which the Writer wrote no file (before gate 1)."""
MAX_CODE_LINES = 400


# --- PREPARE ----------------------------------------------------------------------------------


async def prepare_tests(ctx: RunContext) -> StepOutcome:
    """The fix chain's PREPARE on a branch of its own (`smith/tests-<n>`), then TEST_TARGETS;
    a campaign (scheduled or asked for on an issue) and a sprint prepare their own way."""
    state = TestsState.of(ctx)
    if ctx.issue is None or state.tests_coverage or state.tests_sprint is not None:
        return await _prepare_campaign(ctx)
    if ctx.branch is None:
        await ctx.update_run(branch=f"smith/tests-{ctx.issue.number}")
    outcome = await prepare(ctx)
    if outcome.next is None:
        return outcome
    _restore_finished(ctx)
    return StepOutcome(outcome.verdict, str(StepName.TEST_TARGETS), summary=outcome.summary)


async def prepare_tests_for_change(ctx: RunContext) -> StepOutcome:
    """PREPARE of `/smith tests` on a change request: Smith's branch starts from the change
    request's branch (never pushed onto it), the config comes from its target branch."""
    from bot.kit.opening import begin_run, config_of_branch, equip_checkout

    begun = await begin_run(ctx, read_issue=False)
    if isinstance(begun, StepOutcome):
        return begun
    workspace, _ = begun
    tools = ctx.tools
    change = await ctx.forge.get_change_request(ctx.repo, ctx.item.number)
    tools.issue = Issue(number=change.number, title=change.title, body=change.body,
                        author="change-request", url=change.url)
    tools.checkout = await workspace.create_checkout(
        tools.need("clone_url"), change.source_branch,
        new_branch=ctx.branch or f"smith/tests-cr{change.number}",
        credentials=tools.credentials)
    config = await config_of_branch(ctx, workspace, change.target_branch)
    if isinstance(config, StepOutcome):
        return config
    stopped = await equip_checkout(ctx, config, change.source_branch)
    if stopped is not None:
        return stopped
    await TestsState.save(ctx, tests_change={"base": change.target_branch,
                                             "head": change.source_branch})
    _restore_finished(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD,
                       summary=f"{change.source_branch} @ {ctx.workspace.base_commit[:10]}")


async def _prepare_campaign(ctx: RunContext) -> StepOutcome:
    """PREPARE of a campaign or a sprint: Smith's branch (`smith/tests-coverage-<day>`,
    `smith/tests-sprint-<milestone>`) off the default branch, whose base commit's
    `.smith.yml` it uses. No issue is read: the one it was asked on (if any) only hears how
    it went."""
    from bot.kit.opening import bad_config, begin_run, equip_checkout

    begun = await begin_run(ctx, read_issue=False)
    if isinstance(begun, StepOutcome):
        return begun
    workspace, _ = begun
    tools = ctx.tools
    base = ctx.base_branch or await ctx.forge.default_branch(ctx.repo)
    branch = ctx.branch or TestsState.of(ctx).tests_branch or "smith/tests-coverage"
    tools.checkout = await workspace.create_checkout(
        tools.need("clone_url"), base, new_branch=branch, credentials=tools.credentials)
    try:
        config = load_repo_config(await tools.checkout.read_base_file(CONFIG_FILE))
    except RepoConfigError as exc:
        return bad_config(exc)
    stopped = await equip_checkout(ctx, config, base)
    if stopped is not None:
        return stopped
    _restore_finished(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD,
                       summary=f"{base} @ {ctx.workspace.base_commit[:10]}")


def _restore_finished(ctx: RunContext) -> None:
    """A resumed run puts back the files its loop had already kept."""
    for stored in _files(ctx).values():
        if stored.get("content"):
            write_beneath(ctx.workspace.path, stored["report"]["file"],
                          stored["content"].encode())


# --- TEST_TARGETS -----------------------------------------------------------------------------


def task_label(ctx: RunContext) -> tuple[str, str]:
    """(how people read the task, the tag in file names)."""
    state = TestsState.of(ctx)
    if state.tests_task and state.tests_tag:
        return state.tests_task, state.tests_tag
    if state.tests_task:
        return state.tests_task, "".join(c for c in state.tests_task
                                         if c.isalnum())[:20] or "targets"
    if ctx.issue is None:
        return "a coverage campaign", "coverage"
    return f"issue #{ctx.issue.number}", f"issue{ctx.issue.number}"


async def test_targets(ctx: RunContext) -> StepOutcome:
    config = ctx.repo_config
    checkout = ctx.workspace
    task, _ = task_label(ctx)
    state = TestsState.of(ctx)
    candidates: dict[str, set[str]] = {}
    why: dict[str, str] = {}
    for path in state.test_targets:
        candidates.setdefault(path, set())
        why[path] = "named"
    if state.tests_coverage:
        return await _coverage_targets(ctx, task)
    if state.tests_sprint is not None:
        return _sprint_targets(ctx, task)
    change = state.tests_change
    mirror = _mirror(ctx) if ctx.repo.forge != "local" else None  # `smith tests --repo`
    if not candidates and change and mirror is not None:  # `/smith tests` on a change request
        for path, functions in (await pick.changed_between(
                checkout.git, mirror, change.base, change.head)).items():
            candidates.setdefault(path, set()).update(functions)
            why[path] = "changed by the change request"
    if not candidates:
        if mirror is not None:
            touched = await pick.commits_naming(checkout.git, mirror, checkout.source_branch,
                                                ctx.item.number)
            for path, functions in touched.items():
                candidates.setdefault(path, set()).update(functions)
                why[path] = f"changed by commits naming #{ctx.item.number}"
        issue = ctx.tools.issue
        for path in pick.paths_in_text(f"{issue.title}\n{issue.body}" if issue else ""):
            candidates.setdefault(path, set())
            why.setdefault(path, "named in the issue")
    chosen = pick.choose(checkout.path, candidates, why, config.test_globs, ctx.protected.matches,
                         pick.source_suffixes(config.language))
    artifact = TestTargets(task=task, targets=chosen)
    if not chosen:
        reason = ("no source file to test was found: name one in the issue, or land "
                  "the change in commits that name the issue")
        return StepOutcome(Verdict.FAILED, None, artifact=artifact, summary="nothing to test",
                           ending=RunEnding(RunStatus.FAILED, "nothing_to_test", reason,
                                            step=str(StepName.TEST_TARGETS)))
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       summary=", ".join(t.path for t in chosen))


def _sprint_targets(ctx: RunContext, task: str) -> StepOutcome:
    """A sprint: the changed files of its core tasks (SPRINT_TASKS' plan), each tagged with
    its task."""
    config = ctx.repo_config
    plan = ctx.require(str(StepName.SPRINT_TASKS), SprintPlan)
    chosen, skipped = sprint.targets_of(plan, ctx.workspace.path, config.test_globs,
                                        ctx.protected.matches,
                                        pick.source_suffixes(config.language),
                                        task_label(ctx)[1])
    artifact = TestTargets(task=task, targets=chosen, skipped=skipped)
    if not chosen:
        reason = "\n".join([f"no core task of {task} has a change to test.",
                            *render.sprint_lines(plan, skipped)])
        return StepOutcome(Verdict.FAILED, None, artifact=artifact, summary="nothing to test",
                           ending=RunEnding(RunStatus.FAILED, "nothing_to_test", reason,
                                            step=str(StepName.TEST_TARGETS)))
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       summary=", ".join(t.path for t in chosen))


async def _coverage_targets(ctx: RunContext, task: str) -> StepOutcome:
    """Coverage-driven: the least-covered files of the least-covered packages with fresh docs;
    packages whose docs are stale or missing are documentation debt."""
    config = ctx.repo_config
    section = config.testgen
    try:
        files = await covered.measure(ctx.sandbox, ctx.workspace.path, config,
                                      timeout=config.regression.timeout_seconds)
    except covered.CoverageUnavailable as exc:
        raise EnvironmentBroken(EnvironmentProblem(
            "runner_missing", str(exc), "install coverage.py in the repository's `setup`"))
    mirror = _mirror(ctx)
    candidates: dict[str, set[str]] = {}
    why: dict[str, str] = {}
    debt = []
    for package in covered.by_package(files, config.test_globs):
        if package.ratio >= 1.0 or len(candidates) >= pick.MAX_TARGETS:
            continue
        docs = covered.docs_of(ctx.workspace.path, package.package, section.docs)
        age = await covered.docs_age_days(ctx.workspace.git, mirror, ctx.workspace.source_branch,
                                          docs) if mirror is not None else None
        if age is None or age > section.docs_fresh_days:
            debt.append(f"{package.package}: " + ("no documentation" if not docs else
                        f"documentation last changed {age or 0:.0f} days ago"))
            continue
        for path, ratio in sorted(package.files.items(), key=lambda item: item[1]):
            if ratio < 1.0 and len(candidates) < pick.MAX_TARGETS:
                candidates[path] = set()
                why[path] = f"branch coverage {ratio:.0%} in {package.package}"
    chosen = pick.choose(ctx.workspace.path, candidates, why, config.test_globs,
                         ctx.protected.matches, pick.source_suffixes(config.language))
    before = {"(all)": round(covered.overall(files), 4)}
    artifact = TestTargets(task=task, targets=chosen, documentation_debt=debt,
                           coverage_before=before)
    if not chosen:
        reason = render.campaign_report(
            task, "no package with fresh documentation lacks branch coverage",
            before=before["(all)"], debt=debt)
        return StepOutcome(Verdict.FAILED, None, artifact=artifact, summary="nothing to test",
                           ending=RunEnding(RunStatus.FAILED, "nothing_to_test", reason,
                                            step=str(StepName.TEST_TARGETS)))
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       summary=", ".join(t.path for t in chosen))


def _mirror(ctx: RunContext) -> Path | None:
    return pick.mirror_of(ctx)


# --- WRITE_TESTS ------------------------------------------------------------------------------


def gate_settings(ctx: RunContext) -> GateSettings:
    section = getattr(ctx.repo_config, "testgen", None)
    if section is None:
        return GateSettings()
    return GateSettings(max_mutants=section.max_mutants, mutation=section.mutation,
                        kinds=dict(section.kinds))


async def _items(ctx: RunContext) -> list[str]:
    return [t.path for t in ctx.require(str(StepName.TEST_TARGETS), TestTargets).targets]


def _files(ctx: RunContext) -> dict[str, dict[str, Any]]:
    """Per target: its file report and, once kept, the file's content (the item checkpoint)."""
    return dict(TestsState.of(ctx).test_files)


async def _save_file(ctx: RunContext, report: FileReport, content: str | None) -> None:
    files = _files(ctx)
    files[report.target] = {"report": report.model_dump(mode="json"), "content": content}
    await TestsState.save(ctx, test_files=files)


async def _try_target(ctx: RunContext, attempt: ItemTry) -> ItemOutcome:
    """One attempt at one target: Writer, gates 1-5, Reviewer. REJECTED tries again."""
    chosen = ctx.require(str(StepName.TEST_TARGETS), TestTargets)
    target = next(t for t in chosen.targets if t.path == attempt.key)
    stored = _files(ctx).get(target.path)
    report = FileReport.model_validate(stored["report"]) if stored else FileReport(
        target=target.path, file=test_file_for(
            ctx.workspace.path, target.path, target.tag or task_label(ctx)[1],
            runner_patterns(ctx.workspace.path, ctx.repo_config)),
        task=target.task, status="rejected")
    report.attempts = attempt.attempt
    tokens, cost = _usage(ctx)
    try:
        verdict, feedback = await _attempt(ctx, target.task or chosen.task, target, report,
                                           list(attempt.feedback[-1:]))
    finally:
        spent_tokens, spent_cost = _usage(ctx)
        report.tokens += spent_tokens - tokens
        report.cost_usd = round(report.cost_usd + spent_cost - cost, 6)
    content = _read(ctx, report.file) if report.status == "kept" else None
    await _save_file(ctx, report, content)
    summary = f"{report.file}: {report.status}" + (f" at {report.failed_gate}"
                                                   if report.failed_gate else "")
    return ItemOutcome(verdict, summary=summary, artifact=report, feedback=feedback)


async def _attempt(ctx: RunContext, task: str, target: TestTarget, report: FileReport,
                   feedback: list[str]) -> tuple[Verdict, str | None]:
    file = report.file
    settings = gate_settings(ctx)
    written = await _write(ctx, task, target, file, feedback)
    if written is None:
        report.failed_gate, report.reason = NO_FILE, "the writer wrote no file"
        text = f"You did not write {file}. Write exactly that file."
        await ctx.record_failure(str(StepName.TEST_WRITER), "no_file", text)
        return Verdict.REJECTED, text
    _tag(ctx, file, task, target)
    # The background index reads the live checkout: it must be done before a generated test
    # runs there, or a test that deletes the existing ones hides them from the graph that
    # chooses what "earns its place" is measured against.
    await full_code_graph(ctx.code_graph)
    passed = await _gates(ctx, file, target, written, settings, 5, report.attempts)
    report.runs += passed.runs
    if passed.all_flaky:
        report.status, report.failed_gate = "skipped_flaky", "stable"
        report.reason = "every test flipped between runs"
        report.dropped = {t: "skipped_flaky" for t in passed.flaky}
        return Verdict.SKIPPED, None
    if passed.nothing_left:  # the existing tests leave nothing to earn: no try can do better
        report.status, report.failed_gate = "dropped_earns_nothing", "earns"
        report.reason = "the existing tests already kill every mutant and take every branch"
        report.dropped = {t: EARNS_NOTHING for t in
                          (passed.earnings.unearned if passed.earnings else passed.tests)}
        await ctx.record_failure(str(StepName.TEST_WRITER), EARNS_NOTHING,
                                 f"{file}: {passed.feedback}")
        return Verdict.SKIPPED, None
    if not passed.passed:
        return Verdict.REJECTED, await _rejected(ctx, report, passed)
    if passed.earnings is not None and passed.earnings.unearned:
        await ctx.record_failure(str(StepName.TEST_WRITER), EARNS_NOTHING,
                                 f"{file}: cut out, earning nothing against the existing "
                                 f"tests: {', '.join(passed.earnings.unearned)}")
    keep, again = await _review_loop(ctx, task, target, file, written, passed, settings, report)
    if keep:
        return Verdict.PASSED, None
    if again:
        return Verdict.REJECTED, again
    return Verdict.SKIPPED, None


async def _after_targets(ctx: RunContext, result: LoopResult) -> StepOutcome:
    """Files that did not make it are taken out; the rest goes to PUBLISH_TESTS."""
    files = _files(ctx)
    reports = []
    for key in result.items:
        if key not in files:
            continue
        report = FileReport.model_validate(files[key]["report"])
        if report.status != "kept":
            await revert_changes(ctx, [report.file])
        reports.append(report)
    generated = GenerationReport(files=reports)
    kept = generated.kept
    summary = f"{len(kept)} of {len(reports)} files kept"
    if not kept:
        reasons = "; ".join(f"{f.file}: {f.status} ({f.reason})" for f in reports)
        reason = f"no generated test file passed every gate: {reasons}"
        chosen = ctx.require(str(StepName.TEST_TARGETS), TestTargets)
        if chosen.coverage_before:  # a campaign: the whole report, for want of a change request
            reason = render.campaign_report(
                chosen.task, "no generated test file passed every gate",
                before=chosen.coverage_before.get("(all)"), debt=chosen.documentation_debt,
                generated=generated)
        return StepOutcome(Verdict.REJECTED, None, artifact=generated, summary=summary,
                           ending=RunEnding(RunStatus.FAILED, "no_tests_kept", reason,
                                            step=LOOP))
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=generated,
                       summary=summary)


WRITE_TESTS = ItemLoop(items=_items, run=_try_target, then=_after_targets,
                       budget=MAX_ATTEMPTS, max_items=pick.MAX_TARGETS)
"""One test file per target, each with 3 attempts at gates 1-5 (bot/engine/loop.py)."""


def test_file_for(checkout: Path, target: str, tag: str,
                  patterns: RunnerPatterns | None = None) -> str:
    """Where the test file for `target` goes: the project's tests folder, named with the task
    (a JavaScript one where the runner's configured `patterns` collect it)."""
    if is_js(target):
        return js_test_file_for(checkout, target, tag, patterns)
    stem = PurePosixPath(target).stem
    for folder in ("tests", "test"):
        if (checkout / folder).is_dir() and not (checkout / folder).is_symlink():
            return f"{folder}/test_{stem}_smith_{tag}.py"
    parent = str(PurePosixPath(target).parent)
    return f"{'' if parent == '.' else parent + '/'}test_{stem}_smith_{tag}.py"


def _read(ctx: RunContext, rel: str) -> str | None:
    try:
        return read_beneath(ctx.workspace.path, rel, max_bytes=1 << 20).decode(errors="replace")
    except OSError:
        return None


def _usage(ctx: RunContext) -> tuple[int, float]:
    ledger = ctx.ledger
    return (ledger.usage.total, ledger.cost_usd) if ledger is not None else (0, 0.0)


async def _gates(ctx: RunContext, file: str, target: TestTarget, written: WrittenTestFile,
                 settings: GateSettings, upto: int, seed: int) -> GatePass:
    functions = written.functions or target.functions
    generated = {file, *(stored["report"]["file"] for stored in _files(ctx).values())}

    async def existing(names: Sequence[str]) -> Baseline:
        return await baseline_for(ctx, target.path, names, max_mutants=settings.max_mutants,
                                  exclude=generated, step=LOOP)

    if is_js(file):
        result = await run_js_gates(ctx.sandbox, ctx.workspace.path, ctx.repo_config,
                                    test_file=file, target=target.path, functions=functions,
                                    settings=settings, upto=upto, seed=seed, baseline=existing)
    else:
        result = await run_gates(ctx.sandbox, ctx.workspace.path, ctx.repo_config,
                                 test_file=file, target=target.path, functions=functions,
                                 settings=settings, upto=upto, seed=seed, baseline=existing)
    await ctx.trajectory.record(step=LOOP, actor="code", tool="run_gates",
                                args={"file": file, "upto": upto},
                                ok=result.passed, detail=result.failed_gate or "passed")
    if result.environment:
        raise EnvironmentBroken(EnvironmentProblem(
            "runner_missing", f"the tests of {file} could not run: {result.environment}"[:500],
            "check the repository's `setup` and `tests.command` in `.smith.yml`"))
    return result


async def _rejected(ctx: RunContext, report: FileReport, passed: GatePass) -> str:
    gate = passed.failed_gate or "green"
    report.failed_gate, report.reason = gate, passed.feedback.splitlines()[0][:200] \
        if passed.feedback else gate
    text = f"REJECT: gate {GATE_NUMBERS[gate]} — {GATE_TITLES.get(gate, gate)}\n{passed.feedback}"
    kind = EARNS_NOTHING if gate == "earns" else f"gate_{gate}"
    await ctx.record_failure(str(StepName.TEST_WRITER), kind, text)
    return text


async def _review_loop(ctx: RunContext, task: str, target: TestTarget, file: str,
                       written: WrittenTestFile, passed: GatePass, settings: GateSettings,
                       report: FileReport) -> tuple[bool, str | None]:
    """Gate 6: (kept?, feedback for another attempt, None when the file just goes)."""
    while True:
        review = await _review(ctx, task, target, file, written, passed)
        report.reviewer, report.reviewer_summary = review.verdict, review.summary
        revise = [t for t in review.tests if t.verdict == "REVISE" and t.confidence == "HIGH"]
        if review.verdict == "REJECT":
            text = f"REJECT: gate 6 — reviewer\n{review.summary}\n" + "\n".join(
                f"missing: {m}" for m in review.missing_scenarios)
            await ctx.record_failure(str(StepName.TEST_REVIEWER), "reviewer_reject", text)
            report.failed_gate, report.reason = "reviewer", review.summary
            remove_beneath(ctx.workspace.path, file)  # rewritten from scratch
            return False, text + "\nWrite the file again from scratch."
        if review.verdict == "ACCEPT" or not revise:
            return await _keep(ctx, file, target, written, passed, settings, review, report)
        if report.revisions >= MAX_REVISIONS:
            report.failed_gate = "reviewer"
            report.reason = f"still asked for revisions after {MAX_REVISIONS}"
            return False, None
        report.revisions += 1
        before = _read(ctx, file) or ""
        asks = "\n".join(f"{t.test}: {t.recommendation or t.reason}" for t in revise)
        await ctx.record_failure(str(StepName.TEST_REVIEWER), "reviewer_revise", asks)
        revised = await _write(ctx, task, target, file, [f"REVISE: gate 6 — reviewer\n{asks}"])
        written = revised or written
        after = _read(ctx, file) or ""
        upto = 2 if changed_fraction(before, after) <= SMALL_REVISION else 5
        again = await _gates(ctx, file, target, written, settings, upto, report.revisions + 10)
        report.runs += again.runs
        if not again.passed:
            return False, await _rejected(ctx, report, again)
        if again.mutation is None:
            again.mutation, again.smells = passed.mutation, passed.smells
            again.earnings = passed.earnings
        passed = again


async def _keep(ctx: RunContext, file: str, target: TestTarget, written: WrittenTestFile,
                passed: GatePass, settings: GateSettings, review: TestReview,
                report: FileReport) -> tuple[bool, str | None]:
    """The reviewer accepted: low-value tests go, the rest is kept with its gate record."""
    low = [t.test for t in review.tests if t.verdict == "LOW_VALUE"]
    source = _read(ctx, file) or ""
    remaining = [t for t in names_of_tests(source, file) if t not in low and t.rsplit("::", 1)[-1]
                 not in low]
    report.dropped.update({t: "skipped_flaky" for t in passed.flaky})
    if passed.earnings is not None:
        report.dropped.update({t: EARNS_NOTHING for t in passed.earnings.unearned})
    report.dropped.update({t: "low_value" for t in low})
    if low and not remaining:
        report.status, report.failed_gate = "dropped_low_value", "reviewer"
        report.reason = "every test was of low value"
        return False, None
    if low:
        write_beneath(ctx.workspace.path, file, drop_tests(source, low, file).encode())
    report.status, report.failed_gate, report.reason = "kept", None, ""
    report.tests = remaining
    report.kind, report.mutation_threshold = passed.kind, passed.threshold
    if passed.mutation is not None:
        report.mutation_score, report.mutants = passed.mutation.score, passed.mutation.mutants
    if passed.smells is not None:
        report.smells = [f"{s.test}: {s.kind}" for s in passed.smells.smells]
    report.earned, report.earning = _earned(passed, remaining, file)
    return True, None


def _earned(passed: GatePass, tests: list[str], file: str) -> tuple[dict[str, list[str]], str]:
    """What each kept test earned against the existing tests, and a note when the check said
    nothing per test (no existing test, not checked)."""
    earned = passed.earnings
    if earned is None:
        return {}, "not checked: mutation testing is off"
    return {t: earned.per_test.get(t, []) for t in tests}, earned.trivially


def changed_fraction(before: str, after: str) -> float:
    """Share of the file's lines a revision touched."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    return 1.0 - same / max(len(old), len(new), 1)


def _tag(ctx: RunContext, file: str, task: str, target: TestTarget) -> None:
    """Generated files say so in their first line, and carry the `smith_generated` marker when
    the project registered it (an unregistered marker breaks `--strict-markers` runs); a
    sprint's carry the sprint and the task in both (`smith_generated(sprint=..., task=...)`,
    which pytest 8's `-m "smith_generated(sprint='Sprint 24')"` selects)."""
    source = _read(ctx, file)
    if source is None:
        return
    sprint = TestsState.of(ctx).tests_sprint
    tags = {"sprint": sprint.title, "task": f"#{target.issue}"} \
        if sprint is not None and target.issue is not None else {}
    if is_js(file):  # a docblock with the `@generated-by smith` pragma (js_tagging.py)
        write_beneath(ctx.workspace.path, file, tag_js(source, task, tags).encode())
        return
    header = f"# Generated by Smith for {task}; review before relying on it.\n"
    if not source.startswith("# Generated by Smith"):
        source = header + source
    if _marker_registered(ctx) and MARKER not in source.replace(header, ""):
        if "import pytest" not in source:
            source = source.replace(header, header + "import pytest\n", 1)
        arguments = ", ".join(f"{key}={value!r}" for key, value in tags.items())
        source += f"\npytestmark = pytest.mark.{MARKER}" + (f"({arguments})" if tags else "") \
            + "\n"
    write_beneath(ctx.workspace.path, file, source.encode())


def _marker_registered(ctx: RunContext) -> bool:
    for name in ("pyproject.toml", "pytest.ini", "setup.cfg", "tox.ini", "conftest.py"):
        text = _read(ctx, name)
        if text and MARKER in text:
            return True
    return False


# --- the two agents ---------------------------------------------------------------------------


def _task_block(ctx: RunContext, task: str, target: TestTarget | None = None) -> str:
    """The task as quoted data: the run's issue, or the sprint task the target belongs to."""
    issue = ctx.tools.issue
    if target is not None and target.issue is not None:
        plan = ctx.require(str(StepName.SPRINT_TASKS), SprintPlan)
        found = next((t for t in plan.tasks if t.number == target.issue), None)
        if found is not None:
            issue = Issue(number=found.number, title=found.title, body=found.body,
                          author=found.author or "unknown")
    if issue is None:
        return f"Task: {task}"
    return f"Task: {task}\n" + quote_report(issue, allowed_authors={issue.author})


def _code_block(ctx: RunContext, path: str) -> str:
    text = _read(ctx, path) or ""
    lines = text.splitlines()[:MAX_CODE_LINES]
    numbered = "\n".join(f"{n:>4}  {line}" for n, line in enumerate(lines, 1))
    return data_block("code", numbered, path=path)


def _existing_tests(ctx: RunContext, target: str, exclude: str) -> list[str]:
    """Test files that mention the target's module, for the Writer to follow and the Reviewer
    to check duplicates against."""
    import pathspec

    spec = pathspec.GitIgnoreSpec.from_lines(ctx.repo_config.test_globs)
    stem = PurePosixPath(target).stem
    found = []
    root = ctx.workspace.path
    for path in pick.source_files(root, pick.source_suffixes(ctx.repo_config.language)):
        rel = path.relative_to(root).as_posix()
        if rel == exclude or rel.startswith(".") or path.is_symlink():
            continue
        if spec.match_file(rel) and stem in (_read(ctx, rel) or ""):
            found.append(rel)
    return found[:20]


async def _write(ctx: RunContext, task: str, target: TestTarget, file: str,
                 feedback: list[str]) -> WrittenTestFile | None:
    config = ctx.repo_config
    parts = [_task_block(ctx, task, target),
             f"Target: {target.path}" + (f" (functions: {', '.join(target.functions)})"
                                         if target.functions else ""),
             f"Write the test file: {file}",
             f"Test paths you may write: {', '.join(config.test_globs)}",
             "Existing tests of this code: " + (", ".join(_existing_tests(ctx, target.path,
                                                                             file)) or "none")]
    if feedback:
        parts += ["What the gates or the reviewer found in your previous version:",
                  data_block("feedback", "\n\n".join(feedback))]
    # New test files only: the target branch's files (its tests) stay as they are. The planned
    # file may be written also where the test globs miss it but the runner's configuration
    # collects it (a `.cjs` test under a `testMatch` naming `.cjs`).
    globs = list(config.test_globs)
    patterns = runner_patterns(ctx.workspace.path, config) if is_js(file) else None
    if patterns is not None and patterns.runs(file):
        globs.append("/" + glob_escape(file))
    policy = WritePolicy.new_tests_only(globs, await base_files(ctx.workspace))
    artifact = await run_agent(ctx, str(StepName.TEST_WRITER), "\n\n".join(parts), WrittenTestFile,
                               policy=policy)
    if artifact.file != file or _read(ctx, file) is None:
        return None
    return artifact


async def _review(ctx: RunContext, task: str, target: TestTarget, file: str,
                  written: WrittenTestFile, passed: GatePass) -> TestReview:
    scenarios = "\n".join(f"- {s.test} ({s.kind}): {s.behaviour}" for s in written.scenarios)
    existing = []
    for rel in _existing_tests(ctx, target.path, file):
        try:
            existing += [f"{rel}::{name}" for name in names_of_tests(_read(ctx, rel) or "", rel)]
        except SyntaxError:
            continue
    mutation = passed.mutation
    mutation_text = (f"mutation score {mutation.score:.0%} of {mutation.mutants} mutants "
                     f"(threshold {passed.threshold:.0%} for {passed.kind} code); survivors:\n"
                     + "\n".join(m.feedback() for m in mutation.survived)
                     if mutation is not None and mutation.score is not None
                     else "mutation testing: not run")
    parts = [_task_block(ctx, task, target), "Code under test:", _code_block(ctx, target.path),
             "The generated test file:", _code_block(ctx, file),
             "The Writer's scenarios:", data_block("feedback", scenarios),
             "Existing tests: " + (", ".join(existing[:60]) or "none"), mutation_text]
    earned = passed.earnings
    if earned is not None:
        parts.append("What each test earns against the existing tests: " + "; ".join(
            f"{test}: {', '.join(what)}" for test, what in earned.per_test.items() if what)
            + (f" ({earned.trivially})" if earned.trivially else ""))
    artifact = await run_agent(ctx, str(StepName.TEST_REVIEWER), "\n\n".join(parts), TestReview)
    return artifact


# --- PUBLISH_TESTS ----------------------------------------------------------------------------


async def publish_tests(ctx: RunContext) -> StepOutcome:
    """Commit the kept files on Smith's branch, push it, open (or update) the change request
    against the base branch, and say so on the issue."""
    from bot.kit.publishing import BranchesTaken, claim_branch

    generated = ctx.require(LOOP, GenerationReport)
    task, _ = task_label(ctx)
    checkout = ctx.workspace
    paths = [f.file for f in generated.kept]
    title = f"Tests for {task}: {len(paths)} generated file{'s' if len(paths) != 1 else ''}"
    head = await checkout.commit(f"{title}\n\nSmith run {ctx.run_id}", paths=paths)
    try:
        lease = await claim_branch(ctx)
    except BranchesTaken as exc:
        return StepOutcome(Verdict.FAILED, None, summary="every branch holds others' commits",
                           ending=RunEnding(RunStatus.FAILED, "branch_taken", str(exc)))
    await ctx.save_state(pushed_head=head)
    await ctx.fence("the push")  # a stalled executor whose run was taken over pushes nothing
    await checkout.push(ctx.tools.need("clone_url"), ctx.tools.credentials, force=True,
                        lease=lease)
    await ctx.records.record_push(ctx.run_id, ctx.repo, branch=checkout.branch, head=head,
                                  forced=True, lease=lease)
    chosen = ctx.require(str(StepName.TEST_TARGETS), TestTargets)
    after = None
    if chosen.coverage_before:  # a coverage campaign measures once more, at the end
        config = ctx.repo_config
        try:
            after = covered.overall(await covered.measure(
                ctx.sandbox, checkout.path, config, timeout=config.regression.timeout_seconds))
        except covered.CoverageUnavailable:
            after = None
    plan = ctx.artifact(str(StepName.SPRINT_TASKS), SprintPlan)
    body = render.change_request_body(ctx.run_id, task, generated,
                                      coverage=(chosen.coverage_before.get("(all)"), after)
                                      if chosen.coverage_before else None,
                                      debt=chosen.documentation_debt,
                                      sprint=render.sprint_lines(plan, chosen.skipped)
                                      if plan is not None else None)
    existing = await ctx.forge.find_change_request(ctx.repo, checkout.branch)
    if existing is not None:
        change = await ctx.forge.update_change_request(ctx.repo, existing.number, title=title,
                                                       body=body)
    else:
        change = await ctx.forge.open_change_request(
            ctx.repo, source_branch=checkout.branch,
            target_branch=ctx.base_branch or checkout.source_branch, title=title, body=body)
    await ctx.update_run(change_request_number=change.number, change_request_url=change.url)
    if ctx.issue is not None:  # a scheduled campaign has no issue: its change request speaks
        await ctx.forge.remove_label(ctx.repo, ctx.issue, ctx.settings.labels.in_progress)
        await ctx.forge.create_comment(ctx.repo, ctx.issue, render.issue_comment(
            ctx.run_id, change.url, generated))
    result = PublishResult(url=change.url, number=change.number, branch=checkout.branch,
                           created=existing is None)
    return StepOutcome(Verdict.PASSED, None, artifact=result, summary=f"opened {change.url}",
                       ending=RunEnding(RunStatus.SUCCEEDED, "change_request", change.url,
                                        announced=True))
