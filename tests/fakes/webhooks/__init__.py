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

import aiohttp

from tests.fakes.webhooks.github import (
    github_delivery,
    github_issue_comment_created,
    github_issues_labeled,
    github_pull_request_closed,
    github_pull_request_review_comment_created,
    github_pull_request_review_submitted,
    sign_github,
)
from tests.fakes.webhooks.gitlab import (
    gitlab_delivery,
    gitlab_emoji_award,
    gitlab_issue_labels_changed,
    gitlab_merge_request_event,
    gitlab_note_on_issue,
    gitlab_note_on_merge_request,
)
from tests.fakes.webhooks.payloads import Delivery, Headers, fixture, fixtures_dir

__all__ = [
    "Delivery", "Headers", "fixture", "fixtures_dir", "github_delivery",
    "github_issue_comment_created", "github_issues_labeled", "github_pull_request_closed",
    "github_pull_request_review_comment_created", "github_pull_request_review_submitted",
    "gitlab_delivery", "gitlab_emoji_award", "gitlab_issue_labels_changed",
    "gitlab_merge_request_event", "gitlab_note_on_issue", "gitlab_note_on_merge_request",
    "send_webhook", "sign_github",
]


# -- sending ---------------------------------------------------------------------------------


async def send_webhook(url: str, headers: Headers, body: bytes) -> tuple[int, str]:
    """POST one delivery; returns the receiver's status and text."""
    async with aiohttp.ClientSession() as session:
        async with session.post(url, data=body, headers=headers) as response:
            return response.status, await response.text()
