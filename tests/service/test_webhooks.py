"""Webhook answers over real HTTP to a running app and a real Postgres."""

from __future__ import annotations

import asyncio
import json

import aiohttp
from sqlalchemy import func, select, text

from bot.store.models import Delivery
from tests.fakes import webhooks
from tests.service.conftest import GITHUB_SECRET, GITLAB_SECRET, RunningSmith


async def _count(smith: RunningSmith, statement) -> int:
    async with smith.db.transaction() as session:
        return (await session.execute(statement)).scalar_one()


async def _deliveries(smith: RunningSmith) -> int:
    return await _count(smith, select(func.count()).select_from(Delivery))


async def _jobs(smith: RunningSmith, task: str = "smith.handle_event") -> int:
    return await _count(
        smith, text("SELECT count(*) FROM procrastinate_jobs WHERE task_name = :t").bindparams(t=task)
    )


async def test_summon_label_is_recorded_with_its_job_and_answered_202(smith_web):
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith")
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 202
    assert await _deliveries(smith_web) == 1
    assert await _jobs(smith_web) == 1


async def test_bad_signature_is_401_and_stores_nothing(smith_web):
    headers, body = webhooks.github_issues_labeled(secret="not the secret", label="smith")
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 401
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith")
    del headers["X-Hub-Signature-256"]
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 401
    headers, body = webhooks.gitlab_issue_labels_changed(token="wrong", current_labels=["smith"])
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/gitlab", headers, body)
    assert status == 401
    assert await _deliveries(smith_web) == 0
    assert await _jobs(smith_web) == 0


async def test_body_over_the_cap_is_413_without_reading_it(smith_web):
    headers, _ = webhooks.github_issues_labeled(secret=GITHUB_SECRET)
    huge = b"x" * (smith_web.settings.max_body_bytes + 1)
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, huge)
    assert status == 413

    async def chunks():  # no Content-Length: the cap applies while reading
        for _ in range(40):
            yield b"y" * 65536

    async with aiohttp.ClientSession() as session:
        async with session.post(f"{smith_web.url}/webhooks/gitlab", data=chunks(),
                                headers={"X-Gitlab-Token": GITLAB_SECRET}) as response:
            assert response.status == 413
    assert await _deliveries(smith_web) == 0


async def test_malformed_json_is_400_on_github_and_200_ignored_on_gitlab(smith_web):
    body = b'{"action": "labeled", "issue": '
    headers = {"Content-Type": "application/json", "X-GitHub-Event": "issues",
               "X-GitHub-Delivery": "d-1",
               "X-Hub-Signature-256": webhooks.sign_github(body, GITHUB_SECRET)}
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 400
    # GitLab disables a hook that keeps getting 4xx: with the right token, never one (#31).
    headers, _ = webhooks.gitlab_issue_labels_changed(token=GITLAB_SECRET)
    status, text_ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/gitlab", headers,
                                                b"[1,")
    assert status == 200 and "ignored" in text_, text_
    assert await _deliveries(smith_web) == 0


async def test_payload_missing_required_fields_is_400(smith_web):
    payload = webhooks.fixture("github/issues.labeled.json")
    del payload["repository"]
    headers, body = webhooks.github_delivery("issues", payload, secret=GITHUB_SECRET)
    status, text_ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 400, text_


async def test_unhandled_events_are_200_and_ignored(smith_web):
    ping = webhooks.fixture("github/ping.json")
    headers, body = webhooks.github_delivery("ping", ping, secret=GITHUB_SECRET)
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 200
    headers, body = webhooks.github_delivery("star", {"action": "created"}, secret=GITHUB_SECRET)
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 200
    # A label that is not the summon label does not cause work either.
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="bug")
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 200
    assert await _jobs(smith_web) == 0


async def test_smiths_own_events_cause_nothing(smith_web):
    headers, body = webhooks.github_issue_comment_created(
        secret=GITHUB_SECRET, comment_body="/smith retry", actor="smith-bot")
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    assert status == 200
    headers, body = webhooks.gitlab_note_on_issue(
        token=GITLAB_SECRET, note="/smith retry", actor="smith-bot")
    status, _ = await webhooks.send_webhook(f"{smith_web.url}/webhooks/gitlab", headers, body)
    assert status == 200
    assert await _jobs(smith_web) == 0


async def test_fifty_concurrent_copies_of_one_delivery_queue_one_job(smith_web):
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith",
                                                   delivery_id="same-delivery")
    gl_headers, gl_body = webhooks.gitlab_issue_labels_changed(
        token=GITLAB_SECRET, current_labels=["smith"], delivery_id="same-gitlab-delivery")
    sends = [webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
             for _ in range(50)]
    sends += [webhooks.send_webhook(f"{smith_web.url}/webhooks/gitlab", gl_headers, gl_body)
              for _ in range(50)]
    statuses = [status for status, _ in await asyncio.gather(*sends)]
    assert statuses.count(202) == 2
    assert statuses.count(200) == 98
    assert await _deliveries(smith_web) == 2
    assert await _jobs(smith_web) == 2


async def test_database_down_is_503(tmp_path):
    from aiohttp.test_utils import TestServer

    from bot.app import create_app
    from bot.store.db import Database
    from handlers import build_router
    from tests.service.conftest import make_settings

    settings = make_settings(tmp_path)
    dead = Database("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")
    server = TestServer(create_app(settings, dead, build_router(settings)), host="127.0.0.1")
    await server.start_server()
    try:
        url = str(server.make_url("/webhooks/github"))
        headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith")
        status, _ = await webhooks.send_webhook(url, headers, body)
        assert status == 503
        async with aiohttp.ClientSession() as session:
            async with session.get(str(server.make_url("/readyz"))) as response:
                assert response.status == 503
            # Unhealthy too: a supervisor restarts a process whose database is gone (#31).
            async with session.get(str(server.make_url("/healthz"))) as response:
                assert response.status == 503
    finally:
        await server.close()
        await dead.dispose()


async def test_health_ready_and_metrics(smith_web):
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith")
    await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{smith_web.url}/readyz") as response:
            assert response.status == 200
        async with session.get(f"{smith_web.url}/metrics") as response:
            metrics = await response.text()
    assert 'smith_webhook_deliveries_total{event="issues",forge="github",outcome="queued"} 1.0' in metrics
    assert "smith_webhook_ack_seconds_bucket" in metrics


async def test_every_fixture_is_accepted_or_ignored_never_refused(smith_web, fixtures_dir):
    """Each published payload, signed, gets 200 or 202: no fixture is refused as malformed."""
    gitlab_headers = {"issue": "Issue Hook", "note": "Note Hook", "merge_request":
                      "Merge Request Hook", "emoji": "Emoji Hook"}
    for path in sorted((fixtures_dir / "github").glob("*.json")):
        if path.name == "openapi-subset.json":
            continue
        payload = json.loads(path.read_text())
        event = path.name.split(".")[0]
        headers, body = webhooks.github_delivery(event, payload, secret=GITHUB_SECRET)
        status, answer = await webhooks.send_webhook(f"{smith_web.url}/webhooks/github", headers, body)
        assert status in (200, 202), (path.name, status, answer)
    for path in sorted((fixtures_dir / "gitlab").glob("*.json")):
        if path.name == "api-subset.json":
            continue
        payload = json.loads(path.read_text())
        headers, body = webhooks.gitlab_delivery(
            gitlab_headers[payload["object_kind"]], payload, token=GITLAB_SECRET)
        status, answer = await webhooks.send_webhook(f"{smith_web.url}/webhooks/gitlab", headers, body)
        assert status in (200, 202), (path.name, status, answer)


async def test_a_burst_of_distinct_deliveries_is_recorded_in_full(smith_web):
    """Group commit: many deliveries share a statement, and each still gets its own job."""
    sends = [
        webhooks.send_webhook(f"{smith_web.url}/webhooks/github",
                              *webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith",
                                                              number=n))
        for n in range(1, 121)
    ]
    statuses = [status for status, _ in await asyncio.gather(*sends)]
    assert statuses == [202] * 120
    assert await _deliveries(smith_web) == 120
    assert await _jobs(smith_web) == 120
    async with smith_web.db.transaction() as session:
        numbers = (await session.execute(text(
            "SELECT (args->'event'->'item'->>'number')::int FROM procrastinate_jobs"))).scalars()
        assert sorted(numbers) == list(range(1, 121))


async def test_a_stalled_database_is_answered_503_within_the_deadline(tmp_path, database):
    """GitHub waits 10 s and never retries: a delivery stuck behind a stalled database must
    hear 503 in time, and its redelivery after the stall must still run exactly once."""
    import time

    from aiohttp.test_utils import TestServer

    from bot.app import create_app
    from handlers import build_router
    from tests.service.conftest import make_settings

    settings = make_settings(tmp_path, webhook_record_deadline_seconds=0.5)
    server = TestServer(create_app(settings, database, build_router(settings)), host="127.0.0.1")
    await server.start_server()
    url = str(server.make_url("/webhooks/github"))
    headers, body = webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith")
    try:
        async with database.autocommit() as blocker:
            await blocker.execute(text("BEGIN"))
            await blocker.execute(text("LOCK TABLE deliveries IN ACCESS EXCLUSIVE MODE"))
            started = time.monotonic()
            status, _ = await webhooks.send_webhook(url, headers, body)
            waited = time.monotonic() - started
            await blocker.execute(text("ROLLBACK"))
        assert status == 503
        assert waited < 3, waited
        # The redelivery (GitHub's "redeliver", or Smith's sweeper) after the stall.
        status, _ = await webhooks.send_webhook(url, headers, body)
        assert status in (200, 202)
        status, _ = await webhooks.send_webhook(url, headers, body)
        assert status == 200
        async with database.transaction() as session:
            jobs = (await session.execute(text(
                "SELECT count(*) FROM procrastinate_jobs WHERE task_name = 'smith.handle_event'"
            ))).scalar_one()
        assert jobs == 1
    finally:
        await server.close()


async def test_gitlab_per_project_secrets_keep_projects_apart(tmp_path, database):
    """One project's maintainer knows its own secret only: it must not sign another's events."""
    from aiohttp.test_utils import TestServer
    from pydantic import SecretStr

    from bot.app import create_app
    from handlers import build_router
    from tests.service.conftest import make_settings

    settings = make_settings(tmp_path, gitlab_webhook_secrets={
        "team-a": SecretStr("secret-of-team-a"), "Team-B/api": SecretStr("secret-of-b-api")})
    server = TestServer(create_app(settings, database, build_router(settings)), host="127.0.0.1")
    await server.start_server()
    url = str(server.make_url("/webhooks/gitlab"))

    async def send(project: str, token: str) -> int:
        headers, body = webhooks.gitlab_issue_labels_changed(
            token=token, project=project, current_labels=["smith"], previous_labels=[])
        status, _ = await webhooks.send_webhook(url, headers, body)
        return status

    try:
        assert await send("team-b/api", "secret-of-team-a") == 401
        assert await send("team-b/api", GITLAB_SECRET) == 401  # the shared one is not enough
        assert await send("team-b/api", "secret-of-b-api") == 202
        assert await send("team-a/sub/web", "secret-of-team-a") == 202  # the group's secret
        assert await send("team-a/web", "secret-of-b-api") == 401
        assert await send("elsewhere/app", GITLAB_SECRET) == 202  # unlisted: the shared one
        assert await send("elsewhere/app", "secret-of-team-a") == 401
    finally:
        await server.close()


async def test_every_delivery_leaves_an_audit_row_with_its_actor(smith_web, database):
    """Queued, ignored and refused deliveries alike: who sent what, and what Smith answered."""
    from aiohttp.test_utils import TestServer

    from bot.app import RECEIVER_KEY, create_app
    from bot.store.audit import list_audit
    from handlers import build_router

    settings = smith_web.settings
    app = create_app(settings, database, build_router(settings))
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    url = str(server.make_url("/webhooks/github"))
    try:
        sends = [
            webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="smith", actor="alice"),
            webhooks.github_issues_labeled(secret=GITHUB_SECRET, label="other", actor="bob"),
            webhooks.github_issues_labeled(secret="forged", label="smith", actor="mallory"),
        ]
        statuses = [(await webhooks.send_webhook(url, h, b))[0] for h, b in sends]
        assert statuses == [202, 200, 401]
        await app[RECEIVER_KEY].audit.flush()
    finally:
        await server.close()
    async with database.transaction() as session:
        rows = await list_audit(session, kind="delivery")
    seen = sorted((r.outcome, r.actor) for r in rows)
    # A refused delivery's claimed sender is not believed: its actor stays empty.
    assert seen == [("ignored", "bob"), ("queued", "alice"), ("rejected_401", None)]
    assert all(r.detail["remote"] == "127.0.0.1" for r in rows)
    queued = next(r for r in rows if r.outcome == "queued")
    assert queued.repo and queued.subject and queued.subject.startswith("issue ")


def _huge_number_body(project: str) -> bytes:
    """A GitLab-shaped body with a 5000-digit integer (#31 item 4)."""
    return (b'{"object_kind": "issue", "project": {"path_with_namespace": "' + project.encode()
            + b'", "id": ' + b"9" * 5000 + b'}, "object_attributes": {"iid": 1}}')


async def test_a_huge_number_is_never_a_500_before_or_after_the_token(tmp_path, database):
    """With per-project secrets the body is read before the token to pick the secret: a
    5000-digit integer there must not crash the handler (it did: 500, before any check)."""
    from aiohttp.test_utils import TestServer
    from pydantic import SecretStr

    from bot.app import create_app
    from handlers import build_router
    from tests.service.conftest import make_settings

    settings = make_settings(tmp_path, gitlab_webhook_secrets={"team-a": SecretStr("sa")})
    server = TestServer(create_app(settings, database, build_router(settings)), host="127.0.0.1")
    await server.start_server()
    url = str(server.make_url("/webhooks/gitlab"))
    try:
        headers, _ = webhooks.gitlab_issue_labels_changed(token="wrong")
        body = _huge_number_body("team-a/web")
        assert (await webhooks.send_webhook(url, headers, body))[0] == 401
        # Past the token it is a payload Smith cannot use: 200 ignored (GitLab disables a
        # hook that keeps getting 4xx), nothing recorded, nothing queued.
        headers, _ = webhooks.gitlab_issue_labels_changed(token=GITLAB_SECRET)
        status, text_ = await webhooks.send_webhook(url, headers, body)
        assert status == 200 and "ignored" in text_ and "number" in text_, text_
        big_iid = (b'{"object_kind": "issue", "object_attributes": {"iid": ' + b"1" * 4000
                   + b'}, "project": {"path_with_namespace": "x/y", "id": 1}}')
        status, text_ = await webhooks.send_webhook(url, headers, big_iid)
        assert status == 200 and "number" in text_, text_  # within Python's limit: bounded too
        status, text_ = await webhooks.send_webhook(url, headers, b'["not", "an", "object"]')
        assert status == 200 and "ignored" in text_, text_
        assert await _count(RunningSmith("", settings, database),
                            select(func.count()).select_from(Delivery)) == 0
    finally:
        await server.close()


async def test_a_huge_number_in_a_signed_github_body_is_400_unsigned_401(smith_web):
    body = b'{"action": "labeled", "number": ' + b"7" * 5000 + b"}"
    headers = {"Content-Type": "application/json", "X-GitHub-Event": "issues",
               "X-GitHub-Delivery": "d-big", "X-Hub-Signature-256": "sha256=" + "0" * 64}
    url = f"{smith_web.url}/webhooks/github"
    assert (await webhooks.send_webhook(url, headers, body))[0] == 401
    headers["X-Hub-Signature-256"] = webhooks.sign_github(body, GITHUB_SECRET)
    assert (await webhooks.send_webhook(url, headers, body))[0] == 400
    assert await _deliveries(smith_web) == 0


async def test_a_gitlab_hook_whose_shape_drifted_is_200_ignored_never_4xx(smith_web):
    """GitLab disables a hook that keeps failing: an authenticated payload Smith cannot use is
    answered 2xx ("ignored") and logged, and queues nothing."""
    from structlog.testing import capture_logs

    headers, body = webhooks.gitlab_issue_labels_changed(token=GITLAB_SECRET)
    payload = json.loads(body)
    del payload["object_attributes"]["iid"]
    del payload["project"]
    with capture_logs() as logs:
        status, text_ = await webhooks.send_webhook(
            f"{smith_web.url}/webhooks/gitlab", headers, json.dumps(payload).encode())
    assert status == 200, text_
    assert "ignored" in text_
    assert any(e["event"] == "webhook_malformed" for e in logs)
    assert await _deliveries(smith_web) == 0
    assert await _jobs(smith_web) == 0
