"""Variants of the published payloads: what real deliveries also send, and what is broken."""

from __future__ import annotations

import pytest

from bot.events import MalformedPayload, github_event, gitlab_event, reaction_content
from bot.forge.base import ItemRef, RepoRef
from tests.events.payloads import load

# ---------------------------------------------------------------- GitHub: malformed payloads


def _labeled() -> dict:
    return load("github", "issues.labeled.json")


def test_malformed_payload_is_a_value_error() -> None:
    assert issubclass(MalformedPayload, ValueError)


def test_github_missing_repository() -> None:
    payload = _labeled()
    del payload["repository"]
    with pytest.raises(MalformedPayload, match=r"'issues'.*repository: Field required"):
        github_event("issues", payload)


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda p: p.update(repository="Codertocat/Hello-World"), "repository"),
        (lambda p: p["repository"].update(full_name=186853002), "repository.full_name"),
        (lambda p: p["issue"].update(number="one"), "issue.number"),
        (lambda p: p.update(label=None), "label"),
        (lambda p: p.pop("label"), "label"),
        (lambda p: p.pop("sender"), "sender"),
        (lambda p: p["issue"].update(labels="bug"), "issue.labels"),
    ],
    ids=[
        "repo-string",
        "full_name-int",
        "number-text",
        "label-null",
        "label-missing",
        "no-sender",
        "labels-string",
    ],
)
def test_github_wrong_or_missing_fields(mutate, field: str) -> None:
    payload = _labeled()
    mutate(payload)
    with pytest.raises(MalformedPayload) as caught:
        github_event("issues", payload)
    assert field in str(caught.value)


def test_github_comment_without_body() -> None:
    payload = load("github", "issue_comment.created.json")
    del payload["comment"]["body"]
    with pytest.raises(MalformedPayload, match="comment.body"):
        github_event("issue_comment", payload)


def test_github_body_that_is_not_an_object() -> None:
    with pytest.raises(MalformedPayload, match="JSON object"):
        github_event("issues", [1, 2])  # type: ignore[arg-type]


def test_github_closed_without_merged_flag() -> None:
    payload = load("github", "pull_request.closed.json")
    del payload["pull_request"]["merged"]
    del payload["pull_request"]["merged_at"]
    with pytest.raises(MalformedPayload, match="merged"):
        github_event("pull_request", payload)


# ---------------------------------------------------------------- GitHub: variants


def test_github_closed_and_merged() -> None:
    # No published example exists (SOURCES.md); GitHub sets merged and merged_at on a merge.
    payload = load("github", "pull_request.closed.json")
    payload["pull_request"].update(merged=True, merged_at="2019-05-15T15:21:18Z")
    event = github_event("pull_request", payload)
    assert (event.kind, event.merged) == ("change_request_closed", True)


def test_github_closed_with_only_merged_at() -> None:
    payload = load("github", "pull_request.closed.json")
    del payload["pull_request"]["merged"]
    payload["pull_request"]["merged_at"] = "2019-05-15T15:21:18Z"
    assert github_event("pull_request", payload).merged is True


def test_github_comment_on_a_pull_request_targets_the_change_request() -> None:
    payload = load("github", "issue_comment.created.json")
    payload["issue"]["pull_request"] = {
        "url": "https://api.github.com/repos/Codertocat/Hello-World/pulls/1",
        "html_url": "https://github.com/Codertocat/Hello-World/pull/1",
    }
    event = github_event("issue_comment", payload)
    assert (event.kind, event.item) == ("comment_created", ItemRef("change_request", 1))


def test_github_review_reply_belongs_to_the_first_comments_thread() -> None:
    payload = load("github", "pull_request_review_comment.created.json")
    payload["comment"].update(id=284312999, in_reply_to_id=284312630)
    event = github_event("pull_request_review_comment", payload)
    assert (event.comment_id, event.thread_id) == (284312999, "284312630")


@pytest.mark.parametrize(
    ("sender", "bot_account", "is_bot", "is_self"),
    [
        ({"login": "Codertocat", "type": "User"}, "smith", False, False),
        ({"login": "dependabot[bot]", "type": "Bot"}, "smith", True, False),
        ({"login": "renovate[bot]"}, None, True, False),
        ({"login": "ci-robot", "type": "Bot"}, None, True, False),
        ({"login": "smith[bot]", "type": "Bot"}, "smith", True, True),
        ({"login": "Smith-Bot", "type": "User"}, "smith-bot", True, True),
        ({"login": "smithy", "type": "User"}, "smith", False, False),
    ],
)
def test_github_bot_detection(sender, bot_account, is_bot: bool, is_self: bool) -> None:
    payload = load("github", "issue_comment.created.json")
    payload["sender"] = sender
    event = github_event("issue_comment", payload, bot_account=bot_account)
    assert (event.actor, event.actor_is_bot, event.actor_is_self) == (
        sender["login"],
        is_bot,
        is_self,
    )


# ---------------------------------------------------------------- GitHub: ignored events


@pytest.mark.parametrize(
    ("event_name", "fixture", "action"),
    [
        ("issues", "issues.opened.json", "edited"),
        ("issues", "issues.opened.json", "closed"),
        ("issue_comment", "issue_comment.created.json", "deleted"),
        ("pull_request", "pull_request.opened.json", "synchronize"),
        ("pull_request_review", "pull_request_review.submitted.json", "dismissed"),
    ],
)
def test_github_unknown_action_is_other_with_repo(event_name, fixture, action) -> None:
    payload = load("github", fixture)
    payload["action"] = action
    event = github_event(event_name, payload)
    assert (event.kind, event.action) == ("other", action)
    assert event.repo == RepoRef("github", "Codertocat/Hello-World")
    assert event.actor == "Codertocat"


def test_github_unknown_event_never_raises() -> None:
    event = github_event("star", {"action": "created", "repository": 5, "sender": "x"})
    assert (event.kind, event.event_name, event.repo, event.actor) == ("other", "star", None, None)
    assert github_event("watch", {}).kind == "other"


# ---------------------------------------------------------------- GitLab: issues and MRs


def _issue_hook(action: str, previous: list[str] | None, current: list[str] | None) -> dict:
    payload = load("gitlab", "issue.labels_changed.json")
    payload["object_attributes"]["action"] = action
    if previous is None:
        del payload["changes"]["labels"]
    else:
        payload["changes"]["labels"] = {
            "previous": [{"title": t} for t in previous],
            "current": [{"title": t} for t in current or []],
        }
    return payload


def test_gitlab_label_added_on_update() -> None:
    event = gitlab_event("Issue Hook", _issue_hook("update", ["API"], ["API", "smith"]))
    assert (event.kind, event.label, event.labels_added) == ("issue_labeled", "smith", ["smith"])
    assert event.labels_removed == []


def test_gitlab_label_removed_only() -> None:
    event = gitlab_event("Issue Hook", _issue_hook("update", ["API", "smith"], ["API"]))
    assert (event.kind, event.label, event.labels_removed) == (
        "issue_unlabeled",
        "smith",
        ["smith"],
    )


def test_gitlab_labels_null_lists_are_empty() -> None:
    payload = _issue_hook("update", [], [])
    payload["changes"]["labels"] = {"previous": None, "current": [{"title": "smith"}]}
    event = gitlab_event("Issue Hook", payload)
    assert (event.kind, event.labels_added) == ("issue_labeled", ["smith"])


@pytest.mark.parametrize("changes", [{}, [], None, "absent"])
def test_gitlab_issue_opened_with_empty_changes(changes) -> None:
    payload = _issue_hook("open", None, None)
    if changes == "absent":
        del payload["changes"]
    else:
        payload["changes"] = changes
    event = gitlab_event("Issue Hook", payload)
    assert (event.kind, event.item) == ("issue_opened", ItemRef("issue", 23))
    assert event.labels_added == [] and event.label is None


def test_gitlab_confidential_issue_hook() -> None:
    event = gitlab_event("Confidential Issue Hook", _issue_hook("update", [], ["smith"]))
    assert event.kind == "issue_labeled"


def test_gitlab_issue_update_without_label_change_is_other() -> None:
    event = gitlab_event("Issue Hook", _issue_hook("update", None, None))
    assert (event.kind, event.action, event.item) == ("other", "update", ItemRef("issue", 23))


def test_gitlab_work_item_is_other() -> None:
    payload = _issue_hook("update", [], ["smith"])
    payload["object_kind"] = "work_item"
    event = gitlab_event("Issue Hook", payload)
    assert (event.kind, event.repo) == ("other", RepoRef("gitlab", "gitlabhq/gitlab-test"))
    assert (event.action, event.actor) == ("update", "root")
    with pytest.raises(MalformedPayload, match="object_kind 'work_item'"):
        gitlab_event("Note Hook", payload)


@pytest.mark.parametrize(
    ("action", "kind", "merged"),
    [
        ("merge", "change_request_closed", True),
        ("close", "change_request_closed", False),
        ("open", "change_request_opened", None),
        ("update", "other", None),
        ("approved", "other", None),
    ],
)
def test_gitlab_merge_request_actions(action: str, kind: str, merged: bool | None) -> None:
    payload = load("gitlab", "merge_request.open.json")
    payload["object_attributes"]["action"] = action
    event = gitlab_event("Merge Request Hook", payload)
    assert (event.kind, event.merged, event.item) == (kind, merged, ItemRef("change_request", 1))


# ---------------------------------------------------------------- GitLab: notes


def _mr_note(**attrs: object) -> dict:
    payload = load("gitlab", "note.merge_request.json")
    payload["object_attributes"].update(attrs)
    return payload


def test_gitlab_diff_note_is_a_review_comment_in_its_discussion() -> None:
    event = gitlab_event(
        "Note Hook",
        _mr_note(
            type="DiffNote",
            discussion_id="6a9c1750b37d513a43987b574953fceb50b03ce7",
            position={"new_path": "README.md", "new_line": 3},
        ),
    )
    assert event.kind == "review_comment_created"
    assert event.thread_id == "6a9c1750b37d513a43987b574953fceb50b03ce7"
    assert event.item == ItemRef("change_request", 1)


def test_gitlab_reply_in_a_thread_is_a_review_comment() -> None:
    event = gitlab_event("Note Hook", _mr_note(type="DiscussionNote", discussion_id="abc123"))
    assert (event.kind, event.thread_id) == ("review_comment_created", "abc123")


def test_gitlab_plain_note_keeps_its_discussion_id() -> None:
    event = gitlab_event("Note Hook", _mr_note(discussion_id="def456"))
    assert (event.kind, event.thread_id) == ("comment_created", "def456")


@pytest.mark.parametrize(
    "attrs",
    [
        {"action": "update"},
        {"system": True},
        {"noteable_type": "Commit"},
        {"noteable_type": "Snippet"},
    ],
)
def test_gitlab_notes_smith_ignores(attrs: dict) -> None:
    assert gitlab_event("Note Hook", _mr_note(**attrs)).kind == "other"


def test_gitlab_note_without_action_counts_as_created() -> None:
    payload = _mr_note()
    del payload["object_attributes"]["action"]
    assert gitlab_event("Note Hook", payload).kind == "comment_created"


def test_gitlab_confidential_note_hook() -> None:
    payload = load("gitlab", "note.issue.json")
    payload["event_type"] = "confidential_note"
    event = gitlab_event("Confidential Note Hook", payload)
    assert (event.kind, event.item) == ("comment_created", ItemRef("issue", 17))


# ---------------------------------------------------------------- GitLab: emoji


def _emoji(name: str = "thumbsup", action: str = "award") -> dict:
    payload = load("gitlab", "emoji.award.json")
    payload["object_attributes"].update(name=name, action=action)
    return payload


def test_gitlab_emoji_revoke() -> None:
    event = gitlab_event("Emoji Hook", _emoji("thumbsdown", "revoke"))
    assert (event.kind, event.reaction, event.comment_id) == ("reaction_removed", "-1", 363)


def test_gitlab_emoji_on_a_merge_request_note() -> None:
    payload = _emoji()
    issue = payload.pop("issue")
    payload["merge_request"] = {"iid": 5, "title": "fix", "id": issue["id"]}
    payload["note"]["noteable_type"] = "MergeRequest"
    event = gitlab_event("Emoji Hook", payload)
    assert event.item == ItemRef("change_request", 5)
    assert event.thread_id == "c3d97fd471f210a5dc8b97a409e3bea95ee06c14"


def test_gitlab_emoji_on_the_issue_itself() -> None:
    payload = _emoji()
    payload["object_attributes"].update(awardable_type="Issue", awardable_id=635)
    del payload["note"]
    event = gitlab_event("Emoji Hook", payload)
    assert (event.kind, event.item, event.comment_id) == (
        "reaction_added",
        ItemRef("issue", 42),
        None,
    )


def test_gitlab_emoji_action_from_event_type_when_attribute_missing() -> None:
    payload = _emoji()
    del payload["object_attributes"]["action"]
    payload["event_type"] = "revoke"
    assert gitlab_event("Emoji Hook", payload).kind == "reaction_removed"


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("thumbsup", "+1"),
        ("thumbsup_tone3", "+1"),
        ("+1", "+1"),
        ("thumbsdown", "-1"),
        ("thumbsdown_tone1", "-1"),
        ("-1", "-1"),
        ("heart", "other"),
        ("tada", "other"),
    ],
)
def test_reaction_content(name: str, content: str) -> None:
    assert reaction_content(name) == content


def test_gitlab_emoji_on_a_note_without_the_note() -> None:
    payload = _emoji()
    del payload["note"]
    with pytest.raises(MalformedPayload, match="note"):
        gitlab_event("Emoji Hook", payload)


# ---------------------------------------------------------------- GitLab: malformed and ignored


def test_gitlab_header_and_body_disagree() -> None:
    with pytest.raises(MalformedPayload, match="object_kind 'issue'"):
        gitlab_event("Note Hook", load("gitlab", "issue.labels_changed.json"))


@pytest.mark.parametrize(
    ("fixture", "header", "mutate", "field"),
    [
        ("note.issue.json", "Note Hook", lambda p: p.pop("project"), "project"),
        (
            "note.issue.json",
            "Note Hook",
            lambda p: p["project"].pop("path_with_namespace"),
            "project.path_with_namespace",
        ),
        ("note.issue.json", "Note Hook", lambda p: p.pop("issue"), "issue"),
        ("note.merge_request.json", "Note Hook", lambda p: p.pop("merge_request"), "merge_request"),
        (
            "note.issue.json",
            "Note Hook",
            lambda p: p["object_attributes"].update(note=None),
            "object_attributes.note",
        ),
        (
            "issue.labels_changed.json",
            "Issue Hook",
            lambda p: p["object_attributes"].pop("iid"),
            "object_attributes.iid",
        ),
        (
            "issue.labels_changed.json",
            "Issue Hook",
            lambda p: p["changes"]["labels"].update(current="smith"),
            "changes.labels.current",
        ),
        ("merge_request.open.json", "Merge Request Hook", lambda p: p.update(user="root"), "user"),
        (
            "emoji.award.json",
            "Emoji Hook",
            lambda p: p["object_attributes"].update(awardable_id="x"),
            "object_attributes.awardable_id",
        ),
    ],
)
def test_gitlab_wrong_or_missing_fields(fixture, header, mutate, field) -> None:
    payload = load("gitlab", fixture)
    mutate(payload)
    with pytest.raises(MalformedPayload) as caught:
        gitlab_event(header, payload)
    assert field in str(caught.value)


def test_gitlab_unknown_hook_is_other_with_repo() -> None:
    payload = {
        "object_kind": "push",
        "user_username": "root",
        "project": {"path_with_namespace": "group/app"},
    }
    event = gitlab_event("Push Hook", payload)
    assert (event.kind, event.event_name, event.repo) == (
        "other",
        "Push Hook",
        RepoRef("gitlab", "group/app"),
    )


def test_gitlab_unknown_hook_with_garbage_never_raises() -> None:
    event = gitlab_event("Pipeline Hook", {"project": "nope"})
    assert (event.kind, event.repo) == ("other", None)


@pytest.mark.parametrize(
    ("username", "bot_account", "is_bot", "is_self"),
    [
        ("root", None, False, False),
        ("root", "root", True, True),
        ("Smith", "smith", True, True),
        ("project_5_bot_3f2a9c1d", "smith", True, False),
        ("group_12_bot", None, True, False),
        ("project_manager", None, False, False),
    ],
)
def test_gitlab_bot_detection(username, bot_account, is_bot, is_self) -> None:
    payload = load("gitlab", "note.issue.json")
    payload["user"]["username"] = username
    event = gitlab_event("Note Hook", payload, bot_account=bot_account)
    assert (event.actor_is_bot, event.actor_is_self) == (is_bot, is_self)
