"""The parts of GitLab webhook bodies Smith reads, as pydantic models; the rest is ignored."""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from bot.events.model import WireModel


def _none_is_empty(value: object) -> object:
    return [] if value is None else value


class User(WireModel):
    username: str


class Project(WireModel):
    path_with_namespace: str


class Label(WireModel):
    title: str


class LabelChange(WireModel):
    previous: list[Label] = []
    current: list[Label] = []

    _nulls = field_validator("previous", "current", mode="before")(_none_is_empty)


class Changes(WireModel):
    labels: LabelChange | None = None


class Author(WireModel):
    name: str = ""
    email: str = ""


class Commit(WireModel):
    id: str
    author: Author | None = None


class Item(WireModel):
    """An issue or merge request, as `object_attributes` or as the object a note belongs to."""

    iid: int
    title: str = ""
    url: str | None = None
    action: str | None = None
    labels: list[Label] = []
    source_branch: str | None = None
    target_branch: str | None = None
    last_commit: Commit | None = None

    _nulls = field_validator("labels", mode="before")(_none_is_empty)


class Envelope(WireModel):
    user: User
    project: Project


class ItemPayload(Envelope):
    object_attributes: Item
    labels: list[Label] | None = None
    changes: Changes | None = None

    @field_validator("changes", mode="before")
    @classmethod
    def _empty_changes(cls, value: object) -> object:
        return None if value in ([], "", None) else value


class NoteAttrs(WireModel):
    id: int
    note: str
    noteable_type: str
    action: str | None = None
    url: str | None = None
    discussion_id: str | None = None
    type: str | None = None
    position: dict[str, Any] | None = None
    system: bool = False


class NotePayload(Envelope):
    object_attributes: NoteAttrs
    issue: Item | None = None
    merge_request: Item | None = None


class EmojiAttrs(WireModel):
    name: str
    awardable_type: str
    awardable_id: int
    action: str | None = None
    awarded_on_url: str | None = None


class AwardedNote(WireModel):
    id: int
    note: str = ""
    discussion_id: str | None = None


class EmojiPayload(Envelope):
    object_attributes: EmojiAttrs
    event_type: str | None = None
    note: AwardedNote | None = None
    issue: Item | None = None
    merge_request: Item | None = None


class Loose(WireModel):
    """For events Smith ignores: keep the repository and actor when they parse."""

    user: User | None = None
    project: Project | None = None
