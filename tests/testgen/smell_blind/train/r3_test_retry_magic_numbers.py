import pytest

from r3_retry import RetryExhausted, backoff_delays, retry_call


def flaky(failures, result="ok"):
    state = {"left": failures}

    def fn():
        if state["left"]:
            state["left"] -= 1
            raise ConnectionError("reset")
        return result

    return fn


def test_succeeds_after_transient_failures():
    slept = []
    assert retry_call(flaky(2), attempts=3, sleep=slept.append) == "ok"


def test_backoff_schedule():
    assert backoff_delays(6, 0.37, factor=2.7, max_delay=9.5) == pytest.approx(
        [0.37, 0.999, 2.6973, 7.28271, 9.5]
    )


def test_gives_up_when_every_attempt_fails():
    slept = []
    with pytest.raises(RetryExhausted, match="gave up after 7 attempts"):
        retry_call(flaky(1000), attempts=7, base_delay=0.013, factor=3.3, max_delay=1.7,
                   sleep=slept.append)
    assert len(slept) == 6
