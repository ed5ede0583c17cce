"""PREPARE of the fix chain: the checkout, the config of the base branch, the tools, the label."""

from __future__ import annotations

import subprocess

import pytest

from bot.chains.fix.artifacts import StepName as S
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

