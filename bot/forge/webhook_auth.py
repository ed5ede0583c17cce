"""Webhook verification for both forges: who sent this, and is the body what they signed?

GitHub signs the raw body (`X-Hub-Signature-256`, HMAC-SHA256); gidgethub's sans-I/O
`validate_event` checks it with a constant-time compare (and `Event.from_http` reads the bodies
that are not plain JSON). GitLab sends a shared secret in
`X-Gitlab-Token`, compared here in constant time too. Either way the caller gets a verified
`(event name, delivery id, payload)` or a `WebhookRejected` carrying the HTTP status to answer.
"""

from __future__ import annotations

import hmac
import json
import re
from collections.abc import Mapping
from functools import cached_property
from typing import Any

import orjson
from gidgethub import BadRequest, ValidationFailure
from gidgethub.sansio import Event as GitHubEvent
from gidgethub.sansio import validate_event
from pydantic import BaseModel, ConfigDict, ValidationError

_PLAIN_JSON_COMPACT = frozenset({"application/json", "application/json;charset=utf-8"})


class WebhookRejected(Exception):
    """The delivery is refused; `status` is the HTTP answer (401, 400, 415)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class VerifiedDelivery:
    """A delivery whose sender and body are checked. `wire` is what the event models read:
    the JSON bytes themselves when pydantic's parser reads them (they are checked to be one
    JSON object), else the parsed object. `payload` is the parsed object either way."""

    def __init__(self, event_name: str, delivery_id: str, wire: bytes | dict[str, Any]) -> None:
        self.event_name, self.delivery_id, self.wire = event_name, delivery_id, wire

    @cached_property
    def payload(self) -> dict[str, Any]:
        if isinstance(self.wire, dict):
            return self.wire
        data: dict[str, Any] = load_json(self.wire)
        return data


class _JsonObject(BaseModel):
    model_config = ConfigDict(extra="ignore")


class NotAnObject(ValueError):
    """The body is JSON, but not one object."""


class NumberTooLarge(ValueError):
    """The body holds a number no forge sends (an integer of more than 40 digits, an exponent
    beyond a float's), refused before any parser turns it into a huge int or an infinity."""


MAX_INTEGER_DIGITS = 40  # 2**128 has 39 digits: every id a forge sends fits, with room
MAX_FRACTION_DIGITS = 40
MAX_EXPONENT = 308
# Cheap first look: most bodies have no run of 21 digits and no 3-digit exponent at all.
_SUSPECT = re.compile(rb"\d{%d}|[eE][+-]?\d{3}" % (MAX_INTEGER_DIGITS + 1))
# A JSON string (consumed whole, so digits inside strings are not numbers) or a number.
_STRING_OR_NUMBER = re.compile(
    rb'"(?:[^"\\]|\\.)*"|-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?'
)


def check_number_magnitudes(body: bytes) -> None:
    """Raise NumberTooLarge when a JSON number in `body` is out of bounds (linear, no parse)."""
    if _SUSPECT.search(body) is None:
        return
    for match in _STRING_OR_NUMBER.finditer(body):
        whole, fraction, _, exponent = match.groups()
        if whole is None:
            continue
        digits = exponent.lstrip(b"0") if exponent else b""
        if (
            len(whole) > MAX_INTEGER_DIGITS
            or (fraction is not None and len(fraction) > MAX_FRACTION_DIGITS)
            or len(digits) > 3
            or (digits and int(digits) > MAX_EXPONENT)
        ):
            raise NumberTooLarge(
                f"a number of {len(match.group(0))} characters is out of bounds")


def json_object_wire(body: bytes) -> bytes | dict[str, Any]:
    """`body` checked to be one JSON object, as the event models will read it: the bytes when
    pydantic's parser reads them (the models then read them straight, with no Python tree of
    the whole 10 kB payload: under a burst that tree cost more than the rest of the reading),
    else what `json` reads (lone surrogate escapes, which that parser refuses). ValueError when
    the body is not JSON, NotAnObject when it is JSON but no object, NumberTooLarge (a
    ValueError) when a number in it is out of bounds."""
    check_number_magnitudes(body)
    try:
        _JsonObject.model_validate_json(body)
        return body
    except ValidationError as exc:
        if exc.errors()[0]["type"] != "json_invalid":
            raise NotAnObject("payload is not a JSON object") from None
    try:  # ValueError (JSONDecodeError, UnicodeDecodeError)
        data = json.loads(body.decode("utf-8"))
    except RecursionError:  # a nesting bomb both parsers refuse: not JSON Smith reads
        raise ValueError("JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise NotAnObject("payload is not a JSON object")
    return data


def verify_github(headers: Mapping[str, str], body: bytes, secret: str | None) -> VerifiedDelivery:
    lowered = {key.lower(): value for key, value in headers.items()}
    if not secret:
        raise WebhookRejected(401, "no GitHub webhook secret is configured; refusing deliveries")
    if "x-hub-signature-256" not in lowered:
        # The legacy SHA-1 header alone is not enough: insist on the SHA-256 signature.
        raise WebhookRejected(401, "missing X-Hub-Signature-256")
    lowered.pop("x-hub-signature", None)
    for required in ("x-github-event", "x-github-delivery"):
        if not lowered.get(required):
            raise WebhookRejected(400, f"missing header {required}")
    content_type = lowered.get("content-type", "")
    try:
        if content_type.lower().replace(" ", "") in _PLAIN_JSON_COMPACT and body:
            # What GitHub sends: checked and read here, without the generic path's
            # content-type parsing and str decoding (93 µs → 42 µs for a 12 kB delivery).
            validate_event(body, signature=lowered["x-hub-signature-256"], secret=secret)
            data: object = json_object_wire(body)
            event_name, delivery_id = lowered["x-github-event"], lowered["x-github-delivery"]
        else:  # form-encoded payloads, other charsets, refusals: gidgethub's reading
            event = GitHubEvent.from_http(lowered, body, secret=secret)
            data, event_name, delivery_id = event.data, event.event, event.delivery_id
    except ValidationFailure as exc:
        raise WebhookRejected(401, "bad signature") from exc
    except NotAnObject as exc:
        raise WebhookRejected(400, "payload is not a JSON object") from exc
    except NumberTooLarge as exc:
        raise WebhookRejected(400, f"body refused: {exc}") from exc
    except (BadRequest, ValueError) as exc:
        if "json" in content_type:
            raise WebhookRejected(400, "body is not valid JSON") from exc
        raise WebhookRejected(415, "expected a JSON body") from exc
    if not isinstance(data, bytes | dict):
        raise WebhookRejected(400, "payload is not a JSON object")
    return VerifiedDelivery(event_name, delivery_id, data)


def load_json(body: bytes) -> Any:
    """`json.loads` of a UTF-8 body, via orjson (twice as fast on a webhook's 10 kB); what
    orjson refuses and `json` reads (NaN, integers beyond 64 bits) still reads as before, and
    what neither reads raises ValueError (JSONDecodeError, UnicodeDecodeError)."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body.decode("utf-8"))


def verify_gitlab(headers: Mapping[str, str], body: bytes, secret: str | None) -> VerifiedDelivery:
    lowered = {key.lower(): value for key, value in headers.items()}
    if not secret:
        raise WebhookRejected(401, "no GitLab webhook secret is configured; refusing deliveries")
    token = lowered.get("x-gitlab-token", "")
    if not hmac.compare_digest(token.encode(), secret.encode()):
        raise WebhookRejected(401, "bad or missing X-Gitlab-Token")
    event_name = lowered.get("x-gitlab-event")
    if not event_name:
        raise WebhookRejected(400, "missing header X-Gitlab-Event")
    # Idempotency-Key survives GitLab's retries; the event UUID is older and shared by recursive
    # hooks. Without either, there is nothing to deduplicate on: refuse rather than risk doubles.
    delivery_id = lowered.get("idempotency-key") or lowered.get("x-gitlab-event-uuid")
    if not delivery_id:
        raise WebhookRejected(400, "missing Idempotency-Key and X-Gitlab-Event-UUID")
    try:
        wire = json_object_wire(body)
    except NotAnObject as exc:
        raise WebhookRejected(400, "payload is not a JSON object") from exc
    except NumberTooLarge as exc:
        raise WebhookRejected(400, f"body refused: {exc}") from exc
    except ValueError as exc:
        raise WebhookRejected(400, "body is not valid JSON") from exc
    return VerifiedDelivery(event_name, delivery_id, wire)


def gitlab_secret_for(
    body: bytes, shared: str | None, per_path: Mapping[str, str]
) -> str | None:
    """The secret a GitLab delivery must carry: the one configured for its project or the
    closest group above it (so one project's maintainer cannot sign events for another), else
    the shared one. The path is read from the unverified body only to pick the secret; the
    event that comes out of verification names the same project, since it is the same body.
    Nothing read here may fail: a body that is no JSON object (or holds an out-of-bounds
    number) gets the shared secret, and verification refuses it after the token check."""
    if not per_path:
        return shared
    try:
        check_number_magnitudes(body)
        payload = json.loads(body.decode("utf-8"))
        project = payload.get("project") or {}
        path = str(project.get("path_with_namespace") or "")
    except (ValueError, AttributeError, RecursionError):  # JSONDecodeError, UnicodeDecodeError
        return shared
    folded = {key.strip("/").casefold(): secret for key, secret in per_path.items()}
    parts = path.strip("/").casefold().split("/")
    for cut in range(len(parts), 0, -1):
        secret = folded.get("/".join(parts[:cut]))
        if secret is not None:
            return secret
    return shared

