from datetime import datetime, timedelta

import pytest

from r9_scheduler import Scheduler

START = datetime(2024, 3, 1, 9, 0, 0)
EVERY_FIVE_MINUTES = 300


class FakeClock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return FakeClock(START)


@pytest.fixture
def scheduler(clock):
    return Scheduler(clock)


def test_new_job_next_run(scheduler):
    job = scheduler.add_job("cleanup", EVERY_FIVE_MINUTES, lambda: None)
    assert job.next_run == Scheduler.compute_next_run(START, EVERY_FIVE_MINUTES)


def test_next_run_after_running(scheduler, clock):
    job = scheduler.add_job("cleanup", EVERY_FIVE_MINUTES, lambda: None)
    clock.now = job.next_run
    scheduler.run_pending()
    assert job.next_run == clock.now + timedelta(seconds=EVERY_FIVE_MINUTES)


def test_job_lookup_returns_same_job(scheduler):
    job = scheduler.add_job("report", EVERY_FIVE_MINUTES, lambda: None)
    assert scheduler.job("report").interval == scheduler.job("report").interval
    assert scheduler.job("report") is job
