"""Smith never force-pushes over people: a retry after a reviewer pushed to Smith's branch."""

from __future__ import annotations

import pytest

from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches, push_files
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e


async def test_a_retry_after_a_reviewer_pushed_leaves_their_commits_and_uses_a_new_branch(
    e2e: E2E,
):
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [first] = await e2e.runs()
    assert first.outcome == "change_request", first.reason
    # A reviewer adds a commit to Smith's branch.
    push_files(e2e.bare, {"NOTES.md": "reviewer's note\n"}, "review: a note",
               branch=first.branch)

    script.happy_path(e2e.model)
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()
    runs = await e2e.runs()
    assert len(runs) == 2, runs
    second = runs[-1]
    assert (second.status, second.outcome) == ("succeeded", "change_request"), second.reason
    assert second.branch == f"{first.branch}-2"
    # The reviewer's commit is still on the first branch; the new change went elsewhere.
    assert branch_file(e2e.bare, first.branch, "NOTES.md") == "reviewer's note\n"
    assert {first.branch, second.branch} <= set(branches(e2e.bare))
    said = "\n".join(e2e.issue_comments())
    assert f"`{first.branch}` has commits Smith did not make" in said
    assert len(e2e.change_requests()) == 2


async def test_a_retry_on_smiths_own_branch_replaces_it_with_a_lease(e2e: E2E):
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [first] = await e2e.runs()
    assert first.outcome == "change_request", first.reason

    script.happy_path(e2e.model)
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()
    second = (await e2e.runs())[-1]
    assert second.outcome == "change_request", second.reason
    assert second.branch == first.branch  # nobody else pushed: Smith's branch, replaced
    assert len(e2e.change_requests()) == 1
