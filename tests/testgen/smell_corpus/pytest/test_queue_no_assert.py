# smells: no_assertion
from jobs.queue import JobQueue


def test_enqueue_and_drain():
    queue = JobQueue(max_size=3)
    queue.put("a")
    queue.put("b")
    queue.drain(lambda job: print("ran", job))


def test_peek_on_empty_queue_returns_none():
    assert JobQueue(max_size=1).peek() is None
