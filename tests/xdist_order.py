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
