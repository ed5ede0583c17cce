import asyncio

import pytest

from r5_async_poller import PollTimeout, poll_until


def test_returns_immediately_when_condition_true():
    async def ready():
        return "ready"

    assert asyncio.run(poll_until(ready, interval=0.01, timeout=1)) == ("ready", 1)


def test_waits_for_background_task_to_finish():
    async def scenario():
        state = {"done": False}

        async def worker():
            await asyncio.sleep(0.15)
            state["done"] = True

        async def check():
            return state["done"]

        task = asyncio.create_task(worker())
        result = await poll_until(check, interval=0.05, timeout=2)
        await task
        return result

    result, attempts = asyncio.run(scenario())
    assert result is True
    assert attempts >= 2


def test_times_out():
    async def never():
        await asyncio.sleep(0.01)
        return False

    with pytest.raises(PollTimeout, match="condition not met"):
        asyncio.run(poll_until(never, interval=0.05, timeout=0.2))
