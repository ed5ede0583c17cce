"""Every chain's happy path in the fast loop: each step of the graph's default path, walked
in order by its own edges on the step bench (real checkout, sandbox, git, the in-memory forge
and records, the scripted model), from PREPARE to the change request (for the fix chain, to
the issue handed to reviewers).

The end-to-end files walk the same path through `smith serve`'s web app and worker; this one
keeps the whole chain in the fast loop (`-m "not slow"`), so a step that stops passing its
successor the artifact it needs is caught there first.
"""

from __future__ import annotations

from pathlib import Path

from bot.chains.examples.artifacts import StepName as E
from bot.chains.examples.graph import EXAMPLES
from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.graph import FIX
from bot.chains.tests.artifacts import StepName as T
from bot.chains.tests.graph import TESTS
from bot.engine.graph import Verdict
from bot.engine.loop import ItemLoop
from bot.engine.state import ItemResult
from tests.e2e import examples_repo as ex
from tests.e2e.buggy_repo import ISSUE_TITLE, make_buggy_repo, push_files
from tests.e2e.script import (
    ACCEPTANCE,
    DIAGNOSIS,
    ESTIMATE_SMALL,
    FIX_EDIT,
    IMPLEMENTATION,
    JUDGE_YES,
    RED_TEST,
    RED_TEST_FILE,
    REPRO,
    SELF_REVIEW,
    VERDICT,
)
from tests.e2e.test_testgen import FIXED_CALC, GOOD, review
from tests.steps.bench import REPO, StepBench, build_bench
from tests.steps.test_examples import generator, prepared
from tests.steps.test_testgen import FILE, WRITTEN, writes


async def test_the_fix_chain_walks_its_default_path_to_a_change_request(fix: StepBench) -> None:
    runner = fix.runner
    runner.script(S.ACCEPTANCE, ACCEPTANCE).script(S.DIAGNOSE, DIAGNOSIS)
    runner.script(S.JUDGE, JUDGE_YES).script(S.ESTIMATE, ESTIMATE_SMALL)
    runner.script(S.BRT, REPRO, tool_calls=[("write_file", {"path": RED_TEST_FILE,
                                                            "content": RED_TEST})])
    runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])
    runner.script(S.SELF_REVIEW, SELF_REVIEW).script(S.VALIDATE, VERDICT)

    walked = []
    step: str | None = FIX.start
    while step is not None:
        outcome = await (fix.prepare() if step == FIX.start else fix.run(step))
        assert outcome.verdict == Verdict.PASSED, f"{step}: {outcome.summary}"
        walked.append(step)
        step = outcome.next

    assert tuple(walked) == FIX.default_path()
    assert runner.unplayed() == {}
    [change] = fix.forge.change_requests(REPO)
    assert "| AC1 (primary) |" in change.body and "🟢 passes" in change.body
    assert fix.labels() == [fix.ctx.settings.labels.ready_for_review]


async def test_the_test_generation_chain_walks_its_default_path_to_a_change_request(
    tmp_path: Path,
) -> None:
    """`smith:tests` on the calc issue after its fix landed: PREPARE, the targets, one file
    through every gate (sandboxed runs, real mutants) and the Reviewer, PUBLISH_TESTS."""
    bare = make_buggy_repo(tmp_path / "repo")
    push_files(bare, {"calc.py": FIXED_CALC}, message="Fix average (#1)")
    bench = build_bench(tmp_path, TESTS, bare, title=ISSUE_TITLE,
                        body="Please cover the fix of average with tests.")
    bench.runner.script(T.TEST_WRITER, WRITTEN, tool_calls=writes(GOOD))
    bench.runner.script(T.TEST_REVIEWER, review())
    walked = []
    step: str | None = TESTS.start
    try:
        while step is not None:
            if isinstance(TESTS.node(step).run, ItemLoop):  # one item, kept on its first try
                tried = await bench.try_item(step, "calc.py")
                assert tried.verdict == Verdict.PASSED, f"{step}: {tried.summary}"
                outcome = await bench.end_loop(step, {"calc.py": ItemResult(verdict="passed")})
            else:
                outcome = await (bench.prepare() if step == TESTS.start else bench.run(step))
            assert outcome.verdict == Verdict.PASSED, f"{step}: {outcome.summary}"
            walked.append(step)
            step = outcome.next
    finally:
        await bench.close()

    assert tuple(walked) == TESTS.default_path()
    assert bench.runner.unplayed() == {}
    [change] = bench.forge.change_requests(REPO)
    assert FILE in change.body and "ACCEPT" in change.body


async def test_the_held_out_chain_walks_its_default_path_to_a_change_request(
    tmp_path: Path,
) -> None:
    """`smith:examples` on "Recognise alarm requests": classes written blind, a general
    artefact through training and the held-out check, coverage, the leak check, PUBLISH."""
    bare = make_buggy_repo(tmp_path / "repo")
    ex.push_examples(bare, rounds=2)
    bench = build_bench(tmp_path, EXAMPLES, bare, title="Recognise alarm requests",
                        body="Write the alarm intent matcher.")
    bench.runner.script(E.EXAMPLES_CLASSES, ex.CLASSES)
    bench.runner.script(E.EXAMPLES_GENERATE, ex.GENERATED, tool_calls=generator(ex.GENERAL))
    bench.runner.script(E.EXAMPLES_COVERAGE, ex.COVERAGE)
    walked = []
    step: str | None = EXAMPLES.start
    try:
        while step is not None:
            if step == EXAMPLES.start:
                outcome = await prepared(bench)
            else:
                outcome = await bench.run(step)
            assert outcome.verdict == Verdict.PASSED, f"{step}: {outcome.summary}"
            walked.append(step)
            step = outcome.next
    finally:
        await bench.close()

    assert tuple(walked) == EXAMPLES.default_path()
    assert bench.runner.unplayed() == {}
    [change] = bench.forge.change_requests(REPO)
    assert ex.ARTEFACT in change.body
