"""GitHub webhook payloads → Event. Pure: no I/O, no gidgethub (the webhook verifies and parses).

Which (X-GitHub-Event, action) pairs mean what is the `_ROUTES` table at the bottom; anything
not in it is kind "other". GitHub sends no webhooks for reactions (Smith polls them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot.events.github_payload import (
    InstallationPayload,
    Issue,
    IssueCommentPayload,
    IssueLabelPayload,
    IssuesPayload,
    PingPayload,
    PullRequest,
    PullRequestPayload,
    ReviewCommentPayload,
    ReviewPayload,
)
from bot.events.model import (
    Event,
    MalformedPayload,
    Wire,
    WireModel,
    github_login_is_bot,
    parse_wire,
    require_object,
    same_account,
    validate_wire,
)
from bot.forge.base import ItemKind, ItemRef, RepoRef

Fields = dict[str, Any]


class _Action(WireModel):
    action: Any = None


def github_event(event_name: str, payload: Wire, *, bot_account: str | None = None) -> Event:
    """Turn one verified GitHub delivery into an Event; unknown events become kind "other"."""
    body = require_object(payload, "GitHub")
    found = (body.get("action") if isinstance(body, dict)
             else parse_wire(_Action, body, "GitHub webhook body").action)
    action = found if isinstance(found, str) else None
    route = _ROUTES.get((event_name, action)) or _ROUTES.get((event_name, "*"))
    common: Fields = {"forge": "github", "event_name": event_name, "action": action}
    if route is None:
        return Event(kind="other", **common, **_best_effort(body, bot_account))
    kind, model, build = route
    context = f"GitHub {event_name!r} event (action {action!r})"
    wire = parse_wire(model, body, context)
    fields = build(wire) | _envelope_fields(wire, bot_account)
    return Event(kind=kind, **common, **fields)


def _envelope_fields(wire: WireModel, bot_account: str | None) -> Fields:
    fields: Fields = {}
    sender = getattr(wire, "sender", None)
    if sender is not None:
        is_self = same_account(sender.login, bot_account)
        fields |= {
            "actor": sender.login,
            "actor_is_self": is_self,
            "actor_is_bot": is_self or github_login_is_bot(sender.login, sender.type),
        }
    repository = getattr(wire, "repository", None)
    if repository is not None:
        fields["repo"] = RepoRef("github", repository.full_name)
    installation = getattr(wire, "installation", None)
    if installation is not None:
        fields["installation_id"] = installation.id
    return fields


def _best_effort(body: Wire, bot_account: str | None) -> Fields:
    """For events Smith ignores: keep what parses, never raise."""
    try:
        wire = validate_wire(PingPayload, body)
    except ValidationError:
        return {}
    return _envelope_fields(wire, bot_account)


def _issue_item(issue: Issue) -> Fields:
    kind: ItemKind = "change_request" if issue.pull_request is not None else "issue"
    return {
        "item": ItemRef(kind, issue.number),
        "item_title": issue.title,
        "item_labels": [label.name for label in issue.labels],
    }


def _pull_request_item(pull: PullRequest) -> Fields:
    return {
        "item": ItemRef("change_request", pull.number),
        "item_title": pull.title,
        "item_labels": [label.name for label in pull.labels],
        "source_branch": pull.head.ref if pull.head else None,
        "target_branch": pull.base.ref if pull.base else None,
        "head_sha": pull.head.sha if pull.head else None,
    }


def _issue_opened(wire: IssuesPayload) -> Fields:
    return _issue_item(wire.issue) | {"url": wire.issue.html_url}


def _issue_labeled(wire: IssueLabelPayload) -> Fields:
    return _issue_opened(wire) | {"label": wire.label.name, "labels_added": [wire.label.name]}


def _issue_unlabeled(wire: IssueLabelPayload) -> Fields:
    return _issue_opened(wire) | {"label": wire.label.name, "labels_removed": [wire.label.name]}


def _issue_comment(wire: IssueCommentPayload) -> Fields:
    return _issue_item(wire.issue) | {
        "comment_id": wire.comment.id,
        "comment_body": wire.comment.body,
        "url": wire.comment.html_url,
    }


def _review_comment(wire: ReviewCommentPayload) -> Fields:
    # A review thread is named after its first comment; replies point at it.
    root = wire.comment.in_reply_to_id or wire.comment.id
    return _pull_request_item(wire.pull_request) | {
        "comment_id": wire.comment.id,
        "comment_body": wire.comment.body,
        "thread_id": str(root),
        "url": wire.comment.html_url,
    }


def _review_submitted(wire: ReviewPayload) -> Fields:
    return _pull_request_item(wire.pull_request) | {
        "comment_id": wire.review.id,
        "comment_body": wire.review.body or "",
        "review_state": wire.review.state,
        "url": wire.review.html_url,
    }


def _pull_request_opened(wire: PullRequestPayload) -> Fields:
    return _pull_request_item(wire.pull_request) | {"url": wire.pull_request.html_url}


def _pull_request_closed(wire: PullRequestPayload) -> Fields:
    pull = wire.pull_request
    if pull.merged is None and "merged_at" not in pull.model_fields_set:
        raise MalformedPayload("GitHub 'pull_request' closed event: pull_request.merged missing")
    merged = pull.merged if pull.merged is not None else pull.merged_at is not None
    return _pull_request_opened(wire) | {"merged": merged}


def _installation(wire: InstallationPayload) -> Fields:
    return {"repositories": [RepoRef("github", repo.full_name) for repo in wire.repositories]}


def _ping(wire: PingPayload) -> Fields:
    return {}


Route = tuple[str, type[WireModel], Callable[[Any], Fields]]

# (X-GitHub-Event, action or "*") → (kind, payload model, field builder)
_ROUTES: dict[tuple[str, str | None], Route] = {
    ("issues", "opened"): ("issue_opened", IssuesPayload, _issue_opened),
    ("issues", "labeled"): ("issue_labeled", IssueLabelPayload, _issue_labeled),
    ("issues", "unlabeled"): ("issue_unlabeled", IssueLabelPayload, _issue_unlabeled),
    ("issue_comment", "created"): ("comment_created", IssueCommentPayload, _issue_comment),
    ("pull_request_review_comment", "created"): (
        "review_comment_created",
        ReviewCommentPayload,
        _review_comment,
    ),
    ("pull_request_review", "submitted"): ("review_submitted", ReviewPayload, _review_submitted),
    ("pull_request", "opened"): (
        "change_request_opened",
        PullRequestPayload,
        _pull_request_opened,
    ),
    ("pull_request", "closed"): (
        "change_request_closed",
        PullRequestPayload,
        _pull_request_closed,
    ),
    ("installation", "*"): ("installation", InstallationPayload, _installation),
    ("ping", "*"): ("ping", PingPayload, _ping),
}
