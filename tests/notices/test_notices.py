"""Notice webhooks: the bodies (hostile titles included), and the real path: queued as a
procrastinate job in PostgreSQL, sent over HTTP to a fake receiver that checks the signature,
retried with backoff after a 503, dropped after a refusal."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from pydantic import SecretStr
from sqlalchemy import text

from bot.config import NoticeHook, Settings
from bot.notices.messages import Notice, render, slack_body, verify
from bot.notices.outbox import notify
from bot.runtime import build_job_app
from bot.services import Runtime
from bot.store.db import Database
from bot.store.queue import QUEUES
from tests.fakes.notice_receiver import FakeNoticeReceiver

HOSTILE = Notice(event="failed", summary="Run 7 of acme/web failed at implement.",
                 repo="acme/web", run=7, url="https://forge.example/acme/web/issues/3",
                 details={"title": "<!channel> <https://evil.example|click> & more",
                          "reason": None},
                 sent_at=datetime(2026, 12, 3, 8, 0, tzinfo=UTC))


def test_slack_text_escapes_what_the_forge_handed_us():
    text = slack_body(HOSTILE)["text"]
    assert isinstance(text, str)
    assert "<!channel>" not in text and "&lt;!channel&gt;" in text
    assert "<https://evil.example|click>" not in text and "&amp; more" in text
    assert text.startswith("*A run failed*") and "reason" not in text  # empty details left out
    assert "<https://forge.example/acme/web/issues/3|open>" in text


def test_plain_json_keeps_every_field_and_the_signature_verifies():
    body = render(HOSTILE, "json")
    data = json.loads(body)
    assert data["event"] == "failed" and data["run"] == 7 and data["headline"] == "A run failed"
    assert data["details"]["title"].startswith("<!channel>")  # JSON needs no escaping
    from bot.notices.messages import signature

    assert verify("k", body, signature("k", body))
    assert not verify("k", body + b" ", signature("k", body))
    assert not verify("other", body, signature("k", body)) and not verify("k", body, None)


def _settings(tmp_path, *hooks: NoticeHook) -> Settings:
    return Settings(data_dir=tmp_path / "data", notices={"hooks": list(hooks)})


async def _drain(db: Database, runtime: Runtime) -> None:
    app = build_job_app(db.url, runtime)
    app.periodic_registry.periodic_tasks = {}  # only the jobs this test queued
    async with app.open_async():
        await app.run_worker_async(queues=list(QUEUES), wait=False,
                                   install_signal_handlers=False, listen_notify=False)


async def test_a_notice_reaches_the_receiver_signed(database: Database, tmp_path):
    async with FakeNoticeReceiver(secret="s3cret") as receiver:
        settings = _settings(
            tmp_path,
            NoticeHook(name="ops", url=SecretStr(receiver.url), secret=SecretStr("s3cret"),
                       format="slack"),
            NoticeHook(name="digest-only", url=SecretStr(receiver.url), format="json",
                       events=["weekly_digest"]))
        runtime = Runtime(settings=settings, db=database)
        assert await notify(database, settings, HOSTILE) == 1  # the digest-only hook: not it
        await _drain(database, runtime)
    [notice] = receiver.received
    assert notice.signed and notice.event == "failed"
    assert notice.headers["X-Smith-Delivery"] and notice.headers["User-Agent"].startswith("Smith/")
    assert set(notice.json) == {"text"}  # Slack-compatible


async def test_a_503_is_retried_later_with_the_same_signed_body(database: Database, tmp_path):
    async with FakeNoticeReceiver(secret="k") as receiver:
        settings = _settings(tmp_path, NoticeHook(name="ops", url=SecretStr(receiver.url),
                                                  secret=SecretStr("k")))
        runtime = Runtime(settings=settings, db=database)
        receiver.fail_next(1, status=503)
        await notify(database, settings, HOSTILE)
        await _drain(database, runtime)
        assert receiver.received == [] and len(receiver.attempts) == 1
        async with database.transaction() as session:
            status, attempts, later = (await session.execute(text(
                "SELECT status, attempts, scheduled_at > now() FROM procrastinate_jobs "
                "WHERE task_name = 'smith.send_notice'"))).one()
        assert (status, attempts, later) == ("todo", 1, True)  # backed off, not dropped
        async with database.transaction() as session:  # the backoff's wait, skipped
            await session.execute(text("UPDATE procrastinate_jobs SET scheduled_at = now() "
                                       "WHERE task_name = 'smith.send_notice'"))
        await _drain(database, runtime)
    [first, second] = receiver.attempts
    assert receiver.received == [second] and second.signed
    assert first.body == second.body  # one notice, one body: the signature holds on every try
    assert first.headers["X-Smith-Delivery"] == second.headers["X-Smith-Delivery"]


async def test_a_refusal_is_not_retried_and_a_run_is_never_waited_for(database: Database,
                                                                      tmp_path):
    async with FakeNoticeReceiver() as receiver:
        settings = _settings(tmp_path, NoticeHook(name="ops", url=SecretStr(receiver.url)))
        runtime = Runtime(settings=settings, db=database)
        receiver.fail_next(1, status=404)
        await notify(database, settings, HOSTILE)
        await _drain(database, runtime)
    assert len(receiver.attempts) == 1 and not receiver.attempts[0].signed  # no key: unsigned
    async with database.transaction() as session:
        [status] = (await session.execute(text(
            "SELECT status FROM procrastinate_jobs WHERE task_name = 'smith.send_notice'"))).one()
    assert status == "succeeded"  # dropped for good (logged), not retried


async def test_an_unreachable_database_costs_the_notice_not_the_caller(tmp_path):
    settings = _settings(tmp_path, NoticeHook(name="ops", url=SecretStr("https://x.example/h")))
    closed = Database("postgresql://smith@127.0.0.1:9/none", pool_size=1)
    try:
        assert await notify(closed, settings, HOSTILE) == 0
    finally:
        await closed.dispose()


def test_hook_urls_and_keys_are_secrets(tmp_path):
    hook = NoticeHook(name="ops", url=SecretStr("https://hooks.slack.com/services/T/B/tok"),
                      secret=SecretStr("key"))
    settings = _settings(tmp_path, hook)
    assert "tok" not in repr(settings.notices) and "key" not in repr(settings.notices)
    assert {"https://hooks.slack.com/services/T/B/tok", "key"} <= set(settings.secret_values())


def test_a_hook_must_be_http():
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="https://"):
        NoticeHook(name="x", url=SecretStr("file:///etc/passwd"))


async def test_the_weekly_digest_counts_the_week_and_reaches_digest_hooks(database: Database,
                                                                         tmp_path):
    from bot.notices.jobs import WEEKLY_DIGEST
    from bot.store.runs import create_run
    from bot.store.steps import record_model_call

    async with database.transaction() as session:
        for number, outcome in ((1, "change_request"), (2, "spending_cap"), (3, None)):
            run = await create_run(session, forge="github", repo="acme/web", issue=number,
                                   chain="fix", summoned_by="m")
            assert run is not None
            run.outcome = outcome
            run.status = "paused" if outcome is None else "succeeded"
            await record_model_call(session, run.id, step="diagnose", model="m",
                                    input_tokens=100, output_tokens=50, cost_usd=1.25)
    async with FakeNoticeReceiver() as receiver:
        settings = _settings(
            tmp_path,
            NoticeHook(name="weekly", url=SecretStr(receiver.url), events=["weekly_digest"]),
            NoticeHook(name="failures", url=SecretStr(receiver.url), events=["failed"]))
        runtime = Runtime(settings=settings, db=database)
        app = build_job_app(database.url, runtime)
        async with app.open_async():
            await app.configure_task(WEEKLY_DIGEST).defer_async(timestamp=0)
        await _drain(database, runtime)
    [digest] = receiver.received
    data = digest.json
    assert data["event"] == "weekly_digest"
    assert data["details"]["runs"] == 3 and data["details"]["change requests"] == 1
    assert data["details"]["failed or stopped"] == 1 and data["details"]["waiting"] == 1
    assert data["details"]["spent by acme/web"] == "$3.75"


async def test_near_cap_is_said_once_per_cap_and_period(database: Database, tmp_path):
    from datetime import timedelta

    from bot.budgets.caps import Cap, CapHit
    from bot.notices.outbox import notify_near_cap

    settings = _settings(tmp_path, NoticeHook(name="ops", url=SecretStr("https://x.example/h")))
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    hit = CapHit(Cap("repository", "day", "usd", 10.0, "acme/web"), 8.5,
                 datetime(2026, 12, 4, tzinfo=UTC))
    assert await notify_near_cap(database, settings, hit, forge="github", now=now) == 1
    assert await notify_near_cap(database, settings, hit, forge="github", now=now) == 0
    # The same path on another forge is another repository; the next day is another period.
    assert await notify_near_cap(database, settings, hit, forge="gitlab", now=now) == 1
    assert await notify_near_cap(database, settings, hit, forge="github",
                                 now=now + timedelta(days=1)) == 1
    async with database.transaction() as session:
        [args] = (await session.execute(text(
            "SELECT args FROM procrastinate_jobs WHERE task_name = 'smith.send_notice' "
            "ORDER BY id LIMIT 1"))).one()
    assert args["notice"]["summary"] == (
        "the daily dollar cap of acme/web ($10.00) is 85% spent: $8.50.")
    assert "x.example" not in json.dumps(args)  # the hook's URL is never stored in a job
