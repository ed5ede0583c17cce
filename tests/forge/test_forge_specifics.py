"""Behaviour one forge has and the other does not: GitHub reply chains, GitLab under a path,
the shared fake fixtures."""

from __future__ import annotations

from bot.forge.base import ItemRef, RepoRef
from bot.forge.github import GitHubForge, conversation_thread_id, parse_thread_id
from bot.forge.gitlab import GitLabForge
from tests.fakes.github import FakeGitHub, fake_github  # noqa: F401  (fixture)
from tests.fakes.gitlab import FakeGitLab, fake_gitlab  # noqa: F401  (fixture)


def test_github_thread_ids_round_trip() -> None:
    assert parse_thread_id("1234") == ("review", 1234)
    assert parse_thread_id(conversation_thread_id(77)) == ("conversation", 77)
    for bad in ("", "review:1", "conversation:x", "-3"):
        try:
            parse_thread_id(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} accepted")


async def test_github_reply_chains_collapse_into_the_root_thread(fake_github: FakeGitHub) -> None:  # noqa: F811
    fake = fake_github
    token = fake.add_token()
    fake.add_repo("octo/app")
    pull = fake.add_pull("octo/app", head="smith/1")
    root = fake.add_review_comment("octo/app", pull, "first", "rev", path="x.py", line=2)
    reply = fake.add_review_comment("octo/app", pull, "second", "bob", in_reply_to=root)
    fake.add_review_comment("octo/app", pull, "third", "rev", in_reply_to=reply)
    forge = GitHubForge(token=token, api_url=fake.base_url)
    try:
        threads = await forge.list_threads(RepoRef("github", "octo/app"), pull)
    finally:
        await forge.close()
    assert [(t.id, [c.body for c in t.comments]) for t in threads] == [
        (str(root), ["first", "second", "third"])
    ]


async def test_self_hosted_gitlab_under_a_path_prefix() -> None:
    async with FakeGitLab(relative_root="/gitlab") as fake:
        token = fake.add_token()
        fake.add_project("team/app")
        iid = fake.add_issue("team/app", title="Under a prefix")
        forge = GitLabForge(url=fake.instance_url, token=token)
        try:
            repo = RepoRef("gitlab", "team/app")
            assert (await forge.get_issue(repo, iid)).title == "Under a prefix"
            await forge.create_comment(repo, ItemRef("issue", iid), "hi")
        finally:
            await forge.close()
    assert all(r.path.startswith("/gitlab/api/v4/") for r in fake.requests)


async def test_gitlab_oauth_token_is_sent_as_bearer(fake_gitlab: FakeGitLab) -> None:  # noqa: F811
    fake = fake_gitlab
    token = fake.add_token()
    fake.add_project("team/app")
    forge = GitLabForge(url=fake.instance_url, token=token, token_kind="oauth")
    try:
        assert await forge.default_branch(RepoRef("gitlab", "team/app")) == "main"
    finally:
        await forge.close()
