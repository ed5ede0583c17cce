"""Milestones (sprints) through both adapters over real HTTP and the in-memory forge: finding
one by title or number, its closed issues (bounded, change requests left out), and the commits
the forge links to closing an issue."""

from __future__ import annotations

import pytest

from tests.forge.conftest import ForgeEnv

SHA = "3f786850e387550fdab836ed7e6dc881de23001b"


@pytest.fixture(params=["github", "gitlab", "memory"])
def forge_kind(request: pytest.FixtureRequest) -> str:
    return request.param


async def test_a_milestone_is_found_by_title_any_case_or_number(env: ForgeEnv) -> None:
    env.fake.add_milestone(env.path, "Sprint 23", state="closed")
    second = env.fake.add_milestone(env.path, "Sprint 24")

    found = await env.forge.find_milestone(env.repo, "Sprint 24")
    assert found is not None and (found.number, found.title) == (second, "Sprint 24")
    assert found.state == "open"
    closed = await env.forge.find_milestone(env.repo, "sprint 23")
    assert closed is not None and (closed.title, closed.state) == ("Sprint 23", "closed")
    by_number = await env.forge.find_milestone(env.repo, f"#{second}")
    assert by_number is not None and by_number.title == "Sprint 24"
    assert await env.forge.find_milestone(env.repo, "Sprint 99") is None


async def test_closed_issues_of_a_milestone_are_read_up_to_the_limit(env: ForgeEnv) -> None:
    env.fake.add_milestone(env.path, "Sprint 24")
    env.fake.add_milestone(env.path, "Sprint 25")
    numbers = [env.seed_issue(f"Task {n}", "body", labels=("backend",), milestone="Sprint 24")
               for n in range(3)]
    still_open = env.seed_issue("Open task", milestone="Sprint 24")
    elsewhere = env.seed_issue("Other sprint", milestone="Sprint 25")
    for number in (*numbers, elsewhere):
        env.fake.close_issue(env.path, number, commits=(SHA,))
    env.seed_change_request("feature")  # the GitHub issues list holds pulls: never an issue
    sprint = await env.forge.find_milestone(env.repo, "Sprint 24")
    assert sprint is not None

    everything = await env.forge.closed_issues(env.repo, sprint, limit=10)
    assert [i.number for i in everything.issues] == numbers and not everything.more
    assert everything.issues[0].title == "Task 0" and everything.issues[0].labels == ["backend"]
    assert still_open not in [i.number for i in everything.issues]
    bounded = await env.forge.closed_issues(env.repo, sprint, limit=2)
    assert [i.number for i in bounded.issues] == numbers[:2] and bounded.more


async def test_closing_commits_are_what_the_forge_links_to_the_closing(env: ForgeEnv) -> None:
    fixed = env.seed_issue("Fixed by a change")
    by_hand = env.seed_issue("Closed by hand")
    env.fake.close_issue(env.path, fixed, commits=(SHA,))
    env.fake.close_issue(env.path, by_hand)

    assert await env.forge.closing_commits(env.repo, fixed) == [SHA]
    assert await env.forge.closing_commits(env.repo, by_hand) == []
