import asyncio

import pytest

from r6_retry import RetryExhausted, backoff_delays, retry, retry_async


class RecordingSleep:
    def __init__(self):
        self.delays = []

    def __call__(self, seconds):
        self.delays.append(seconds)


def failing_n_times(n, result="ok"):
    state = {"left": n}

    def fn():
        if state["left"]:
            state["left"] -= 1
            raise ConnectionError("transient")
        return result

    return fn


def assert_backoff(sleep, expected):
    assert sleep.delays == pytest.approx(expected), f"unexpected backoff schedule {sleep.delays}"


def test_succeeds_on_third_attempt_with_exponential_backoff():
    sleep = RecordingSleep()
    assert retry(failing_n_times(2), attempts=3, base_delay=0.1, sleep=sleep) == "ok"
    assert_backoff(sleep, [0.1, 0.2])


def test_gives_up_and_keeps_last_error():
    sleep = RecordingSleep()
    with pytest.raises(RetryExhausted, match="gave up after 2 attempts") as excinfo:
        retry(failing_n_times(5), attempts=2, sleep=sleep)
    assert isinstance(excinfo.value.last_error, ConnectionError)
    assert_backoff(sleep, [0.1])


def test_non_retryable_error_propagates_immediately():
    def boom():
        raise KeyError("config")

    with pytest.raises(KeyError, match="config"):
        retry(boom, sleep=RecordingSleep())


def test_async_variant_uses_injected_sleep():
    slept = []

    async def fake_sleep(seconds):
        slept.append(seconds)

    calls = failing_n_times(1)

    async def op():
        return calls()

    assert asyncio.run(retry_async(op, attempts=2, base_delay=1.0, sleep=fake_sleep)) == "ok"
    assert slept == [1.0]


def test_backoff_delays_table():
    assert backoff_delays(0.5, 3, 4) == [0.5, 1.5, 4.5]
