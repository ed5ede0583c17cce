"""Timeline geometry: bars placed by time, retries apart, open-ended executions run to now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.dashboard.timeline import (
    CHART_WIDTH,
    LABEL_WIDTH,
    MIN_BAR_WIDTH,
    STATUS_COLOURS,
    StepExecution,
    build_timeline,
    format_duration,
)

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def execution(name, attempt, status, start_s, end_s, verdict=None, duration_ms=None):
    return StepExecution(
        name=name, attempt=attempt, status=status, verdict=verdict,
        started_at=T0 + timedelta(seconds=start_s),
        finished_at=None if end_s is None else T0 + timedelta(seconds=end_s),
        duration_ms=duration_ms,
    )


def test_bars_are_placed_by_start_and_end_on_one_scale():
    timeline = build_timeline([
        execution("judge", 1, "rejected", 0, 10, "disagree"),
        execution("judge", 2, "passed", 10, 30, "agree"),
        execution("implement", 1, "passed", 30, 40),
    ], now=T0 + timedelta(hours=1))
    scale = CHART_WIDTH / 40_000
    assert [(b.label, b.x, b.width) for b in timeline.bars] == [
        ("judge #1", LABEL_WIDTH, round(10_000 * scale, 1)),
        ("judge #2", round(LABEL_WIDTH + 10_000 * scale, 1), round(20_000 * scale, 1)),
        ("implement", round(LABEL_WIDTH + 30_000 * scale, 1), round(10_000 * scale, 1)),
    ]
    assert [b.row for b in timeline.bars] == [0, 1, 2]
    assert len({b.y for b in timeline.bars}) == 3
    assert [b.colour for b in timeline.bars] == [
        STATUS_COLOURS["rejected"], STATUS_COLOURS["passed"], STATUS_COLOURS["passed"]]
    assert [b.note for b in timeline.bars] == ["disagree", "agree", "passed"]
    assert [t.label for t in timeline.ticks] == ["0ms", "10.0s", "20.0s", "30.0s", "40.0s"]


def test_bars_come_in_start_order_whatever_the_input_order():
    timeline = build_timeline([
        execution("quality", 1, "passed", 20, 25),
        execution("acceptance", 1, "passed", 0, 5),
    ], now=T0)
    assert [b.name for b in timeline.bars] == ["acceptance", "quality"]


def test_a_waiting_gate_runs_to_now_and_a_duration_without_end_is_used():
    timeline = build_timeline([
        execution("judge", 1, "passed", 0, None, duration_ms=5_000),
        execution("estimate", 1, "waiting", 5, None),
    ], now=T0 + timedelta(seconds=20))
    judge, estimate = timeline.bars
    assert judge.duration_ms == 5_000 and not judge.open_ended
    assert estimate.duration_ms == 15_000 and estimate.open_ended
    assert estimate.x + estimate.width == LABEL_WIDTH + CHART_WIDTH


def test_an_instant_step_is_still_visible():
    timeline = build_timeline([
        execution("prepare", 1, "passed", 0, 0),
        execution("implement", 1, "passed", 0, 100),
    ], now=T0)
    assert timeline.bars[0].width == MIN_BAR_WIDTH


def test_no_executions_no_bars():
    timeline = build_timeline([], now=T0)
    assert timeline.bars == []


def test_format_duration():
    assert [format_duration(v) for v in (None, 850, 12_345, 245_000, 7_380_000)] == [
        "-", "850ms", "12.3s", "4m 05s", "2h 03m"]
