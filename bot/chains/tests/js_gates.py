"""Gates 1-5 on one generated JavaScript or TypeScript test file (jest, vitest), in the sandbox.

1 collect: the runner must list the file (`jest --listTests`, `vitest list --filesOnly`: a
file outside its `testMatch` never runs) and the run's JUnit report must hold no suite that
failed to load; 2 green from that report; 3 stable: more runs, each a fresh process in a random
order (`--randomize --seed`, `--sequence.shuffle --sequence.seed`), a test that differs once
is cut out of the file by its tree-sitter span as `skipped_flaky`; 4 mutation score of the
module under test (`js_mutation.py`) with this file alone, and, given the existing tests'
baseline, whether each test earns its place (`earning.py`; kills only: no per-test branch
coverage in JavaScript); 5 smells (`js_smells.py`). The Python gates' thresholds, run counts
and feedback apply unchanged.
"""

from __future__ import annotations

import random
from pathlib import Path, PurePosixPath

from bot.chains.tests.gates import (
    THRESHOLDS,
    BaselineSource,
    GatePass,
    GateSettings,
    code_kind,
    earns_its_place,
    is_integration,
)
from bot.chains.tests.js_config import runner_patterns
from bot.chains.tests.js_mutation import js_name, run_js_mutation
from bot.chains.tests.js_smells import analyse_js_source
from bot.chains.tests.js_tautology import js_subject
from bot.chains.tests.js_tests import drop_js_tests, js_test_names
from bot.repo_config import RepoConfig
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.js_runner import (
    Runner,
    list_command,
    random_order,
    runner_of,
    with_options,
)
from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult
from bot.workspace.safe_fs import read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import render_command, repo_env, run_tests

MAX_LISTED_CHARS = 300


def _name(test_id: str, runner: Runner | None) -> str:
    """`src/x.test.js::describe title` → `describe title` (how the file names it). vitest joins
    the titles with ` > ` (`describe > title`): named as jest does, so one name fits both."""
    return js_name(test_id) if runner == "vitest" else \
        (test_id.split("::", 1)[1] if "::" in test_id else test_id).strip()


def _lists(output: str, test_file: str) -> bool:
    """Does a listing name the file? jest prints absolute paths, vitest checkout-relative ones."""
    relative = PurePosixPath(test_file).as_posix()
    return any(line.strip() == relative or line.strip().endswith("/" + relative)
               for line in output.splitlines())


def _outcomes(result: TestRunResult) -> dict[str, TestOutcome]:
    return {case.test_id: case.outcome for case in result.cases if case.test_id}


async def listed(sandbox: Sandbox, checkout: Path, config: RepoConfig, test_file: str,
                 timeout: float) -> tuple[bool, str]:
    """Gate 1's first half: does the runner pick the file up at all? Its configuration, read
    without running it (`js_config.py`), must collect the file, and then its own listing in
    the sandbox must name it."""
    runner = runner_of(config)
    if runner is None:
        return True, ""
    patterns = runner_patterns(checkout, config)
    if patterns is not None and patterns.runs(test_file) is False:
        return False, (f"{runner} would never run {test_file}: it matches none of "
                       f"{patterns.describe()}")
    command = render_command(list_command(config, runner), tests=[test_file],
                             junit=Path("/dev/null"))
    env, prepend = repo_env(config, checkout)
    result = await sandbox.run(command, cwd=checkout, timeout=timeout, env=env,
                               path_prepend=prepend)
    if _lists(result.output, test_file):
        return True, ""
    if result.timed_out:
        return False, f"{runner} could not list its test files in time"
    return False, (f"{runner} does not collect {test_file}: its name or folder does not match "
                   f"the runner's test file patterns (testMatch / include); it listed: "
                   f"{' '.join(result.output.split())[:MAX_LISTED_CHARS] or 'nothing'}")


async def run_js_gates(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, *, test_file: str, target: str,
    functions: list[str], settings: GateSettings, upto: int = 5, seed: int = 0,
    baseline: BaselineSource | None = None,
) -> GatePass:
    """Gates 1..`upto` on a jest or vitest file; flaky tests, and with a `baseline` the tests
    that earn nothing against the existing tests, are cut out as they are found."""
    timeout = config.tests.timeout_seconds
    target_source = read_beneath(checkout, target, max_bytes=2 << 20).decode(errors="replace")
    kind = code_kind(target_source, target, settings.kinds)
    outcome = GatePass(passed=False, kind=kind, threshold=THRESHOLDS[kind])
    # 1 collect, 2 green
    ok, why = await listed(sandbox, checkout, config, test_file, timeout)
    if not ok:
        outcome.failed_gate, outcome.feedback = "collect", why
        return outcome
    result = await run_tests(sandbox, checkout, config, [test_file], timeout=timeout)
    if result.status is RunStatus.NO_REPORT and result.exit_code in (126, 127):
        outcome.environment = summarize_failures(result, checkout)
        return outcome
    outcomes = result.outcomes()
    if result.status is RunStatus.COMPLETED and (TestOutcome.COLLECTION_ERROR in outcomes
                                                 or not result.cases):
        outcome.failed_gate = "collect"
        outcome.feedback = summarize_failures(result, checkout) if result.cases else \
            "the runner found no tests in the file (`test(...)` or `it(...)` calls)"
        return outcome
    if not result.all_passed:
        outcome.failed_gate = "green"
        outcome.feedback = summarize_failures(result, checkout)
        return outcome
    runner = runner_of(config)
    ids = sorted(_outcomes(result))
    outcome.tests = [_name(i, runner) for i in ids]
    outcome.runs = 1
    if upto < 3:
        outcome.passed = True
        return outcome
    # 3 stable: fresh processes in random orders
    runs = settings.integration_runs if is_integration(test_file, kind) else settings.unit_runs
    shuffler = random.Random(seed)
    flaky: set[str] = set()
    for _ in range(runs - 1):
        repeat_config = config
        if runner is not None:
            command = with_options(config.test_command, random_order(
                runner, shuffler.randrange(1, 2**31)))
            repeat_config = config.model_copy(update={
                "tests": config.tests.model_copy(update={"command": command})})
        repeat = await run_tests(sandbox, checkout, repeat_config, [test_file], timeout=timeout)
        outcome.runs += 1
        seen = _outcomes(repeat)
        flaky |= {i for i in ids if seen.get(i) is not TestOutcome.PASSED}
    if flaky:
        outcome.flaky = sorted(_name(i, runner) for i in flaky)
        source = read_beneath(checkout, test_file).decode(errors="replace")
        known = {name.strip() for name in js_test_names(source, test_file)}
        if len(flaky) == len(ids) or not set(outcome.flaky) <= known:
            # all flipped, or a flipping test cannot be found by name (a table-driven title)
            outcome.all_flaky = True
            outcome.failed_gate = "stable"
            outcome.feedback = "tests flipped between runs"
            return outcome
        write_beneath(checkout, test_file, drop_js_tests(source, outcome.flaky,
                                                         test_file).encode())
        outcome.tests = [t for t in outcome.tests if t not in outcome.flaky]
    # 4 mutation score of the code under test, with this file alone
    if upto >= 4 and settings.mutation:
        mutation = await run_js_mutation(sandbox, checkout, config, module=target,
                                         tests=[test_file], functions=functions,
                                         max_mutants=settings.max_mutants,
                                         timeout=min(timeout, max(20.0,
                                                                  result.duration_seconds * 5)),
                                         passed=ids)
        outcome.mutation = mutation
        if mutation.score is not None and mutation.score < THRESHOLDS[kind]:
            outcome.failed_gate = "mutation"
            outcome.feedback = mutation.feedback(THRESHOLDS[kind])
            return outcome
        if baseline is not None and not earns_its_place(
                outcome, await baseline(functions), checkout, test_file,
                lambda source, names: drop_js_tests(source, names, test_file), js_name,
                lambda source: {js_name(name) for name in js_test_names(source, test_file)}):
            return outcome
    # 5 smells
    if upto >= 5:
        source = read_beneath(checkout, test_file).decode(errors="replace")
        report = analyse_js_source(source, test_file,
                                   js_subject(target, target_source, functions))
        outcome.smells = report
        if report.verdict == "reject":
            outcome.failed_gate = "smells"
            outcome.feedback = report.feedback()
            return outcome
    outcome.passed = True
    return outcome
