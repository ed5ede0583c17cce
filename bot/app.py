"""The web application: webhooks, health, readiness and metrics.

A webhook is verified first, then recorded together with the job it causes in one transaction,
then answered 202. No forge or model call happens inside a request: GitHub and GitLab want an
answer within seconds and retry (or disable the hook) otherwise.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Protocol

import structlog
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import tracing
from bot.audit.writer import AuditLog
from bot.config import Settings
from bot.events import Event, MalformedPayload, github_event, gitlab_event
from bot.forge.webhook_auth import (
    VerifiedDelivery,
    WebhookRejected,
    gitlab_secret_for,
    verify_github,
    verify_gitlab,
)
from bot.intake import DeliveryRecord, DeliveryRecorder
from bot.metrics import PROCESS, Metrics
from bot.scrape import exposition_registry, read_store
from bot.store.audit import AuditEntry
from bot.store.db import Database, DatabaseUnavailable
from bot.store.runs import runs_by_status

log = structlog.get_logger(__name__)

SETTINGS_KEY = web.AppKey("settings", Settings)
DATABASE_KEY = web.AppKey("database", Database)
METRICS_KEY = web.AppKey("metrics", Metrics)
RECEIVER_KEY: web.AppKey[WebhookReceiver] = web.AppKey("webhook_receiver")
# Why this process's worker is not ready (None: it is); set only where a worker runs.
WorkerCheck = Callable[[], Awaitable[str | None]]
WORKER_CHECK_KEY: web.AppKey[WorkerCheck] = web.AppKey("worker_check")
# Why this process's worker is gone for good (None: it runs, or stops on request): `/healthz`.
WorkerGone = Callable[[], str | None]
WORKER_GONE_KEY: web.AppKey[WorkerGone] = web.AppKey("worker_gone")


class EventFilter(Protocol):
    """Decides, without I/O, whether an event may need work (the handlers' router)."""

    def accepts(self, event: Event) -> bool: ...


def create_app(
    settings: Settings,
    db: Database,
    event_filter: EventFilter,
    *,
    metrics: Metrics | None = None,
    extra_routes: Callable[[web.Application], None] | None = None,
    with_metrics: bool = True,
    worker_check: WorkerCheck | None = None,
    worker_gone: WorkerGone | None = None,
) -> web.Application:
    """`worker_check` and `worker_gone`: set when this process also runs a worker; readiness
    and health then need it."""
    app = web.Application(client_max_size=settings.max_body_bytes)
    _add_worker_checks(app, worker_check, worker_gone)
    app[SETTINGS_KEY] = settings
    app[DATABASE_KEY] = db
    app[METRICS_KEY] = metrics or Metrics()
    app[METRICS_KEY].show_caps(settings.budgets)
    receiver = WebhookReceiver(settings, db, event_filter, app[METRICS_KEY])
    app[RECEIVER_KEY] = receiver

    async def flush_audit(_app: web.Application) -> None:
        await receiver.audit.flush()

    app.on_cleanup.append(flush_audit)
    app.router.add_post("/webhooks/github", receiver.github)
    app.router.add_post("/webhooks/gitlab", receiver.gitlab)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    if with_metrics:
        app.router.add_get("/metrics", metrics_view)
    if extra_routes is not None:
        extra_routes(app)
    return app


class WebhookReceiver:
    """Verify → parse → record with its job → answer. One instance per application."""

    def __init__(
        self, settings: Settings, db: Database, event_filter: EventFilter, metrics: Metrics
    ) -> None:
        self.settings = settings
        self.event_filter = event_filter
        self.metrics = metrics
        self.recorder = DeliveryRecorder(
            db, deadline_seconds=settings.webhook_record_deadline_seconds)
        self.audit = AuditLog(db)

    async def github(self, request: web.Request) -> web.Response:
        secret = self.settings.github_webhook_secret
        return await self._receive(
            request, "github",
            lambda headers, body: verify_github(
                headers, body, secret.get_secret_value() if secret else None),
            lambda verified: github_event(verified.event_name, verified.wire,
                                          bot_account=self.settings.bot_account),
        )

    async def gitlab(self, request: web.Request) -> web.Response:
        secret = self.settings.gitlab_webhook_secret
        shared = secret.get_secret_value() if secret else None
        per_path = {path: value.get_secret_value()
                    for path, value in self.settings.gitlab_webhook_secrets.items()}
        return await self._receive(
            request, "gitlab",
            lambda headers, body: verify_gitlab(
                headers, body, gitlab_secret_for(body, shared, per_path)),
            lambda verified: gitlab_event(verified.event_name, verified.wire,
                                          bot_account=self.settings.bot_account),
        )

    async def _receive(
        self,
        request: web.Request,
        forge: str,
        verify: Callable[..., VerifiedDelivery],
        parse: Callable[[VerifiedDelivery], Event],
    ) -> web.Response:
        started = time.perf_counter()
        event_label = "unknown"
        seen = _Seen(forge, request)
        with tracing.span(f"webhook {forge}", kind=tracing.SpanKind.SERVER,
                          forge=forge) as span:
            try:
                response, event_label, outcome = await self._handle(request, forge, verify,
                                                                    parse, seen)
            finally:
                self.metrics.ack_seconds.labels(forge).observe(time.perf_counter() - started)
            span.set_attributes({"smith.event": event_label, "smith.outcome": outcome,
                                 "http.response.status_code": response.status,
                                 "smith.delivery": seen.delivery_id or ""})
        self.metrics.deliveries.labels(forge, event_label, outcome).inc()
        self.audit.note(seen.entry(outcome))
        return response

    async def _handle(
        self,
        request: web.Request,
        forge: str,
        verify: Callable[..., VerifiedDelivery],
        parse: Callable[[VerifiedDelivery], Event],
        seen: _Seen,
    ) -> tuple[web.Response, str, str]:
        length = request.content_length
        if length is not None and length > self.settings.max_body_bytes:
            return _answer(413, "body too large"), "unknown", "too_large"
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return _answer(413, "body too large"), "unknown", "too_large"
        try:
            verified = verify(request.headers, body)
        except WebhookRejected as exc:
            if forge == "gitlab" and exc.status != 401:
                # The token was right (GitLab's other refusals come after it): a body Smith
                # cannot read is ignored, since GitLab disables a hook that keeps getting 4xx.
                log.warning("webhook_malformed", forge=forge, reason=exc.reason)
                return (_answer(200, f"ignored: payload Smith cannot use: {exc.reason}"),
                        "unknown", "malformed")
            log.warning("webhook_rejected", forge=forge, status=exc.status, reason=exc.reason)
            return _answer(exc.status, exc.reason), "unknown", f"rejected_{exc.status}"
        event_name = verified.event_name
        seen.delivery_id, seen.event_name = verified.delivery_id, event_name
        ids = {"forge": forge, "delivery": verified.delivery_id, "event_name": event_name}
        try:
            event = parse(verified)
        except MalformedPayload as exc:
            log.warning("webhook_malformed", **ids, reason=str(exc))
            if forge == "gitlab":
                # Authenticated, but of a shape Smith cannot use (GitLab's payloads drift):
                # GitLab disables a hook that keeps failing, so this is answered 2xx, ignored.
                return (_answer(200, f"ignored: payload Smith cannot use: {exc}"), event_name,
                        "malformed")
            return _answer(400, f"malformed payload: {exc}"), event_name, "malformed"
        seen.event = event
        if not self.event_filter.accepts(event):
            log.info("webhook_ignored", **ids, kind=event.kind)
            return _answer(200, "ignored"), event_name, "ignored"
        try:
            queued = await self.recorder.record(DeliveryRecord(
                forge=forge, delivery_id=verified.delivery_id,
                event_name=verified.event_name, action=event.action,
                repo=event.repo.full_name if event.repo else None, kind=str(event.kind),
                event_json=event.model_dump_json(), trace=tracing.traceparent(),
            ))
        except DatabaseUnavailable as exc:
            log.error("webhook_database_unavailable", **ids, error=str(exc))
            return _answer(503, "database unavailable, retry later"), event_name, "unavailable"
        if not queued:
            log.info("webhook_duplicate", **ids)
            return _answer(200, "duplicate delivery"), event_name, "duplicate"
        log.info("webhook_queued", **ids, kind=event.kind)
        return _answer(202, "queued"), event_name, "queued"


class _Seen:
    """What one request revealed about itself, for its audit row (filled in as it is read)."""

    def __init__(self, forge: str, request: web.Request) -> None:
        self.forge = forge
        self.remote = request.remote
        self.delivery_id: str | None = None
        self.event_name: str | None = None
        self.event: Event | None = None

    def entry(self, outcome: str) -> AuditEntry:
        event = self.event
        subject = None
        if event is not None and event.item is not None:
            subject = f"{event.item.kind} {event.item.number}"
        return AuditEntry(
            kind="delivery", outcome=outcome, forge=self.forge,
            repo=event.repo.full_name if event is not None and event.repo else None,
            actor=event.actor if event is not None else None, subject=subject,
            detail={"delivery_id": self.delivery_id, "event_name": self.event_name,
                    "action": event.action if event is not None else None,
                    "event_kind": str(event.kind) if event is not None else None,
                    "remote": self.remote},
        )


def _answer(status: int, message: str) -> web.Response:
    return web.json_response({"status": status, "message": message}, status=status)


def create_admin_app(
    db: Database,
    metrics: Metrics,
    extra_routes: Callable[[web.Application], None] | None = None,
    worker_check: WorkerCheck | None = None,
    worker_gone: WorkerGone | None = None,
) -> web.Application:
    """The admin listener: `/metrics`, health, and a dashboard that has no token of its own
    (also what `smith worker --health-port` serves, for a worker's probes)."""
    app = web.Application()
    _add_worker_checks(app, worker_check, worker_gone)
    app[DATABASE_KEY] = db
    app[METRICS_KEY] = metrics
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", metrics_view)
    if extra_routes is not None:
        extra_routes(app)
    return app


def _add_worker_checks(app: web.Application, worker_check: WorkerCheck | None,
                       worker_gone: WorkerGone | None) -> None:
    if worker_check is not None:
        app[WORKER_CHECK_KEY] = worker_check
    if worker_gone is not None:
        app[WORKER_GONE_KEY] = worker_gone


async def healthz(request: web.Request) -> web.Response:
    """Alive: the database answers and the worker this process runs (if any) is running.

    The image's health check and Kubernetes' liveness probe restart a process that says no: a
    process whose database is gone cannot take a webhook or run a job, and one whose worker died
    would accept webhooks whose jobs nobody runs. A worker waiting for the database to come back
    is not running; one stopping on request is not gone."""
    if not await request.app[DATABASE_KEY].ping():
        return web.json_response({"status": "database unreachable"}, status=503)
    worker_gone = request.app.get(WORKER_GONE_KEY)
    problem = None if worker_gone is None else worker_gone()
    if problem is not None:
        return web.json_response({"status": problem}, status=503)
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    """Ready when the database answers and, in a process that runs a worker, the worker runs
    and its heartbeat is fresh in the database (what the other workers' rescue goes by)."""
    if not await request.app[DATABASE_KEY].ping():
        return web.json_response({"status": "database unreachable"}, status=503)
    worker_check = request.app.get(WORKER_CHECK_KEY)
    problem = None if worker_check is None else await worker_check()
    if problem is not None:
        return web.json_response({"status": problem}, status=503)
    return web.json_response({"status": "ready"})


async def metrics_view(request: web.Request) -> web.Response:
    """The app's series, the process's (bot/metrics.py) and the store's, read now
    (bot/scrape.py); without the database, the first two alone."""
    metrics = request.app[METRICS_KEY]
    store = b""
    try:
        async with request.app[DATABASE_KEY].transaction() as session:
            counts = await runs_by_status(session)
            snapshot = await read_store(session, metrics.top_repositories)
        metrics.runs.clear()
        for status, count in counts.items():
            metrics.runs.labels(status).set(count)
        store = generate_latest(exposition_registry(snapshot))
    except DatabaseUnavailable:
        log.warning("metrics_without_run_counts")
    body = generate_latest(metrics.registry) + generate_latest(PROCESS) + store
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
