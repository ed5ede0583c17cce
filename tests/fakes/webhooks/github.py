"""GitHub deliveries: `X-Hub-Signature-256` signed payloads from octokit/webhooks examples."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import uuid
from typing import Any

from tests.fakes.webhooks.payloads import Delivery, fixture
from tests.fakes.webhooks.payloads import user_id as _user_id


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
