"""Signed webhook deliveries built from the real published payloads, and a sender.

Each builder loads a fixture from the shared fixtures folder (octokit/webhooks and GitLab docs
examples, see SOURCES.md there), overrides the fields a test cares about, and returns
`(headers, body_bytes)` signed as the forge signs them:

- GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, `X-GitHub-Event`,
  `X-GitHub-Delivery`;
- GitLab: `X-Gitlab-Token` (the secret in plain text), `X-Gitlab-Event`, `X-Gitlab-Event-UUID`,
  `Idempotency-Key`.

The fixtures folder is `$SMITH_FIXTURES_DIR`, else `tests/fixtures/` or `../shared/fixtures/`
next to the checkout.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import hmac
import json
import os
import uuid
import zlib
from pathlib import Path
from typing import Any

import aiohttp

Headers = dict[str, str]
Delivery = tuple[Headers, bytes]

_ROOT = Path(__file__).resolve().parents[2]


def fixtures_dir() -> Path:
    """Where the real webhook payloads live."""
    candidates = [
        Path(os.environ["SMITH_FIXTURES_DIR"]) if os.environ.get("SMITH_FIXTURES_DIR") else None,
        _ROOT / "tests" / "fixtures",
        _ROOT.parent / "shared" / "fixtures",
    ]
    for candidate in candidates:
        if candidate is not None and (candidate / "github" / "issues.labeled.json").is_file():
            return candidate
    raise FileNotFoundError("webhook fixtures not found; set SMITH_FIXTURES_DIR")


@functools.cache
def _load(name: str) -> dict[str, Any]:
    return json.loads((fixtures_dir() / name).read_text(encoding="utf-8"))


def fixture(name: str) -> dict[str, Any]:
    """A fresh copy of one fixture payload, e.g. `fixture("github/issues.labeled.json")`."""
    return copy.deepcopy(_load(name))


def _user_id(login: str) -> int:
    return zlib.crc32(login.encode()) % 90_000_000 + 1_000_000


# -- GitHub ----------------------------------------------------------------------------------


def sign_github(body: bytes, secret: str) -> str:
    """`X-Hub-Signature-256` value: `sha256=` + hex HMAC-SHA256 of the raw body."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def github_delivery(
    event: str, payload: dict[str, Any], *, secret: str, delivery_id: str | None = None
) -> Delivery:
    """Serialise and sign any GitHub payload."""
    body = json.dumps(payload).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "GitHub-Hookshot/044aadd",
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": delivery_id or str(uuid.uuid4()),
        "X-GitHub-Hook-ID": "292430182",
        "X-Hub-Signature-256": sign_github(body, secret),
    }
    return headers, body


def _gh_user(template: dict[str, Any], login: str) -> dict[str, Any]:
    user = copy.deepcopy(template)
    user.update(
        login=login,
        id=_user_id(login),
        url=f"https://api.github.com/users/{login}",
        html_url=f"https://github.com/{login}",
        type="Bot" if login.endswith("[bot]") else "User",
    )
    return user


def _gh_repository(payload: dict[str, Any], repo: str) -> None:
    owner, name = repo.split("/", 1)
    block = payload["repository"]
    block.update(
        name=name,
        full_name=repo,
        html_url=f"https://github.com/{repo}",
        url=f"https://api.github.com/repos/{repo}",
        clone_url=f"https://github.com/{repo}.git",
    )
    block["owner"] = _gh_user(block["owner"], owner)


def _gh_label(template: dict[str, Any], repo: str, name: str) -> dict[str, Any]:
    label = copy.deepcopy(template)
    label.update(
        name=name,
        id=_user_id("label:" + name),
        default=False,
        description=None,
        url=f"https://api.github.com/repos/{repo}/labels/{name}",
    )
    return label


def _gh_common(payload: dict[str, Any], repo: str, actor: str, installation_id: int | None) -> None:
    _gh_repository(payload, repo)
    payload["sender"] = _gh_user(payload["sender"], actor)
    if installation_id is not None:
        payload["installation"] = {
            "id": installation_id,
            "node_id": "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==",
        }
    else:
        payload.pop("installation", None)


def _gh_issue(
    payload: dict[str, Any],
    repo: str,
    number: int,
    title: str,
    body: str,
    author: str,
    labels: list[str],
    label_template: dict[str, Any],
) -> None:
    issue = payload["issue"]
    issue.update(
        number=number,
        title=title,
        body=body,
        id=_user_id(f"{repo}#{number}"),
        url=f"https://api.github.com/repos/{repo}/issues/{number}",
        html_url=f"https://github.com/{repo}/issues/{number}",
        repository_url=f"https://api.github.com/repos/{repo}",
    )
    issue["user"] = _gh_user(issue["user"], author)
    issue["labels"] = [_gh_label(label_template, repo, name) for name in labels]


def github_issues_labeled(
    *,
    secret: str,
    repo: str = "Codertocat/Hello-World",
    number: int = 1,
    label: str = "smith",
    actor: str = "Codertocat",
    title: str = "Spelling error in the README file",
    body: str = "It looks like you accidently spelled 'commit' with two 't's.",
    author: str = "Codertocat",
    labels: list[str] | None = None,
    installation_id: int | None = None,
    action: str = "labeled",
    delivery_id: str | None = None,
) -> Delivery:
    """`issues` / `labeled` (or `unlabeled` with `action=`): `label` was put on issue `number`."""
    payload = fixture("github/issues.labeled.json")
    payload["action"] = action
    template = payload["label"]
    current = labels if labels is not None else ([label] if action == "labeled" else [])
    _gh_issue(payload, repo, number, title, body, author, current, template)
    payload["label"] = _gh_label(template, repo, label)
    _gh_common(payload, repo, actor, installation_id)
    return github_delivery("issues", payload, secret=secret, delivery_id=delivery_id)


def github_issue_comment_created(
    *,
    secret: str,
    repo: str = "Codertocat/Hello-World",
    number: int = 1,
    comment_body: str = "/smith help",
    actor: str = "Codertocat",
    comment_id: int = 492700400,
    on_pull_request: bool = False,
    title: str = "Spelling error in the README file",
    issue_body: str = "",
    author: str = "Codertocat",
    labels: list[str] | None = None,
    installation_id: int | None = None,
    delivery_id: str | None = None,
) -> Delivery:
    """`issue_comment` / `created` on an issue, or on a PR (`issue.pull_request` set)."""
    payload = fixture("github/issue_comment.created.json")
    label_template = fixture("github/issues.labeled.json")["label"]
    _gh_issue(payload, repo, number, title, issue_body, author, labels or [], label_template)
    if on_pull_request:
        payload["issue"]["pull_request"] = {
            "url": f"https://api.github.com/repos/{repo}/pulls/{number}",
            "html_url": f"https://github.com/{repo}/pull/{number}",
            "diff_url": f"https://github.com/{repo}/pull/{number}.diff",
            "patch_url": f"https://github.com/{repo}/pull/{number}.patch",
            "merged_at": None,
        }
        payload["issue"]["html_url"] = f"https://github.com/{repo}/pull/{number}"
    comment = payload["comment"]
    comment.update(
        id=comment_id,
        body=comment_body,
        url=f"https://api.github.com/repos/{repo}/issues/comments/{comment_id}",
        html_url=f"{payload['issue']['html_url']}#issuecomment-{comment_id}",
        issue_url=f"https://api.github.com/repos/{repo}/issues/{number}",
    )
    comment["user"] = _gh_user(comment["user"], actor)
    _gh_common(payload, repo, actor, installation_id)
    return github_delivery("issue_comment", payload, secret=secret, delivery_id=delivery_id)


def _gh_pull_request(
    payload: dict[str, Any],
    repo: str,
    number: int,
    title: str,
    body: str,
    author: str,
    head_ref: str,
    base_ref: str,
) -> dict[str, Any]:
    pull = payload["pull_request"]
    pull.update(
        number=number,
        title=title,
        body=body,
        id=_user_id(f"{repo}!{number}"),
        url=f"https://api.github.com/repos/{repo}/pulls/{number}",
        html_url=f"https://github.com/{repo}/pull/{number}",
        issue_url=f"https://api.github.com/repos/{repo}/issues/{number}",
    )
    pull["user"] = _gh_user(pull["user"], author)
    owner = repo.split("/", 1)[0]
    for side, ref in (("head", head_ref), ("base", base_ref)):
        pull[side].update(ref=ref, label=f"{owner}:{ref}")
        if isinstance(pull[side].get("repo"), dict):
            pull[side]["repo"].update(full_name=repo, name=repo.split("/", 1)[1])
    return pull


def github_pull_request_review_comment_created(
    *,
    secret: str,
    repo: str = "Codertocat/Hello-World",
    pull_number: int = 2,
    comment_body: str = "Maybe you should use more emoji on this line.",
    actor: str = "Codertocat",
    comment_id: int = 284312630,
    in_reply_to_id: int | None = None,
    path: str = "README.md",
    line: int | None = 1,
    title: str = "Update the README with new information.",
    pull_body: str = "",
    author: str = "Codertocat",
    head_ref: str = "changes",
    base_ref: str = "master",
    installation_id: int | None = None,
    delivery_id: str | None = None,
) -> Delivery:
    """`pull_request_review_comment` / `created`; a reply when `in_reply_to_id` is given."""
    payload = fixture("github/pull_request_review_comment.created.json")
    _gh_pull_request(payload, repo, pull_number, title, pull_body, author, head_ref, base_ref)
    comment = payload["comment"]
    comment.update(
        id=comment_id,
        body=comment_body,
        path=path,
        line=line,
        original_line=line,
        url=f"https://api.github.com/repos/{repo}/pulls/comments/{comment_id}",
        html_url=f"https://github.com/{repo}/pull/{pull_number}#discussion_r{comment_id}",
        pull_request_url=f"https://api.github.com/repos/{repo}/pulls/{pull_number}",
    )
    if in_reply_to_id is not None:
        comment["in_reply_to_id"] = in_reply_to_id
    comment["user"] = _gh_user(comment["user"], actor)
    _gh_common(payload, repo, actor, installation_id)
    return github_delivery(
        "pull_request_review_comment", payload, secret=secret, delivery_id=delivery_id
    )


def github_pull_request_review_submitted(
    *,
    secret: str,
    repo: str = "Codertocat/Hello-World",
    pull_number: int = 2,
    actor: str = "Codertocat",
    state: str = "commented",
    review_body: str | None = None,
    review_id: int = 237895671,
    title: str = "Update the README with new information.",
    author: str = "Codertocat",
    head_ref: str = "changes",
    base_ref: str = "master",
    installation_id: int | None = None,
    delivery_id: str | None = None,
) -> Delivery:
    """`pull_request_review` / `submitted` (`state`: commented, approved, changes_requested)."""
    payload = fixture("github/pull_request_review.submitted.json")
    _gh_pull_request(payload, repo, pull_number, title, "", author, head_ref, base_ref)
    review = payload["review"]
    review.update(
        id=review_id,
        body=review_body,
        state=state,
        html_url=f"https://github.com/{repo}/pull/{pull_number}#pullrequestreview-{review_id}",
        pull_request_url=f"https://api.github.com/repos/{repo}/pulls/{pull_number}",
    )
    review["user"] = _gh_user(review["user"], actor)
    _gh_common(payload, repo, actor, installation_id)
    return github_delivery("pull_request_review", payload, secret=secret, delivery_id=delivery_id)


def github_pull_request_closed(
    *,
    secret: str,
    repo: str = "Codertocat/Hello-World",
    pull_number: int = 2,
    merged: bool = True,
    actor: str = "Codertocat",
    title: str = "Update the README with new information.",
    body: str = "",
    author: str = "Codertocat",
    head_ref: str = "changes",
    base_ref: str = "master",
    installation_id: int | None = None,
    delivery_id: str | None = None,
    head_sha: str | None = None,
) -> Delivery:
    """`pull_request` / `closed`, merged or not; `head_sha` is the branch head at closing."""
    payload = fixture("github/pull_request.closed.json")
    payload["number"] = pull_number
    pull = _gh_pull_request(payload, repo, pull_number, title, body, author, head_ref, base_ref)
    pull.update(state="closed", merged=merged, closed_at="2019-05-15T15:20:56Z")
    pull["merged_at"] = "2019-05-15T15:20:56Z" if merged else None
    pull["merged_by"] = _gh_user(payload["sender"], actor) if merged else None
    if head_sha:
        pull["head"]["sha"] = head_sha
    _gh_common(payload, repo, actor, installation_id)
    return github_delivery("pull_request", payload, secret=secret, delivery_id=delivery_id)


# -- GitLab ----------------------------------------------------------------------------------


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


# -- sending ---------------------------------------------------------------------------------


async def send_webhook(url: str, headers: Headers, body: bytes) -> tuple[int, str]:
    """POST one delivery; returns the receiver's status and text."""
    async with aiohttp.ClientSession() as session:
        async with session.post(url, data=body, headers=headers) as response:
            return response.status, await response.text()
