"""Smith never force-pushes over people: a retry after a reviewer pushed to Smith's branch."""

from __future__ import annotations

import pytest

from bot.store.models import Run
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches, push_files
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e


async def _retry(e2e: E2E) -> Run:
    script.happy_path(e2e.model)
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()
    return (await e2e.runs())[-1]


async def test_a_retry_replaces_smiths_own_branch_and_leaves_one_a_reviewer_pushed_to(
    e2e: E2E,
):
    """One issue, three runs: a retry on Smith's untouched branch replaces it under its lease;
    once a reviewer has pushed to it, the next retry leaves their commits and takes a new
    branch."""
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [first] = await e2e.runs()
    assert first.outcome == "change_request", first.reason

    # Nobody else pushed: Smith's branch, replaced, and still one change request.
    second = await _retry(e2e)
    assert second.outcome == "change_request", second.reason
    assert second.branch == first.branch
    assert len(e2e.change_requests()) == 1

    # A reviewer adds a commit to Smith's branch.
    push_files(e2e.bare, {"NOTES.md": "reviewer's note\n"}, "review: a note",
               branch=first.branch)
    third = await _retry(e2e)
    assert len(await e2e.runs()) == 3
    assert (third.status, third.outcome) == ("succeeded", "change_request"), third.reason
    assert third.branch == f"{first.branch}-2"
    # The reviewer's commit is still on the first branch; the new change went elsewhere.
    assert branch_file(e2e.bare, first.branch, "NOTES.md") == "reviewer's note\n"
    assert {first.branch, third.branch} <= set(branches(e2e.bare))
    said = "\n".join(e2e.issue_comments())
    assert f"`{first.branch}` has commits Smith did not make" in said
    assert len(e2e.change_requests()) == 2
