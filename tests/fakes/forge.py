"""An in-memory forge: the whole `Forge` protocol over plain dicts, no HTTP.

For unit tests of steps and handlers: it keeps issues, change requests, comments, labels,
review threads, reactions and permissions the way a forge does, and logs everything Smith said
(`said`) so a test asserts on the words and labels a step chose. The HTTP fakes next to it
(github, gitlab) stay for the adapters' contract and the end-to-end runs; tests/forge runs the
same contract against this one, so it cannot drift from what the adapters promise.

Numbers are GitHub's: issues and change requests share one counter per repository. Clone URLs
point at local bare repositories, so PREPARE and PUBLISH run real git against it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

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
    pick_milestone,
)
from bot.forge.errors import NotFound, ValidationFailed

SaidKind = Literal["comment", "comment_edited", "label_added", "label_removed",
                   "change_request_opened", "change_request_edited", "thread", "reply",
                   "reaction"]


@dataclass(frozen=True)
class Said:
    """One thing Smith did on the forge, in order: what, where, and the text."""

    kind: SaidKind
    item: ItemRef
    text: str


@dataclass
class _Item:
    """An issue or a change request: what both have (labels, conversation comments)."""

    number: int
    title: str
    body: str
    author: str
    labels: list[str] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    state: str = "open"
    milestone: str | None = None
    source_branch: str = ""
    target_branch: str = ""
    merged: bool = False
    threads: list[Thread] = field(default_factory=list)
    closed_by: list[str] = field(default_factory=list)
    """Commits the forge links to closing the issue (a closing commit, a merged request's)."""


@dataclass
class _Repo:
    clone_path: Path | None
    default_branch: str
    items: dict[tuple[str, int], _Item] = field(default_factory=dict)
    permissions: dict[str, Permission] = field(default_factory=dict)
    numbers: itertools.count = field(default_factory=lambda: itertools.count(1))
    milestones: list[Milestone] = field(default_factory=list)


class FakeForge:
    """The Forge protocol in memory (see the module docstring)."""

    def __init__(self, name: ForgeName = "github", *, bot: str = "smith-bot") -> None:
        self.name: ForgeName = name
        self.bot = bot
        self.said: list[Said] = []
        self.reactions: dict[int, list[Reaction]] = {}
        self.label_adders: dict[tuple[str, ItemRef, str], str] = {}
        """Who last added each label (the forge's label events); a human's: `label(by=)`."""
        self._repos: dict[str, _Repo] = {}
        self._comment_ids = itertools.count(1001)
        self.closed = False

    # -- seeding (what humans did) -----------------------------------------------------------

    def add_repo(self, full_name: str, *, clone_path: Path | None = None,
                 default_branch: str = "main") -> RepoRef:
        self._repos[full_name] = _Repo(clone_path, default_branch)
        return RepoRef(self.name, full_name)

    def add_issue(self, repo: str, title: str, body: str = "", *, author: str = "alice",
                  labels: tuple[str, ...] = (), milestone: str | None = None) -> int:
        where = self._repo(repo)
        number = next(where.numbers)
        where.items[("issue", number)] = _Item(number, title, body, author, list(labels),
                                               milestone=milestone)
        return number

    def add_milestone(self, repo: str, title: str, *, state: str = "open") -> int:
        where = self._repo(repo)
        number = len(where.milestones) + 1
        where.milestones.append(Milestone(number=number, id=100 + number, title=title,
                                          state=state, url=f"https://forge.test/{repo}/"
                                          f"milestone/{number}"))
        return number

    def close_issue(self, repo: str, number: int, *, commits: tuple[str, ...] = ()) -> None:
        """Close an issue, linking the commits that closed it (none: closed by hand)."""
        item = self._item(repo, ItemRef("issue", number))
        item.state, item.closed_by = "closed", list(commits)

    def add_comment(self, repo: str, item: ItemRef | int, body: str, author: str) -> int:
        ref = item if isinstance(item, ItemRef) else ItemRef("issue", item)
        comment = self._new_comment(author, body)
        self._item(repo, ref).comments.append(comment)
        return comment.id

    def add_change_request(self, repo: str, source_branch: str, *, title: str = "A change",
                           body: str = "", target_branch: str = "main",
                           author: str = "alice") -> int:
        where = self._repo(repo)
        number = next(where.numbers)
        where.items[("change_request", number)] = _Item(
            number, title, body, author, source_branch=source_branch,
            target_branch=target_branch)
        return number

    def add_review_thread(self, repo: str, number: int, body: str, author: str, *,
                          path: str, line: int) -> str:
        """A human's comment on a line of the diff; returns the thread's id."""
        comment = self._new_comment(author, body)
        thread = Thread(id=str(comment.id), comments=[comment], path=path, line=line)
        self._item(repo, ItemRef("change_request", number)).threads.append(thread)
        return thread.id

    def add_reaction_by(self, comment_id: int, content: str, user: str) -> None:
        """A human's reaction in GitHub's words ("+1", "-1", "heart", ...)."""
        kind = content if content in ("+1", "-1") else "other"
        self.reactions.setdefault(comment_id, []).append(Reaction(content=kind, user=user))

    def label(self, repo: str, item: ItemRef | int, label: str, *, by: str | None = None) -> None:
        """A human (`by`, when the test names one) put `label` on the item."""
        ref = item if isinstance(item, ItemRef) else ItemRef("issue", item)
        self._item(repo, ref).labels.append(label)
        if by is not None:
            self.label_adders[(repo, ref, label)] = by

    def set_permission(self, repo: str, user: str, level: Permission) -> None:
        self._repo(repo).permissions[user] = level

    def merge(self, repo: str, number: int) -> None:
        change = self._item(repo, ItemRef("change_request", number))
        change.state, change.merged = "closed", True

    # -- reading (what tests assert on) ------------------------------------------------------

    def comments_on(self, repo: str, item: ItemRef | int) -> list[str]:
        ref = item if isinstance(item, ItemRef) else ItemRef("issue", item)
        return [c.body for c in self._item(repo, ref).comments]

    def smith_comments(self, repo: str, item: ItemRef | int) -> list[str]:
        ref = item if isinstance(item, ItemRef) else ItemRef("issue", item)
        return [c.body for c in self._item(repo, ref).comments if c.author == self.bot]

    def labels_of(self, repo: str, item: ItemRef | int) -> list[str]:
        ref = item if isinstance(item, ItemRef) else ItemRef("issue", item)
        return list(self._item(repo, ref).labels)

    def change_requests(self, repo: str) -> list[ChangeRequest]:
        return [self._change_request(repo, item) for (kind, _), item
                in sorted(self._repo(repo).items.items()) if kind == "change_request"]

    def threads_of(self, repo: str, number: int) -> list[Thread]:
        return [t.model_copy(deep=True)
                for t in self._item(repo, ItemRef("change_request", number)).threads]

    def said_of(self, kind: SaidKind) -> list[Said]:
        return [s for s in self.said if s.kind == kind]

    # -- the Forge protocol ------------------------------------------------------------------

    async def get_issue(self, repo: RepoRef, number: int) -> Issue:
        item = self._item(repo.full_name, ItemRef("issue", number))
        return Issue(number=item.number, title=item.title, body=item.body, author=item.author,
                     labels=list(item.labels), state=item.state, milestone=item.milestone,
                     url=self._url(repo.full_name, "issues", number),
                     comments=[c.model_copy() for c in item.comments])

    async def add_labels(self, repo: RepoRef, item: ItemRef, labels: list[str]) -> None:
        target = self._item(repo.full_name, item)
        for label in labels:
            if label not in target.labels:
                target.labels.append(label)
                self.said.append(Said("label_added", item, label))
                self.label_adders[(repo.full_name, item, label)] = self.bot

    async def label_added_by(self, repo: RepoRef, item: ItemRef, label: str) -> str | None:
        return self.label_adders.get((repo.full_name, item, label))

    async def remove_label(self, repo: RepoRef, item: ItemRef, label: str) -> None:
        target = self._item(repo.full_name, item)
        if label in target.labels:
            target.labels.remove(label)
            self.said.append(Said("label_removed", item, label))

    async def create_comment(self, repo: RepoRef, item: ItemRef, body: str) -> Comment:
        comment = self._new_comment(self.bot, body)
        self._item(repo.full_name, item).comments.append(comment)
        self.said.append(Said("comment", item, body))
        return comment.model_copy()

    async def update_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, body: str
    ) -> Comment:
        comments = self._item(repo.full_name, item).comments
        for index, comment in enumerate(comments):
            if comment.id == comment_id:
                comments[index] = comment.model_copy(update={"body": body})
                self.said.append(Said("comment_edited", item, body))
                return comments[index].model_copy()
        raise NotFound(404, f"no comment {comment_id} on {item.kind} {item.number}")

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest:
        existing = await self.find_change_request(repo, source_branch)
        if existing is not None:
            if existing.target_branch == target_branch:  # adopted, like the HTTP adapters
                return existing
            raise ValidationFailed(422, f"A pull request already exists for {source_branch}.")
        number = self.add_change_request(repo.full_name, source_branch, title=title, body=body,
                                         target_branch=target_branch, author=self.bot)
        ref = ItemRef("change_request", number)
        self.said.append(Said("change_request_opened", ref, f"{title}\n\n{body}"))
        return self._change_request(repo.full_name, self._item(repo.full_name, ref))

    async def find_change_request(
        self, repo: RepoRef, source_branch: str
    ) -> ChangeRequest | None:
        for (kind, _), item in sorted(self._repo(repo.full_name).items.items()):
            if kind == "change_request" and item.state == "open" \
                    and item.source_branch == source_branch:
                return self._change_request(repo.full_name, item)
        return None

    async def get_change_request(self, repo: RepoRef, number: int) -> ChangeRequest:
        item = self._item(repo.full_name, ItemRef("change_request", number))
        return self._change_request(repo.full_name, item)

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest:
        ref = ItemRef("change_request", number)
        item = self._item(repo.full_name, ref)
        item.title = item.title if title is None else title
        item.body = item.body if body is None else body
        self.said.append(Said("change_request_edited", ref, f"{item.title}\n\n{item.body}"))
        return self._change_request(repo.full_name, item)

    async def create_thread(self, repo: RepoRef, number: int, body: str) -> Thread:
        ref = ItemRef("change_request", number)
        comment = self._new_comment(self.bot, body)
        thread = Thread(id=str(comment.id), comments=[comment])
        self._item(repo.full_name, ref).threads.append(thread)
        self.said.append(Said("thread", ref, body))
        return thread.model_copy(deep=True)

    async def reply_to_thread(
        self, repo: RepoRef, number: int, thread_id: str, body: str
    ) -> Comment:
        ref = ItemRef("change_request", number)
        for thread in self._item(repo.full_name, ref).threads:
            if thread.id == thread_id:
                comment = self._new_comment(self.bot, body)
                thread.comments.append(comment)
                self.said.append(Said("reply", ref, body))
                return comment.model_copy()
        raise NotFound(404, f"no thread {thread_id} on change request {number}")

    async def list_threads(self, repo: RepoRef, number: int) -> list[Thread]:
        return self.threads_of(repo.full_name, number)

    async def get_comment(self, repo: RepoRef, item: ItemRef, comment_id: int) -> Comment:
        target = self._item(repo.full_name, item)
        for comment in [*target.comments, *(c for t in target.threads for c in t.comments)]:
            if comment.id == comment_id:
                return comment.model_copy()
        raise NotFound(404, f"no comment {comment_id} on {item.kind} {item.number}")

    async def list_reactions(
        self, repo: RepoRef, item: ItemRef, comment_id: int
    ) -> list[Reaction]:
        await self.get_comment(repo, item, comment_id)
        return [r.model_copy() for r in self.reactions.get(comment_id, [])]

    async def get_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, *, user: str, content: str
    ) -> Reaction | None:
        for reaction in await self.list_reactions(repo, item, comment_id):
            if reaction.user.lower() == user.lower() and reaction.content == content:
                return reaction
        return None

    async def add_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, content: str
    ) -> None:
        await self.get_comment(repo, item, comment_id)
        if await self.get_reaction(repo, item, comment_id, user=self.bot, content=content):
            return  # reacting twice is one reaction, as on the forges
        self.add_reaction_by(comment_id, content, self.bot)
        self.said.append(Said("reaction", item, content))

    async def get_permission(self, repo: RepoRef, username: str) -> Permission:
        return self._repo(repo.full_name).permissions.get(username, Permission.NONE)

    async def find_milestone(self, repo: RepoRef, name: str) -> Milestone | None:
        return pick_milestone(list(self._repo(repo.full_name).milestones), name)

    async def closed_issues(self, repo: RepoRef, milestone: Milestone, *,
                            limit: int) -> ClosedIssues:
        items = sorted((item for (kind, _), item in self._repo(repo.full_name).items.items()
                        if kind == "issue" and item.state == "closed"
                        and item.milestone == milestone.title), key=lambda i: i.number)
        issues = [(await self.get_issue(repo, item.number)).model_copy(update={"comments": []})
                  for item in items[:limit]]
        return ClosedIssues(issues=issues, more=len(items) > limit)

    async def closing_commits(self, repo: RepoRef, number: int) -> list[str]:
        return list(self._item(repo.full_name, ItemRef("issue", number)).closed_by)

    async def clone_url(self, repo: RepoRef) -> str:
        path = self._repo(repo.full_name).clone_path
        if path is None:
            raise NotFound(404, f"{repo.full_name} has no git repository in this fake")
        return path.resolve().as_uri()

    async def push_credentials(self, repo: RepoRef) -> GitCredentials | None:
        return None  # a local bare repository needs none

    async def default_branch(self, repo: RepoRef) -> str:
        return self._repo(repo.full_name).default_branch

    async def close(self) -> None:
        self.closed = True

    # -- internals -----------------------------------------------------------------------------

    def _repo(self, full_name: str) -> _Repo:
        try:
            return self._repos[full_name]
        except KeyError:
            raise NotFound(404, f"no repository {full_name}") from None

    def _item(self, repo: str, item: ItemRef) -> _Item:
        try:
            return self._repo(repo).items[(item.kind, item.number)]
        except KeyError:
            raise NotFound(404, f"no {item.kind} {item.number} in {repo}") from None

    def _new_comment(self, author: str, body: str) -> Comment:
        number = next(self._comment_ids)
        return Comment(id=number, author=author, body=body, created_at=datetime.now(UTC),
                       url=f"memory://comment/{number}")

    def _url(self, repo: str, kind: str, number: int) -> str:
        return f"https://forge.test/{repo}/{kind}/{number}"

    def _change_request(self, repo: str, item: _Item) -> ChangeRequest:
        return ChangeRequest(number=item.number, url=self._url(repo, "pull", item.number),
                             title=item.title, body=item.body,
                             source_branch=item.source_branch,
                             target_branch=item.target_branch, state=item.state,
                             merged=item.merged)
