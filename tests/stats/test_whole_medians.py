"""Medians of counts (tokens, milliseconds) are whole numbers in every view of the stats: the
report (`smith stats --json`, `/api/stats`), the CLI table and the dashboard (issue #25)."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from rich.console import Console

from bot.dashboard.views import format_number
from bot.stats.stats_command import print_report
from bot.stats.compute import compute_stats
from bot.stats.report import median_count
from bot.store.stats import RunRow, StepRow

WHEN = datetime(2026, 3, 1, tzinfo=UTC)
TOKENS = (100, 8_971, 8_972, 9_000)  # two middle values: 8,971.5 before rounding
MILLISECONDS = (10, 1_200, 1_201, 5_000)


def _report():
    runs = [RunRow(id=n, repo="acme/app", chain="fix", status="succeeded",
                   outcome="change_request", has_change_request=True, merged=None,
                   merged_without_edits=None, created_at=WHEN, tokens=tokens, cost_usd=1.0)
            for n, tokens in enumerate(TOKENS, start=1)]
    rows = [StepRow(n, "diagnose", 1, "passed", "passed", tokens, ms)
            for n, (tokens, ms) in enumerate(zip(TOKENS, MILLISECONDS, strict=True), start=1)]
    rows += [StepRow(n, "implement", 1, "passed", "passed", 10, 10) for n in range(1, 5)]
    return compute_stats(runs, rows)


def test_a_median_of_counts_rounds_half_up_to_a_whole_number():
    assert median_count([1, 2]) == 2 and median_count([2, 3]) == 3  # not banker's rounding
    assert median_count([5]) == 5 and median_count([]) is None
    assert isinstance(median_count([1, 2]), int)


def test_the_report_and_its_json_carry_whole_medians():
    report = _report()
    diagnose = next(step for step in report.steps if step.step == "diagnose")
    assert (diagnose.median_tokens, diagnose.median_duration_ms) == (8_972, 1_201)
    data = report.as_json()
    [step] = [s for s in data["steps"] if s["step"] == "diagnose"]  # type: ignore[union-attr]
    assert step["median_tokens"] == 8_972 and type(step["median_tokens"]) is int
    [comparison] = data["reproduction"]  # type: ignore[misc]
    assert comparison["without_test"]["median_tokens"] == 8_972


def test_the_cli_table_and_the_dashboard_show_no_fraction():
    out = io.StringIO()
    print_report(_report(), Console(file=out, width=300))
    text = out.getvalue()
    assert "8972" in text and "8971.5" not in text and "1201" in text
    assert format_number(_report().steps[0].median_tokens) == "8,972"
