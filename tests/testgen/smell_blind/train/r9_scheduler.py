"""Interval job scheduler driven by an injectable clock."""
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable


@dataclass
class Job:
    name: str
    interval: timedelta
    action: Callable[[], None]
    next_run: datetime
    runs: int = 0
    failures: int = 0


class Scheduler:
    def __init__(self, clock: Callable[[], datetime]):
        self._clock = clock
        self._jobs = {}

    def add_job(self, name: str, every_seconds: int, action) -> Job:
        if every_seconds <= 0:
            raise ValueError("interval must be positive")
        if name in self._jobs:
            raise KeyError(f"job {name!r} already scheduled")
        job = Job(name, timedelta(seconds=every_seconds), action,
                  self.compute_next_run(self._clock(), every_seconds))
        self._jobs[name] = job
        return job

    @staticmethod
    def compute_next_run(now: datetime, every_seconds: int) -> datetime:
        return now + timedelta(seconds=every_seconds)

    def due_jobs(self) -> list:
        now = self._clock()
        return sorted((j for j in self._jobs.values() if j.next_run <= now),
                      key=lambda j: j.next_run)

    def run_pending(self) -> list:
        ran = []
        for job in self.due_jobs():
            try:
                job.action()
                job.runs += 1
            except Exception:
                job.failures += 1
            job.next_run = self._clock() + job.interval
            ran.append(job.name)
        return ran

    def remove_job(self, name: str) -> None:
        self._jobs.pop(name)

    def job(self, name: str) -> Job:
        return self._jobs[name]
