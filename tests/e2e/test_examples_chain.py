"""The held-out acceptance chain end to end: `smith:examples` on an issue → classes → generator
⇄ training check → held-out check (⇄ critic) → coverage → leak checks → change request, on
GitHub (the chain is forge-blind), with a real sandboxed evaluator and companion tests.

One real run per behaviour: the coverage step's rejections (a claim refuted by code, an author
tree missing a class) and a red repository suite are step tests (tests/steps/test_examples.py:
the rejection, the feedback in the generator's next input, the change request's lines), and the
suite_red ending is tests/e2e/test_examples_command.py's failed run."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import signal

import pytest
import structlog
from sqlalchemy import MetaData, select

from bot.chains.examples.graph import EXAMPLES
from bot.chains.examples.leaks import LeakFilter, texts_of
from tests.e2e import examples_repo as ex
from tests.e2e.buggy_repo import branch_file, branches
from tests.e2e.conftest import E2E
from tests.e2e.script import passed_path

pytestmark = pytest.mark.e2e
LABEL = "smith:examples"


async def _summoned(e2e: E2E, *, rounds: int = 5, companion_rounds: int = 3) -> E2E:
    ex.push_examples(e2e.bare, rounds=rounds, companion_rounds=companion_rounds)
    if e2e.forge_name == "github":
        number = e2e.fake.add_issue(e2e.repo_name, title="Recognise alarm requests",
                                    body="Write the alarm intent matcher.", author="maintainer")
    else:
        number = e2e.fake.add_issue(e2e.repo_name, title="Recognise alarm requests",
                                    description="Write the alarm intent matcher.",
                                    author="maintainer")
    e2e = dataclasses.replace(e2e, issue=number)
    await e2e.fake.label_issue(e2e.repo_name, number, LABEL, actor="maintainer")
    return e2e


def _body(e2e: E2E) -> str:
    [change] = e2e.change_requests()
    return change.body if e2e.forge_name == "github" else change.description


def _requests_text(e2e: E2E, *, except_step: str | None = None) -> list[str]:
    """Every text of every model request (each string as sent, not JSON-escaped)."""
    return ["\n".join(texts_of(r.body)) for r in e2e.model.requests if r.step != except_step]


async def _database_rows(e2e: E2E) -> list[str]:
    """Every row of every table, as text."""
    rows: list[str] = []
    async with e2e.db.engine.connect() as connection:
        metadata = MetaData()
        await connection.run_sync(metadata.reflect)
        for table in metadata.sorted_tables:
            for row in (await connection.execute(select(table))).all():
                rows.append(f"{table.name}: {tuple(row)!r}")
    return rows


async def test_accepted_at_the_first_iteration(e2e: E2E):
    e2e = await _summoned(e2e)
    ex.script(e2e.model, ex.GENERAL, probe=True)
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.chain, run.status, run.outcome) == ("examples", "succeeded", "change_request"), \
        run.reason
    # The example files are gone from the agent's checkout and protected.
    generator = [r for r in e2e.model.requests if r.step == "submit_generated_artefact"]
    [missing] = generator[1].tool_results()
    [refused] = generator[2].tool_results()
    assert missing["is_error"] and "does not exist" in missing["content"]
    assert refused["is_error"] and "protected" in refused["content"]
    assert branch_file(e2e.bare, run.branch, "examples/alarm_positive.txt").startswith(
        ex.POSITIVES[0])
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps == passed_path(EXAMPLES)
    assert "KNOWN" not in branch_file(e2e.bare, run.branch, ex.ARTEFACT)
    assert "test_accepts_alarm_requests" in branch_file(e2e.bare, run.branch, ex.TESTS)
    body = _body(e2e)
    state = run.params["examples"]
    assert state["acceptance_hash"] in body and state["held_out_hash"] in body
    assert "| 1 | 1 | 100.0 % | 100.0 % | 100.0 % (≥" in body
    assert "test_rejects_other_requests" in body and "IC2" in body
    assert body.count("| ✅ | ✅ |") == 2  # both classes' tests passed and were shown by code
    assert "passed on this branch (3 tests)" in body  # the repository's own suite
    # The generator saw the training part through the view, never the example files.
    view = json.dumps(generator[3].tool_results())
    train = [e.text for e in ex.split_for(e2e.settings).train if e.positive]
    assert all(text in view for text in train)
    assert not e2e.model.problems


ONE_FORGE = pytest.mark.parametrize("forge_name", ["github"])  # the chain is forge-blind


@ONE_FORGE
async def test_critic_feedback_passes_held_out_and_nothing_holds_a_held_out_example(e2e: E2E):
    e2e = await _summoned(e2e)
    split = ex.split_for(e2e.settings)
    quoting = f"The request {split.held_out[0].text!r} is not recognised."
    ex.script(e2e.model, ex.memorising(split), ex.GENERAL,
              critic=[{"observations": [ex.GENERAL_OBSERVATION, quoting]}])
    with structlog.testing.capture_logs() as logs:
        await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    names = [s.name for s in await e2e.steps(run.id)]
    assert names.count("examples_held_out") == 2 and names.count("examples_critic") == 1
    state = run.params["examples"]
    assert state["observations_dropped"] == 1
    first, second = state["iterations"]
    assert first["train"]["recall"] == 1.0 and first["held_out"]["recall"] == 0.0
    assert second["held_out"]["recall"] == 1.0
    # The generator's next attempt got the general observation, not the quoting one.
    regenerate = [r for r in e2e.model.requests if r.step == "submit_generated_artefact"]
    later = json.dumps(regenerate[-1].messages[0])
    assert "memorises inputs" in later and "is not recognised." not in later
    # No held-out example anywhere: the database, the logs, the comments, the change request
    # and every model request but the critic's (the critic alone reads held-out errors).
    leaks = LeakFilter(e.text for e in split.held_out)
    assert any(leaks.contains(text) for text in _requests_text(e2e)), "the critic saw them"
    places = {
        "database": await _database_rows(e2e),
        "logs": [json.dumps(entry, default=str) for entry in logs],
        "comments": e2e.issue_comments() + [_body(e2e)],
        "model requests": _requests_text(e2e, except_step="submit_critique"),
        "branch": [branch_file(e2e.bare, run.branch, ex.ARTEFACT)],
    }
    assert places["database"] and places["logs"]
    for place, texts in places.items():
        assert leaks.count(texts) == 0, f"a held-out example in the {place}"
    assert not e2e.model.problems


@ONE_FORGE
async def test_a_run_below_the_held_out_threshold_ends_with_metrics_and_no_change_request(
        e2e: E2E):
    e2e = await _summoned(e2e, rounds=1)
    ex.script(e2e.model, ex.memorising(ex.split_for(e2e.settings)), coverage=False)
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "below_threshold"), run.reason
    assert e2e.change_requests() == []
    assert run.branch not in branches(e2e.bare)
    ending = e2e.assert_one_final_ending()
    assert "held-out thresholds were not reached in 1 rounds" in ending
    assert "| 1 | 1 | 100.0 % | 100.0 % | 0.0 % (≥ 0.0 %)" in ending
    assert run.params["examples"]["acceptance_hash"] in ending
    assert "smith:failed" in e2e.labels()
    # `/smith retry` runs the examples chain again, not the fix chain.
    ex.script(e2e.model, ex.memorising(ex.split_for(e2e.settings)), coverage=False)
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()
    first, again = await e2e.runs()
    assert (again.chain, again.outcome) == ("examples", "below_threshold")
    assert again.params["examples"]["held_out_hash"] == run.params["examples"]["held_out_hash"]
    assert not e2e.model.problems


@ONE_FORGE
async def test_generator_output_holding_a_held_out_example_is_caught(e2e: E2E):
    e2e = await _summoned(e2e)
    split = ex.split_for(e2e.settings)
    planted = ex.GENERAL + f"\n\nSAMPLE = {split.held_out[0].text!r}\n"
    ex.script(e2e.model, planted, coverage=False)
    e2e.model.script("submit_input_classes")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "held_value_leak"), run.reason
    assert e2e.change_requests() == []
    assert run.branch not in branches(e2e.bare)
    # The stop names where the example was found, and does not send anyone to retry.
    ending = e2e.assert_one_final_ending()
    assert "appeared in the trajectory at Generate the artefact" in run.reason, run.reason
    assert "Generate the artefact" in ending and "running the same task again stops" in ending
    assert "retry" not in ending
    leaks = LeakFilter(e.text for e in split.held_out)
    assert leaks.count(e2e.issue_comments()) == 0
    assert leaks.count(await _database_rows(e2e)) == 0




@ONE_FORGE
@pytest.mark.slow  # two real worker processes and a 3 s heartbeat timeout
async def test_a_run_resumed_in_another_worker_recomputes_the_same_held_out_part(
        e2e: E2E, tmp_path):
    from tests.e2e.test_resilience import _start_worker, _stop, _worker_env

    e2e = await _summoned(e2e)
    split = ex.split_for(e2e.settings)
    ex.script(e2e.model, ex.memorising(split), ex.GENERAL,
              critic=[{"observations": [ex.GENERAL_OBSERVATION]}])
    thinking = e2e.model.hold("submit_critique")
    env = _worker_env(e2e)
    log = tmp_path / "workers.log"
    first = second = None
    try:
        first = _start_worker(env, log)
        try:
            await asyncio.wait_for(thinking.arrived.wait(), 90)
        except TimeoutError:
            pytest.fail(f"the first worker never reached the critic:\n{log.read_text()[-3000:]}")
        first.send_signal(signal.SIGKILL)  # mid-critique: the held-out part dies with it
        first.wait(timeout=10)
        thinking.abandon()
        second = _start_worker(env, log)
        try:
            run = await e2e.wait_for_run(lambda r: r.status not in ("queued", "running"),
                                         timeout=90)
        except AssertionError:
            pytest.fail(f"the second worker did not finish the run:\n{log.read_text()[-3000:]}")
    finally:
        thinking.abandon()
        await _stop(first)
        await _stop(second)

    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert ("examples_critic", "environment") in steps
    assert steps[steps.index(("examples_critic", "environment")) + 1] == ("prepare", "passed")
    # The second worker split the examples again and showed the critic the same errors.
    [resumed] = [r for r in e2e.model.requests_for("submit_critique") if r.status == 200]
    assert thinking.body is not None
    assert resumed.body["messages"][0] == thinking.body["messages"][0]
    leaks = LeakFilter(e.text for e in split.held_out)
    assert leaks.count(await _database_rows(e2e)) == 0
    assert leaks.count([log.read_text()]) == 0
