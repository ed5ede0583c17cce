"""The parts of GitHub webhook bodies Smith reads, as pydantic models; the rest is ignored."""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from bot.events.model import WireModel


class User(WireModel):
    login: str
    type: str | None = None


class Repo(WireModel):
    full_name: str


class Installation(WireModel):
    id: int


class Envelope(WireModel):
    """Fields every event carries; `sender` is required because handlers check its permission."""

    sender: User
    installation: Installation | None = None


class RepoEnvelope(Envelope):
    repository: Repo


class Label(WireModel):
    name: str


class Issue(WireModel):
    number: int
    title: str = ""
    html_url: str | None = None
    labels: list[Label] = []
    # Present (an object of URLs) when the "issue" is really a pull request.
    pull_request: dict[str, Any] | None = None


class Ref(WireModel):
    ref: str
    sha: str


class PullRequest(WireModel):
    number: int
    title: str = ""
    html_url: str | None = None
    labels: list[Label] = []
    merged: bool | None = None
    merged_at: str | None = None
    head: Ref | None = None
    base: Ref | None = None


class IssueComment(WireModel):
    id: int
    body: str
    html_url: str | None = None


class ReviewComment(IssueComment):
    in_reply_to_id: int | None = None


class Review(WireModel):
    id: int
    state: str
    body: str | None = None
    html_url: str | None = None


class IssuesPayload(RepoEnvelope):
    issue: Issue


class IssueLabelPayload(IssuesPayload):
    label: Label


class IssueCommentPayload(RepoEnvelope):
    issue: Issue
    comment: IssueComment


class PullRequestPayload(RepoEnvelope):
    pull_request: PullRequest


class ReviewCommentPayload(PullRequestPayload):
    comment: ReviewComment


class ReviewPayload(PullRequestPayload):
    review: Review


class InstallationPayload(Envelope):
    installation: Installation
    repositories: list[Repo] = []

    @field_validator("repositories", mode="before")
    @classmethod
    def _null_is_empty(cls, value: object) -> object:
        return [] if value is None else value


class PingPayload(WireModel):
    """An organisation hook's ping has no repository; a ping with neither sender is still fine."""

    sender: User | None = None
    repository: Repo | None = None
    installation: Installation | None = None
