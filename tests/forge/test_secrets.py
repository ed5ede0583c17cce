"""A planted canary token must never show up in logs, exception texts, tracebacks or reprs,
whatever goes wrong on the wire (even a forge that echoes it back in an error)."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.forge.base import ItemRef
from bot.forge.errors import ForgeError
from tests.forge.conftest import ForgeEnv, start_env

CANARY = "canary-7f3c9e1d-TOKEN-do-not-leak"


def _all_text(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)) + repr(exc) + str(exc)


@pytest.fixture(params=["github", "gitlab"])
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


async def test_canary_token_never_leaks_across_failing_calls(
    kind: str, tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    fake, env = await start_env(kind, tmp_path, token=CANARY)
    texts: list[str] = []

    async def failing(call: Callable[[], Awaitable[object]]) -> None:
        with pytest.raises(ForgeError) as caught:
            await call()
        texts.append(_all_text(caught.value))

    try:
        number = env.seed_issue("x")
        item = ItemRef("issue", number)
        fake.fail_next(10, status=500)
        await failing(lambda: env.forge.get_issue(env.repo, number))
        fake.faults.clear()
        fake.drop_next(10)
        await failing(lambda: env.forge.create_comment(env.repo, item, "hi"))
        fake.faults.clear()
        fake.rate_limit_next(10, retry_after=0)
        await failing(lambda: env.forge.add_labels(env.repo, item, ["smith"]))
        fake.faults.clear()
        await failing(lambda: env.forge.get_issue(env.repo, 9999))
        await failing(lambda: env.forge.create_comment(env.repo, item, ""))
        # A forge that echoes the credential in its error body.
        fake.fail_next(1, status=400, message=f"token {CANARY} is not allowed here")
        await failing(lambda: env.forge.get_issue(env.repo, number))
        fake.fail_next(10, status=502, message=f"upstream saw {CANARY}")
        await failing(lambda: env.forge.default_branch(env.repo))
        # And the token is revoked: 401.
        fake.state.tokens.clear()
        await failing(lambda: env.forge.get_permission(env.repo, "alice"))

        credentials = await env.forge.push_credentials(env.repo)
        texts += [repr(env.forge), str(env.forge), repr(credentials), str(credentials)]
    finally:
        await env.forge.close()
        await fake.stop()

    captured = capsys.readouterr()
    texts += [caplog.text, captured.out, captured.err]
    assert len(texts) > 10
    assert all("***" in t for t in texts[5:7]), "the echoed token should have been replaced"
    for text in texts:
        assert CANARY not in text


async def test_comment_bodies_never_carry_the_token(env: ForgeEnv) -> None:
    number = env.seed_change_request("smith/x")
    thread = await env.forge.create_thread(env.repo, number, "proposal")
    await env.forge.reply_to_thread(env.repo, number, thread.id, "reply")
    bodies = [str(r.body) for r in env.fake.requests]
    assert bodies and all(env.token not in body for body in bodies)
