"""What the fake GitHub knows: its records, and the constants GitHub's API uses."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DOCS = "https://docs.github.com/rest"
ROLES = ("none", "read", "triage", "write", "maintain", "admin")
LEGACY_PERMISSION = {"maintain": "write", "triage": "read"}
REACTIONS = ("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes")
LEVELS = {"read": 1, "write": 2, "admin": 3}
JWT_OPERATIONS = (
    "create_installation_access_token",
    "get_repo_installation",
    "list_app_hook_deliveries",
    "get_app_hook_delivery",
    "redeliver_app_hook_delivery",
)
DEFAULT_INSTALLATION_PERMISSIONS = {
    "contents": "write", "issues": "write", "pull_requests": "write", "metadata": "read",
}


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Repo:
    full_name: str
    id: int
    default_branch: str = "main"
    clone_url: str = ""
    private: bool = False
    collaborators: dict[str, str] = field(default_factory=dict)
    installation_id: int | None = None


@dataclass
class Issue:
    repo: str
    number: int
    title: str
    body: str
    user: str
    labels: list[str] = field(default_factory=list)
    state: str = "open"
    milestone: str | None = None
    is_pull: bool = False
    created_at: str = field(default_factory=_now)
    label_events: list[tuple[str, str]] = field(default_factory=list)
    """(label, actor) of every `labeled` event, oldest first (the issue events API)."""
    closed_by: list[str] = field(default_factory=list)
    """Commits of the issue's `closed` events (a "Fixes #N" commit, a merged pull's merge)."""


@dataclass
class Milestone:
    repo: str
    number: int
    title: str
    state: str = "open"


@dataclass
class Pull:
    repo: str
    number: int
    head: str
    base: str
    title: str
    body: str
    user: str
    state: str = "open"
    merged: bool = False
    head_sha: str = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
    created_at: str = field(default_factory=_now)


@dataclass
class IssueComment:
    id: int
    repo: str
    number: int
    user: str
    body: str
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)


@dataclass
class ReviewComment:
    id: int
    repo: str
    number: int
    user: str
    body: str
    path: str
    line: int | None
    commit_id: str
    in_reply_to_id: int | None = None
    created_at: str = field(default_factory=_now)


@dataclass
class Reaction:
    id: int
    user: str
    content: str
    created_at: str = field(default_factory=_now)


@dataclass
class RepoHook:
    """A repository webhook (token mode); the App's webhook needs no record."""

    id: int
    repo: str
    url: str
    active: bool = True


@dataclass
class SentDelivery:
    """One attempt at delivering one webhook, as GitHub lists it under the hook's deliveries."""

    id: int
    guid: str
    event: str
    action: str | None
    headers: dict[str, str]
    body: bytes
    status_code: int
    delivered_at: str
    redelivery: bool = False
    app_id: str | None = None
    hook_id: int | None = None
    repo: str | None = None
    installation_id: int | None = None
    repository_id: int | None = None

    def __iter__(self) -> Any:  # `headers, body, status = delivery`, as before records existed
        return iter((self.headers, self.body, self.status_code))


@dataclass
class TokenGrant:
    """What one installation token opens: its repositories (None: all of the installation's)
    and its permissions (GitHub's names: issues, pull_requests, contents, metadata)."""

    installation_id: int
    expires: float
    repositories: frozenset[str] | None
    permissions: dict[str, str]


@dataclass
class GitHubState:
    """Everything the fake knows; tests read and seed it directly."""

    users: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    repos: dict[str, Repo] = field(default_factory=dict)
    issues: dict[tuple[str, int], Issue] = field(default_factory=dict)
    pulls: dict[tuple[str, int], Pull] = field(default_factory=dict)
    milestones: dict[tuple[str, int], Milestone] = field(default_factory=dict)
    comments: dict[int, IssueComment] = field(default_factory=dict)
    review_comments: dict[int, ReviewComment] = field(default_factory=dict)
    reactions: dict[tuple[str, int], list[Reaction]] = field(default_factory=dict)
    apps: dict[str, str] = field(default_factory=dict)
    installations: dict[int, str] = field(default_factory=dict)
    installation_tokens: dict[str, tuple[int, float]] = field(default_factory=dict)
    installation_permissions: dict[int, dict[str, str]] = field(default_factory=dict)
    token_grants: dict[str, TokenGrant] = field(default_factory=dict)
    issued_tokens: list[str] = field(default_factory=list)
