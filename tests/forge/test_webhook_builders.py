"""Webhook builders make deliveries a real receiver accepts: signed as the forge signs, shaped
like the published payloads, and understood by `bot.events`; the fakes fire them on changes."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import gidgethub
import pytest
import pytest_asyncio
from aiohttp import web
from gidgethub import sansio

from bot.events import github_event, gitlab_event
from bot.forge.base import ItemRef, RepoRef
from tests.fakes import free_port
from tests.fakes import webhooks as wh
from tests.fakes.github import FakeGitHub
from tests.fakes.gitlab import FakeGitLab

SECRET = "It's a Secret to Everybody"


def _verified_github(headers: dict[str, str], body: bytes) -> sansio.Event:
    """Verify and parse the way the webhook does (gidgethub, constant-time HMAC check)."""
    return sansio.Event.from_http({k.lower(): v for k, v in headers.items()}, body, secret=SECRET)


def test_github_signature_matches_the_documented_test_vector() -> None:
    assert wh.sign_github(b"Hello, World!", SECRET) == (
        "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
    )


def test_tampered_github_body_fails_verification() -> None:
    headers, body = wh.github_issues_labeled(secret=SECRET)
    with pytest.raises(gidgethub.ValidationFailure):
        _verified_github(headers, body.replace(b"smith", b"smiTh"))


def test_github_labeled_delivery() -> None:
    headers, body = wh.github_issues_labeled(
        secret=SECRET,
        repo="octo/app",
        number=7,
        label="smith",
        actor="maint",
        labels=["bug", "smith"],
        installation_id=99,
    )
    raw = _verified_github(headers, body)
    assert raw.event == "issues" and raw.delivery_id == headers["X-GitHub-Delivery"]
    event = github_event(raw.event, raw.data)
    assert (event.kind, event.repo, event.item, event.label, event.actor) == (
        "issue_labeled",
        RepoRef("github", "octo/app"),
        ItemRef("issue", 7),
        "smith",
        "maint",
    )
    assert event.item_labels == ["bug", "smith"]
    assert event.installation_id == 99


@pytest.mark.parametrize("on_pull_request", [False, True])
def test_github_issue_comment_delivery(on_pull_request: bool) -> None:
    headers, body = wh.github_issue_comment_created(
        secret=SECRET,
        repo="octo/app",
        number=3,
        comment_body="/smith rework",
        actor="rev",
        comment_id=555,
        on_pull_request=on_pull_request,
    )
    raw = _verified_github(headers, body)
    assert ("pull_request" in raw.data["issue"]) is on_pull_request
    event = github_event(raw.event, raw.data)
    assert event.kind == "comment_created"
    assert event.item == ItemRef("change_request" if on_pull_request else "issue", 3)
    assert (event.comment_id, event.comment_body, event.actor) == (555, "/smith rework", "rev")


def test_github_review_comment_reply_names_the_thread_root() -> None:
    headers, body = wh.github_pull_request_review_comment_created(
        secret=SECRET,
        repo="octo/app",
        pull_number=4,
        comment_body="why?",
        comment_id=901,
        in_reply_to_id=900,
        actor="rev",
    )
    event = github_event(*_event_and_data(headers, body))
    assert event.kind == "review_comment_created"
    assert (event.item, event.thread_id, event.comment_body) == (
        ItemRef("change_request", 4),
        "900",
        "why?",
    )


def test_github_review_submitted_delivery() -> None:
    headers, body = wh.github_pull_request_review_submitted(
        secret=SECRET, repo="octo/app", pull_number=4, state="changes_requested", review_body="no"
    )
    event = github_event(*_event_and_data(headers, body))
    assert (event.kind, event.review_state) == ("review_submitted", "changes_requested")


@pytest.mark.parametrize("merged", [True, False])
def test_github_pull_request_closed_delivery(merged: bool) -> None:
    headers, body = wh.github_pull_request_closed(
        secret=SECRET, repo="octo/app", pull_number=9, merged=merged, head_ref="smith/issue-1"
    )
    event = github_event(*_event_and_data(headers, body))
    assert (event.kind, event.merged, event.source_branch) == (
        "change_request_closed",
        merged,
        "smith/issue-1",
    )


def _event_and_data(headers: dict[str, str], body: bytes) -> tuple[str, dict[str, Any]]:
    raw = _verified_github(headers, body)
    return raw.event, raw.data


def _gitlab(headers: dict[str, str], body: bytes, token: str = "tok") -> Any:
    assert headers["X-Gitlab-Token"] == token
    assert headers["Idempotency-Key"] == headers["X-Gitlab-Event-UUID"]
    return gitlab_event(headers["X-Gitlab-Event"], json.loads(body))


def test_gitlab_issue_labels_changed_delivery() -> None:
    event = _gitlab(
        *wh.gitlab_issue_labels_changed(
            token="tok",
            project="group/app",
            iid=5,
            previous_labels=["bug"],
            current_labels=["bug", "smith"],
            actor="maint",
        )
    )
    assert (event.kind, event.repo, event.item, event.labels_added, event.actor) == (
        "issue_labeled",
        RepoRef("gitlab", "group/app"),
        ItemRef("issue", 5),
        ["smith"],
        "maint",
    )


def test_gitlab_note_deliveries_carry_the_discussion() -> None:
    on_issue = _gitlab(
        *wh.gitlab_note_on_issue(
            token="tok", project="group/app", iid=5, note="/smith help", discussion_id="d1"
        )
    )
    assert (on_issue.kind, on_issue.item, on_issue.comment_body) == (
        "comment_created",
        ItemRef("issue", 5),
        "/smith help",
    )
    on_mr = _gitlab(
        *wh.gitlab_note_on_merge_request(
            token="tok",
            project="group/app",
            iid=2,
            note="fix this",
            discussion_id="d2",
            note_type="DiscussionNote",
        )
    )
    assert (on_mr.kind, on_mr.item, on_mr.thread_id) == (
        "review_comment_created",
        ItemRef("change_request", 2),
        "d2",
    )


@pytest.mark.parametrize(("action", "merged"), [("merge", True), ("close", False)])
def test_gitlab_merge_request_closed_delivery(action: str, merged: bool) -> None:
    event = _gitlab(
        *wh.gitlab_merge_request_event(token="tok", project="group/app", iid=3, action=action)
    )
    assert (event.kind, event.item, event.merged) == (
        "change_request_closed",
        ItemRef("change_request", 3),
        merged,
    )


def test_gitlab_emoji_delivery() -> None:
    event = _gitlab(
        *wh.gitlab_emoji_award(
            token="tok", project="group/app", name="thumbsdown", note_id=77, iid=3
        )
    )
    assert (event.kind, event.reaction, event.comment_id) == ("reaction_added", "-1", 77)
    assert event.item == ItemRef("change_request", 3)


# -- fakes firing webhooks at a receiver -------------------------------------------------------


class Receiver:
    """A stand-in for Smith's webhook endpoint that records what arrives."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.received.append((dict(request.headers), await request.read()))
        return web.Response(status=202, text="accepted")


@pytest_asyncio.fixture
async def receiver() -> AsyncIterator[Receiver]:
    recv = Receiver()
    app = web.Application()
    app.router.add_post("/hook", recv.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    recv.url = f"http://127.0.0.1:{port}/hook"
    yield recv
    await runner.cleanup()


async def test_fake_github_fires_signed_webhooks_on_human_actions(receiver: Receiver) -> None:
    async with FakeGitHub(webhook_url=receiver.url, webhook_secret=SECRET) as fake:
        fake.add_repo("octo/app")
        number = fake.add_issue("octo/app", title="Crash")
        await fake.label_issue("octo/app", number, "smith", "maint")
        pull = fake.add_pull("octo/app", head="smith/issue-1")
        root = await fake.review_comment("octo/app", pull, "why?", "rev", path="a.py", line=3)
        await fake.close_pull("octo/app", pull, "maint", merged=True)
        await fake.label_issue("octo/app", number, "other", "maint", notify=False)

    assert [status for *_, status in fake.deliveries] == [202, 202, 202]
    events = [github_event(*_event_and_data(h, b)) for h, b in receiver.received]
    assert [e.kind for e in events] == [
        "issue_labeled",
        "review_comment_created",
        "change_request_closed",
    ]
    assert events[0].item == ItemRef("issue", number) and events[0].item_title == "Crash"
    assert events[1].thread_id == str(root)
    assert events[2].merged is True
    assert fake.labels_of("octo/app", number) == ["smith", "other"]


async def test_fake_gitlab_fires_webhooks_on_human_actions(receiver: Receiver) -> None:
    async with FakeGitLab(webhook_url=receiver.url, webhook_token="tok") as fake:
        fake.add_project("group/app")
        iid = fake.add_issue("group/app")
        await fake.label_issue("group/app", iid, "smith", "maint")
        mr = fake.add_merge_request("group/app", source_branch="smith/issue-1")
        thread = fake.add_note(
            "group/app", "MergeRequest", mr, "proposal", "smith-bot", start_thread=True
        )
        reply = await fake.comment(
            "group/app", "MergeRequest", mr, "agreed", "maint", discussion_id=thread.discussion_id
        )
        await fake.award_emoji("group/app", thread.id, "thumbsup", "maint")
        await fake.close_merge_request("group/app", mr, "maint", merged=False)

    events = [_gitlab(h, b) for h, b in receiver.received]
    assert [e.kind for e in events] == [
        "issue_labeled",
        "review_comment_created",
        "reaction_added",
        "change_request_closed",
    ]
    assert events[0].labels_added == ["smith"]
    assert (events[1].thread_id, events[1].comment_id) == (thread.discussion_id, reply.id)
    assert (events[2].reaction, events[2].comment_id) == ("+1", thread.id)
    assert events[3].merged is False
