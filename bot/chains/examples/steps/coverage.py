"""EXAMPLES_COVERAGE: every input class of the critic's tree needs a test that passes and
that code has seen fail when the artefact mishandles the class; the author's tree is compared
with the critic's.

Code runs the generator's declared tests in the sandbox; the critic names, for each of its
classes, the test that exercises it and the inputs of the class it uses (it sees the test
files, never the artefact); code checks that each named test ran and passed, then runs it on a
variant of the artefact that mishandles the class (bot/chains/examples/variants.py): a test
that still passes does not cover the class, whatever the critic said. Then the author's tree of
branches is compared with the critic's (bot/chains/examples/trees.py). Uncovered classes,
refuted claims and classes only the critic found go back to the generator as generalised
observations (never examples), at most `companion_rounds` times; a divergence left when the
rounds are spent is shown in the change request.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import ClassCoverage, GeneratedArtefact, StepName
from bot.chains.examples.run import spec_of
from bot.chains.examples.state import ExamplesState
from bot.chains.examples.steps.generate import run, task_blocks
from bot.chains.examples.steps.measure import end_below_threshold
from bot.chains.examples.trees import compare
from bot.chains.examples.variants import fails_on_variant
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.change import change_paths
from bot.kit.environment import run_tests_or_raise
from bot.repo_config import ExamplesConfig
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
    gaps = await _check_claims(ctx, spec, state, mapping, ran, passing)
    failing = [t for t in tests if t not in passing and t not in {r.test for r in state.classes}]
    gaps += [f"The declared test {t} does not pass (or was not found)." for t in failing]
    divergence = compare(state.classes, generated.branches)
    state.divergence = divergence.lines()
    covered = sum(bool(row.passed and row.shown is not False) for row in state.classes)
    refuted = sum(row.shown is False for row in state.classes)
    summary = (f"{covered} of {len(state.classes)} input classes covered by passing tests"
               + (f", {refuted} claims refuted by code" if refuted else "")
               + (f"; trees diverge on {len(state.divergence)} classes" if divergence else ""))
    last_round = state.companion_round >= spec.limits.companion_rounds
    if not gaps and (not divergence.critic_only or last_round):
        await state.save(ctx)
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=mapping, summary=summary)
    if gaps and last_round:
        return await end_below_threshold(
            ctx, state, f"the companion tests did not cover every input class in "
            f"{spec.limits.companion_rounds} rounds ({summary})")
    if divergence:
        state.divergence_history.append(
            f"round {state.companion_round}: " + "; ".join(state.divergence))
    state.feedback = gaps + divergence.feedback()
    state.train_attempts = 0
    await state.save(ctx)
    return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_GENERATE), artifact=mapping,
                       summary=summary,
                       reason="classes_uncovered" if gaps else "trees_diverge")


async def _check_claims(ctx: RunContext, spec: ExamplesConfig, state: ExamplesState,
                        mapping: ClassCoverage, ran: set[str], passing: set[str]) -> list[str]:
    """Each class's claimed test: ran, passed, and fails on the class mishandled. The rows
    are updated in place; the gaps come back as generalised observations."""
    named = {item.id: item for item in mapping.covers}
    gaps: list[str] = []
    for row in state.classes:
        item = named.get(row.id)
        row.test = item.test if item else None
        row.passed = row.test is not None and row.test in passing
        row.shown = None
        if row.test is None or row.test not in ran:
            gaps.append(f"No test covers the input class '{row.description}' "
                        f"(expected: {row.expected}).")
            continue
        if not row.passed:
            gaps.append(f"The test {row.test} for the input class '{row.description}' "
                        "does not pass.")
            continue
        row.shown = await fails_on_variant(
            ctx.sandbox, ctx.workspace.path, ctx.repo_config, spec, test=row.test,
            inputs=item.inputs if item else [], accepts=row.accepts)
        await ctx.trajectory.record(
            step=str(StepName.EXAMPLES_COVERAGE), actor="code", tool="coverage_variant",
            args={"class": row.id, "test": row.test}, ok=row.shown is not False,
            detail={True: "fails on the variant", False: "passes on the variant",
                    None: "no variant"}[row.shown])
        if row.shown is False:
            state.claims_refuted += 1
            gaps.append(f"The test {row.test} was named for the input class "
                        f"'{row.description}' (expected: {row.expected}), but it still passes "
                        "when the artefact mishandles that class, so it does not check it. "
                        "Write a test that asserts this class's expected outcome on inputs of "
                        "the class.")
    return gaps
