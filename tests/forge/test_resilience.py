"""Failures on the wire, for both adapters: what is retried, how long we wait, when we give up,
and what a permanent error tells the caller."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from bot.forge.base import ItemRef
from bot.forge.errors import (
    ForgeError,
    ForgeUnavailable,
    NotFound,
    PermissionDenied,
    RateLimited,
    ValidationFailed,
)
from bot.forge.retry import RetryPolicy
from tests.forge.conftest import FAST_RETRY, ForgeEnv, start_env


def _issue_reads(env: ForgeEnv) -> int:
    op = "get_issue"
    return len(env.fake.requests_for(op))


async def test_server_errors_are_retried_until_the_call_succeeds(env: ForgeEnv) -> None:
    number = env.seed_issue("flaky")
    env.fake.fail_next(2, status=502)

    issue = await env.forge.get_issue(env.repo, number)

    assert issue.title == "flaky"
    assert [r.status for r in env.fake.requests[:3]] == [502, 502, 200]


async def test_server_errors_past_the_bound_give_up_with_forge_unavailable(env: ForgeEnv) -> None:
    number = env.seed_issue("down")
    env.fake.fail_next(10, status=503)

    with pytest.raises(ForgeUnavailable) as caught:
        await env.forge.get_issue(env.repo, number)

    assert caught.value.status == 503
    assert len(env.fake.requests) == FAST_RETRY.attempts


async def test_dropped_connection_is_retried(env: ForgeEnv) -> None:
    number = env.seed_issue("dropped")
    env.fake.drop_next(1)

    issue = await env.forge.get_issue(env.repo, number)

    assert issue.title == "dropped"
    assert env.fake.requests[0].status is None  # the fake hung up on the first try
    assert _issue_reads(env) == 2


async def test_dropped_connections_past_the_bound_give_up(env: ForgeEnv) -> None:
    number = env.seed_issue("gone")
    env.fake.drop_next(10)
    with capture_logs() as logs, pytest.raises(ForgeUnavailable) as caught:
        await env.forge.get_issue(env.repo, number)
    assert caught.value.status is None
    events = [e["event"] for e in logs]
    assert events.count("forge.unavailable.retry") == FAST_RETRY.attempts - 1
    assert events.count("forge.unavailable.give_up") == 1
    # aiohttp itself resends an idempotent request once when a kept-alive connection drops.
    assert FAST_RETRY.attempts <= len(env.fake.requests) <= 2 * FAST_RETRY.attempts


async def test_rate_limit_wait_is_honoured(env: ForgeEnv) -> None:
    number = env.seed_issue("busy")
    env.fake.rate_limit_next(1, retry_after=1)

    started = time.monotonic()
    issue = await env.forge.get_issue(env.repo, number)
    elapsed = time.monotonic() - started

    assert issue.title == "busy"
    assert elapsed >= 0.95, "the retry came before the forge's Retry-After"
    assert elapsed < 3
    assert [r.status for r in env.fake.requests[:2]] == [429, 200]


async def test_rate_limit_longer_than_the_bound_gives_up_at_once(env: ForgeEnv) -> None:
    number = env.seed_issue("busy")
    env.fake.rate_limit_next(1, retry_after=3600)

    started = time.monotonic()
    with pytest.raises(RateLimited) as caught:
        await env.forge.get_issue(env.repo, number)

    assert time.monotonic() - started < 1
    assert caught.value.retry_after == pytest.approx(3600)
    assert len(env.fake.requests) == 1


async def test_repeated_rate_limits_give_up_after_the_attempt_bound(env: ForgeEnv) -> None:
    number = env.seed_issue("busy")
    env.fake.rate_limit_next(10, retry_after=0)

    with pytest.raises(RateLimited):
        await env.forge.get_issue(env.repo, number)

    assert len(env.fake.requests) == FAST_RETRY.attempts


@pytest.mark.parametrize("forge_kind", ["github"])
async def test_github_primary_rate_limit_waits_for_the_reset_time(env: ForgeEnv) -> None:
    number = env.seed_issue("quota")
    env.fake.rate_limit_next(1, retry_after=1, style="reset")

    started = time.monotonic()
    issue = await env.forge.get_issue(env.repo, number)

    assert issue.title == "quota"
    assert time.monotonic() - started >= 0.9
    assert env.fake.requests[0].status == 403


@pytest.mark.parametrize("forge_kind", ["github"])
async def test_github_secondary_rate_limit_403_is_retried_not_denied(env: ForgeEnv) -> None:
    number = env.seed_issue("secondary")
    env.fake.rate_limit_next(1, retry_after=0, style="secondary")
    assert (await env.forge.get_issue(env.repo, number)).title == "secondary"
    assert env.fake.requests[0].status == 403


async def test_permanent_client_error_is_not_retried_and_carries_the_forges_message(
    env: ForgeEnv,
) -> None:
    number = env.seed_issue("x")

    with pytest.raises(ValidationFailed) as caught:
        await env.forge.create_comment(env.repo, ItemRef("issue", number), "")

    expected = {"github": "Validation Failed for 'body'", "gitlab": "body is missing"}[env.kind]
    assert expected in str(caught.value)
    assert caught.value.status == {"github": 422, "gitlab": 400}[env.kind]
    assert isinstance(caught.value.__cause__, Exception)  # raised `from` the library's error
    assert len(env.fake.requests) == 1


async def test_injected_client_error_keeps_its_message(env: ForgeEnv) -> None:
    number = env.seed_issue("x")
    env.fake.fail_next(1, status=403, message="Resource not accessible by integration")
    with pytest.raises(PermissionDenied) as caught:
        await env.forge.get_issue(env.repo, number)
    assert "Resource not accessible by integration" in str(caught.value)
    assert len(env.fake.requests) == 1


async def test_not_found_is_a_forge_error(env: ForgeEnv) -> None:
    with pytest.raises(ForgeError) as caught:
        await env.forge.create_comment(env.repo, ItemRef("issue", 424242), "hello")
    assert isinstance(caught.value, NotFound)
    assert caught.value.status == 404


@pytest.mark.parametrize("forge_kind", ["github", "gitlab"])
async def test_invalid_token_is_permission_denied(forge_kind: str, tmp_path: Path) -> None:
    fake, env = await start_env(forge_kind, tmp_path)
    try:
        fake.state.tokens.clear()
        with pytest.raises(PermissionDenied) as caught:
            await env.forge.default_branch(env.repo)
        assert caught.value.status == 401
        assert len(fake.requests) == 1
    finally:
        await env.forge.close()
        await fake.stop()


@pytest.mark.parametrize("forge_kind", ["gitlab"])
async def test_gitlab_calls_do_not_block_the_event_loop(env: ForgeEnv) -> None:
    number = env.seed_issue("slow")
    env.fake.slow_next(1, delay=0.6, path=r"/issues/\d+$")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticking = asyncio.create_task(ticker())
    started = time.monotonic()
    try:
        issue = await env.forge.get_issue(env.repo, number)
    finally:
        ticking.cancel()
    elapsed = time.monotonic() - started

    assert issue.title == "slow"
    assert elapsed >= 0.6
    # A blocked loop would tick ~0 times during the slow answer; a free one ~60.
    assert ticks >= 20


async def test_slow_answers_past_the_timeout_count_as_unavailable(
    forge_kind: str, tmp_path: Path
) -> None:
    policy = RetryPolicy(attempts=2, backoff_initial=0.01, backoff_max=0.01)
    fake, env = await start_env(forge_kind, tmp_path, retry=policy)
    # Rebuild the adapter with a short timeout; the fake answers after it.
    await env.forge.close()
    if forge_kind == "github":
        from bot.forge.github import GitHubForge

        env.forge = GitHubForge(
            token=env.token, api_url=fake.base_url, retry=policy, request_timeout=0.2
        )
    else:
        from bot.forge.gitlab import GitLabForge

        env.forge = GitLabForge(
            url=fake.base_url, token=env.token, retry=policy, request_timeout=0.2
        )
    try:
        number = env.seed_issue("slow")
        fake.slow_next(1, delay=0.5)
        issue = await env.forge.get_issue(env.repo, number)  # first try times out, second succeeds
        assert issue.title == "slow"
        assert len(fake.requests_for("get_issue")) == 2
    finally:
        await env.forge.close()
        await fake.stop()
