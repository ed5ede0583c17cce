"""Dashboard auth: off without a token; with one, bearer or basic-auth password, else 401."""

from __future__ import annotations

import base64

import aiohttp
import pytest

from bot.dashboard.auth import CHALLENGE, presented_secret, token_matches
from tests.dashboard.conftest import TOKEN


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


@pytest.mark.parametrize(("header", "secret"), [
    (None, None),
    ("", None),
    ("Bearer abc", "abc"),
    ("bearer   abc  ", "abc"),
    ("Bearer", None),
    (basic("anyone", "p:ss"), "p:ss"),
    ("Basic !!!not-base64", None),
    ("Basic " + base64.b64encode(b"no-colon").decode(), None),
    ("Basic " + base64.b64encode(b"u:\xff\xfe").decode(), None),
    ("Basic ünïcode", None),
    ("Token abc", None),
])
def test_presented_secret(header, secret):
    assert presented_secret(header) == secret


def test_token_matches_only_the_exact_token():
    assert token_matches("Bearer s3cret", "s3cret")
    assert token_matches(basic("me", "s3cret"), "s3cret")
    assert not token_matches("Bearer s3cre", "s3cret")
    assert not token_matches("Bearer s3cret2", "s3cret")
    assert not token_matches(basic("s3cret", "wrong"), "s3cret")
    assert not token_matches(None, "s3cret")


PATHS = ("/", "/runs/{r1}", "/runs/999999", "/api/stats")


async def test_without_a_token_everything_is_open(start_dashboard):
    dashboard = await start_dashboard(token=None)
    for path in PATHS:
        status, headers, _ = await dashboard.get(path.format(**dashboard.runs))
        assert status in (200, 404), path
        assert "WWW-Authenticate" not in headers


async def test_with_a_token_a_request_without_it_gets_401(start_dashboard):
    dashboard = await start_dashboard(token=TOKEN)
    for path in PATHS:
        for headers in ({}, {"Authorization": "Bearer wrong"},
                        {"Authorization": basic("admin", "wrong")},
                        {"Authorization": f"Token {TOKEN}"}):
            status, answer, body = await dashboard.get(path.format(**dashboard.runs),
                                                       headers=headers)
            assert status == 401, (path, headers)
            assert answer["WWW-Authenticate"] == CHALLENGE
            assert "judge" not in body and "acme/app" not in body


async def test_with_a_token_bearer_or_basic_password_gets_in(start_dashboard):
    dashboard = await start_dashboard(token=TOKEN)
    for headers in ({"Authorization": f"Bearer {TOKEN}"},
                    {"Authorization": basic("whoever", TOKEN)}):
        status, _, html = await dashboard.get("/", headers=headers)
        assert status == 200 and "acme/app" in html
        status, _, html = await dashboard.get(f"/runs/{dashboard.runs['r1']}", headers=headers)
        assert status == 200 and 'id="timeline"' in html
        status, _, html = await dashboard.get("/runs/999999", headers=headers)
        assert status == 404
    async with aiohttp.ClientSession() as client, client.get(dashboard.url + "/api/stats",
                          headers={"Authorization": aiohttp.encode_basic_auth("me", TOKEN)}
                          ) as response:
        assert response.status == 200
        assert (await response.json())["funnel"]["summoned"] == 7


async def test_the_token_does_not_guard_the_webhooks_or_health(start_dashboard):
    dashboard = await start_dashboard(token=TOKEN)
    status, _, _ = await dashboard.get("/healthz")
    assert status == 200
