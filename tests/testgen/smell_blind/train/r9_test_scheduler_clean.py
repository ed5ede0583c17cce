from datetime import datetime, timedelta

import pytest

from r9_scheduler import Scheduler

START = datetime(2024, 3, 1, 9, 0, 0)
ONE_MINUTE = 60
FIVE_MINUTES = 300


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


def test_first_run_is_one_interval_after_scheduling(scheduler):
    job = scheduler.add_job("cleanup", FIVE_MINUTES, lambda: None)
    assert job.next_run == datetime(2024, 3, 1, 9, 5, 0)


def test_nothing_runs_before_interval_elapses(scheduler, clock):
    scheduler.add_job("cleanup", FIVE_MINUTES, lambda: None)
    clock.advance(ONE_MINUTE)
    assert scheduler.run_pending() == []


def test_due_jobs_run_earliest_first(scheduler, clock):
    scheduler.add_job("slow", FIVE_MINUTES, lambda: None)
    scheduler.add_job("fast", ONE_MINUTE, lambda: None)
    clock.advance(FIVE_MINUTES)
    assert scheduler.run_pending() == ["fast", "slow"]


def test_failing_job_counts_failure_and_is_rescheduled(scheduler, clock):
    def boom():
        raise RuntimeError("disk full")

    job = scheduler.add_job("backup", ONE_MINUTE, boom)
    clock.advance(ONE_MINUTE)
    scheduler.run_pending()

    assert (job.runs, job.failures) == (0, 1)
    assert job.next_run == datetime(2024, 3, 1, 9, 2, 0)


def test_duplicate_job_name_is_rejected(scheduler):
    scheduler.add_job("cleanup", FIVE_MINUTES, lambda: None)
    with pytest.raises(KeyError, match="already scheduled"):
        scheduler.add_job("cleanup", ONE_MINUTE, lambda: None)
