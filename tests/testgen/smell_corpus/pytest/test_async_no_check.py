# smells: no_assertion
import pytest

from crawler.fetch import fetch_all


@pytest.mark.asyncio
async def test_fetches_without_crashing():
    async def get(url):
        return url

    await fetch_all(["a", "b"], get=get)
