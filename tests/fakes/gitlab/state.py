"""What the fake GitLab knows: its records, and the attribute lists of its API."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

EDIT_ISSUE_ATTRIBUTES = (
    "assignee_id",
    "assignee_ids",
    "confidential",
    "created_at",
    "description",
    "discussion_locked",
    "due_date",
    "issue_type",
    "labels",
    "milestone_id",
    "state_event",
    "title",
)
LABEL_EDITS = ("add_labels", "remove_labels")


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


@dataclass
class Project:
    path: str
    id: int
    default_branch: str = "main"
    http_url_to_repo: str = ""
    members: dict[int, int] = field(default_factory=dict)


@dataclass
class Issue:
    project: str
    iid: int
    id: int
    title: str
    description: str
    author: str
    labels: list[str] = field(default_factory=list)
    state: str = "opened"
    label_events: list[tuple[str, str]] = field(default_factory=list)
    """(label, user) of every label added, oldest first (resource label events)."""
    milestone: str | None = None
    created_at: str = field(default_factory=_now)
    closed_by: list[int] = field(default_factory=list)
    """Merge requests that closed the issue (the `closed_by` API)."""


@dataclass
class Milestone:
    project: str
    iid: int
    id: int
    title: str
    state: str = "active"


@dataclass
class MergeRequest:
    project: str
    iid: int
    id: int
    source_branch: str
    target_branch: str
    title: str
    description: str
    author: str
    labels: list[str] = field(default_factory=list)
    state: str = "opened"
    label_events: list[tuple[str, str]] = field(default_factory=list)
    """(label, user) of every label added, oldest first (resource label events)."""
    created_at: str = field(default_factory=_now)
    merge_commit_sha: str | None = None


@dataclass
class Note:
    id: int
    project: str
    noteable_type: str  # "Issue" | "MergeRequest"
    iid: int
    author: str
    body: str
    discussion_id: str
    system: bool = False
    position: dict[str, Any] | None = None
    type: str | None = None
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)


@dataclass
class Discussion:
    id: str
    project: str
    noteable_type: str
    iid: int
    individual_note: bool
    note_ids: list[int] = field(default_factory=list)


@dataclass
class Award:
    id: int
    name: str
    user: str
    created_at: str = field(default_factory=_now)


@dataclass
class GitLabState:
    """Everything the fake knows; tests read and seed it directly."""

    users: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    projects: dict[str, Project] = field(default_factory=dict)
    issues: dict[tuple[str, int], Issue] = field(default_factory=dict)
    merge_requests: dict[tuple[str, int], MergeRequest] = field(default_factory=dict)
    milestones: dict[tuple[str, int], Milestone] = field(default_factory=dict)
    notes: dict[int, Note] = field(default_factory=dict)
    discussions: dict[str, Discussion] = field(default_factory=dict)
    awards: dict[tuple[str, int], list[Award]] = field(default_factory=dict)
