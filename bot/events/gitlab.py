"""GitLab webhook payloads → Event. Pure: no I/O, no python-gitlab.

GitLab quirks handled here:
- issues and merge requests are numbered by `iid` (the per-project number users see), never `id`;
- label changes arrive as `changes.labels.previous/current` (lists of objects with `title`) on
  whatever action the update had, even `open`; `changes` may be empty or absent;
- timestamps are not parsed at all (the docs even show `"2015-04-08T21: 00:25-07:00"`);
- a note's thread is `discussion_id`; a note on a merge request that is a diff note or a reply in
  a resolvable thread (`type` DiffNote / DiscussionNote) is a review comment, a plain one is not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot.events.gitlab_payload import (
    EmojiPayload,
    Item,
    ItemPayload,
    Label,
    Loose,
    NotePayload,
)
from bot.events.model import (
    CommitAuthor,
    Event,
    EventKind,
    MalformedPayload,
    ReactionContent,
    Wire,
    WireModel,
    gitlab_username_is_bot,
    label_diff,
    parse_wire,
    require_object,
    same_account,
    validate_wire,
)
from bot.forge.base import ItemKind, ItemRef, RepoRef

# X-Gitlab-Event → the object_kind its body must have. Confidential issues/notes come with
# their own headers but the same bodies.
_EXPECTED_KIND = {
    "Issue Hook": "issue",
    "Confidential Issue Hook": "issue",
    "Note Hook": "note",
    "Confidential Note Hook": "note",
    "Merge Request Hook": "merge_request",
    "Emoji Hook": "emoji",
}
# Work items that are not issues (tasks, epics...) share the Issue Hook; Smith ignores them.
_IGNORED_ISSUE_KIND = "work_item"
_THREAD_NOTE_TYPES = {"DiffNote", "DiscussionNote"}
_THUMBS_UP = {"thumbsup", "+1"}
_THUMBS_DOWN = {"thumbsdown", "-1"}


Fields = dict[str, Any]


def gitlab_event(event_header: str, payload: Wire, *, bot_account: str | None = None) -> Event:
    """Turn one verified GitLab delivery into an Event; unknown hooks become kind "other"."""
    body = require_object(payload, "GitLab")
    object_kind, loose_action = _head(body)
    expected = _EXPECTED_KIND.get(event_header)
    ignored = expected == "issue" and object_kind == _IGNORED_ISSUE_KIND
    if expected is not None and object_kind != expected and not ignored:
        raise MalformedPayload(
            f"GitLab {event_header!r} payload has object_kind {object_kind!r}, "
            f"expected {expected!r}"
        )
    route = _ROUTES.get(object_kind) if object_kind == expected else None
    wire: WireModel
    kind: EventKind
    fields: Fields
    if route is None:
        wire, kind, fields = _loose(body), "other", {}
        raw_action = loose_action
    else:
        model, build = route
        context = f"GitLab {event_header!r} payload"
        wire = parse_wire(model, body, context)
        kind, fields = build(wire, context)
        raw_action = _action(wire)
    return Event(
        forge="gitlab",
        kind=kind,
        event_name=event_header,
        action=raw_action,
        **_envelope_fields(wire, bot_account),
        **fields,
    )


class _Attributes(WireModel):
    action: Any = None


class _Head(WireModel):
    object_kind: Any = None
    object_attributes: _Attributes | None = None


class _Kind(WireModel):
    object_kind: Any = None


def _head(body: Wire) -> tuple[Any, str | None]:
    """The body's object_kind, and its object_attributes.action when that is a string."""
    if isinstance(body, dict):
        attributes = body.get("object_attributes")
        action = attributes.get("action") if isinstance(attributes, dict) else None
        return body.get("object_kind"), action if isinstance(action, str) else None
    try:
        head = _Head.model_validate_json(body)
    except ValidationError:  # object_attributes is no object: no action, as for a parsed body
        return parse_wire(_Kind, body, "GitLab webhook body").object_kind, None
    action = head.object_attributes.action if head.object_attributes is not None else None
    return head.object_kind, action if isinstance(action, str) else None


def _action(wire: WireModel) -> str | None:
    """The action of a payload parsed by one of the routes (all carry object_attributes)."""
    if isinstance(wire, (ItemPayload, NotePayload, EmojiPayload)):
        return wire.object_attributes.action
    return None


def _loose(body: Wire) -> WireModel:
    try:
        return validate_wire(Loose, body)
    except ValidationError:
        return Loose()


def _envelope_fields(wire: WireModel, bot_account: str | None) -> Fields:
    fields: Fields = {}
    user = getattr(wire, "user", None)
    if user is not None:
        is_self = same_account(user.username, bot_account)
        fields |= {
            "actor": user.username,
            "actor_is_self": is_self,
            "actor_is_bot": is_self or gitlab_username_is_bot(user.username),
        }
    project = getattr(wire, "project", None)
    if project is not None:
        fields["repo"] = RepoRef("gitlab", project.path_with_namespace)
    return fields


def _item_fields(item: Item, kind: ItemKind, labels: list[Label] | None = None) -> Fields:
    fields: Fields = {
        "item": ItemRef(kind, item.iid),
        "item_title": item.title,
        "item_labels": [label.title for label in (labels if labels is not None else item.labels)],
    }
    if kind == "change_request":
        commit = item.last_commit
        fields |= {
            "source_branch": item.source_branch,
            "target_branch": item.target_branch,
            "head_sha": commit.id if commit else None,
            "commit_author": (
                CommitAuthor(name=commit.author.name, email=commit.author.email)
                if commit and commit.author
                else None
            ),
        }
    return fields


def _label_changes(wire: ItemPayload) -> Fields:
    change = wire.changes.labels if wire.changes else None
    if change is None:
        return {"labels_added": [], "labels_removed": []}
    added, removed = label_diff(
        (label.title for label in change.previous), (label.title for label in change.current)
    )
    return {"labels_added": added, "labels_removed": removed}


def _issue(wire: ItemPayload, context: str) -> tuple[EventKind, Fields]:
    """Label changes win over the action: GitLab reports them on `open` and `update` alike,
    and GitHub likewise sends `labeled` for labels set when an issue is opened."""
    attrs = wire.object_attributes
    fields = _item_fields(attrs, "issue", wire.labels) | _label_changes(wire) | {"url": attrs.url}
    if fields["labels_added"]:
        return "issue_labeled", fields | {"label": fields["labels_added"][0]}
    if fields["labels_removed"]:
        return "issue_unlabeled", fields | {"label": fields["labels_removed"][0]}
    return ("issue_opened" if attrs.action == "open" else "other"), fields


def _merge_request(wire: ItemPayload, context: str) -> tuple[EventKind, Fields]:
    attrs = wire.object_attributes
    fields = (
        _item_fields(attrs, "change_request", wire.labels)
        | _label_changes(wire)
        | {"url": attrs.url}
    )
    if attrs.action == "open":
        return "change_request_opened", fields
    if attrs.action in ("merge", "close"):
        return "change_request_closed", fields | {"merged": attrs.action == "merge"}
    return "other", fields


def _note(wire: NotePayload, context: str) -> tuple[EventKind, Fields]:
    attrs = wire.object_attributes
    fields: Fields = {
        "comment_id": attrs.id,
        "comment_body": attrs.note,
        "thread_id": attrs.discussion_id,
        "url": attrs.url,
    }
    if attrs.noteable_type == "Issue":
        fields |= _item_fields(_require(wire.issue, "issue", context), "issue")
        kind: EventKind = "comment_created"
    elif attrs.noteable_type == "MergeRequest":
        merge_request = _require(wire.merge_request, "merge_request", context)
        fields |= _item_fields(merge_request, "change_request")
        threaded = attrs.type in _THREAD_NOTE_TYPES or attrs.position is not None
        kind = "review_comment_created" if threaded else "comment_created"
    else:  # notes on commits and snippets
        return "other", fields
    # Older GitLab sends no action on notes; only creation is news (edits are "update").
    if attrs.system or attrs.action not in (None, "create"):
        return "other", fields
    return kind, fields


def _emoji(wire: EmojiPayload, context: str) -> tuple[EventKind, Fields]:
    attrs = wire.object_attributes
    fields: Fields = {
        "reaction": reaction_content(attrs.name),
        "reaction_name": attrs.name,
        "url": attrs.awarded_on_url,
    }
    if attrs.awardable_type == "Note":
        note = _require(wire.note, "note", context)
        fields |= {
            "comment_id": note.id,
            "comment_body": note.note,
            "thread_id": note.discussion_id,
        }
    elif attrs.awardable_type == "Issue":
        _require(wire.issue, "issue", context)
    elif attrs.awardable_type == "MergeRequest":
        _require(wire.merge_request, "merge_request", context)
    if wire.merge_request is not None:
        fields |= _item_fields(wire.merge_request, "change_request")
    elif wire.issue is not None:
        fields |= _item_fields(wire.issue, "issue")
    action = attrs.action or wire.event_type
    if action == "award":
        return "reaction_added", fields
    if action == "revoke":
        return "reaction_removed", fields
    return "other", fields


def reaction_content(emoji_name: str) -> ReactionContent:
    """GitLab emoji names (with skin tones) → the neutral vote a rule proposal counts."""
    base = emoji_name.split("_tone", 1)[0]
    if base in _THUMBS_UP:
        return "+1"
    if base in _THUMBS_DOWN:
        return "-1"
    return "other"


def _require(value: WireModel | None, name: str, context: str) -> Any:
    if value is None:
        raise MalformedPayload(f"{context}: {name}: Field required for this event")
    return value


Builder = Callable[[Any, str], tuple[EventKind, Fields]]

# object_kind → (payload model, builder that picks the kind and the fields)
_ROUTES: dict[str, tuple[type[WireModel], Builder]] = {
    "issue": (ItemPayload, _issue),
    "merge_request": (ItemPayload, _merge_request),
    "note": (NotePayload, _note),
    "emoji": (EmojiPayload, _emoji),
}
