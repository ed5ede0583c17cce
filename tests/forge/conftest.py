"""One harness for both adapters: a fake forge over real HTTP, the adapter pointed at it, and
forge-neutral seeding helpers, so the contract tests are written once. The contract also runs
against the in-memory forge the step tests use (kind `memory`: no HTTP, it is its own adapter)."""

from __future__ import annotations

import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.forge.base import Forge, ItemRef, Permission, RepoRef
from bot.forge.github import GitHubForge
from bot.forge.gitlab import GitLabForge
from bot.forge.retry import RetryPolicy
from tests.fakes.forge import FakeForge
from tests.fakes.github import FakeGitHub
from tests.fakes.gitlab import FakeGitLab

# Tiny waits keep the retry tests fast; the bounds are what is under test, not the durations.
FAST_RETRY = RetryPolicy(
    attempts=3, backoff_initial=0.01, backoff_max=0.05, rate_limit_max_wait=5.0
)
GITLAB_LEVELS = {
    Permission.NONE: 5,
    Permission.READ: 10,
    Permission.TRIAGE: 20,
    Permission.WRITE: 30,
    Permission.MAINTAIN: 40,
    Permission.ADMIN: 50,
}


def make_bare_repo(path: Path) -> Path:
    """A local bare repository with one commit on `main`, to stand in for the forge's remote."""
    work = path / "work"
    bare = path / "remote.git"
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@e",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@e",
        "HOME": str(path),
        "PATH": "/usr/bin:/bin",
    }
    subprocess.run(["git", "init", "-q", "-b", "main", str(work)], check=True, env=env)
    (work / "README.md").write_text("hello\n")
    subprocess.run(["git", "-C", str(work), "add", "."], check=True, env=env)
    subprocess.run(["git", "-C", str(work), "commit", "-q", "-m", "init"], check=True, env=env)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(bare)], check=True, env=env)
    return bare


@dataclass
class ForgeEnv:
    """A running fake, the adapter under test, and neutral ways to seed and read the fake."""

    kind: str
    fake: Any
    forge: Forge
    repo: RepoRef
    token: str
    bare_repo: Path

    @property
    def path(self) -> str:
        return self.repo.full_name

    def seed_issue(
        self, title: str, body: str = "", labels: tuple[str, ...] = (), author: str = "alice",
        milestone: str | None = None,
    ) -> int:
        if self.kind == "memory":
            return self.fake.add_issue(self.path, title, body, labels=labels, author=author,
                                       milestone=milestone)
        if self.kind == "github":
            return self.fake.add_issue(
                self.path, title=title, body=body, labels=labels, author=author,
                milestone=milestone,
            )
        return self.fake.add_issue(
            self.path, title=title, description=body, labels=labels, author=author,
            milestone=milestone,
        )

    def seed_comment(self, number: int, body: str, author: str = "alice") -> int:
        if self.kind in ("github", "memory"):
            return self.fake.add_comment(self.path, number, body, author)
        return self.fake.add_note(self.path, "Issue", number, body, author).id

    def seed_change_request(self, branch: str, title: str = "A change") -> int:
        if self.kind == "memory":
            return self.fake.add_change_request(self.path, branch, title=title)
        if self.kind == "github":
            return self.fake.add_pull(self.path, head=branch, title=title)
        return self.fake.add_merge_request(self.path, source_branch=branch, title=title)

    def seed_review_thread(self, number: int, body: str, author: str, path: str, line: int) -> str:
        """A human comment on a diff line; returns its thread id as the adapter names it."""
        if self.kind == "memory":
            return self.fake.add_review_thread(self.path, number, body, author, path=path,
                                               line=line)
        if self.kind == "github":
            return str(
                self.fake.add_review_comment(self.path, number, body, author, path=path, line=line)
            )
        position = {
            "base_sha": "a" * 40,
            "head_sha": "b" * 40,
            "start_sha": "a" * 40,
            "position_type": "text",
            "new_path": path,
            "old_path": path,
            "new_line": line,
        }
        return self.fake.add_note(
            self.path, "MergeRequest", number, body, author, position=position
        ).discussion_id

    def seed_plain_change_request_comment(self, number: int, body: str, author: str) -> None:
        if self.kind == "memory":
            self.fake.add_comment(self.path, ItemRef("change_request", number), body, author)
        elif self.kind == "github":
            self.fake.add_comment(self.path, number, body, author)
        else:
            self.fake.add_note(self.path, "MergeRequest", number, body, author)

    def seed_reaction(self, comment_id: int, content: str, user: str) -> None:
        """`content` in GitHub's words ("+1", "-1", "heart"); translated for GitLab."""
        if self.kind == "memory":
            self.fake.add_reaction_by(comment_id, content, user)
        elif self.kind == "github":
            self.fake.add_reaction(comment_id, content, user)
        else:
            name = {"+1": "thumbsup", "-1": "thumbsdown"}.get(content, content)
            self.fake.add_award(("note", comment_id), name, user)

    def set_permission(self, user: str, level: Permission) -> None:
        if self.kind == "memory":
            self.fake.set_permission(self.path, user, level)
        elif self.kind == "github":
            self.fake.set_permission(self.path, user, level.name.lower())
        else:
            self.fake.set_access_level(self.path, user, GITLAB_LEVELS[level])

    def add_user(self, user: str) -> None:
        if self.kind != "memory":  # the in-memory forge knows no user list: all are strangers
            self.fake.add_user(user)

    def labels(self, number: int) -> list[str]:
        return self.fake.labels_of(self.path, number)

    def comment_bodies(self, number: int) -> list[str]:
        if self.kind == "memory":
            return self.fake.comments_on(self.path, number)
        if self.kind == "github":
            return [c.body for c in self.fake.comments_on(self.path, number)]
        return [n.body for n in self.fake.notes_on(self.path, "Issue", number)]

    async def merge(self, number: int) -> None:
        if self.kind == "memory":
            self.fake.merge(self.path, number)
        elif self.kind == "github":
            await self.fake.close_pull(self.path, number, "maintainer", merged=True, notify=False)
        else:
            await self.fake.close_merge_request(
                self.path, number, "maintainer", merged=True, notify=False
            )


async def start_env(
    kind: str, tmp_path: Path, *, token: str | None = None, retry: RetryPolicy = FAST_RETRY
) -> tuple[Any, ForgeEnv]:
    bare = make_bare_repo(tmp_path)
    fake: Any
    forge: Forge
    if kind == "memory":
        fake = forge = FakeForge("github")
        repo = fake.add_repo("octo/app", clone_path=bare)
        return fake, ForgeEnv(kind, fake, forge, repo, token or "", bare)
    if kind == "github":
        fake = FakeGitHub()
        await fake.start()
        token = fake.add_token("smith-bot", token)
        fake.add_repo("octo/app", clone_path=bare)
        forge = GitHubForge(token=token, api_url=fake.base_url, retry=retry, request_timeout=5)
        repo = RepoRef("github", "octo/app")
    else:
        fake = FakeGitLab()
        await fake.start()
        token = fake.add_token("smith-bot", token)
        fake.add_project("group/sub/app", clone_path=bare)
        forge = GitLabForge(url=fake.instance_url, token=token, retry=retry, request_timeout=5)
        repo = RepoRef("gitlab", "group/sub/app")
    return fake, ForgeEnv(kind, fake, forge, repo, token, bare)


@pytest.fixture(params=["github", "gitlab"])
def forge_kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest_asyncio.fixture
async def env(forge_kind: str, tmp_path: Path) -> AsyncIterator[ForgeEnv]:
    fake, forge_env = await start_env(forge_kind, tmp_path)
    try:
        yield forge_env
    finally:
        await forge_env.forge.close()
        if forge_kind != "memory":
            await fake.stop()
