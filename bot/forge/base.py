"""The Forge protocol: what the engine needs from GitHub or GitLab, in forge-neutral words.

Above `bot/forge/` nobody says "pull request" or "merge request": it is a *change request*.
Issues and change requests are both *items*; GitLab numbers them separately (iid), GitHub
shares one number space, so every call that may target either takes an `ItemRef`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol, get_args, runtime_checkable

from pydantic import BaseModel, Field

ForgeName = Literal["github", "gitlab", "local"]
FORGE_NAMES: tuple[ForgeName, ...] = get_args(ForgeName)
ItemKind = Literal["issue", "change_request"]


def forge_name(value: str) -> ForgeName:
    """A forge name read back from the store or a payload, checked against ForgeName."""
    for name in FORGE_NAMES:
        if name == value:
            return name
    raise ValueError(f"unknown forge {value!r}; expected one of {', '.join(FORGE_NAMES)}")


class Permission(enum.IntEnum):
    """Neutral permission levels, ordered so that `>=` compares them.

    GitHub repository permissions (none/read/triage/write/maintain/admin) map one to one;
    GitLab access levels map as: 0/5 → NONE, 10 guest → READ, 15 planner/20 reporter → TRIAGE,
    30 developer → WRITE, 40 maintainer → MAINTAIN, 50 owner → ADMIN.
    """

    NONE = 0
    READ = 1
    TRIAGE = 2
    WRITE = 3
    MAINTAIN = 4
    ADMIN = 5

    @classmethod
    def parse(cls, name: str) -> "Permission":
        """Read a level from settings text such as "write" or "maintain"."""
        try:
            return cls[name.strip().upper()]
        except KeyError as exc:
            allowed = ", ".join(level.name.lower() for level in cls)
            raise ValueError(f"unknown permission {name!r}; expected one of {allowed}") from exc


@dataclass(frozen=True)
class RepoRef:
    """A repository on one forge: `owner/name` on GitHub, the full project path on GitLab."""

    forge: ForgeName
    full_name: str

    def __str__(self) -> str:
        return f"{self.forge}:{self.full_name}"


@dataclass(frozen=True)
class ItemRef:
    """An issue or a change request of one repository."""

    kind: ItemKind
    number: int


class Comment(BaseModel):
    id: int
    author: str
    body: str
    created_at: datetime | None = None
    url: str = ""


class Issue(BaseModel):
    number: int
    title: str
    body: str = ""
    author: str
    labels: list[str] = Field(default_factory=list)
    state: str = "open"
    url: str = ""
    milestone: str | None = None
    comments: list[Comment] = Field(default_factory=list)


class ChangeRequest(BaseModel):
    number: int
    url: str = ""
    title: str
    body: str = ""
    source_branch: str
    target_branch: str
    state: str = "open"
    merged: bool = False


class Milestone(BaseModel):
    """A milestone (a sprint): `number` is how people name it (GitHub's number, GitLab's
    iid), `id` what the API addresses it by (GitLab's project-wide id; GitHub's number)."""

    number: int
    id: int
    title: str
    state: str = "open"
    """open or closed (GitLab's `active` reads as open)."""
    url: str = ""


def milestone_number(name: str) -> int | None:
    """`12`, `#12` or `%12` (GitLab's reference) as a number; None for a title."""
    text = name.strip().lstrip("#%")
    return int(text) if text.isdigit() and len(text) < 10 else None


def pick_milestone(milestones: list[Milestone], name: str) -> Milestone | None:
    """The milestone `name` means: the exact title, else the title ignoring case, else the
    number. A title that is all digits wins over a number, as people write titles."""
    wanted = name.strip()
    number = milestone_number(wanted)
    exact = [m for m in milestones if m.title == wanted]
    folded = [m for m in milestones if m.title.casefold() == wanted.casefold()]
    numbered = [m for m in milestones if number is not None and m.number == number]
    for found in (exact, folded, numbered):
        if found:
            return found[0]
    return None


class ClosedIssues(BaseModel):
    """A milestone's closed issues, at most the limit asked for (change requests left out)."""

    issues: list[Issue] = Field(default_factory=list)
    more: bool = False
    """The milestone holds more closed issues than were read."""


class Thread(BaseModel):
    """A review thread (GitHub) or discussion (GitLab) on a change request."""

    id: str
    comments: list[Comment] = Field(default_factory=list)
    path: str | None = None
    line: int | None = None


class Reaction(BaseModel):
    content: Literal["+1", "-1", "other"]
    user: str


@dataclass(frozen=True)
class GitCredentials:
    """What git needs to push. Handed to git alone (askpass), never to the model or sandbox."""

    username: str
    password: str

    def __repr__(self) -> str:  # never print the secret, not even by accident
        return f"GitCredentials(username={self.username!r}, password='***')"


@runtime_checkable
class Forge(Protocol):
    """Everything the engine and handlers may ask of a forge."""

    name: ForgeName

    async def get_issue(self, repo: RepoRef, number: int) -> Issue: ...

    async def add_labels(self, repo: RepoRef, item: ItemRef, labels: list[str]) -> None: ...

    async def label_added_by(self, repo: RepoRef, item: ItemRef, label: str) -> str | None:
        """Who last added `label` to the item, as the forge's own record of label events
        says (None: no such event): a summons by label is the adder's, never the payload's."""
        ...

    async def remove_label(self, repo: RepoRef, item: ItemRef, label: str) -> None:
        """Remove one label; removing a label that is not there is not an error."""
        ...

    async def create_comment(self, repo: RepoRef, item: ItemRef, body: str) -> Comment: ...

    async def update_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, body: str
    ) -> Comment: ...

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest: ...

    async def find_change_request(
        self, repo: RepoRef, source_branch: str
    ) -> ChangeRequest | None:
        """The open change request from `source_branch`, if any."""
        ...

    async def get_change_request(self, repo: RepoRef, number: int) -> ChangeRequest: ...

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest: ...

    async def create_thread(self, repo: RepoRef, number: int, body: str) -> Thread: ...

    async def reply_to_thread(
        self, repo: RepoRef, number: int, thread_id: str, body: str
    ) -> Comment: ...

    async def list_threads(self, repo: RepoRef, number: int) -> list[Thread]: ...

    async def get_comment(self, repo: RepoRef, item: ItemRef, comment_id: int) -> Comment:
        """One comment of `item` as the forge has it now (author, body), for handlers that must
        not trust a webhook payload's copy; `NotFound` when `item` has no such comment."""
        ...

    async def list_reactions(
        self, repo: RepoRef, item: ItemRef, comment_id: int
    ) -> list[Reaction]: ...

    async def get_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, *, user: str, content: str
    ) -> Reaction | None:
        """`user`'s `content` reaction ("+1", "-1") on a comment, if the forge has it now."""
        ...

    async def add_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, content: str
    ) -> None: ...

    async def get_permission(self, repo: RepoRef, username: str) -> Permission: ...

    async def find_milestone(self, repo: RepoRef, name: str) -> Milestone | None:
        """The milestone titled `name` (exactly, else ignoring case), or numbered `name`
        (`12`, `#12`, `%12`); None when there is none."""
        ...

    async def closed_issues(self, repo: RepoRef, milestone: Milestone, *,
                            limit: int) -> ClosedIssues:
        """The milestone's closed issues in number order, without comments, at most `limit`."""
        ...

    async def closing_commits(self, repo: RepoRef, number: int) -> list[str]:
        """Commits the forge links to closing issue `number`: the commit that closed it or the
        merge (squash) commit of each merged change request that closed it."""
        ...

    async def clone_url(self, repo: RepoRef) -> str: ...

    async def push_credentials(self, repo: RepoRef) -> GitCredentials | None: ...

    async def default_branch(self, repo: RepoRef) -> str: ...

    async def close(self) -> None: ...
