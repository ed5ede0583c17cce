"""PREPARE of the fix chain: the checkout, the config of the base branch, the tools, the label."""

from __future__ import annotations

import subprocess

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.engine.errors import EnvironmentBroken
from bot.engine.graph import RunStatus, Verdict
from bot.forge.base import Permission
from tests.e2e.buggy_repo import push_files
from tests.steps.bench import REPO, SUMMONER, StepBench


async def test_prepare_checks_out_the_default_branch_and_equips_the_run(fix: StepBench) -> None:
    outcome = await fix.prepare()

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.ACCEPTANCE))
    assert (fix.checkout / "calc.py").is_file()
    record = fix.saved()
    assert record["base_branch"] == "main"
    assert record["branch"].startswith("smith/") and fix.ctx.branch == record["branch"]
    assert fix.labels() == [fix.ctx.settings.labels.in_progress]
    assert fix.ctx.code_graph is not None and fix.ctx.sandbox is not None
    assert fix.ctx.repo_config.steps.attempt_budget == 3  # no .smith.yml: the defaults


@pytest.mark.smith_yml("base_branches:\n  - {branch: release, label: backport}\n")
async def test_a_base_branch_rule_of_the_config_picks_the_branch_the_fix_starts_from(
    fix: StepBench,
) -> None:
    subprocess.run(["git", "--git-dir", str(fix.bare), "branch", "release", "main"],  # noqa: ASYNC221
                   check=True)
    push_files(fix.bare, {"RELEASE.txt": "1.x\n"}, branch="release", message="release notes")
    fix.forge.label(REPO, fix.issue, "backport")

    outcome = await fix.prepare()

    assert outcome.verdict == Verdict.PASSED
    assert fix.saved()["base_branch"] == "release"
    assert fix.ctx.workspace.source_branch == "release"
    assert (fix.checkout / "RELEASE.txt").is_file()


async def test_a_summoner_who_lost_write_access_stops_the_run_before_any_checkout(
    fix: StepBench,
) -> None:
    fix.forge.set_permission(REPO, SUMMONER, Permission.READ)

    outcome = await fix.prepare()

    assert outcome.next is None and outcome.ending is not None
    assert (outcome.ending.status, outcome.ending.outcome) == (RunStatus.FAILED, "not_permitted")
    assert f"@{SUMMONER} started this run" in outcome.ending.reason
    assert fix.ctx.tools.checkout is None and fix.labels() == []



async def test_prepare_leaves_no_trace_of_its_preflight_probe(fix: StepBench) -> None:
    await fix.prepare()
    assert not list(fix.checkout.glob("*smith_preflight*"))
    assert not list(fix.checkout.glob("__pycache__/*smith_preflight*"))
    assert await fix.ctx.workspace.changed_paths() == []  # nothing of it is part of a change


async def test_a_project_that_does_not_import_stops_before_any_model_step(fix: StepBench) -> None:
    """A src-layout package nobody installed (or a cached install that broke) fails the probe:
    the run ends as the environment's problem, naming the fix, before a token is spent."""
    push_files(fix.bare, {"src/shop/__init__.py": "PRICE = 3\n",
                          "tests/test_shop.py": "import shop\n\n\ndef test_price():\n"
                                                "    assert shop.PRICE == 3\n"}, message="shop")
    with pytest.raises(EnvironmentBroken) as stopped:
        await fix.prepare()
    assert stopped.value.problem.cause == "project_not_importable"
    assert "`shop`" in stopped.value.problem.detail and "setup" in stopped.value.problem.fix
    assert fix.runner.calls == []  # no model step ran


@pytest.mark.smith_yml("tests:\n  command: python3 -m pytest_not_installed {tests} "
                       "--junitxml={junit}\n")
async def test_a_runner_that_is_not_installed_stops_before_any_model_step(
    fix: StepBench,
) -> None:
    with pytest.raises(EnvironmentBroken) as stopped:
        await fix.prepare()
    assert stopped.value.problem.cause == "runner_missing"
    assert "pytest_not_installed" in stopped.value.problem.detail
