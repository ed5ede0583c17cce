"""The suite's xdist scheduler (tests/xdist_order.py) hands out every test once, and a worker
that dies costs the run only the test it died in: nothing lost, nothing run twice, no hang."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from tests.xdist_order import SHARED_SETUP, LongestFirst

SHARED = min(SHARED_SETUP)
COLLECTION = [f"tests/a/test_{n}.py::test_{n}" for n in range(24)] + [
    f"{SHARED}::test_{n}" for n in range(4)]


class Worker:
    """What the scheduler sees of an xdist worker: it is sent test indices and shut down."""

    def __init__(self, name: str) -> None:
        self.sent: list[int]
        self.name, self.sent, self.shutting_down = name, [], False
        self.gateway = SimpleNamespace(id=name)

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


def _scheduler(*workers: Worker) -> LongestFirst:
    config = SimpleNamespace(getvalue=lambda name: [f"{len(workers)}*popen"],
                             option=SimpleNamespace(loadscopereorder=True))
    scheduler = LongestFirst(config)  # type: ignore[arg-type]
    for worker in workers:
        scheduler.add_node(worker)  # type: ignore[arg-type]
        scheduler.add_node_collection(worker, COLLECTION)  # type: ignore[arg-type]
    scheduler.schedule()
    return scheduler


def _run(scheduler: LongestFirst, worker: Worker, done: list[str], count: int | None = None) -> None:
    """The worker runs what it was sent, in order (`count` tests, or until it has none left)."""
    ran = 0
    while worker.sent and (count is None or ran < count):
        index = worker.sent.pop(0)
        done.append(COLLECTION[index])
        scheduler.mark_test_complete(worker, index)  # type: ignore[arg-type]
        ran += 1


def test_every_test_is_handed_out_once_in_collection_order_and_the_run_ends() -> None:
    first, second = Worker("gw0"), Worker("gw1")
    scheduler = _scheduler(first, second)
    done: list[str] = []
    while first.sent or second.sent:
        _run(scheduler, first, done, 1)
        _run(scheduler, second, done, 1)
    assert Counter(done) == Counter(COLLECTION)
    assert scheduler.tests_finished and first.shutting_down and second.shutting_down


def test_a_worker_that_dies_costs_only_its_test_and_the_other_finishes_the_rest() -> None:
    first, second = Worker("gw0"), Worker("gw1")
    scheduler = _scheduler(first, second)
    done: list[str] = []
    for _ in range(8):
        _run(scheduler, first, done, 1)
        _run(scheduler, second, done, 1)
    dying = COLLECTION[first.sent[0]]
    crashed = scheduler.remove_node(first)  # type: ignore[arg-type]
    assert crashed == dying
    _run(scheduler, second, done)
    assert dying not in done
    assert Counter(done) == Counter(t for t in COLLECTION if t != dying)
    assert scheduler.tests_finished and not scheduler.has_pending
    assert second.shutting_down


def test_a_worker_that_ends_with_nothing_pending_puts_nothing_back() -> None:
    only = Worker("gw0")
    scheduler = _scheduler(only)
    done: list[str] = []
    _run(scheduler, only, done)
    assert scheduler.remove_node(only) is None  # type: ignore[arg-type]
    assert not scheduler.workqueue and Counter(done) == Counter(COLLECTION)
