import asyncio

import pytest

from r5_async_poller import PollTimeout, poll_until


class VirtualTime:
    """Fake clock + sleep pair: sleeping advances the clock instantly."""

    def __init__(self):
        self.now = 0.0
        self.sleeps = []

    def clock(self):
        return self.now

    async def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds


def run(coro):
    return asyncio.run(coro)


def results_from(*values):
    it = iter(values)

    async def check():
        return next(it)

    return check


def test_polls_until_truthy():
    vt = VirtualTime()
    check = results_from(None, 0, {"status": "done"})
    result = run(poll_until(check, interval=2, timeout=10, sleep=vt.sleep, clock=vt.clock))
    assert result == ({"status": "done"}, 3)
    assert vt.sleeps == [2, 2]


def test_gives_up_before_exceeding_deadline():
    vt = VirtualTime()
    check = results_from(*[False] * 10)
    with pytest.raises(PollTimeout, match="not met after 3 attempts"):
        run(poll_until(check, interval=2, timeout=5, sleep=vt.sleep, clock=vt.clock))
    assert vt.now == 4


def test_timeout_is_a_timeout_error():
    assert issubclass(PollTimeout, TimeoutError)
