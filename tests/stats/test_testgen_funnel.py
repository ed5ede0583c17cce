"""The test-generation funnel from the file reports each try left (plain rows)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.stats.compute import compute_stats
from bot.store.stats import RunRow, TestFileTry

WHEN = datetime(2026, 3, 1, tzinfo=UTC)


def run(id: int, chain: str = "tests", merged: bool | None = None) -> RunRow:
    return RunRow(id=id, repo="acme/app", chain=chain, status="succeeded",
                  outcome="change_request", has_change_request=True, merged=merged,
                  merged_without_edits=None, created_at=WHEN)


def tried(run_id: int, target: str, status: str, gate: str | None, tests: int = 0):
    return TestFileTry(run_id=run_id, target=target, status=status, failed_gate=gate,
                       tests=tests)


def funnel(runs, tries):
    report = compute_stats(runs, [], test_file_tries=tries)
    assert report.testgen is not None
    return report.testgen


def test_each_file_counts_once_at_the_furthest_stage_any_try_reached():
    tries = [
        # a.py: no file, then mutation too weak, then kept with 4 tests; the run merged
        tried(1, "a.py", "rejected", "writer"), tried(1, "a.py", "rejected", "mutation"),
        tried(1, "a.py", "kept", None, tests=4),
        # b.py: collection error, then red, then smells: never kept
        tried(1, "b.py", "rejected", "collect"), tried(1, "b.py", "rejected", "green"),
        tried(1, "b.py", "rejected", "smells"),
        # c.py (another run, not merged): every test flaky
        tried(2, "c.py", "skipped_flaky", "stable"),
        # d.py: the reviewer found every test of low value
        tried(2, "d.py", "dropped_low_value", "reviewer"),
        # e.py: kept, its run not merged
        tried(2, "e.py", "kept", None, tests=2),
        # f.py: no test earned its place against the existing tests
        tried(2, "f.py", "dropped_earns_nothing", "earns"),
    ]
    result = funnel([run(1, merged=True), run(2, chain="tests_cr", merged=False)], tries)

    assert [(s.stage, s.files) for s in result.stages] == [
        ("generated", 6), ("collected", 6), ("green", 6), ("stable", 5), ("mutation", 5),
        ("earns", 4), ("smells", 3), ("reviewer", 2), ("merged", 1)]
    tests = {s.stage: s.tests for s in result.stages}
    assert (tests["reviewer"], tests["merged"], tests["green"]) == (6, 4, None)
    assert (result.runs, result.targets) == (2, 6)
    assert result.stopped_by == {"collect": 1, "earns": 1, "green": 1, "mutation": 1,
                                 "reviewer": 1, "smells": 1, "stable": 1, "writer": 1}


def test_a_file_that_was_never_written_is_tried_but_not_generated():
    result = funnel([run(1)], [tried(1, "a.py", "rejected", "writer")] * 3)
    assert result.targets == 1
    assert all(stage.files == 0 for stage in result.stages)
    assert result.stopped_by == {"writer": 3}


def test_the_same_target_in_two_runs_is_two_files_and_other_chains_do_not_count():
    runs = [run(1), run(2), run(3, chain="fix")]
    tries = [tried(1, "a.py", "kept", None, 1), tried(2, "a.py", "kept", None, 1),
             tried(3, "a.py", "kept", None, 1), tried(9, "a.py", "kept", None, 1)]
    result = funnel(runs, tries)
    assert result.runs == 2
    assert next(s for s in result.stages if s.stage == "reviewer").files == 2


def test_without_testgen_runs_there_is_no_funnel():
    assert compute_stats([run(1, chain="fix")], []).testgen is None
