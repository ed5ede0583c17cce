import asyncio

from r6_retry import retry_async


def test_async_retry_recovers_after_transient_error():
    state = {"calls": 0}

    async def fetch():
        state["calls"] += 1
        await asyncio.sleep(0.2)  # simulate network latency
        if state["calls"] == 1:
            raise ConnectionError("reset by peer")
        return {"status": "ok"}

    result = asyncio.run(retry_async(fetch, attempts=3, base_delay=0.25))

    assert result == {"status": "ok"}
    assert state["calls"] == 2
