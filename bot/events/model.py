"""The forge-neutral Event that handlers match on, and the helpers both forge parsers share.

Decisions worth knowing before matching on an Event:

- A closed change request is ONE kind, `change_request_closed`, with `merged` True or False
  (GitHub sends `closed` + `merged: true`; GitLab sends action `merge` or `close`). There is no
  separate "merged" kind, so a handler that records outcomes matches one kind and reads `merged`.
- Labels: `labels_added` / `labels_removed` are the truth; `label` is a convenience (the one label
  of a GitHub `labeled`/`unlabeled` event, or the first added/removed one on GitLab, where one
  update can add and remove several at once).
- `actor_is_self` marks Smith's own events (to avoid loops); `actor_is_bot` is true for any bot,
  Smith included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.forge.base import ForgeName, ItemRef, RepoRef

EventKind = Literal[
    "issue_labeled",
    "issue_unlabeled",
    "issue_opened",
    "comment_created",
    "review_comment_created",
    "review_submitted",
    "change_request_opened",
    "change_request_closed",
    "reaction_added",
    "reaction_removed",
    "installation",
    "ping",
    "other",
]

ReactionContent = Literal["+1", "-1", "other"]

# GitLab project/group access-token users are bots without any "bot" flag in the payload;
# their usernames follow this pattern (e.g. `project_42_bot_3f2a...`, `group_7_bot`).
_GITLAB_TOKEN_BOT = re.compile(r"^(project|group)_\d+_bot(_[0-9a-f]+|\d+)?$")
_GITHUB_BOT_SUFFIX = "[bot]"


class MalformedPayload(ValueError):
    """The payload lacks (or mistypes) a field its declared event needs; the webhook answers 400."""


class CommitAuthor(BaseModel):
    """Author of the head commit of a change request (GitLab sends it; GitHub does not)."""

    model_config = ConfigDict(frozen=True)

    name: str = ""
    email: str = ""


class Event(BaseModel):
    """What happened on a forge, in words the engine understands (no pull/merge request here)."""

    model_config = ConfigDict(frozen=True)

    forge: ForgeName
    kind: EventKind
    event_name: str = Field(description="raw X-GitHub-Event / X-Gitlab-Event header")
    action: str | None = Field(default=None, description="raw action of the payload")
    repo: RepoRef | None = None
    item: ItemRef | None = Field(default=None, description="the issue or change request")
    item_title: str | None = None
    item_labels: list[str] = Field(default_factory=list, description="labels now on the item")
    actor: str | None = Field(default=None, description="login / username that caused it")
    actor_is_bot: bool = False
    actor_is_self: bool = False
    label: str | None = None
    labels_added: list[str] = Field(default_factory=list)
    labels_removed: list[str] = Field(default_factory=list)
    comment_id: int | None = None
    comment_body: str | None = None
    thread_id: str | None = Field(
        default=None, description="GitHub review thread root comment id; GitLab discussion_id"
    )
    review_state: str | None = None
    reaction: ReactionContent | None = None
    reaction_name: str | None = Field(default=None, description="raw emoji name")
    merged: bool | None = None
    source_branch: str | None = None
    target_branch: str | None = None
    head_sha: str | None = None
    commit_author: CommitAuthor | None = None
    installation_id: int | None = None
    repositories: list[RepoRef] = Field(
        default_factory=list, description="repositories of an installation event"
    )
    url: str | None = None


class WireModel(BaseModel):
    """Base of the payload-side models: read only what Smith needs, ignore the rest."""

    model_config = ConfigDict(extra="ignore", frozen=True)


Wire = dict[str, Any] | bytes
"""A webhook body as the models read it: parsed, or its JSON bytes (bot/forge/webhook_auth.py
hands those over, checked to be one object, so no Python tree of the whole payload is built)."""


M = TypeVar("M", bound="WireModel")


def validate_wire(model: type[M], payload: object) -> M:
    """`model` read from a parsed payload or straight from JSON bytes."""
    if isinstance(payload, bytes):
        return model.model_validate_json(payload)
    return model.model_validate(payload)


def parse_wire(model: type[M], payload: object, context: str) -> M:
    """Validate a payload part, turning pydantic's error into a short MalformedPayload."""
    try:
        return validate_wire(model, payload)
    except ValidationError as exc:
        problems = [
            f"{'.'.join(str(part) for part in err['loc']) or '(payload)'}: {err['msg']}"
            for err in exc.errors()[:5]
        ]
        raise MalformedPayload(f"{context}: " + "; ".join(problems)) from exc


def require_object(payload: object, forge: str) -> Wire:
    """A webhook body must be a JSON object; anything else is not a payload at all (JSON bytes
    pass: the models reading them refuse what is no object)."""
    if not isinstance(payload, dict | bytes):
        raise MalformedPayload(
            f"{forge} webhook body must be a JSON object, got {type(payload).__name__}"
        )
    return payload


def same_account(login: str, account: str | None) -> bool:
    """True when `login` is Smith's account, tolerating case and GitHub's `[bot]` suffix."""
    if not account:
        return False
    return _strip_bot_suffix(login).casefold() == _strip_bot_suffix(account).casefold()


def _strip_bot_suffix(name: str) -> str:
    name = name.strip()
    return name[: -len(_GITHUB_BOT_SUFFIX)] if name.endswith(_GITHUB_BOT_SUFFIX) else name


def github_login_is_bot(login: str, user_type: str | None) -> bool:
    """GitHub marks apps with `type: Bot` and a `[bot]` login suffix; either is enough."""
    return user_type == "Bot" or login.endswith(_GITHUB_BOT_SUFFIX)


def gitlab_username_is_bot(username: str) -> bool:
    """GitLab payloads carry no bot flag; access-token bot users have recognisable names."""
    return bool(_GITLAB_TOKEN_BOT.match(username))


def label_diff(previous: Iterable[str], current: Iterable[str]) -> tuple[list[str], list[str]]:
    """Labels added and removed between two lists, each in the order the forge gave them."""
    before = list(dict.fromkeys(previous))
    after = list(dict.fromkeys(current))
    added = [name for name in after if name not in before]
    removed = [name for name in before if name not in after]
    return added, removed
