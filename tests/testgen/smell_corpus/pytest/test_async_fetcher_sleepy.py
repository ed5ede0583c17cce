# smells: none
import asyncio

import pytest

from crawler.fetch import Debouncer


@pytest.mark.asyncio
async def test_calls_within_the_window_are_merged():
    calls = []
    debounce = Debouncer(0.05, calls.append)
    debounce("a")
    debounce("b")
    await asyncio.sleep(0.2)
    assert calls == ["b"]
