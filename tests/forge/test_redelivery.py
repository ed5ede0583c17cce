"""Which GitHub deliveries the sweeper asks for again, and how it reads GitHub's lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.forge.github import GitHubForge
from bot.forge.redelivery import HookDelivery, needing_redelivery
from tests.fakes.github import FakeGitHub, SentDelivery
from tests.forge.test_github_app import APP_ID, PRIVATE_KEY, PUBLIC_KEY

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SINCE = NOW - timedelta(hours=3)


def _attempt(id_: int, guid: str, status: int, minutes_ago: float) -> HookDelivery:
    return HookDelivery(id=id_, guid=guid, delivered_at=NOW - timedelta(minutes=minutes_ago),
                        status_code=status, event="issues", redelivery=id_ > 100)


def test_only_failed_unrecorded_recent_deliveries_are_asked_again() -> None:
    deliveries = [
        _attempt(1, "lost", 503, 30),
        _attempt(2, "fixed-later", 502, 40), _attempt(101, "fixed-later", 202, 20),
        _attempt(3, "recorded", 503, 10),
        _attempt(4, "too-old", 0, 200),
        _attempt(5, "ok", 200, 5),
        _attempt(6, "retried", 0, 50), _attempt(102, "retried", 503, 15),
        *[_attempt(110 + i, "hopeless", 500, 60 - i) for i in range(5)],
    ]
    chosen = needing_redelivery(deliveries, recorded={"recorded"}, since=SINCE)
    # Oldest first; of several failed attempts, the newest is the one asked for again.
    assert [(d.guid, d.id) for d in chosen] == [("retried", 102), ("lost", 1)]


async def test_app_deliveries_follow_the_cursor_and_stop_at_the_window() -> None:
    async with FakeGitHub() as fake:
        fake.add_app(APP_ID, PUBLIC_KEY)
        for n in range(150):  # ids grow with time: 120 recent ones, then 30 from last week
            when = datetime.now(UTC) - timedelta(minutes=150 - n if n >= 30 else 10_000)
            fake.deliveries.append(SentDelivery(
                id=n + 1, guid=f"g{n}", event="issues", action="labeled", headers={},
                body=b"{}", status_code=503, delivered_at=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
                app_id=str(APP_ID)))
        forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url)
        try:
            hooks = forge.webhook_deliveries()
            assert hooks.is_app
            found = await hooks.app_deliveries(datetime.now(UTC) - timedelta(hours=3))
        finally:
            await forge.close()
    assert len(found) == 120 and found[0].id == 150 and found[-1].id == 31
    pages = fake.requests_for("list_app_hook_deliveries")
    assert len(pages) == 2 and pages[1].query["cursor"] == "v1_50"


async def test_repository_hooks_that_do_not_point_at_smith_are_left_alone() -> None:
    async with FakeGitHub(webhook_url="http://127.0.0.1:9/webhooks/github") as fake:
        token = fake.add_token("smith-bot")
        fake.add_repo("octo/app")
        fake.set_permission("octo/app", "smith-bot", "admin")
        ours = fake.repo_hook("octo/app")
        fake.hooks[ours.id + 1] = type(ours)(ours.id + 1, "octo/app", "https://ci.example/hook")
        forge = GitHubForge(token=token, api_url=fake.base_url)
        try:
            from bot.forge.base import RepoRef

            await fake.label_issue("octo/app", fake.add_issue("octo/app"), "bug", "alice")
            found = await forge.webhook_deliveries().repo_deliveries(
                RepoRef("github", "octo/app"), datetime.now(UTC) - timedelta(hours=1))
        finally:
            await forge.close()
    assert [(d.hook_id, d.status_code) for d in found] == [(ours.id, 0)]  # nobody listens on :9
    assert [r.path.rsplit("/", 2)[1] for r in fake.requests_for("list_webhook_deliveries")] == [
        str(ours.id)]
