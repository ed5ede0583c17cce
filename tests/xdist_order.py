"""How xdist hands the suite's tests to its workers: one at a time, longest first, except the
files whose tests share an expensive setup, which go to one worker whole.

xdist's default (`load`) first hands each worker a quarter of its share of consecutive tests:
with the longest tests first (tests/conftest.py `_rank`), one worker got every end-to-end run
and the other the short tests, and the suite waited about two minutes on the first (3 December:
1,247 s wall for 2 x 1,099 s of tests; those durations replayed one test at a time end the two
workers at 1,099 and 1,098 s). Handed out one by one, though, the tests of a file that builds
something once per process (a corpus judged, the import graph parsed, a sample of the standard
library indexed) would each build it on both workers: those files are one unit each.
"""

from __future__ import annotations

from typing import Any

from xdist.scheduler import LoadScopeScheduling
from xdist.workermanage import WorkerController

SHARED_SETUP = frozenset({
    "tests/validator/test_corpus.py",  # the corpora judged once per process
    "tests/meta/test_import_graph.py",  # the product's imports parsed once per process
    "tests/codegraph/test_stdlib_agreement.py",  # a standard-library sample, module scope
    "tests/codegraph/test_pyrefs_stdlib.py",  # the same
    "tests/deploy/test_dockerfile.py",  # the image's files, module scope
})
"""Test files (paths from the checkout's root) whose tests run on one worker together."""


class LongestFirst(LoadScopeScheduling):
    """Every test is a unit of its own, in collection order (longest first), but a file in
    SHARED_SETUP is one unit. A worker gets the next unit when it holds two tests or fewer, so
    it never waits for the controller between two tests."""

    def __init__(self, config: Any, log: Any = None) -> None:
        super().__init__(config, log)
        config.option.loadscopereorder = False  # keep `_rank`'s order, not units by size

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return path if path in SHARED_SETUP else nodeid

    def remove_node(self, node: WorkerController) -> str | None:
        """A worker gone: put back only what it had not run, never the test it died in.

        xdist's own version puts back every unit the worker ever held, finished ones too; with
        a unit per test those come back empty, a worker handed only empty units never reports
        again and the run waits for ever, and the test that killed the worker runs a second
        time (xdist's `load` reports it as the crash and moves on, as this does)."""
        workload = self.assigned_work.pop(node)
        unfinished = [nodeid for unit in workload.values()
                      for nodeid, done in unit.items() if not done]
        if not unfinished:
            return None
        crashed: str = unfinished[0]
        for scope, unit in workload.items():
            left = {nodeid: done for nodeid, done in unit.items()
                    if nodeid != crashed}
            if not all(left.values()):
                self.workqueue[scope] = left
        for other in self.assigned_work:
            self._reschedule(other)
        return crashed

