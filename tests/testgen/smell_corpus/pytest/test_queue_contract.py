# smells: none
import pytest

from jobs.queue import JobQueue, QueueFull


@pytest.fixture
def queue():
    return JobQueue(max_size=2)


def test_jobs_come_out_in_arrival_order(queue):
    queue.put("first")
    queue.put("second")
    assert [queue.get(), queue.get()] == ["first", "second"]


def test_a_full_queue_refuses_more(queue):
    queue.put(1)
    queue.put(2)
    with pytest.raises(QueueFull):
        queue.put(3)


def test_drain_runs_every_job(queue):
    ran = []
    queue.put("x")
    queue.put("y")
    queue.drain(ran.append)
    assert ran == ["x", "y"]
