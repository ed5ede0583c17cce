"""Scenarios 7 and 8: the environment fails (model overloaded, forge 5xx, worker killed) and the
run still ends with exactly one change request, without spending an attempt. Both forges."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.chains.fix.graph import FIX
from bot.store.audit import list_audit
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file
from tests.e2e.conftest import BOTH_FORGES, E2E, LABEL
from tests.fakes.model import Turn

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
HAPPY_STEPS = script.passed_path(FIX)


def _then_overloaded(turn: Turn, e2e: E2E, count: int) -> Turn:
    """`turn`, after which the model answers `count` requests with 529 Overloaded."""
    def overload_next(body: dict[str, Any]) -> None:
        e2e.model.fail_next(count, status=529)
    return turn.expecting(overload_next)


# --- 7. environment failures inside a step ------------------------------------------------------


async def test_a_model_overload_storm_is_retried_inside_the_steps_without_spending_attempts(
    e2e: E2E,
):
    assert e2e.settings.llm_retry_attempts == 8
    # Overloaded right when DIAGNOSE starts (3 answers) and when IMPLEMENT starts (7 answers):
    # each storm is shorter than the client's retry attempts, so each call eventually goes
    # through.
    e2e.model.script("submit_acceptance", _then_overloaded(
        script.submit("submit_acceptance", script.ACCEPTANCE), e2e, 3))
    e2e.model.script("submit_diagnosis", Turn.tool("read_file", path="calc.py"),
                     script.submit("submit_diagnosis", script.DIAGNOSIS))
    e2e.model.script("submit_judgement", script.submit("submit_judgement", script.JUDGE_YES))
    e2e.model.script("submit_estimate", script.submit("submit_estimate", script.ESTIMATE_SMALL))
    e2e.model.script("submit_repro_test",
                     Turn.tool("write_file", path=script.RED_TEST_FILE, content=script.RED_TEST),
                     _then_overloaded(script.submit("submit_repro_test", script.REPRO), e2e, 7))
    script.implementation(e2e.model, script.FIX_EDIT)
    script.checks_and_submits(e2e.model)

    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    # No environment row, no second diagnosis or implementation: the storm never left the step.
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == HAPPY_STEPS
    assert "environment_retries" not in run.params
    assert run.params["attempts"] == 1
    overloaded = [r for r in e2e.model.requests if r.status == 529]
    assert [r.step for r in overloaded] == ["submit_diagnosis"] * 3 + \
        ["submit_implementation"] * 7
    # The retried request is the same request: the conversation did not grow in between.
    implement = e2e.model.requests_for("submit_implementation")
    assert all(r.body["messages"] == implement[0].body["messages"] for r in implement[:8])
    assert len(e2e.change_requests()) == 1
    assert "smith:ready-for-review" in e2e.labels()
    assert not e2e.model.problems


def _create_path(e2e: E2E) -> str:
    return r"/pulls$" if e2e.forge_name == "github" else r"/merge_requests$"


def _comment_operation(e2e: E2E) -> str:
    return "create_issue_comment" if e2e.forge_name == "github" else "create_issue_note"


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_forge_502s_are_retried_by_the_adapter_and_one_change_request_is_opened(e2e: E2E):
    script.happy_path(e2e.model)
    # Opening the change request fails twice, and so do the next two comments on the issue.
    e2e.fake.fail_next(2, status=502, path=_create_path(e2e), method="POST")
    e2e.fake.fail_next(2, status=502, path=r"/(comments|notes)$", method="POST")

    run = await _published_once(e2e)
    assert [r.status for r in _creates(e2e)] == [502, 502, 201]
    comment_statuses = [r.status for r in e2e.fake.requests_for(_comment_operation(e2e))]
    assert comment_statuses[:3] == [502, 502, 201]
    [change] = e2e.change_requests()
    assert run.change_request_url and str(change.number if e2e.forge_name == "github"
                                           else change.iid) in run.change_request_url


def _creates(e2e: E2E) -> list[Any]:
    return e2e.fake.requests_for(
        "create_pull_request" if e2e.forge_name == "github" else "create_merge_request")


async def _published_once(e2e: E2E) -> Any:
    """Summon, drain, and the run's one publication: succeeded on the happy path, one change
    request, every comment made exactly once (one status comment, one hand-over note)."""
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == HAPPY_STEPS
    assert len(e2e.change_requests()) == 1
    comments = e2e.issue_comments()
    assert len([c for c in comments if "smith:status" in c]) == 1
    assert len([c for c in comments if c.startswith("Smith opened ")]) == 1
    assert "smith:ready-for-review" in e2e.labels()
    return run


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_forge_writes_applied_but_answered_502_are_adopted_and_the_run_publishes(
    e2e: E2E,
):
    """#31 item 2: the forge applies the request, then its answer is lost (a proxy's 502). The
    retry finds the change request by its branch, the comment by its marker and the labels by
    name, and adopts them: one of each, the run published, and the audit trail has them."""
    script.happy_path(e2e.model)
    e2e.fake.lose_answer_next(1, path=_create_path(e2e), method="POST")
    e2e.fake.lose_answer_next(1, path=r"/(comments|notes)$", method="POST")
    e2e.fake.lose_answer_next(1, path=r"/labels$" if e2e.forge_name == "github"
                              else r"/issues/\d+$",
                              method="POST" if e2e.forge_name == "github" else "PUT")

    run = await _published_once(e2e)
    assert [r.status for r in _creates(e2e)][0] == 502  # applied, answer lost
    async with e2e.db.transaction() as session:
        opened = await list_audit(session, kind="change_request")
        pushes = await list_audit(session, kind="push")
    assert [row.outcome for row in opened].count("opened") == 1
    assert [row.subject for row in pushes] == [run.branch]


# --- 8. a worker killed mid-IMPLEMENT -----------------------------------------------------------


def _worker_env(e2e: E2E) -> dict[str, str]:
    """Settings for a real `smith worker` process talking to this test's fakes and database."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SMITH_", "ANTHROPIC_", "GITHUB_", "GITLAB_"))}
    settings = e2e.settings
    env.update({
        "PYTHONPATH": str(ROOT),
        "SMITH_DATABASE_URL": e2e.db.url,
        "SMITH_DATA_DIR": str(settings.data_dir),
        "SMITH_BOT_ACCOUNT": settings.bot_account,
        "SMITH_SUMMON_LABEL": LABEL,
        "ANTHROPIC_API_KEY": "test-key",
        "ANTHROPIC_BASE_URL": e2e.model.base_url,
        "SMITH_GIT_ALLOWED_PROTOCOLS": '["https","file"]',
        "SMITH_SANDBOX_PATH": settings.sandbox_path,
        "SMITH_LLM_RETRY_ATTEMPTS": "8",
        "SMITH_LLM_RETRY_BASE_DELAY": "0.01",
        "SMITH_LLM_RETRY_MAX_DELAY": "0.05",
        "SMITH_FORGE_BACKOFF_INITIAL": "0.01",
        "SMITH_FORGE_BACKOFF_MAX": "0.05",
        "SMITH_WORKER_CONCURRENCY": "1",
        # Heartbeats every second; a worker silent for 3 s is dead and its job is taken over.
        "SMITH_STALLED_AFTER_SECONDS": "3",
        "SMITH_SHUTDOWN_GRACE_SECONDS": "5",
    })
    token = e2e.fake.add_token("smith-bot")
    if e2e.forge_name == "github":
        env.update(SMITH_GITHUB_TOKEN=token, SMITH_GITHUB_API_URL=e2e.fake.base_url)
    else:
        env.update(SMITH_GITLAB_TOKEN=token, SMITH_GITLAB_URL=e2e.fake.instance_url)
    return env


def _start_worker(env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bot", "worker"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=log.open("ab"))


async def _stop(worker: subprocess.Popen | None) -> None:
    """SIGTERM, and wait for the exit without blocking this loop: its job's last requests go
    to the fakes this loop serves (a blocking wait left them unanswered until the grace ran
    out and the job was aborted, 5 s later)."""
    if worker is None or worker.poll() is not None:
        return
    worker.send_signal(signal.SIGTERM)
    deadline = asyncio.get_running_loop().time() + 15
    while worker.poll() is None and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    if worker.poll() is None:
        worker.kill()
        worker.wait(timeout=5)


@pytest.mark.parametrize("forge_name", ["github"])  # resuming is the engine's, not the forge's
@pytest.mark.slow  # two real worker processes and a 3 s heartbeat timeout: about 12 s
async def test_a_worker_killed_mid_implement_is_replaced_and_the_run_resumes_once(
    e2e: E2E, tmp_path: Path,
):
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    script.checks_and_submits(e2e.model)
    thinking = e2e.model.hold("submit_implementation")
    env = _worker_env(e2e)
    log = tmp_path / "workers.log"
    first = second = None
    try:
        await e2e.summon()
        first = _start_worker(env, log)
        try:
            await asyncio.wait_for(thinking.arrived.wait(), 90)
        except TimeoutError:
            pytest.fail(f"the first worker never reached IMPLEMENT:\n{log.read_text()[-3000:]}")
        # The model is mid-thought on the fix: the worker dies without a chance to clean up.
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        thinking.abandon()
        [run] = await e2e.runs()
        assert (run.status, run.current_step) == ("running", "implement")
        assert [(s.name, s.status) for s in await e2e.steps(run.id)][-1] == \
            ("implement", "running")

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
    # The interrupted IMPLEMENT is an environment failure (not an attempt); the second worker
    # starts again from a fresh checkout (PREPARE) and goes straight on with IMPLEMENT.
    before = HAPPY_STEPS.index(("implement", "passed"))
    assert steps == HAPPY_STEPS[:before] + [("implement", "environment"), ("prepare", "passed")] \
        + HAPPY_STEPS[before:]
    assert run.params["attempts"] == 1
    # Nothing before IMPLEMENT was asked of the model twice.
    for step in ("submit_acceptance", "submit_diagnosis", "submit_judgement", "submit_estimate",
                 "submit_repro_test"):
        assert len([r for r in e2e.model.requests_for(step) if len(r.messages) == 1]) == 1, step
    # The resumed IMPLEMENT was given the verified red test, which BRT's stored diff put back
    # into the fresh checkout: it is on the branch, unchanged, next to the fix.
    [resumed] = [r for r in e2e.model.requests_for("submit_implementation")
                 if len(r.messages) == 1]
    assert thinking.body is not None
    assert script.first_user_text(resumed) == thinking.body["messages"][0]["content"][0]["text"]
    assert script.RED_TEST_ID in script.first_user_text(resumed)
    assert branch_file(e2e.bare, run.branch, script.RED_TEST_FILE) == script.RED_TEST
    assert "sum(values) / len(values)" in branch_file(e2e.bare, run.branch, "calc.py")
    assert len(e2e.change_requests()) == 1
    comments = e2e.issue_comments()
    assert len([c for c in comments if "smith:status" in c]) == 1
    assert len([c for c in comments if c.startswith("Smith opened ")]) == 1
    assert "smith:ready-for-review" in e2e.labels()
    assert e2e.model.remaining() == 0 and not e2e.model.problems
