"""Every published webhook payload parses into the Event a handler expects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.events import Event, github_event, gitlab_event
from bot.forge.base import ItemRef, RepoRef
from tests.events.payloads import (
    github_event_name,
    gitlab_header,
    load,
    payload_files,
)

# What each fixture means. A fixture added to the shared folder without a line here fails
# `test_every_fixture_has_an_expected_kind`, so nobody adds a payload without stating its meaning.
EXPECTED_KIND = {
    "github/installation.created.json": "installation",
    "github/issue_comment.created.json": "comment_created",
    "github/issue_comment.created.with-installation.json": "comment_created",
    "github/issues.labeled.json": "issue_labeled",
    "github/issues.opened.json": "issue_opened",
    "github/issues.unlabeled.json": "issue_unlabeled",
    "github/ping.json": "ping",
    "github/pull_request.closed.json": "change_request_closed",
    "github/pull_request.opened.json": "change_request_opened",
    "github/pull_request_review.submitted.json": "review_submitted",
    "github/pull_request_review_comment.created.json": "review_comment_created",
    "gitlab/emoji.award.json": "reaction_added",
    "gitlab/issue.labels_changed.json": "issue_labeled",
    "gitlab/merge_request.open.json": "change_request_opened",
    "gitlab/note.issue.json": "comment_created",
    "gitlab/note.merge_request.json": "comment_created",
}

ALL_FILES = [("github", p) for p in payload_files("github")] + [
    ("gitlab", p) for p in payload_files("gitlab")
]


def _key(forge: str, path: Path) -> str:
    return f"{forge}/{path.name}"


def _parse(forge: str, path: Path) -> tuple[dict, Event]:
    payload = json.loads(path.read_text(encoding="utf-8"))
    if forge == "github":
        return payload, github_event(github_event_name(path), payload)
    return payload, gitlab_event(gitlab_header(payload), payload)


def _expected_repo(forge: str, payload: dict) -> str | None:
    """Read independently of the parser: where each forge names the repository."""
    if forge == "github":
        return (payload.get("repository") or {}).get("full_name")
    return payload["project"]["path_with_namespace"]


def test_fixture_folders_are_not_empty() -> None:
    forges = {forge for forge, _ in ALL_FILES}
    assert forges == {"github", "gitlab"}
    assert len(ALL_FILES) >= len(EXPECTED_KIND)


def test_every_fixture_has_an_expected_kind() -> None:
    missing = sorted({_key(f, p) for f, p in ALL_FILES} - EXPECTED_KIND.keys())
    assert not missing, f"state the expected kind of new fixtures in EXPECTED_KIND: {missing}"


@pytest.mark.parametrize(("forge", "path"), ALL_FILES, ids=lambda v: getattr(v, "name", v))
def test_every_payload_parses_to_its_kind(forge: str, path: Path) -> None:
    payload, event = _parse(forge, path)
    assert event.forge == forge
    assert event.kind == EXPECTED_KIND.get(_key(forge, path))
    repo = _expected_repo(forge, payload)
    assert event.repo == (RepoRef(forge, repo) if repo else None)
    assert event.actor and not event.actor_is_bot and not event.actor_is_self
    # what a job queue stores must come back unchanged
    assert Event.model_validate_json(event.model_dump_json()) == event


def test_github_issue_labeled() -> None:
    event = github_event("issues", load("github", "issues.labeled.json"))
    assert event.repo == RepoRef("github", "Codertocat/Hello-World")
    assert event.item == ItemRef("issue", 1)
    assert (event.label, event.labels_added, event.labels_removed) == ("bug", ["bug"], [])
    assert event.actor == "Codertocat"
    assert event.action == "labeled" and event.event_name == "issues"
    assert event.url == "https://github.com/Codertocat/Hello-World/issues/1"
    assert event.installation_id is None


def test_github_issue_unlabeled() -> None:
    event = github_event("issues", load("github", "issues.unlabeled.json"))
    assert event.item == ItemRef("issue", 1)
    assert (event.label, event.labels_added, event.labels_removed) == ("bug", [], ["bug"])


def test_github_issue_opened_carries_title_and_labels() -> None:
    event = github_event("issues", load("github", "issues.opened.json"))
    assert event.item == ItemRef("issue", 1)
    assert event.item_title == "Spelling error in the README file"
    assert event.item_labels == ["bug"]
    assert event.label is None


def test_github_issue_comment() -> None:
    event = github_event("issue_comment", load("github", "issue_comment.created.json"))
    assert event.item == ItemRef("issue", 1)
    assert event.comment_id == 492700400
    assert event.comment_body == "You are totally right! I'll get this fixed right away."
    assert event.thread_id is None
    assert event.installation_id is None


def test_github_issue_comment_sent_to_an_app_has_its_installation() -> None:
    event = github_event(
        "issue_comment", load("github", "issue_comment.created.with-installation.json")
    )
    assert event.installation_id == 1
    assert event.comment_id == 492700400
    assert event.repo == RepoRef("github", "Codertocat/Hello-World")


def test_github_review_comment_is_its_own_thread() -> None:
    event = github_event(
        "pull_request_review_comment", load("github", "pull_request_review_comment.created.json")
    )
    assert event.item == ItemRef("change_request", 2)
    assert event.comment_id == 284312630
    assert event.thread_id == "284312630"
    assert event.comment_body == "Maybe you should use more emoji on this line."
    assert event.url == "https://github.com/Codertocat/Hello-World/pull/2#discussion_r284312630"
    assert event.installation_id == 1


def test_github_review_submitted() -> None:
    event = github_event(
        "pull_request_review", load("github", "pull_request_review.submitted.json")
    )
    assert event.item == ItemRef("change_request", 2)
    assert event.review_state == "commented"
    assert event.comment_id == 237895671
    assert event.comment_body == ""  # the review has body null


def test_github_pull_request_opened() -> None:
    event = github_event("pull_request", load("github", "pull_request.opened.json"))
    assert event.item == ItemRef("change_request", 2)
    assert (event.source_branch, event.target_branch) == ("changes", "master")
    assert event.head_sha == "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
    assert event.merged is None
    assert event.url == "https://github.com/Codertocat/Hello-World/pull/2"


def test_github_pull_request_closed_unmerged() -> None:
    event = github_event("pull_request", load("github", "pull_request.closed.json"))
    assert event.item == ItemRef("change_request", 2)
    assert event.merged is False


def test_github_installation_lists_repositories() -> None:
    event = github_event("installation", load("github", "installation.created.json"))
    assert event.installation_id == 957387
    assert event.repositories == [RepoRef("github", "Codertocat/Hello-World")]
    assert event.repo is None and event.item is None


def test_github_ping() -> None:
    event = github_event("ping", load("github", "ping.json"))
    assert event.action is None
    assert event.repo == RepoRef("github", "Octocoders/Hello-World")


def test_gitlab_issue_labels_changed_uses_iid_and_label_diff() -> None:
    event = gitlab_event("Issue Hook", load("gitlab", "issue.labels_changed.json"))
    assert event.repo == RepoRef("gitlab", "gitlabhq/gitlab-test")
    assert event.item == ItemRef("issue", 23)  # iid, not id 301
    assert event.labels_added == ["Platform"]
    assert event.labels_removed == ["API"]
    assert event.label == "Platform"
    assert event.action == "open"  # the docs example's quirk, kept raw
    assert event.actor == "root"
    assert event.url == "http://example.com/diaspora/issues/23"


def test_gitlab_note_on_issue() -> None:
    event = gitlab_event("Note Hook", load("gitlab", "note.issue.json"))
    assert event.repo == RepoRef("gitlab", "gitlab-org/gitlab-test")
    assert event.item == ItemRef("issue", 17)
    assert event.comment_id == 1241
    assert event.comment_body == "Hello world"
    assert event.item_labels == ["Afterpod", "Element"]


def test_gitlab_note_on_merge_request_despite_timestamp_quirk() -> None:
    payload = load("gitlab", "note.merge_request.json")
    assert payload["merge_request"]["last_commit"]["timestamp"] == "2015-04-08T21: 00:25-07:00"
    event = gitlab_event("Note Hook", payload)
    assert event.item == ItemRef("change_request", 1)  # MR iid 1, not id 7
    assert event.comment_id == 1244
    assert event.comment_body == "This MR needs work."
    # the docs example has no discussion_id; real deliveries do (see the variant tests)
    assert event.thread_id is None
    assert (event.source_branch, event.target_branch) == ("master", "markdown")
    assert event.head_sha == "562e173be03b8ff2efb05345d12df18815438a4b"
    assert event.commit_author is not None and event.commit_author.name == "John Smith"


def test_gitlab_merge_request_opened() -> None:
    event = gitlab_event("Merge Request Hook", load("gitlab", "merge_request.open.json"))
    assert event.item == ItemRef("change_request", 1)
    assert (event.source_branch, event.target_branch) == ("ms-viewport", "master")
    assert event.merged is None
    assert event.labels_added == ["Platform"]
    assert event.commit_author is not None
    assert event.commit_author.email == "gitlabdev@dv6700.(none)"


def test_gitlab_emoji_award_on_an_issue_note() -> None:
    event = gitlab_event("Emoji Hook", load("gitlab", "emoji.award.json"))
    assert event.repo == RepoRef("gitlab", "flightjs/Flight")
    assert event.reaction == "+1"
    assert event.reaction_name == "thumbsup"
    assert event.comment_id == 363
    assert event.thread_id == "c3d97fd471f210a5dc8b97a409e3bea95ee06c14"
    assert event.item == ItemRef("issue", 42)
    assert event.url == "http://example.com/flightjs/Flight/-/issues/42#note_363"
