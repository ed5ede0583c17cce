"""What a webhook body must be to be read, and what each refusal answers.

GitHub's plain-JSON deliveries take a fast path (signature by gidgethub's `validate_event`, body
by orjson); everything else goes through gidgethub's `Event.from_http`. Both must read the same
bodies as `json.loads` and refuse the same ones with the same status.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import urllib.parse

import pytest

from bot.forge.webhook_auth import WebhookRejected, gitlab_secret_for, verify_github, verify_gitlab

SECRET = "webhook-secret"


def _signed(body: bytes, content_type: str = "application/json",
            secret: str = SECRET) -> dict[str, str]:
    signature = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return {"X-GitHub-Event": "issues", "X-GitHub-Delivery": "d-1",
            "X-Hub-Signature-256": f"sha256={signature}", "Content-Type": content_type}


@pytest.mark.parametrize("content_type", [
    "application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])
def test_a_json_body_is_read_as_json_loads_reads_it(content_type: str):
    payload = {"action": "labeled", "issue": {"number": 7, "title": "ünïcode ✓"},
               "big": 2**70, "ratio": 0.1}
    body = json.dumps(payload, ensure_ascii=False).encode()
    verified = verify_github(_signed(body, content_type), body, SECRET)
    assert (verified.event_name, verified.delivery_id) == ("issues", "d-1")
    assert verified.payload == json.loads(body)


def test_what_json_reads_and_orjson_refuses_is_still_read():
    body = b'{"action": "labeled", "score": NaN}'
    verified = verify_github(_signed(body), body, SECRET)
    assert verified.payload["action"] == "labeled"
    assert verified.payload["score"] != verified.payload["score"]  # NaN, as json.loads gives


def test_a_form_encoded_delivery_is_read_from_its_payload_field():
    payload = {"action": "opened", "number": 3}
    body = urllib.parse.urlencode({"payload": json.dumps(payload)}).encode()
    verified = verify_github(_signed(body, "application/x-www-form-urlencoded"), body, SECRET)
    assert verified.payload == payload


NESTING_BOMB = b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"


@pytest.mark.parametrize(("body", "headers", "status"), [
    (b'{"action": "labeled"}', _signed(b'{"action": "labeled"}', secret="another"), 401),
    (b'{"action": "labeled"', _signed(b'{"action": "labeled"'), 400),
    (b'["not", "an", "object"]', _signed(b'["not", "an", "object"]'), 400),
    (b"", _signed(b""), 400),
    (b'{"t": "\xff"}', _signed(b'{"t": "\xff"}'), 400),
    (b"<xml/>", _signed(b"<xml/>", "text/xml"), 415),
    (NESTING_BOMB, _signed(NESTING_BOMB), 400),
])
def test_refused_bodies_get_the_status_that_says_why(body: bytes, headers: dict[str, str],
                                                      status: int):
    with pytest.raises(WebhookRejected) as refused:
        verify_github(headers, body, SECRET)
    assert refused.value.status == status


def test_a_body_changed_after_signing_is_refused_on_the_fast_path_too():
    headers = _signed(b'{"action": "labeled"}')
    with pytest.raises(WebhookRejected) as refused:
        verify_github(headers, b'{"action": "closed"}', SECRET)
    assert refused.value.status == 401


def test_gitlab_bodies_read_like_json_and_refuse_like_it():
    headers = {"X-Gitlab-Token": SECRET, "X-Gitlab-Event": "Issue Hook", "Idempotency-Key": "k"}
    body = b'{"object_kind": "issue", "n": NaN, "labels": []}'
    assert verify_gitlab(headers, body, SECRET).payload["object_kind"] == "issue"
    for bad in (b"{", b'{"t": "\xff"}', b"[1]", NESTING_BOMB):
        with pytest.raises(WebhookRejected) as refused:
            verify_gitlab(headers, bad, SECRET)
        assert refused.value.status == 400


def test_a_nesting_bomb_picks_the_shared_secret_and_is_then_refused_not_crashed():
    assert gitlab_secret_for(NESTING_BOMB, "shared", {"team/app": "own"}) == "shared"
    headers = {"X-Gitlab-Token": "shared", "X-Gitlab-Event": "Issue Hook", "Idempotency-Key": "k"}
    with pytest.raises(WebhookRejected) as refused:
        verify_gitlab(headers, NESTING_BOMB, "shared")
    assert refused.value.status == 400
