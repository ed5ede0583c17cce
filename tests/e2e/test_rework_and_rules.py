"""Rework by comment on Smith's change request, and approved rules reaching the prompts."""

from __future__ import annotations

import subprocess

import pytest

from bot.store.models import Failure, Rule
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file
from tests.e2e.conftest import BOTH_FORGES, E2E
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


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
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


DIVISOR_ASK = "please name the divisor: count = len(values)"
GUARD_ASK = "please say in the error which function got nothing"
NAME_EDIT = {"path": "calc.py", "old": "    return sum(values) / len(values)",
             "new": "    count = len(values)\n    return sum(values) / count"}
GUARD_EDIT = {"path": "calc.py", "old": 'raise ValueError("average of nothing")',
              "new": 'raise ValueError("average() of nothing")'}


async def _review_thread(e2e: E2E, number: int, body: str, line: int) -> str:
    """A reviewer's comment on a line of calc.py in the change request, opening a thread;
    returns the thread's id."""
    if e2e.forge_name == "github":
        return str(await e2e.fake.review_comment(e2e.repo_name, number, body, "dev",
                                                 path="calc.py", line=line))
    position = {"base_sha": "a" * 40, "head_sha": "b" * 40, "start_sha": "a" * 40,
                "position_type": "text", "new_path": "calc.py", "old_path": "calc.py",
                "new_line": line}
    note = await e2e.fake.comment(e2e.repo_name, "MergeRequest", number, body, "dev",
                                  position=position)
    return note.discussion_id


def _replies_in(e2e: E2E, thread: str) -> list[str]:
    if e2e.forge_name == "github":
        return [c.body for c in e2e.fake.state.review_comments.values()
                if c.in_reply_to_id == int(thread) and c.user == "smith-bot"]
    return [n.body for n in e2e.fake.state.notes.values()
            if n.discussion_id == thread and n.author == "smith-bot"]


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_one_review_of_two_threads_is_one_rework_run_answered_in_each_thread(e2e: E2E):
    number, branch = await _open_change_request(e2e)
    e2e.model.script("submit_implementation", Turn.tool("edit_file", **NAME_EDIT),
                     Turn.tool("edit_file", **GUARD_EDIT),
                     Turn.submit("submit_implementation", script.IMPLEMENTATION))
    e2e.model.script("submit_criteria_verdict", Turn.submit("submit_criteria_verdict",
                                                            script.VERDICT))
    # Both comments of the review arrive before a worker takes the rework run.
    divisor = await _review_thread(e2e, number, f"/smith rework {DIVISOR_ASK}", line=8)
    guard = await _review_thread(e2e, number, f"/smith rework {GUARD_ASK}", line=7)
    await e2e.drain()

    runs = await e2e.runs()
    assert [r.chain for r in runs] == ["fix", "rework"]  # one run for the whole review
    rework = runs[1]
    assert (rework.status, rework.outcome) == ("succeeded", "rework_pushed"), rework.reason
    assert [r["text"] for r in rework.params["requests"]] == [DIVISOR_ASK, GUARD_ASK]
    # IMPLEMENT saw both requests, each with the code its thread points at.
    [implement] = [r for r in e2e.model.requests_for("submit_implementation")
                   if len(r.messages) == 1 and DIVISOR_ASK in script.first_user_text(r)]
    inputs = script.first_user_text(implement)
    assert GUARD_ASK in inputs
    assert "calc.py lines 3-12:" in inputs and "calc.py lines 2-12:" in inputs
    assert "return sum(values) / len(values)" in inputs  # the code around line 8, as pushed
    shipped = branch_file(e2e.bare, branch, "calc.py")
    assert "count = len(values)" in shipped and "average() of nothing" in shipped
    # Smith answered in each thread, once.
    for thread in (divisor, guard):
        [reply] = _replies_in(e2e, thread)
        assert "Reworked as asked" in reply


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


async def test_a_merge_of_the_head_smith_pushed_is_recorded_without_human_edits(e2e: E2E):
    """The head a real fix run records as pushed is the one the merge webhook names. The other
    endings (a reviewer's commit on top, a rework's head, a close) and GitLab's Merge Request
    Hook are the handler's, on recorded runs: tests/service/test_handlers.py."""
    number, branch = await _open_change_request(e2e)
    await e2e.fake.close_pull(e2e.repo_name, number, "maintainer", merged=True,
                              head_sha=_head(e2e.bare, branch))
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.merged is True
    assert run.merged_without_edits is True
