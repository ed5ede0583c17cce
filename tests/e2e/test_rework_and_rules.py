"""Rework by comment on Smith's change request, and approved rules reaching the prompts."""

from __future__ import annotations

import subprocess

import pytest

from bot.store.models import Failure, Rule
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file
from tests.e2e.conftest import E2E
from tests.fakes.model import Turn

pytestmark = pytest.mark.e2e

REWORK_TEXT = "please also mention in the docstring that an empty list raises ValueError"
DOC_EDIT = {"path": "calc.py", "old": '"""The arithmetic mean of `values`."""',
            "new": '"""The arithmetic mean of `values`; an empty list raises ValueError."""'}


def _head(bare, branch: str) -> str:
    return subprocess.run(["git", "--git-dir", str(bare), "rev-parse", branch],
                          capture_output=True, text=True, check=True).stdout.strip()


async def _open_change_request(e2e: E2E) -> tuple[int, str]:
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "succeeded", run.reason
    return run.change_request_number, run.branch


async def test_rework_comment_pushes_a_new_commit_and_answers_in_the_thread(e2e: E2E):
    number, branch = await _open_change_request(e2e)
    before = _head(e2e.bare, branch)
    e2e.model.script("submit_implementation", Turn.tool("edit_file", **DOC_EDIT),
                     Turn.submit("submit_implementation", script.IMPLEMENTATION))
    e2e.model.script("submit_criteria_verdict", Turn.submit("submit_criteria_verdict",
                                                            script.VERDICT))
    await e2e.comment(f"/smith rework {REWORK_TEXT}", actor="dev", number=number,
                      on_change_request=True)
    await e2e.drain()

    runs = await e2e.runs()
    assert [r.chain for r in runs] == ["fix", "rework"]
    rework = runs[1]
    assert (rework.status, rework.outcome) == ("succeeded", "rework_pushed"), rework.reason
    assert [s.name for s in await e2e.steps(rework.id)] == [
        "prepare", "implement", "quality", "validate", "publish"]
    # A new commit on the same branch, on top of the first one, with the reviewer's change.
    after = _head(e2e.bare, branch)
    assert after != before
    assert "an empty list raises ValueError" in branch_file(e2e.bare, branch, "calc.py")
    assert "sum(values) / len(values)" in branch_file(e2e.bare, branch, "calc.py")
    assert len(e2e.change_requests()) == 1
    # The reviewer's words reached IMPLEMENT as data, and Smith answered on the change request.
    implement = [r for r in e2e.model.requests if "submit_implementation" in r.tool_names][-1]
    assert REWORK_TEXT in str(implement.messages[0]["content"])
    assert any("Reworked as asked" in text for text in e2e.threads_text(number))
    async with e2e.db.transaction() as session:
        from sqlalchemy import select

        kinds = (await session.execute(select(Failure.kind))).scalars().all()
    assert "rework_request" in kinds


async def test_rework_from_a_user_without_write_access_does_nothing(e2e: E2E):
    number, _ = await _open_change_request(e2e)
    await e2e.comment(f"/smith rework {REWORK_TEXT}", actor="reader", number=number,
                      on_change_request=True)
    await e2e.drain()
    assert [r.chain for r in await e2e.runs()] == ["fix"]
    assert any("needs write access" in text for text in e2e.threads_text(number))


async def test_an_approved_rule_reaches_the_prompt_of_its_step(e2e: E2E):
    rule = "Never change the signature of a public function to fix a bug."
    async with e2e.db.transaction() as session:
        session.add(Rule(forge=e2e.forge_name, repo=e2e.repo_name, step="implement", text=rule,
                         status="approved", rationale="", evidence_failure_ids=[1, 2],
                         proposal_ref={}))
        session.add(Rule(forge=e2e.forge_name, repo=e2e.repo_name, step="implement",
                         text="A proposed rule nobody approved.", status="proposed",
                         rationale="", evidence_failure_ids=[1, 2], proposal_ref={}))
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    implement = [r for r in e2e.model.requests if "submit_implementation" in r.tool_names]
    assert implement and rule in implement[0].system_text
    assert "nobody approved" not in implement[0].system_text
    diagnose = [r for r in e2e.model.requests if "submit_diagnosis" in r.tool_names]
    assert rule not in diagnose[0].system_text  # only the step the rule targets


@pytest.mark.parametrize("reviewer_pushed", [False, True])
async def test_a_merge_is_recorded_with_or_without_human_edits(e2e: E2E, reviewer_pushed: bool):
    number, branch = await _open_change_request(e2e)
    head = _head(e2e.bare, branch)
    merged_head = "f" * 40 if reviewer_pushed else head
    if e2e.forge_name == "github":
        await e2e.fake.close_pull(e2e.repo_name, number, "maintainer", merged=True,
                                  head_sha=merged_head)
    else:
        await e2e.fake.close_merge_request(e2e.repo_name, number, "maintainer", merged=True,
                                           head_sha=merged_head)
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.merged is True
    assert run.merged_without_edits is (not reviewer_pushed)
