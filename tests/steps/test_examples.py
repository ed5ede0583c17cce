"""The held-out acceptance chain's steps: PREPARE hides the examples and fixes the bar, the
critic builds classes blind, the generator sees training examples only, code measures both
parts in the sandbox, the critic's observations are filtered, leaks stop the run."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chains.examples.artifacts import StepName as S
from bot.chains.examples.graph import EXAMPLES
from bot.chains.examples.leaks import LeakFilter, ModelRequestLeak
from bot.chains.examples.render import classes_table, trees_text
from bot.chains.examples.run import model_guard
from bot.chains.examples.state import ExamplesState
from bot.engine.graph import StepOutcome, Verdict
from bot.engine.held import HeldValueLeak
from tests.e2e import examples_repo as ex
from tests.e2e.buggy_repo import make_buggy_repo
from tests.steps.bench import REPO, StepBench, build_bench


@pytest.fixture
async def examples(tmp_path: Path) -> AsyncIterator[StepBench]:
    """`smith:examples` on "Recognise alarm requests" (tests/e2e/examples_repo.py)."""
    bare = make_buggy_repo(tmp_path / "repo")
    ex.push_examples(bare, rounds=2)
    bench = build_bench(tmp_path, EXAMPLES, bare, title="Recognise alarm requests",
                        body="Write the alarm intent matcher.")
    try:
        yield bench
    finally:
        await bench.close()


async def prepared(bench: StepBench) -> StepOutcome:
    """The real PREPARE; the held-out guard it put on the model's client guards the script."""
    outcome = await bench.prepare()
    assert outcome.next == str(S.EXAMPLES_CLASSES), outcome.summary
    bench.runner.client = model_guard(bench.ctx).wrap(bench.runner.client)
    return outcome


def held_out_texts(bench: StepBench) -> list[str]:
    return [e.text for e in ex.split_for(bench.ctx.settings).held_out]


def generator(artefact: str, *, tests: bool = True) -> list[tuple[str, dict]]:
    calls: list[tuple[str, dict]] = [("read_file", {"path": "@training/positives.txt"}),
                                     ("read_file", {"path": "examples/alarm_positive.txt"}),
                                     ("write_file", {"path": ex.ARTEFACT, "content": artefact})]
    if tests:
        calls.append(("write_file", {"path": ex.TESTS, "content": ex.COMPANION_TESTS}))
    return calls


async def regenerated(bench: StepBench) -> None:
    """GENERATE again after a rejection sent the run back to it (the feedback in its input)."""
    bench.runner.script(S.EXAMPLES_GENERATE, ex.GENERATED, tool_calls=generator(ex.GENERAL))
    assert (await bench.run(S.EXAMPLES_GENERATE)).next == str(S.EXAMPLES_TRAIN)


async def generated(bench: StepBench, artefact: str = ex.GENERAL) -> None:
    await prepared(bench)
    bench.runner.script(S.EXAMPLES_CLASSES, ex.CLASSES)
    bench.runner.script(S.EXAMPLES_GENERATE, ex.GENERATED, tool_calls=generator(artefact))
    assert (await bench.run(S.EXAMPLES_CLASSES)).next == str(S.EXAMPLES_GENERATE)
    assert (await bench.run(S.EXAMPLES_GENERATE)).next == str(S.EXAMPLES_TRAIN)


async def test_prepare_hides_the_examples_and_fixes_the_acceptance_bar(
    examples: StepBench,
) -> None:
    await prepared(examples)

    assert not (examples.checkout / "examples/alarm_positive.txt").exists()
    assert examples.ctx.protected.matches("examples/alarm_negative.txt")
    state = ExamplesState.of(examples.ctx)
    assert state.acceptance_hash and state.held_out_hash and state.held_out_size > 0
    stored = json.dumps(examples.records.runs)
    assert LeakFilter(held_out_texts(examples)).count([stored]) == 0  # only counts and hashes
    assert examples.labels() == [examples.ctx.settings.labels.in_progress]


async def test_the_generator_reads_training_examples_through_the_view_only(
    examples: StepBench,
) -> None:
    await generated(examples)

    view, files, written, _ = examples.runner.calls_of(S.EXAMPLES_GENERATE)[0].tool_results
    train = [e.text for e in ex.split_for(examples.ctx.settings).train if e.positive]
    assert view.ok and all(text in view.content for text in train)
    assert not files.ok  # the example files are not in its checkout
    assert written.ok
    assert LeakFilter(held_out_texts(examples)).count([view.content]) == 0


async def test_a_class_naming_a_held_out_example_is_dropped_before_anyone_sees_it(
    examples: StepBench,
) -> None:
    await prepared(examples)
    naming = {"id": "IC3", "description": f"requests like {held_out_texts(examples)[0]!r}",
              "expected": "accepted"}
    examples.runner.script(S.EXAMPLES_CLASSES, {"classes": [*ex.CLASSES["classes"], naming]})

    outcome = await examples.run(S.EXAMPLES_CLASSES)

    assert outcome.summary == "2 input classes, 1 dropped (named a held-out example)"
    assert [c.id for c in ExamplesState.of(examples.ctx).classes] == ["IC1", "IC2"]


async def test_a_general_artefact_passes_training_and_the_held_out_check(
    examples: StepBench,
) -> None:
    await generated(examples)

    trained = await examples.run(S.EXAMPLES_TRAIN)
    measured = await examples.run(S.EXAMPLES_HELD_OUT)

    assert (trained.verdict, trained.next) == (Verdict.PASSED, str(S.EXAMPLES_HELD_OUT))
    assert (measured.verdict, measured.next) == (Verdict.PASSED, str(S.EXAMPLES_COVERAGE))
    runs = await examples.records.events(examples.ctx.run_id, tools=["run_evaluator"])
    assert [e.args["part"] for e in runs] == ["train", "held_out"]  # counts, never examples


async def test_a_memorising_artefact_fails_the_held_out_check_and_goes_to_the_critic(
    examples: StepBench,
) -> None:
    await generated(examples, ex.memorising(ex.split_for(examples.ctx.settings)))

    trained = await examples.run(S.EXAMPLES_TRAIN)
    measured = await examples.run(S.EXAMPLES_HELD_OUT)

    assert trained.next == str(S.EXAMPLES_HELD_OUT)  # perfect on what it has seen
    assert (measured.verdict, measured.next) == (Verdict.REJECTED, str(S.EXAMPLES_CRITIC))
    assert "held-out recall 0%" in measured.summary


async def test_the_critic_reads_held_out_errors_but_only_general_observations_go_back(
    examples: StepBench,
) -> None:
    await generated(examples, ex.memorising(ex.split_for(examples.ctx.settings)))
    await examples.run(S.EXAMPLES_TRAIN)
    await examples.run(S.EXAMPLES_HELD_OUT)
    quoting = f"The request {held_out_texts(examples)[0]!r} is not recognised."
    examples.runner.script(S.EXAMPLES_CRITIC,
                           {"observations": [ex.GENERAL_OBSERVATION, quoting]})

    outcome = await examples.run(S.EXAMPLES_CRITIC)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.EXAMPLES_GENERATE))
    critic = examples.runner.calls_of(S.EXAMPLES_CRITIC)[0].inputs
    assert LeakFilter(held_out_texts(examples)).count([critic]) > 0  # it alone reads them
    state = ExamplesState.of(examples.ctx)
    assert state.feedback == [f"Independent check: {ex.GENERAL_OBSERVATION}"]
    assert state.observations_dropped == 1


async def test_a_generator_request_holding_a_held_out_example_never_reaches_the_model(
    examples: StepBench,
) -> None:
    await generated(examples)
    state = ExamplesState.of(examples.ctx)
    state.feedback = [f"Handle {held_out_texts(examples)[0]!r} too."]
    with pytest.raises(HeldValueLeak):  # the run's state never holds one...
        await state.save(examples.ctx)
    # ... and were a filter to miss one, the guard on the model's client stops the request.
    examples.ctx.state = examples.ctx.state.model_copy(update={"examples": state.dump()})
    examples.runner.script(S.EXAMPLES_GENERATE, ex.GENERATED)

    with pytest.raises(ModelRequestLeak):
        await examples.run(S.EXAMPLES_GENERATE)

    assert len(examples.runner.calls_of(S.EXAMPLES_GENERATE)) == 1  # the first one only


async def test_covered_classes_and_a_clean_change_go_to_publish(examples: StepBench) -> None:
    await generated(examples)
    await examples.run(S.EXAMPLES_TRAIN)
    await examples.run(S.EXAMPLES_HELD_OUT)
    examples.runner.script(S.EXAMPLES_COVERAGE, ex.COVERAGE)

    covered = await examples.run(S.EXAMPLES_COVERAGE)
    suite = await examples.run(S.EXAMPLES_SUITE)
    checked = await examples.run(S.EXAMPLES_LEAKS)

    assert (covered.verdict, covered.next) == (Verdict.PASSED, str(S.EXAMPLES_SUITE))
    state = ExamplesState.of(examples.ctx)
    # Each claimed test failed on the artefact with its class's answers flipped.
    assert [(row.passed, row.shown) for row in state.classes] == [(True, True), (True, True)]
    assert state.divergence == [] and state.claims_refuted == 0
    assert (suite.verdict, suite.next) == (Verdict.PASSED, str(S.EXAMPLES_LEAKS))
    assert state.suite == {"passed": True, "tests": 3, "failing": 0}  # calc's test and two
    assert (checked.verdict, checked.next) == (Verdict.PASSED, str(S.PUBLISH))
    assert examples.ctx.artifacts[S.EXAMPLES_LEAKS]["canary_seen"] is True


async def test_an_artefact_holding_a_held_out_example_stops_the_run_before_it_is_recorded(
    examples: StepBench,
) -> None:
    planted = ex.GENERAL + f"\n\nSAMPLE = {held_out_texts(examples)[0]!r}\n"

    with pytest.raises(HeldValueLeak):  # the generator's write reaches the trajectory check
        await generated(examples, planted)

    recorded = json.dumps([examples.records.runs, [e.model_dump() for events in
                                                   examples.records.trajectory.values()
                                                   for e in events]])
    assert LeakFilter(held_out_texts(examples)).count([recorded]) == 0
    assert examples.forge.change_requests(REPO) == [] and examples.forge.said_of("comment") == []


async def test_a_coverage_claim_the_test_does_not_check_is_refuted_by_code(
    examples: StepBench,
) -> None:
    await generated(examples)
    await examples.run(S.EXAMPLES_TRAIN)
    await examples.run(S.EXAMPLES_HELD_OUT)
    # The critic says the rejection test covers the alarm class (with one of its inputs).
    wrong = {"covers": [{"id": "IC1", "test": ex.REJECTS, "inputs": ["play the radio"]},
                        ex.COVERAGE["covers"][1]]}
    examples.runner.script(S.EXAMPLES_COVERAGE, wrong)

    outcome = await examples.run(S.EXAMPLES_COVERAGE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.EXAMPLES_GENERATE))
    state = ExamplesState.of(examples.ctx)
    assert [row.shown for row in state.classes] == [False, True]
    assert state.claims_refuted == 1
    told, *rest = state.feedback
    assert "still passes when the artefact mishandles that class" in told
    assert "requests to set an alarm or to be woken" in told and "play the radio" not in told
    # The author's alarm branch now matches no confirmed class of the critic's tree.
    assert rest == [f"Your tree names a branch the independent tree does not: "
                    f"'{ex.BRANCHES[0]['description']}'. Keep it only if the task demands it, "
                    "with a test that checks it."]
    # The change request counts the refuted claim; the generator's next try is told why.
    assert "Claims refuted by code over the run: 1" in classes_table(state)
    await regenerated(examples)
    first, second = (call.inputs for call in examples.runner.calls_of(S.EXAMPLES_GENERATE))
    assert "still passes when the artefact mishandles that class" not in first
    assert "still passes when the artefact mishandles that class" in second
    assert "requests to set an alarm or to be woken" in second


async def test_classes_only_the_critic_found_go_back_to_the_author(examples: StepBench) -> None:
    await prepared(examples)
    examples.runner.script(S.EXAMPLES_CLASSES, ex.CLASSES)
    lacking = {**ex.GENERATED, "branches": ex.BRANCHES[:1]}  # no branch for the rest
    examples.runner.script(S.EXAMPLES_GENERATE, lacking, tool_calls=generator(ex.GENERAL))
    for step in (S.EXAMPLES_CLASSES, S.EXAMPLES_GENERATE, S.EXAMPLES_TRAIN, S.EXAMPLES_HELD_OUT):
        await examples.run(step)
    examples.runner.script(S.EXAMPLES_COVERAGE, ex.COVERAGE)

    outcome = await examples.run(S.EXAMPLES_COVERAGE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.EXAMPLES_GENERATE))
    assert outcome.reason == "trees_diverge"
    state = ExamplesState.of(examples.ctx)
    assert state.divergence == ["only in the critic's tree: IC2 requests about anything else "
                                "(expected: rejected)"]
    assert state.divergence_history == [f"round 1: {state.divergence[0]}"]
    [told] = state.feedback
    assert "'requests about anything else' (expected: rejected)" in told
    # The generator's next try is told; the change request shows what was fed back.
    await regenerated(examples)
    first, second = (call.inputs for call in examples.runner.calls_of(S.EXAMPLES_GENERATE))
    assert "independent tree" not in first
    assert "'requests about anything else' (expected: rejected)" in second
    assert ("Divergences fed back to the generator before acceptance:\n\n- round 1: only in the "
            "critic's tree: IC2 requests about anything else (expected: rejected)"
            ) in trees_text(ExamplesState.of(examples.ctx))


async def test_a_red_repository_suite_goes_back_to_the_generator(examples: StepBench) -> None:
    await generated(examples)
    (examples.checkout / "calc.py").write_text("def total(values):\n    return 0\n")

    outcome = await examples.run(S.EXAMPLES_SUITE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.EXAMPLES_GENERATE))
    state = ExamplesState.of(examples.ctx)
    assert state.suite == {"passed": False, "tests": 3, "failing": 1}
    assert "test_total" in state.feedback[0]
