"""The Forge contract, run against both adapters over real HTTP (gidgethub → fake GitHub,
python-gitlab → fake GitLab). What one adapter promises, the other must keep; the in-memory
forge of the step tests (tests/fakes/forge.py) keeps it too."""

from __future__ import annotations

import subprocess

import pytest

from bot.forge.base import Forge, ItemRef, Permission
from bot.forge.errors import NotFound, ValidationFailed
from tests.forge.conftest import ForgeEnv

HTTP_ONLY = "a property of the HTTP adapters (pagination, tokens), not of the in-memory forge"


@pytest.fixture(params=["github", "gitlab", "memory"])
def forge_kind(request: pytest.FixtureRequest) -> str:
    return request.param


async def test_adapter_satisfies_the_protocol(env: ForgeEnv) -> None:
    assert isinstance(env.forge, Forge)
    assert env.forge.name == {"memory": "github"}.get(env.kind, env.kind)


async def test_get_issue_reads_text_labels_and_human_comments_in_order(env: ForgeEnv) -> None:
    number = env.seed_issue(
        "Crash on save", "Steps: click save", labels=("bug", "ui"), author="alice"
    )
    env.seed_comment(number, "me too", "bob")
    env.seed_comment(number, "still broken", "carol")

    issue = await env.forge.get_issue(env.repo, number)

    assert (issue.number, issue.title, issue.body, issue.author) == (
        number,
        "Crash on save",
        "Steps: click save",
        "alice",
    )
    assert issue.labels == ["bug", "ui"]
    assert issue.state == "open"
    assert [(c.author, c.body) for c in issue.comments] == [
        ("bob", "me too"),
        ("carol", "still broken"),
    ]
    assert all(c.created_at is not None for c in issue.comments)


async def test_missing_issue_is_not_found(env: ForgeEnv) -> None:
    with pytest.raises(NotFound):
        await env.forge.get_issue(env.repo, 999)


async def test_labels_are_added_and_removed_and_removing_an_absent_label_is_fine(
    env: ForgeEnv,
) -> None:
    number = env.seed_issue("x", labels=("bug",))
    item = ItemRef("issue", number)

    await env.forge.add_labels(env.repo, item, ["smith", "needs info"])
    assert env.labels(number) == ["bug", "smith", "needs info"]

    await env.forge.remove_label(env.repo, item, "needs info")
    await env.forge.remove_label(env.repo, item, "never-there")
    assert env.labels(number) == ["bug", "smith"]


async def test_who_added_a_label_is_the_forges_record_of_it(env: ForgeEnv) -> None:
    """A summons by label is the adder's (#31): the forge's label events say who it was."""
    number = env.seed_issue("x")
    item = ItemRef("issue", number)
    assert await env.forge.label_added_by(env.repo, item, "smith") is None
    if env.kind == "memory":
        env.fake.label(env.path, number, "smith", by="maria")
    else:
        await env.fake.label_issue(env.path, number, "smith", actor="maria", notify=False)
    assert await env.forge.label_added_by(env.repo, item, "smith") == "maria"
    await env.forge.add_labels(env.repo, item, ["smith:in-progress"])
    assert await env.forge.label_added_by(env.repo, item, "smith:in-progress") == "smith-bot"
    assert await env.forge.label_added_by(env.repo, item, "smith") == "maria"


async def test_comment_is_created_then_updated_in_place(env: ForgeEnv) -> None:
    number = env.seed_issue("x")
    item = ItemRef("issue", number)

    created = await env.forge.create_comment(env.repo, item, "working on it")
    updated = await env.forge.update_comment(env.repo, item, created.id, "done: see MR")

    assert created.author == "smith-bot"
    assert updated.id == created.id and updated.body == "done: see MR"
    assert env.comment_bodies(number) == ["done: see MR"]


async def test_change_request_is_opened_found_by_branch_updated_and_seen_merged(
    env: ForgeEnv,
) -> None:
    opened = await env.forge.open_change_request(
        env.repo,
        source_branch="smith/issue-1",
        target_branch="main",
        title="Fix crash",
        body="Criteria...",
    )
    assert (opened.source_branch, opened.target_branch, opened.title, opened.body) == (
        "smith/issue-1",
        "main",
        "Fix crash",
        "Criteria...",
    )
    assert opened.state == "open" and not opened.merged

    found = await env.forge.find_change_request(env.repo, "smith/issue-1")
    assert found is not None and found.number == opened.number
    assert await env.forge.find_change_request(env.repo, "smith/other") is None

    updated = await env.forge.update_change_request(env.repo, opened.number, body="Criteria v2")
    assert (updated.title, updated.body) == ("Fix crash", "Criteria v2")

    await env.merge(opened.number)
    merged = await env.forge.get_change_request(env.repo, opened.number)
    assert merged.merged and merged.state == "closed"
    assert await env.forge.find_change_request(env.repo, "smith/issue-1") is None


async def test_second_change_request_from_the_same_branch_adopts_the_first(
    env: ForgeEnv,
) -> None:
    """Opening is idempotent per branch and target (#31 item 3): the forge's "already exists"
    is answered by adopting the open one; into another target it is refused with its reason."""
    first = await env.forge.open_change_request(
        env.repo, source_branch="smith/b", target_branch="main", title="t", body=""
    )
    again = await env.forge.open_change_request(
        env.repo, source_branch="smith/b", target_branch="main", title="t", body=""
    )
    assert again.number == first.number
    with pytest.raises(ValidationFailed) as caught:
        await env.forge.open_change_request(
            env.repo, source_branch="smith/b", target_branch="release", title="t", body=""
        )
    assert "already exists" in str(caught.value)


async def test_threads_smith_opens_and_human_review_threads_are_listed_and_replied_to(
    env: ForgeEnv,
) -> None:
    number = env.seed_change_request("smith/issue-2")
    human_thread = env.seed_review_thread(number, "why this guard?", "reviewer", "app/core.py", 12)
    env.seed_plain_change_request_comment(number, "LGTM overall", "reviewer")

    proposal = await env.forge.create_thread(
        env.repo, number, "Proposed rule: never catch Exception"
    )
    reply_in_proposal = await env.forge.reply_to_thread(
        env.repo, number, proposal.id, "Evidence: run 7"
    )
    reply_in_review = await env.forge.reply_to_thread(
        env.repo, number, human_thread, "Because of #12"
    )

    threads = {t.id: t for t in await env.forge.list_threads(env.repo, number)}
    assert set(threads) == {proposal.id, human_thread}  # a plain comment is not a thread

    review = threads[human_thread]
    assert (review.path, review.line) == ("app/core.py", 12)
    assert [(c.author, c.body) for c in review.comments] == [
        ("reviewer", "why this guard?"),
        ("smith-bot", "Because of #12"),
    ]
    assert reply_in_review.author == "smith-bot"

    mine = threads[proposal.id]
    assert mine.path is None
    assert len(mine.comments) == 2
    assert "Proposed rule: never catch Exception" in mine.comments[0].body
    assert "Evidence: run 7" in mine.comments[1].body
    assert mine.comments[1].id == reply_in_proposal.id


async def test_reactions_map_thumbs_and_keep_the_rest_as_other(env: ForgeEnv) -> None:
    number = env.seed_change_request("smith/issue-3")
    item = ItemRef("change_request", number)
    proposal = await env.forge.create_thread(env.repo, number, "Proposed rule")
    comment_id = proposal.comments[0].id

    await env.forge.add_reaction(env.repo, item, comment_id, "+1")
    await env.forge.add_reaction(env.repo, item, comment_id, "+1")  # idempotent
    env.seed_reaction(comment_id, "-1", "maintainer")
    env.seed_reaction(comment_id, "heart", "fan")

    reactions = await env.forge.list_reactions(env.repo, item, comment_id)
    assert sorted((r.user, r.content) for r in reactions) == [
        ("fan", "other"),
        ("maintainer", "-1"),
        ("smith-bot", "+1"),
    ]


async def test_reactions_on_an_issue_comment(env: ForgeEnv) -> None:
    number = env.seed_issue("x")
    comment_id = env.seed_comment(number, "plan: do X", "smith-bot")
    env.seed_reaction(comment_id, "+1", "alice")
    reactions = await env.forge.list_reactions(env.repo, ItemRef("issue", number), comment_id)
    assert [(r.user, r.content) for r in reactions] == [("alice", "+1")]


@pytest.mark.parametrize("level", list(Permission))
async def test_permission_levels_map_one_to_one(env: ForgeEnv, level: Permission) -> None:
    env.set_permission("dana", level)
    assert await env.forge.get_permission(env.repo, "dana") == level


async def test_strangers_and_unknown_users_have_no_permission(env: ForgeEnv) -> None:
    env.add_user("stranger")
    assert await env.forge.get_permission(env.repo, "stranger") == Permission.NONE
    assert await env.forge.get_permission(env.repo, "nobody-at-all") == Permission.NONE


async def test_clone_url_points_at_a_repository_git_can_read(env: ForgeEnv) -> None:
    url = await env.forge.clone_url(env.repo)
    assert url == env.bare_repo.resolve().as_uri()
    listed = subprocess.run(
        ["git", "ls-remote", url, "main"], capture_output=True, text=True, check=True
    )
    assert "refs/heads/main" in listed.stdout
    assert await env.forge.default_branch(env.repo) == "main"


async def test_push_credentials_carry_the_token_for_git_only(env: ForgeEnv) -> None:
    if env.kind == "memory":
        pytest.skip(HTTP_ONLY)
    credentials = await env.forge.push_credentials(env.repo)
    assert credentials is not None
    assert credentials.username == {"github": "x-access-token", "gitlab": "oauth2"}[env.kind]
    assert credentials.password == env.token
    assert env.token not in repr(credentials)


async def test_long_comment_lists_are_read_across_pages(env: ForgeEnv) -> None:
    if env.kind == "memory":
        pytest.skip(HTTP_ONLY)
    number = env.seed_issue("popular")
    for i in range(45):
        env.seed_comment(number, f"comment {i}", "fan")
    issue = await env.forge.get_issue(env.repo, number)
    assert [c.body for c in issue.comments] == [f"comment {i}" for i in range(45)]
    assert (
        len(
            env.fake.requests_for(
                {"github": "list_issue_comments", "gitlab": "list_issue_notes"}[env.kind]
            )
        )
        >= 2
    )


async def test_get_comment_reads_author_and_body_as_the_forge_has_them(env: ForgeEnv) -> None:
    """Handlers re-read a comment by id instead of trusting the webhook payload's copy."""
    number = env.seed_issue("x")
    other = env.seed_issue("y")
    comment_id = env.seed_comment(number, "/smith retry", "alice")
    comment = await env.forge.get_comment(env.repo, ItemRef("issue", number), comment_id)
    assert (comment.id, comment.author, comment.body) == (comment_id, "alice", "/smith retry")
    with pytest.raises(NotFound):  # the id exists, but on another issue
        await env.forge.get_comment(env.repo, ItemRef("issue", other), comment_id)
    with pytest.raises(NotFound):
        await env.forge.get_comment(env.repo, ItemRef("issue", number), 987654)


async def test_get_comment_reads_review_comments_on_a_change_request(env: ForgeEnv) -> None:
    number = env.seed_change_request("smith/issue-9")
    thread = env.seed_review_thread(number, "/smith rework use a set", "reviewer", "a.py", 3)
    if env.kind in ("github", "memory"):
        comment_id = int(thread)
    else:
        comment_id = env.fake.state.discussions[thread].note_ids[0]
    comment = await env.forge.get_comment(env.repo, ItemRef("change_request", number), comment_id)
    assert (comment.author, comment.body) == ("reviewer", "/smith rework use a set")


async def test_get_reaction_finds_only_what_the_user_really_reacted(env: ForgeEnv) -> None:
    number = env.seed_change_request("smith/issue-4")
    item = ItemRef("change_request", number)
    proposal = await env.forge.create_thread(env.repo, number, "Proposed rule")
    comment_id = proposal.comments[0].id
    env.seed_reaction(comment_id, "+1", "Maintainer")
    found = await env.forge.get_reaction(env.repo, item, comment_id, user="maintainer",
                                         content="+1")
    assert found is not None and found.user == "Maintainer"
    assert await env.forge.get_reaction(env.repo, item, comment_id, user="maintainer",
                                        content="-1") is None
    assert await env.forge.get_reaction(env.repo, item, comment_id, user="guest",
                                        content="+1") is None
