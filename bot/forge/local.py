"""A forge made of a local git repository and an issue file: `smith fix --repo --issue-file`.

Nothing leaves the machine: the "change request" is a branch pushed into that repository, and
everything Smith would have said on a forge (comments, labels, the change request's body) is
collected for the Markdown report written at the end.
"""

from __future__ import annotations

import getpass
import itertools
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.forge.base import (
    ChangeRequest,
    ClosedIssues,
    Comment,
    ForgeName,
    GitCredentials,
    Issue,
    ItemRef,
    Milestone,
    Permission,
    Reaction,
    RepoRef,
    Thread,
)
from bot.forge.errors import NotFound

LOCAL_ISSUE_NUMBER = 1
LOCAL: ForgeName = "local"
PARAMS_KEY = "local"
"""Where a local run keeps, in its params, what another shell needs to walk it again."""


def is_local(forge: str) -> bool:
    """A run of `smith fix|tests|examples --repo`: no worker has its repository, so only a shell
    walks it (the one that started it, or `smith runs approve|retry` later), never a job."""
    return forge == LOCAL


def local_params(repo_path: Path, issue: Issue, *, issue_file: Path | None = None,
                 seed: dict[str, Any] | None = None) -> dict[str, Any]:
    """A local run's first params: `seed` (what its chain starts with) and, under `local`, the
    repository, the report's file (read again at every continuation, so an edited report is
    an answer) or, for a report made up by the command, the report itself, and the seed again
    (a retry starts with it). The text of a report file is never stored: a chain holding
    values in memory checks its state for them."""
    stored: dict[str, Any] = {"repo": str(repo_path.resolve()), "seed": dict(seed or {})}
    if issue_file is not None:
        stored["issue_file"] = str(issue_file.resolve())
        stored["author"] = issue.author
    else:
        stored["issue"] = issue.model_dump(
            mode="json", include={"number", "title", "body", "author", "url"})
    return {**(seed or {}), PARAMS_KEY: stored}


def local_forge_of(params: dict[str, Any] | None) -> LocalForge:
    """The LocalForge of a stored local run, holding what it said so far; ValueError (with a
    sentence for the user) when its repository or report cannot be had again."""
    stored = (params or {}).get(PARAMS_KEY)
    if not isinstance(stored, dict) or not stored.get("repo"):
        raise ValueError("it does not record its local repository (it was started by an older "
                         "Smith); start it again with `smith fix --repo`")
    repo = Path(stored["repo"])
    if not (repo / ".git").exists():
        raise ValueError(f"{repo} is no longer a git repository")
    if stored.get("issue_file"):
        try:
            issue = read_issue_file(Path(stored["issue_file"]), author=stored.get("author"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read the issue file: {exc}") from exc
    else:
        issue = Issue.model_validate(stored.get("issue") or {})
    said = stored.get("said") or {}
    return LocalForge(repo, issue, comments=list(said.get("comments", [])),
                      labels=list(said.get("labels", [])))


def retry_params(params: dict[str, Any] | None) -> dict[str, Any]:
    """What a retry of a local run starts with: the same seed and inputs, nothing it said."""
    stored = dict((params or {}).get(PARAMS_KEY) or {})
    stored.pop("said", None)
    return {**stored.get("seed", {}), PARAMS_KEY: stored}


def read_issue_file(path: Path, author: str | None = None) -> Issue:
    """Title = the first line (a leading `#` is dropped), body = the rest."""
    text = path.read_text(encoding="utf-8")
    lines = text.strip().splitlines()
    if not lines:
        raise ValueError(f"{path} is empty: write the bug report into it")
    title = re.sub(r"^#+\s*", "", lines[0]).strip()
    return Issue(number=LOCAL_ISSUE_NUMBER, title=title or path.stem,
                 body="\n".join(lines[1:]).strip(), author=author or getpass.getuser(),
                 url=path.resolve().as_uri())


@dataclass
class LocalForge:
    """The Forge protocol over one local repository (see the module docstring)."""

    repo_path: Path
    issue: Issue
    name: ForgeName = "local"
    comments: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    change_requests: dict[int, ChangeRequest] = field(default_factory=dict)
    threads: dict[str, Thread] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def repo_ref(self) -> RepoRef:
        return RepoRef(self.name, f"local/{self.repo_path.resolve().name}")

    def said(self) -> dict[str, Any]:
        """What Smith said and the labels it set, stored with a run that may go on in another
        shell (`local_forge_of` gives them back, so the report stays whole)."""
        return {"comments": list(self.comments), "labels": list(self.labels)}

    async def get_issue(self, repo: RepoRef, number: int) -> Issue:
        if number != self.issue.number:
            raise NotFound(404, f"no issue {number} in the local issue file")
        return self.issue.model_copy(update={"labels": list(self.labels)})

    async def add_labels(self, repo: RepoRef, item: ItemRef, labels: list[str]) -> None:
        self.labels += [label for label in labels if label not in self.labels]

    async def remove_label(self, repo: RepoRef, item: ItemRef, label: str) -> None:
        if label in self.labels:
            self.labels.remove(label)

    async def create_comment(self, repo: RepoRef, item: ItemRef, body: str) -> Comment:
        self.comments.append(body)
        return Comment(id=next(self._ids), author="smith", body=body)

    async def update_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, body: str
    ) -> Comment:
        # Only the status comment is edited; the report keeps its newest version.
        self.comments = [c for c in self.comments if "smith:status" not in c] + [body]
        return Comment(id=comment_id, author="smith", body=body)

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest:
        number = next(self._ids)
        change = ChangeRequest(number=number, title=title, body=body,
                               source_branch=source_branch, target_branch=target_branch,
                               url=f"branch {source_branch} in {self.repo_path}")
        self.change_requests[number] = change
        return change

    async def find_change_request(self, repo: RepoRef, source_branch: str) -> ChangeRequest | None:
        for change in self.change_requests.values():
            if change.source_branch == source_branch:
                return change
        return None

    async def get_change_request(self, repo: RepoRef, number: int) -> ChangeRequest:
        try:
            return self.change_requests[number]
        except KeyError as exc:
            raise NotFound(404, f"no change request {number}") from exc

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest:
        change = await self.get_change_request(repo, number)
        updated = change.model_copy(update={k: v for k, v in (("title", title), ("body", body))
                                            if v is not None})
        self.change_requests[number] = updated
        return updated

    async def create_thread(self, repo: RepoRef, number: int, body: str) -> Thread:
        thread = Thread(id=str(next(self._ids)), comments=[Comment(id=0, author="smith", body=body)])
        self.threads[thread.id] = thread
        return thread

    async def reply_to_thread(self, repo: RepoRef, number: int, thread_id: str, body: str) -> Comment:
        comment = Comment(id=next(self._ids), author="smith", body=body)
        self.threads[thread_id].comments.append(comment)
        return comment

    async def list_threads(self, repo: RepoRef, number: int) -> list[Thread]:
        return list(self.threads.values())

    async def get_comment(self, repo: RepoRef, item: ItemRef, comment_id: int) -> Comment:
        for thread in self.threads.values():
            for comment in thread.comments:
                if comment.id == comment_id:
                    return comment
        raise NotFound(404, f"no comment {comment_id}")

    async def list_reactions(self, repo: RepoRef, item: ItemRef, comment_id: int) -> list[Reaction]:
        return []

    async def label_added_by(self, repo: RepoRef, item: ItemRef, label: str) -> str | None:
        return None  # a local run has no label events

    async def get_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, *, user: str, content: str
    ) -> Reaction | None:
        return None  # nobody reacts to a local run

    async def add_reaction(self, repo: RepoRef, item: ItemRef, comment_id: int, content: str) -> None:
        return None

    async def get_permission(self, repo: RepoRef, username: str) -> Permission:
        return Permission.ADMIN  # the person at the keyboard owns the repository

    async def find_milestone(self, repo: RepoRef, name: str) -> Milestone | None:
        return None  # a local repository has no milestones: sprints are asked for on a forge

    async def closed_issues(self, repo: RepoRef, milestone: Milestone, *,
                            limit: int) -> ClosedIssues:
        return ClosedIssues()

    async def closing_commits(self, repo: RepoRef, number: int) -> list[str]:
        return []

    async def clone_url(self, repo: RepoRef) -> str:
        return self.repo_path.resolve().as_uri()

    async def push_credentials(self, repo: RepoRef) -> GitCredentials | None:
        return None

    async def default_branch(self, repo: RepoRef) -> str:
        result = subprocess.run(["git", "-C", str(self.repo_path), "symbolic-ref", "--short",
                                 "HEAD"], capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise NotFound(404, f"{self.repo_path} is not a git repository with a branch "
                                f"checked out: {result.stderr.strip()}")
        return result.stdout.strip()

    async def close(self) -> None:
        return None

    def report(self, run: dict[str, Any]) -> str:
        """The Markdown report of a local run: outcome, the change, what Smith said."""
        lines = [f"# Smith run {run['id']}: {self.issue.title}", "",
                 f"- status: **{run['status']}** ({run.get('outcome') or '-'})",
                 f"- branch: `{run.get('branch') or '-'}` in `{self.repo_path}`"]
        if run.get("reason"):
            lines.append(f"- reason: {run['reason']}")
        if self.labels:
            lines.append(f"- labels: {', '.join(self.labels)}")
        for change in self.change_requests.values():
            lines += ["", f"## {change.title}", "", change.body]
        for thread in self.threads.values():
            lines += ["", "## Note for reviewers", "", thread.comments[0].body]
        if self.comments:
            lines += ["", "## What Smith said"]
            for comment in self.comments:
                lines += ["", comment]
        return "\n".join(lines) + "\n"
