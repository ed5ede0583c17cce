"""Real repositories end to end (issue 12): the change is only what the agent wrote; environment
trouble is named and spends no attempt; every run has exactly one ending and a final status."""

from __future__ import annotations

import sys
import sysconfig
from typing import Any

import pytest

from bot.catalogue import GRAPHS
from bot.chains.fix.graph import FIX
from bot.engine.runner import chain_runner
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, changed_files, push_files, tree_files
from tests.e2e.conftest import E2E
from tests.fakes.model import Turn

# One forge: what a run does with a real repository is the chain's, not the forge's (tests/e2e/test_happy_path.py and the forge contract cover GitLab).
pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("forge_name", ["github"])]

# The README's `.smith.yml` shape: setup builds `.venv` (here offline: no pip, the harness's
# packages reached through a .pth file) and caches it; the repository has no .gitignore.
PY = f"python{sys.version_info.major}.{sys.version_info.minor}"
VENV_YML = f"""setup:
  command: "python -m venv --without-pip .venv && echo {sysconfig.get_paths()['purelib']} > .venv/lib/{PY}/site-packages/outer.pth"
  cache_paths: [".venv"]
"""
INTENDED = sorted(["calc.py", script.RED_TEST_FILE])
NO_PYTHON = "/usr/local/bin:/usr/bin:/bin"  # an operator PATH: the system's python3, no pytest


def _then_overloaded(turn: Turn, e2e: E2E, count: int) -> Turn:
    def overload_next(body: dict[str, Any]) -> None:
        e2e.model.fail_next(count, status=529)
    return turn.expecting(overload_next)


# --- (a) the README's venv setup, no .gitignore ------------------------------------------------


async def test_a_setup_venv_and_test_caches_never_become_part_of_the_change(e2e: E2E):
    push_files(e2e.bare, {".smith.yml": VENV_YML})
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    # The change request's diff holds exactly the fix and the red test.
    assert changed_files(e2e.bare, run.branch) == INTENDED
    tree = tree_files(e2e.bare, run.branch)
    assert not [p for p in tree if p.startswith(".venv/") or "__pycache__" in p
                or p.endswith(".pyc")], tree
    assert "sum(values) / len(values)" in branch_file(e2e.bare, run.branch, "calc.py")
    # Self-review and validation saw the same small diff, not the venv.
    for step in ("submit_self_review", "submit_criteria_verdict"):
        [request] = [r for r in e2e.model.requests_for(step) if len(r.messages) == 1]
        text = script.first_user_text(request)
        assert "calc.py" in text and ".venv" not in text and "__pycache__" not in text
    e2e.assert_one_final_ending()
    assert not e2e.model.problems


# --- (b) a resume re-applies only the intended diff --------------------------------------------


async def test_a_resume_after_a_crash_reapplies_only_the_intended_diff_and_finishes(e2e: E2E):
    push_files(e2e.bare, {".smith.yml": VENV_YML})
    script.understanding(e2e.model)
    # Right after the red test is verified, the model stays overloaded past every retry: the
    # job gives up on IMPLEMENT (environment, not an attempt) and the run is resumed later.
    e2e.model.script("submit_repro_test",
                     Turn.tool("write_file", path=script.RED_TEST_FILE, content=script.RED_TEST),
                     _then_overloaded(script.submit("submit_repro_test", script.REPRO), e2e,
                                      e2e.settings.llm_retry_attempts + 5))
    script.implementation(e2e.model, script.FIX_EDIT)
    script.checks_and_submits(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.current_step) == ("queued", "implement"), run.reason
    e2e.model._failures.clear()  # the storm is over

    await chain_runner(GRAPHS)(run.id, e2e.runtime)  # what the job's retry does

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert ("implement", "environment") in steps
    resumed = [("prepare", "passed"), *script.passed_path(FIX, start="implement")]
    assert steps[-len(resumed):] == resumed
    # The stored checkpoint held only the red test, so the fresh checkout (with its restored
    # .venv) took it without conflict.
    brt = next(s for s in await e2e.steps(run.id) if s.name == "brt")
    assert brt.diff and ".venv" not in brt.diff and "__pycache__" not in brt.diff
    assert changed_files(e2e.bare, run.branch) == INTENDED
    assert run.params["attempts"] == 1
    e2e.assert_one_final_ending()


# --- (c) + (d) the test command cannot start ---------------------------------------------------


@pytest.mark.e2e_settings(sandbox_path=NO_PYTHON)
async def test_a_test_command_that_is_not_found_ends_environment_without_spending_anything(
    e2e: E2E,
):
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "environment"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    # PREPARE's preflight met the environment before any model step: no token, no attempt.
    assert steps[-1] == ("prepare", "environment")
    assert [name for name, _ in steps] == ["prepare"]
    assert not run.params.get("attempts") and not run.params.get("brt_feedback")
    assert e2e.model.requests == []
    ending = e2e.assert_one_final_ending()
    assert "kind=environment" in ending
    # The default `python3 -m pytest` on the host's Python alone (a Debian worker, no setup).
    assert "`No module named pytest`" in ending and "`setup`" in ending and ".smith.yml" in ending
    assert "No fix attempt was spent" in ending
    assert "0 fix attempts" not in ending and "not red" not in ending
    assert "smith:failed" in e2e.labels() and "smith:in-progress" not in e2e.labels()
    assert e2e.change_requests() == []


async def test_a_missing_dependency_the_repo_does_not_declare_is_named_not_red(e2e: E2E):
    # The repository's conftest needs a package no setup installs.
    push_files(e2e.bare, {"conftest.py": "import smith_missing_dependency\n"})
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "environment"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    # Found by PREPARE's preflight, before any model step, never as a test that is not red.
    assert steps[-1] == ("prepare", "environment") and ("brt", "rejected") not in steps
    assert e2e.model.requests == []
    ending = e2e.assert_one_final_ending()
    assert "smith\\_missing\\_dependency" in ending or "smith_missing_dependency" in ending
    assert "setup" in ending


# --- 4. a failing setup ------------------------------------------------------------------------


async def test_a_failing_setup_ends_environment_with_a_short_summary(e2e: E2E):
    noisy = "; ".join(f"echo line-{n}" for n in range(200))
    push_files(e2e.bare, {".smith.yml": f'setup:\n  command: "{noisy}; echo boom-at-the-end; '
                                        'exit 3"\n'})
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "environment"), run.reason
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == [("prepare", "environment")]
    ending = e2e.assert_one_final_ending()
    assert "setup command failed" in ending and "boom-at-the-end" in ending
    assert "line-10 " not in ending and ending.count("line-") <= 4  # the tail, not the log
    assert "setup.command" in ending
    assert e2e.model.requests == []


# --- (e) a crash inside a step ends once, with a final status ----------------------------------


async def test_a_crash_inside_a_step_ends_the_run_once_with_a_final_status(
    e2e: E2E, monkeypatch: pytest.MonkeyPatch,
):
    def broken(*args: Any, **kwargs: Any) -> None:
        where = e2e.settings.data_dir / "workspace" / "runs" / "x"
        raise RuntimeError(f"validator exploded reading {where}/checkout/app.py")

    monkeypatch.setattr("bot.chains.fix.steps.check.validate_static", broken)
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    e2e.model.script("submit_self_review", script.submit("submit_self_review",
                                                         script.SELF_REVIEW))
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "internal_error"), run.reason
    assert [(s.name, s.status) for s in await e2e.steps(run.id)][-1] == ("validate", "failed")
    ending = e2e.assert_one_final_ending()
    assert "Validation" in ending and f"run {run.id}" in ending
    # The public issue learns that Smith failed, not how: no exception, no host path.
    public = "\n".join(e2e.issue_comments())
    assert "RuntimeError" not in public and "exploded" not in public
    assert str(e2e.settings.data_dir) not in public
    assert "RuntimeError" in run.reason  # the details stay for the operator
    assert "smith:failed" in e2e.labels()


# --- endings name the step whose budget ran out -------------------------------------------------


async def test_a_reproduction_step_out_of_tries_says_so_and_never_counts_fix_attempts(e2e: E2E):
    green = script.RED_TEST.replace("average([2, 4]) == 3", "average([2, 4]) == 6.0")
    script.understanding(e2e.model)
    e2e.model.script("submit_repro_test", *[
        turn for _ in range(3) for turn in (
            Turn.tool("write_file", path=script.RED_TEST_FILE, content=green),
            script.submit("submit_repro_test", script.REPRO))])
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "budget_exhausted"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps.count(("brt", "rejected")) == 3 and "implement" not in dict(steps)
    ending = e2e.assert_one_final_ending()
    assert "reproduction test that fails on an assertion in 3 tries" in ending
    assert "Reproduction test" in ending
    assert "fix attempts" not in ending
    assert "passed: it does not reproduce the bug" in ending.replace("\\", "")
