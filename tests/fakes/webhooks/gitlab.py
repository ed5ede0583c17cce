"""GitLab deliveries: `X-Gitlab-Token` headed payloads from the GitLab docs' examples."""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.fakes.webhooks.payloads import Delivery, fixture
from tests.fakes.webhooks.payloads import user_id as _user_id


def gitlab_delivery(
    event: str, payload: dict[str, Any], *, token: str, delivery_id: str | None = None
) -> Delivery:
    """Serialise any GitLab payload with its delivery headers (`event` e.g. "Note Hook")."""
    body = json.dumps(payload).encode()
    delivery = delivery_id or str(uuid.uuid4())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "GitLab/17.4.0",
        "X-Gitlab-Event": event,
        "X-Gitlab-Token": token,
        "X-Gitlab-Event-UUID": delivery,
        "X-Gitlab-Webhook-UUID": "02affd2d-2cba-4033-917d-ec22d5dc4b38",
        "X-Gitlab-Instance": "https://gitlab.example.com",
        "Idempotency-Key": delivery,
    }
    return headers, body


def _gl_user(payload: dict[str, Any], username: str) -> int:
    user_id = _user_id(username)
    payload["user"].update(id=user_id, username=username, name=username)
    return user_id


def _gl_project(payload: dict[str, Any], project: str, project_id: int) -> None:
    name = project.rsplit("/", 1)[-1]
    web_url = f"https://gitlab.example.com/{project}"
    payload["project"].update(
        id=project_id,
        name=name,
        path_with_namespace=project,
        web_url=web_url,
        namespace=project.rsplit("/", 1)[0] if "/" in project else project,
        git_http_url=f"{web_url}.git",
        http_url=f"{web_url}.git",
        git_ssh_url=f"git@gitlab.example.com:{project}.git",
    )
    if "project_id" in payload:
        payload["project_id"] = project_id
    if isinstance(payload.get("repository"), dict):
        payload["repository"].update(
            name=name, homepage=web_url, url=f"git@gitlab.example.com:{project}.git"
        )


def _gl_label(name: str, project_id: int) -> dict[str, Any]:
    return {
        "id": _user_id("label:" + name),
        "title": name,
        "color": "#6699cc",
        "project_id": project_id,
        "created_at": "2024-01-01 00:00:00 UTC",
        "updated_at": "2024-01-01 00:00:00 UTC",
        "template": False,
        "description": None,
        "type": "ProjectLabel",
        "group_id": None,
    }


def gitlab_issue_labels_changed(
    *,
    token: str,
    project: str = "gitlab-org/gitlab-test",
    project_id: int = 1,
    iid: int = 23,
    previous_labels: list[str] | None = None,
    current_labels: list[str] | None = None,
    actor: str = "root",
    title: str = "New API: create/update/delete file",
    description: str = "Create new API for manipulations with repository",
    action: str = "update",
    delivery_id: str | None = None,
) -> Delivery:
    """Issue Hook whose `changes.labels` goes from `previous_labels` to `current_labels`."""
    payload = fixture("gitlab/issue.labels_changed.json")
    previous = previous_labels if previous_labels is not None else []
    current = current_labels if current_labels is not None else ["smith"]
    user_id = _gl_user(payload, actor)
    _gl_project(payload, project, project_id)
    attrs = payload["object_attributes"]
    attrs.update(
        iid=iid,
        title=title,
        description=description,
        action=action,
        project_id=project_id,
        url=f"https://gitlab.example.com/{project}/-/issues/{iid}",
        updated_by_id=user_id,
        labels=[_gl_label(n, project_id) for n in current],
    )
    payload["labels"] = [_gl_label(n, project_id) for n in current]
    payload["changes"]["labels"] = {
        "previous": [_gl_label(n, project_id) for n in previous],
        "current": [_gl_label(n, project_id) for n in current],
    }
    return gitlab_delivery("Issue Hook", payload, token=token, delivery_id=delivery_id)


def _gl_note(
    payload: dict[str, Any],
    project: str,
    project_id: int,
    note: str,
    note_id: int,
    discussion_id: str,
    noteable_type: str,
    noteable_id: int,
    url: str,
    user_id: int,
    position: dict[str, Any] | None,
    note_type: str | None,
) -> None:
    attrs = payload["object_attributes"]
    attrs.update(
        id=note_id,
        note=note,
        noteable_type=noteable_type,
        project_id=project_id,
        noteable_id=noteable_id,
        author_id=user_id,
        url=url,
        discussion_id=discussion_id,
        type=note_type,
        action="create",
    )
    if position is not None:
        attrs["position"] = position


def gitlab_note_on_issue(
    *,
    token: str,
    project: str = "gitlab-org/gitlab-test",
    project_id: int = 5,
    iid: int = 17,
    note: str = "/smith help",
    actor: str = "root",
    note_id: int = 1241,
    discussion_id: str = "f5c3f3ea4bcd7c0e3d8ae80c4d3f38c9cbe44e4a",
    issue_title: str = "test",
    labels: list[str] | None = None,
    delivery_id: str | None = None,
) -> Delivery:
    """Note Hook for a comment on issue `iid`."""
    payload = fixture("gitlab/note.issue.json")
    user_id = _gl_user(payload, actor)
    _gl_project(payload, project, project_id)
    issue_url = f"https://gitlab.example.com/{project}/-/issues/{iid}"
    payload["issue"].update(
        iid=iid,
        title=issue_title,
        project_id=project_id,
        labels=[_gl_label(n, project_id) for n in labels or []],
    )
    _gl_note(
        payload,
        project,
        project_id,
        note,
        note_id,
        discussion_id,
        "Issue",
        payload["issue"]["id"],
        f"{issue_url}#note_{note_id}",
        user_id,
        None,
        None,
    )
    return gitlab_delivery("Note Hook", payload, token=token, delivery_id=delivery_id)


def gitlab_note_on_merge_request(
    *,
    token: str,
    project: str = "gitlab-org/gitlab-test",
    project_id: int = 5,
    iid: int = 1,
    note: str = "/smith rework please",
    actor: str = "root",
    note_id: int = 1244,
    discussion_id: str = "0a0b8c1a9d36d1a1ab2a5bd74a1b8d5e9f6f6f6f",
    note_type: str | None = None,
    position: dict[str, Any] | None = None,
    source_branch: str = "smith/fix-1",
    target_branch: str = "main",
    title: str = "Fix it",
    delivery_id: str | None = None,
) -> Delivery:
    """Note Hook for a comment on merge request `iid`.

    `note_type` is "DiffNote" / "DiscussionNote" for notes in threads, None for a plain comment.
    """
    payload = fixture("gitlab/note.merge_request.json")
    user_id = _gl_user(payload, actor)
    _gl_project(payload, project, project_id)
    payload["merge_request"].update(
        iid=iid,
        source_branch=source_branch,
        target_branch=target_branch,
        title=title,
        source_project_id=project_id,
        target_project_id=project_id,
    )
    mr_url = f"https://gitlab.example.com/{project}/-/merge_requests/{iid}"
    _gl_note(
        payload,
        project,
        project_id,
        note,
        note_id,
        discussion_id,
        "MergeRequest",
        payload["merge_request"]["id"],
        f"{mr_url}#note_{note_id}",
        user_id,
        position,
        note_type,
    )
    return gitlab_delivery("Note Hook", payload, token=token, delivery_id=delivery_id)


def gitlab_merge_request_event(
    *,
    token: str,
    project: str = "gitlab-org/gitlab-test",
    project_id: int = 1,
    iid: int = 1,
    action: str = "merge",
    actor: str = "root",
    source_branch: str = "smith/fix-1",
    target_branch: str = "main",
    title: str = "Fix it",
    description: str = "",
    delivery_id: str | None = None,
    head_sha: str | None = None,
) -> Delivery:
    """Merge Request Hook; `action` merge (state merged), close (closed), open, reopen, update.
    `head_sha` is the source branch's head (`last_commit.id`)."""
    payload = fixture("gitlab/merge_request.open.json")
    _gl_user(payload, actor)
    _gl_project(payload, project, project_id)
    state = {"merge": "merged", "close": "closed"}.get(action, "opened")
    payload["object_attributes"].update(
        iid=iid,
        action=action,
        state=state,
        source_branch=source_branch,
        target_branch=target_branch,
        title=title,
        description=description,
        source_project_id=project_id,
        target_project_id=project_id,
        url=f"https://gitlab.example.com/{project}/-/merge_requests/{iid}",
    )
    payload["changes"] = {}
    if head_sha:
        payload["object_attributes"]["last_commit"]["id"] = head_sha
    return gitlab_delivery("Merge Request Hook", payload, token=token, delivery_id=delivery_id)


def gitlab_emoji_award(
    *,
    token: str,
    project: str = "gitlab-org/gitlab-test",
    project_id: int = 6,
    name: str = "thumbsup",
    actor: str = "root",
    note_id: int = 1284,
    iid: int = 1,
    noteable_type: str = "MergeRequest",
    award_id: int = 123,
    action: str = "award",
    discussion_id: str = "0a0b8c1a9d36d1a1ab2a5bd74a1b8d5e9f6f6f6f",
    delivery_id: str | None = None,
) -> Delivery:
    """Emoji Hook: `name` awarded (or revoked) on note `note_id` of an issue or merge request."""
    payload = fixture("gitlab/emoji.award.json")
    user_id = _gl_user(payload, actor)
    _gl_project(payload, project, project_id)
    kind = "merge_requests" if noteable_type == "MergeRequest" else "issues"
    item_url = f"https://gitlab.example.com/{project}/-/{kind}/{iid}"
    payload["object_attributes"].update(
        id=award_id,
        name=name,
        action=action,
        user_id=user_id,
        awardable_type="Note",
        awardable_id=note_id,
        awarded_on_url=f"{item_url}#note_{note_id}",
    )
    payload["note"].update(
        id=note_id,
        noteable_type=noteable_type,
        project_id=project_id,
        discussion_id=discussion_id,
        url=f"{item_url}#note_{note_id}",
    )
    item = payload.pop("issue")
    item.update(iid=iid, project_id=project_id, url=item_url)
    payload["merge_request" if noteable_type == "MergeRequest" else "issue"] = item
    return gitlab_delivery("Emoji Hook", payload, token=token, delivery_id=delivery_id)
