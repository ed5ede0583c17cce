"""GitHub never retries a failed delivery: the redelivery sweeper asks for it again, once.

End to end over real HTTP: the fake GitHub fires a summon at Smith, the delivery fails (Smith's
database is locked past the webhook deadline, or the delivery never arrives), the sweeper lists
the hook's deliveries, asks GitHub to redeliver, the fake re-fires the same payload with the same
guid, and exactly one run results. A second sweep redelivers nothing.
"""

from __future__ import annotations

from sqlalchemy import select, text

from bot.forge.github import GitHubForge
from bot.forge.retry import RetryPolicy
from bot.redelivery_jobs import REDELIVER_WEBHOOKS, sweep_redeliveries
from bot.store.models import Run
from tests.forge.test_github_app import APP_ID, PRIVATE_KEY, PUBLIC_KEY
from tests.service.conftest import Stack

REPO = "octo/widgets"


async def _runs(stack: Stack) -> list[Run]:
    async with stack.smith.db.transaction() as session:
        return list((await session.execute(select(Run).order_by(Run.id))).scalars())


async def _event_jobs(stack: Stack) -> int:
    async with stack.smith.db.transaction() as session:
        return (await session.execute(text(
            "SELECT count(*) FROM procrastinate_jobs WHERE task_name = 'smith.handle_event'"
        ))).scalar_one()


def _without_periodic_sweeps(stack: Stack, **settings: object) -> None:
    """The test sweeps by hand: no periodic sweep may sneak into `drain`."""
    stack.runtime.settings = stack.runtime.settings.model_copy(
        update={"redelivery_interval_minutes": 0, **settings})


def _seed_token_mode(stack: Stack) -> int:
    github = stack.github
    github.add_repo(REPO)
    github.set_permission(REPO, "writer", "write")
    github.set_permission(REPO, "smith-bot", "admin")  # reading a repository's hooks needs admin
    # Smith may never have heard of the repository (its only delivery failed): name it.
    _without_periodic_sweeps(stack, redelivery_repositories=[REPO])
    return github.add_issue(REPO, title="Totals are wrong")


async def test_a_summon_answered_503_is_redelivered_once(stack: Stack):
    """Token mode: the repository's own webhook, read with an admin's token."""
    github = stack.github
    issue = _seed_token_mode(stack)
    github.fail_next_deliveries(1, status=503)
    await github.label_issue(REPO, issue, "smith", actor="writer")
    [lost] = github.deliveries
    assert lost.status_code == 503 and lost.hook_id is not None
    await stack.drain()
    assert await _runs(stack) == []

    first = await sweep_redeliveries(stack.runtime)
    assert first.redelivered == [lost.guid]
    again = github.deliveries[-1]
    assert (again.guid, again.redelivery, again.status_code) == (lost.guid, True, 202)
    await stack.drain()

    second = await sweep_redeliveries(stack.runtime)
    assert second.redelivered == [] and second.listed == 2
    assert len(github.deliveries) == 2
    await stack.drain()
    runs = await _runs(stack)
    assert [(r.repo, r.issue_number, r.summoned_by) for r in runs] == [(REPO, issue, "writer")]
    assert await _event_jobs(stack) == 1


async def test_a_503_that_smith_recorded_after_all_is_not_redelivered(stack: Stack):
    """The database stalled past the webhook deadline (503), then recorded the delivery once it
    woke up: GitHub lists a failure, but the guid is Smith's, so nothing is asked again."""
    github = stack.github
    issue = _seed_token_mode(stack)
    async with stack.smith.db.autocommit() as blocker:
        await blocker.execute(text("BEGIN"))
        await blocker.execute(text("LOCK TABLE deliveries IN ACCESS EXCLUSIVE MODE"))
        await github.label_issue(REPO, issue, "smith", actor="writer")
        await blocker.execute(text("ROLLBACK"))
    [late] = github.deliveries
    assert late.status_code == 503
    await stack.drain()

    swept = await sweep_redeliveries(stack.runtime)
    assert swept.listed == 1 and swept.redelivered == []
    assert github.requests_for("redeliver_webhook_delivery") == []
    await stack.drain()
    assert [r.issue_number for r in await _runs(stack)] == [issue]
    assert await _event_jobs(stack) == 1


async def test_the_apps_failed_delivery_is_redelivered_by_the_periodic_job(stack: Stack):
    """App mode: the App's webhook, read and redelivered with its JWT, by the procrastinate
    job itself; deliveries that succeeded or that Smith recorded are left alone."""
    github = stack.github
    github.add_repo(REPO)
    github.set_permission(REPO, "writer", "write")
    github.add_app(APP_ID, PUBLIC_KEY)
    github.add_installation(APP_ID, [REPO])
    issue = github.add_issue(REPO, title="Totals are wrong")
    other = github.add_issue(REPO, title="Also wrong")
    app_forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=github.base_url,
                            retry=RetryPolicy(attempts=2, backoff_initial=0.01, backoff_max=0.02))
    token_forge = stack.runtime.forges["github"]
    stack.runtime.forges["github"] = app_forge
    _without_periodic_sweeps(stack)
    try:
        await github.label_issue(REPO, other, "smith", actor="writer")  # arrives: left alone
        github.fail_next_deliveries(1, status=0)  # never arrives (Smith was restarting)
        await github.label_issue(REPO, issue, "smith", actor="writer")
        delivered, lost = github.deliveries
        assert delivered.status_code == 202 and lost.status_code == 0
        assert lost.app_id == str(APP_ID)

        from bot.runtime import build_job_app

        for _ in range(2):  # the second sweep finds nothing to do
            app = build_job_app(stack.smith.db.url, stack.runtime)
            async with app.open_async():
                await app.configure_task(REDELIVER_WEBHOOKS).defer_async(timestamp=0)
            await stack.drain()
    finally:
        stack.runtime.forges["github"] = token_forge
        await app_forge.close()

    assert [(d.guid, d.redelivery, d.status_code) for d in github.deliveries] == [
        (delivered.guid, False, 202), (lost.guid, False, 0), (lost.guid, True, 202)]
    assert len(github.requests_for("redeliver_app_hook_delivery")) == 1
    assert sorted(r.issue_number for r in await _runs(stack)) == sorted([issue, other])
    assert await _event_jobs(stack) == 2
