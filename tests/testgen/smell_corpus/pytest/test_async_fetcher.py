# smells: none
import asyncio

import pytest

from crawler.fetch import fetch_all


@pytest.mark.asyncio
async def test_results_keep_the_order_of_urls():
    async def fake_get(url):
        await asyncio.sleep(0)
        return url.upper()

    assert await fetch_all(["a", "b", "c"], get=fake_get) == ["A", "B", "C"]


@pytest.mark.asyncio
async def test_one_failure_does_not_lose_the_rest():
    async def get(url):
        if url == "bad":
            raise OSError("boom")
        return url

    results = await fetch_all(["ok", "bad"], get=get, return_exceptions=True)
    assert results[0] == "ok" and isinstance(results[1], OSError)
