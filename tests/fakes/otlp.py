"""A fake OpenTelemetry collector: `POST /v1/traces` in OTLP/HTTP's protobuf encoding, decoded
with the protocol's own messages; the spans it received, flattened for assertions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from tests.fakes import Call, FakeServer

PROTOBUF = "application/x-protobuf"


@dataclass(frozen=True)
class ReceivedSpan:
    name: str
    trace_id: str
    span_id: str
    parent_span_id: str
    kind: int
    attributes: dict[str, Any]
    status_code: int
    service: str


class FakeCollector(FakeServer):
    """Accepts what a real collector accepts: protobuf bodies that parse, else 400."""

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[ReceivedSpan] = []
        self.route("POST", "/v1/traces", "export_traces")(self._export)

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}/v1/traces"

    async def _export(self, call: Call) -> web.Response:
        if call.request.content_type != PROTOBUF:
            return web.Response(status=415, text="protobuf only")
        request = ExportTraceServiceRequest()
        try:
            request.ParseFromString(await call.request.read())
        except Exception:  # noqa: BLE001 - any decoding failure is the client's 400
            return web.Response(status=400, text="not an ExportTraceServiceRequest")
        for resource_spans in request.resource_spans:
            resource = {a.key: _value(a.value) for a in resource_spans.resource.attributes}
            for scope in resource_spans.scope_spans:
                for span in scope.spans:
                    self.spans.append(ReceivedSpan(
                        name=span.name, trace_id=span.trace_id.hex(), span_id=span.span_id.hex(),
                        parent_span_id=span.parent_span_id.hex(), kind=span.kind,
                        attributes={a.key: _value(a.value) for a in span.attributes},
                        status_code=span.status.code, service=str(resource.get("service.name")),
                    ))
        return web.Response(body=ExportTraceServiceResponse().SerializeToString(),
                            content_type=PROTOBUF)


def _value(value: Any) -> Any:
    kind = value.WhichOneof("value")
    return getattr(value, kind) if kind else None
