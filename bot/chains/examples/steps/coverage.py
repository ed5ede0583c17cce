"""EXAMPLES_COVERAGE: every input class of the critic's tree needs a named test that exists
and passes.

Code runs the generator's declared tests in the sandbox; the critic names, for each of its
classes, the test that exercises it (it sees the test files, never the artefact); code then
checks that each named test is one that ran and passed. Uncovered classes go back to the
generator as observations, at most `companion_rounds` times.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import ClassCoverage, GeneratedArtefact, StepName
from bot.chains.examples.run import spec_of
from bot.chains.examples.state import ExamplesState
from bot.chains.examples.steps.generate import run, task_blocks
from bot.chains.examples.steps.measure import end_below_threshold
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.change import change_paths
from bot.kit.environment import run_tests_or_raise
from bot.text.untrusted import data_block
from bot.workspace.junit import TestOutcome
from bot.workspace.safe_fs import read_beneath
from bot.workspace.testrun import run_tests

MAX_TEST_FILE_CHARS = 20_000


def _test_files(ctx: RunContext, tests: list[str]) -> str:
    """The companion test files (never the artefact), for the critic to match classes."""
    shown = []
    for path in dict.fromkeys(test.split("::", 1)[0] for test in tests):
        try:
            text = read_beneath(ctx.workspace.path, path, max_bytes=MAX_TEST_FILE_CHARS)
        except OSError:
            continue
        shown.append(f"# {path}\n{text.decode('utf-8', errors='replace')}")
    return "\n\n".join(shown)


async def coverage(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    generated = ctx.require(str(StepName.EXAMPLES_GENERATE), GeneratedArtefact)
    tests = list(dict.fromkeys(generated.tests))
    state.companion_round += 1
    passing: set[str] = set()
    ran: set[str] = set()
    if tests:
        result = await run_tests_or_raise(
            ctx, lambda: run_tests(ctx.sandbox, ctx.workspace.path, ctx.repo_config, tests,
                                   trajectory=ctx.trajectory,
                                   step=str(StepName.EXAMPLES_COVERAGE)),
            step=str(StepName.EXAMPLES_COVERAGE), touched=await change_paths(ctx))
        for test in tests:
            cases = result.cases_for(test)
            if cases:
                ran.add(test)
            if cases and all(c.outcome == TestOutcome.PASSED for c in cases):
                passing.add(test)
    classes = "\n".join(f"{row.id}: {row.description} → expected: {row.expected}"
                        for row in state.classes)
    parts = task_blocks(ctx, spec)
    parts.append("Your input classes:\n" + data_block("criteria", classes))
    parts.append("The companion tests (ids):\n" + "\n".join(f"- {t}" for t in tests)
                 if tests else "The generator declared no companion tests.")
    if tests:
        parts.append(data_block("code", _test_files(ctx, tests)))
    mapping = await run(ctx, StepName.EXAMPLES_COVERAGE, "\n\n".join(parts))
    assert isinstance(mapping, ClassCoverage)
    named = {item.id: item.test for item in mapping.covers}
    gaps: list[str] = []
    for row in state.classes:
        row.test = named.get(row.id)
        row.passed = row.test is not None and row.test in passing
        if row.test is None or row.test not in ran:
            gaps.append(f"No test covers the input class '{row.description}' "
                        f"(expected: {row.expected}).")
        elif not row.passed:
            gaps.append(f"The test {row.test} for the input class '{row.description}' "
                        "does not pass.")
    failing = [t for t in tests if t not in passing and t not in {r.test for r in state.classes}]
    gaps += [f"The declared test {t} does not pass (or was not found)." for t in failing]
    covered = sum(row.passed for row in state.classes)
    summary = f"{covered} of {len(state.classes)} input classes covered by passing tests"
    if not gaps:
        await state.save(ctx)
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=mapping,
                           summary=summary)
    if state.companion_round >= spec.limits.companion_rounds:
        return await end_below_threshold(
            ctx, state, f"the companion tests did not cover every input class in "
            f"{spec.limits.companion_rounds} rounds ({summary})")
    state.feedback = gaps
    state.train_attempts = 0
    await state.save(ctx)
    return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_GENERATE), artifact=mapping,
                       summary=summary, reason="classes_uncovered")
