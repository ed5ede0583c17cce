"""Optional tracing with OpenTelemetry, off by default: one trace from a webhook through the
job it queues, the run that job starts, each step, each model call and each sandboxed command.

Spans are made through the OpenTelemetry API (no-op until `configure` installs a provider), so
code that traces costs almost nothing while tracing is off. The provider is this module's, not
the API's process-wide one, which can be set only once (tests configure it per test).

The trace crosses the job queue as a W3C `traceparent` in the job's arguments (`trace`), added
only while tracing is on: without it, jobs stay exactly as an older worker expects them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import NoOpTracerProvider, Span, SpanKind, Status, StatusCode
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter

INSTRUMENTATION = "smith"
TRACE_ARG = "trace"
"""The job argument that carries the trace (`handle_event`, `run_chain`)."""
_PROPAGATOR = TraceContextTextMapPropagator()
_provider: trace.TracerProvider = NoOpTracerProvider()
_tracer: trace.Tracer = _provider.get_tracer(INSTRUMENTATION)

__all__ = [
    "TRACE_ARG",
    "SpanKind",
    "configure",
    "continued",
    "job_args",
    "shutdown",
    "span",
    "traceparent",
]


class TracingUnavailable(RuntimeError):
    """Tracing is asked for but the OpenTelemetry SDK is not installed."""


def configure(endpoint: str | None, *, service_name: str = "smith",
              exporter: SpanExporter | None = None) -> TracerProvider | None:
    """Install an SDK provider exporting to `endpoint` (OTLP over HTTP, e.g.
    `http://collector:4318/v1/traces`) or to `exporter`; neither: tracing stays off."""
    global _provider, _tracer
    if endpoint is None and exporter is None:
        return None
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError as exc:
        raise TracingUnavailable("tracing is on (SMITH_TRACING_ENDPOINT) but the OpenTelemetry "
                                 "SDK is not installed: pip install 'smith-bot[tracing]'") from exc
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter(endpoint=endpoint)
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    provider.add_span_processor(BatchSpanProcessor(exporter))
    _provider, _tracer = provider, provider.get_tracer(INSTRUMENTATION)
    return provider


def shutdown() -> None:
    """Export what is left and turn tracing off again."""
    global _provider, _tracer
    provider = _provider
    _provider = NoOpTracerProvider()
    _tracer = _provider.get_tracer(INSTRUMENTATION)
    stop = getattr(provider, "shutdown", None)
    if stop is not None:
        stop()


@contextmanager
def span(name: str, *, kind: SpanKind = SpanKind.INTERNAL, **attributes: Any) -> Iterator[Span]:
    """A span around the block; an exception escaping it marks the span as an error."""
    values = {key: value for key, value in attributes.items() if value is not None}
    with _tracer.start_as_current_span(name, kind=kind, attributes=values,
                                       record_exception=True,
                                       set_status_on_exception=True) as current:
        yield current


def fail(current: Span, reason: str) -> None:
    """Mark a span as an error without an exception (a step that failed, a limit hit)."""
    current.set_status(Status(StatusCode.ERROR, reason))


def traceparent() -> str | None:
    """The current span as a W3C `traceparent`, or None when nothing is traced."""
    if not trace.get_current_span().get_span_context().is_valid:
        return None
    carrier: dict[str, str] = {}
    _PROPAGATOR.inject(carrier)
    return carrier.get("traceparent")


def job_args() -> dict[str, str]:
    """What to add to a job's arguments so its work joins the current trace."""
    parent = traceparent()
    return {TRACE_ARG: parent} if parent else {}


@contextmanager
def continued(parent: str | None) -> Iterator[None]:
    """Run the block inside the trace a job's `trace` argument names (if any)."""
    if not parent:
        yield
        return
    token = otel_context.attach(_PROPAGATOR.extract({"traceparent": parent}))
    try:
        yield
    finally:
        otel_context.detach(token)
