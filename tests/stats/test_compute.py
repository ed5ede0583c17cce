"""Stats over plain rows: exact counts, medians, funnel and health flags (no database)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.stats.compute import RunRow, StepRow, compute_stats
from tests.stats import dataset

COUNT_FIELDS = ("runs", "executions", "passes", "rejections", "gates", "skips", "failures",
                "running", "rejected_runs", "window_runs", "window_rejected_runs")


def counts(report, step: str) -> dict[str, int]:
    stats = next(s for s in report.steps if s.step == step)
    return {field: getattr(stats, field) for field in COUNT_FIELDS}


def acme_report():
    return compute_stats(dataset.run_rows("acme/app"), dataset.step_rows(),
                         window=dataset.WINDOW, repo="acme/app")


def test_steps_come_in_chain_order_and_only_steps_that_ran():
    assert [s.step for s in acme_report().steps] == [
        "acceptance", "diagnose", "judge", "estimate", "brt", "implement", "self_review",
        "quality", "validate", "transition",
    ]


def test_exact_counts_per_step():
    report = acme_report()
    assert counts(report, "judge") == dict(
        runs=5, executions=6, passes=5, rejections=1, gates=0, skips=0, failures=0, running=0,
        rejected_runs=1, window_runs=4, window_rejected_runs=0)
    assert counts(report, "quality") == dict(
        runs=5, executions=10, passes=5, rejections=5, gates=0, skips=0, failures=0, running=0,
        rejected_runs=3, window_runs=4, window_rejected_runs=3)
    assert counts(report, "estimate") == dict(
        runs=3, executions=3, passes=2, rejections=0, gates=1, skips=0, failures=0, running=0,
        rejected_runs=0, window_runs=3, window_rejected_runs=0)
    assert counts(report, "self_review") == dict(
        runs=2, executions=2, passes=1, rejections=0, gates=0, skips=1, failures=0, running=0,
        rejected_runs=0, window_runs=2, window_rejected_runs=0)
    assert counts(report, "brt") == dict(
        runs=1, executions=1, passes=0, rejections=0, gates=0, skips=0, failures=1, running=0,
        rejected_runs=0, window_runs=1, window_rejected_runs=0)
    assert counts(report, "implement")["executions"] == 10
    assert counts(report, "implement")["runs"] == 5
    assert counts(report, "validate") == dict(
        runs=4, executions=5, passes=4, rejections=1, gates=0, skips=0, failures=0, running=0,
        rejected_runs=1, window_runs=4, window_rejected_runs=1)
    assert counts(report, "acceptance") == dict(
        runs=6, executions=6, passes=5, rejections=1, gates=0, skips=0, failures=0, running=0,
        rejected_runs=1, window_runs=4, window_rejected_runs=1)


def test_rejections_by_reason_come_from_verdicts():
    by_step = {s.step: s.rejections_by_reason for s in acme_report().steps}
    assert by_step["judge"] == {"disagree": 1}
    assert by_step["quality"] == {"red": 4, "tests_failed": 1}
    assert by_step["validate"] == {"veto": 1}
    assert by_step["acceptance"] == {"blocked": 1}
    assert by_step["implement"] == {}


def test_a_rejection_without_verdict_is_counted_as_unspecified():
    run = RunRow(1, "a/b", "fix", "failed", None, False, None, None,
                 datetime(2026, 1, 1, tzinfo=UTC))
    steps = [StepRow(1, "judge", 1, "rejected", None, 0, 10)]
    report = compute_stats([run], steps, window=1)
    assert report.steps[0].rejections_by_reason == {"unspecified": 1}


def test_medians_leave_out_running_executions_and_unknown_durations():
    by_step = {s.step: s for s in acme_report().steps}
    # judge tokens 90,100,110,120,130,200; durations 800,1000,1200,1500,3000 (r4 unknown)
    assert by_step["judge"].median_tokens == 115.0
    assert by_step["judge"].median_duration_ms == 1200.0
    assert by_step["transition"].running == 1
    assert by_step["transition"].median_tokens is None
    assert by_step["transition"].median_duration_ms is None


def test_health_flags_exactly():
    flags = {s.step: (s.removal_candidate, s.rework_candidate) for s in acme_report().steps}
    assert {step for step, (removal, _) in flags.items() if removal} == {"judge"}
    assert {step for step, (_, rework) in flags.items() if rework} == {"quality"}


def test_a_wider_window_sees_the_old_judge_rejection_and_needs_more_runs():
    report = compute_stats(dataset.run_rows("acme/app"), dataset.step_rows(), window=5)
    judge = next(s for s in report.steps if s.step == "judge")
    assert (judge.window_runs, judge.window_rejected_runs, judge.removal_candidate) == (5, 1, False)
    quality = next(s for s in report.steps if s.step == "quality")
    # r1..r6: rejected in 3 of 5 runs, still more than half
    assert (quality.window_runs, quality.window_rejected_runs, quality.rework_candidate) == (
        5, 3, True)
    report = compute_stats(dataset.run_rows("acme/app"), dataset.step_rows(), window=6)
    assert not any(s.removal_candidate or s.rework_candidate for s in report.steps)


def test_exactly_half_is_not_a_rework_candidate():
    runs = [RunRow(i, "a/b", "fix", "failed", None, False, None, None,
                   datetime(2026, 1, i, tzinfo=UTC)) for i in (1, 2)]
    steps = [StepRow(1, "validate", 1, "rejected", "veto", 0, 1),
             StepRow(2, "validate", 1, "passed", "pass", 0, 1)]
    validate = compute_stats(runs, steps, window=2).steps[0]
    assert (validate.rework_candidate, validate.removal_candidate) == (False, False)


def test_a_step_that_cannot_reject_is_never_a_removal_candidate():
    implement = next(s for s in acme_report().steps if s.step == "implement")
    assert implement.can_reject is False and implement.removal_candidate is False


def test_funnel_counts_summoned_runs_and_keeps_rework_apart():
    report = acme_report()
    assert report.funnel.model_dump() == dict(
        summoned=6, change_request=3, merged=2, merged_without_edits=1, rework_runs=1)
    assert report.runs_by_status == {"failed": 2, "paused": 1, "succeeded": 4}
    assert report.runs_by_outcome == {"change_request": 4, "needs_info": 1, "none": 1,
                                      "quality_red": 1}


def test_steps_of_runs_outside_the_rows_are_ignored():
    report = compute_stats(dataset.run_rows("acme/other"), dataset.step_rows(), window=1)
    assert [(s.step, s.executions, s.rejections) for s in report.steps] == [
        ("judge", 1, 1), ("quality", 1, 0)]
    assert report.funnel.summoned == 1


def test_json_shape():
    data = acme_report().as_json()
    assert set(data) == {"filters", "window", "funnel", "runs_by_status", "runs_by_outcome",
                         "runs_by_subject", "steps", "reproduction", "testgen", "examples"}
    assert data["testgen"] is None and data["examples"] is None  # no such runs here
    assert data["filters"] == {"repo": "acme/app", "since": None}
    assert data["window"] == 4
    assert set(data["steps"][0]) == {
        "step", "runs", "executions", "passes", "rejections", "rejections_by_reason", "gates",
        "gates_by_reason", "skips", "failures", "running", "rejected_runs", "median_duration_ms", "median_tokens",
        "can_reject", "window_runs", "window_rejected_runs", "removal_candidate",
        "rework_candidate"}


def test_runs_are_counted_by_subject_kind():
    when = datetime(2026, 3, 1, tzinfo=UTC)
    runs = [RunRow(1, "a/b", "fix", "succeeded", None, False, None, None, when),
            RunRow(2, "a/b", "tests", "running", None, False, None, None, when,
                   subject_kind="campaign"),
            RunRow(3, "a/b", "rework", "failed", None, False, None, None, when)]
    assert compute_stats(runs, []).runs_by_subject == {"campaign": 1, "issue": 2}


def test_window_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        compute_stats([], [], window=0)


def test_every_rejecting_step_is_a_registered_step_that_can_say_no():
    import bot.catalogue  # noqa: F401  every chain's step rows, as `smith stats` loads them
    from bot.chains.fix.artifacts import StepName
    from bot.chains.fix.graph import FIX
    from bot.engine.registry import STEPS, rejecting_steps

    REJECTING_STEPS = rejecting_steps()

    fix_steps = {node.name for node in FIX.nodes}
    assert REJECTING_STEPS & fix_steps == {StepName.JUDGE, StepName.QUALITY, StepName.VALIDATE,
                                           StepName.BRT, StepName.ACCEPTANCE, StepName.ESTIMATE}
    assert REJECTING_STEPS == {str(info.step) for info in STEPS.values() if info.can_reject}
    assert {"examples_train", "examples_held_out", "examples_coverage",
            "examples_leaks"} <= REJECTING_STEPS
    assert REJECTING_STEPS <= set(STEPS)
