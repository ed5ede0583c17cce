import pytest

from r3_retry import RetryExhausted, backoff_delays, retry_call

BASE_DELAY = 0.1
ATTEMPTS = 4


class Flaky:
    def __init__(self, errors, result="done"):
        self.errors = list(errors)
        self.calls = 0
        self.result = result

    def __call__(self):
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return self.result


@pytest.fixture
def sleeps():
    return []


def test_returns_first_success_without_sleeping(sleeps):
    fn = Flaky([])
    assert retry_call(fn, attempts=ATTEMPTS, base_delay=BASE_DELAY, sleep=sleeps.append) == "done"
    assert sleeps == []


def test_sleeps_with_exponential_backoff_between_attempts(sleeps):
    fn = Flaky([ConnectionError("a"), TimeoutError("b"), ConnectionError("c")])
    assert retry_call(fn, attempts=ATTEMPTS, base_delay=BASE_DELAY, sleep=sleeps.append) == "done"
    assert sleeps == pytest.approx([0.1, 0.2, 0.4])


def test_non_retryable_error_propagates_immediately(sleeps):
    fn = Flaky([KeyError("boom")])
    with pytest.raises(KeyError, match="boom"):
        retry_call(fn, attempts=ATTEMPTS, sleep=sleeps.append)
    assert fn.calls == 1


def test_exhaustion_reports_attempts_and_last_error(sleeps):
    fn = Flaky([ConnectionError(str(i)) for i in range(ATTEMPTS)])
    with pytest.raises(RetryExhausted, match=r"gave up after 4 attempts: 3") as info:
        retry_call(fn, attempts=ATTEMPTS, sleep=sleeps.append)
    assert isinstance(info.value.last_error, ConnectionError)


@pytest.mark.parametrize(
    "attempts, base, factor, cap, expected",
    [
        (1, 1.0, 2.0, 30.0, []),
        (4, 1.0, 2.0, 30.0, [1.0, 2.0, 4.0]),
        (5, 1.0, 3.0, 10.0, [1.0, 3.0, 9.0, 10.0]),
    ],
)
def test_backoff_delays_table(attempts, base, factor, cap, expected):
    assert backoff_delays(attempts, base, factor, cap) == expected
