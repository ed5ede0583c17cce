from datetime import datetime, timedelta

import pytest

from r9_scheduler import Scheduler

START = datetime(2024, 3, 1, 9, 0, 0)
ONE_MINUTE = 60


class FakeClock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    return FakeClock(START)


@pytest.fixture
def scheduler(clock):
    return Scheduler(clock)


def test_job_runs_once_interval_has_elapsed(scheduler, clock):
    calls = []
    scheduler.add_job("heartbeat", ONE_MINUTE, lambda: calls.append("beat"))
    clock.advance(ONE_MINUTE)

    assert scheduler.run_pending() == ["heartbeat"]
    assert calls == ["beat"]


def test_failing_job_is_rescheduled(scheduler, clock):
    pass


def test_jobs_run_in_order_of_due_time(scheduler, clock):
    # TODO: add two jobs with different intervals and check ordering
    ...


def test_zero_interval_is_rejected(scheduler):
    with pytest.raises(ValueError, match="interval must be positive"):
        scheduler.add_job("broken", 0, lambda: None)
