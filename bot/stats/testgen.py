"""The test-generation funnel: how far generated test files get through the six gates.

Every try at a file leaves its file report in a WRITE_TESTS item row (bot/engine/loop.py), so
each gate's verdicts are in the store. Decisions:
- A file is counted once per run, at the furthest stage any of its tries reached: the funnel
  says how many files a gate let through at all; `stopped_by` counts the tries each gate (or
  the writer, when it wrote no file) stopped.
- The stages: generated (the Writer wrote the file) → collected → green → stable → mutation →
  earns (a test of it earned its place against the existing tests) → smells → reviewer (kept)
  → merged (kept, and the run's change request was merged). A file whose every test flipped
  stops at stable; one none of whose tests earned its place, at earns; one whose tests were
  all of low value, at the reviewer.
- Tests are counted where the report knows them: in kept files (reviewer, merged).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bot.stats.report import FunnelStage, TestgenFunnel
from bot.store.stats import RunRow, TestFileTry

TESTGEN_CHAINS = frozenset({"tests", "tests_cr"})
GATES = ("collect", "green", "stable", "mutation", "earns", "smells", "reviewer")
STAGES = ("generated", "collected", "green", "stable", "mutation", "earns", "smells", "reviewer",
          "merged")
NO_FILE = "writer"
"""The `failed_gate` of a try in which the Writer wrote no file (bot/chains/tests/steps.py
`NO_FILE`, not imported: the stats stay free of the chain's workspace imports)."""
KEPT = "kept"


def stages_passed(status: str, failed_gate: str | None) -> int:
    """How many of STAGES[:-1] one try got through (merging is the run's, not the try's)."""
    if status == KEPT:
        return len(STAGES) - 1
    if failed_gate is None or failed_gate == NO_FILE or failed_gate not in GATES:
        return 0
    return 1 + GATES.index(failed_gate)


def testgen_funnel(runs: Sequence[RunRow], tries: Iterable[TestFileTry]) -> TestgenFunnel:
    """The funnel over the test-generation runs among `runs`."""
    chosen = {run.id: run for run in runs if run.chain in TESTGEN_CHAINS}
    reached: dict[tuple[int, str], int] = {}
    tests: dict[tuple[int, str], int] = {}
    stopped: Counter[str] = Counter()
    for one in tries:
        run = chosen.get(one.run_id)
        if run is None:
            continue
        key = (one.run_id, one.target)
        passed = stages_passed(one.status, one.failed_gate)
        if passed == len(STAGES) - 1 and run.merged:
            passed = len(STAGES)
        reached[key] = max(reached.get(key, 0), passed)
        if one.status == KEPT:
            tests[key] = one.tests
        else:
            stopped[one.failed_gate or "unknown"] += 1
    stages = []
    for depth, stage in enumerate(STAGES, start=1):
        files = [key for key, passed in reached.items() if passed >= depth]
        known = stage in ("reviewer", "merged")
        stages.append(FunnelStage(stage=stage, files=len(files),
                                  tests=sum(tests.get(key, 0) for key in files) if known
                                  else None))
    return TestgenFunnel(runs=len(chosen), targets=len(reached), stages=stages,
                         stopped_by=dict(sorted(stopped.items())))
