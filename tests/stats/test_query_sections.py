"""The newer stats sections read from a real migrated Postgres: what the rows hold, and what
they must never hold (text from the held-out chain's state)."""

from __future__ import annotations

import json

from bot.stats.query import load_stats
from bot.store.db import Database
from bot.store.stats import load_examples_rows, load_run_rows, load_test_file_tries
from tests.stats import sections


async def test_rows_carry_tokens_cost_origin_and_each_tries_file_report(database: Database):
    ids = await sections.insert_sections(database)
    async with database.transaction() as session:
        runs = {row.id: row for row in await load_run_rows(session, repo=sections.REPO)}
        tries = await load_test_file_tries(session, repo=sections.REPO)
        examples = await load_examples_rows(session, repo=sections.REPO)
    assert (runs[ids["red"]].tokens, runs[ids["red"]].cost_usd) == (4000, 2.0)
    assert runs[ids["rework"]].origin_run == ids["red"]
    assert runs[ids["plain"]].origin_run is None
    assert [(t.target, t.status, t.failed_gate, t.tests) for t in tries] == [
        ("calc.py", "rejected", "green", 0), ("calc.py", "kept", None, 3),
        ("io.py", "rejected", "writer", 0)]
    [row] = examples
    assert (row.run_id, row.held_out_size, row.held_out_recall_threshold) == (
        ids["examples"], 30, 0.8)
    assert [(i.train_recall, i.held_out_precision) for i in row.iterations] == [
        (None, None), (1.0, 0.85)]


async def test_the_report_shows_every_section_and_no_text_of_the_examples_state(
    database: Database,
):
    ids = await sections.insert_sections(database)
    async with database.transaction() as session:
        report = await load_stats(session, repo=sections.REPO, window=1)

    [comparison] = report.reproduction
    assert (comparison.with_test.runs, comparison.with_test.reworked,
            comparison.with_test.median_tokens) == (1, 1, 4000.0)
    assert (comparison.without_test.runs, comparison.without_test.change_requests) == (1, 0)
    assert report.testgen is not None
    assert {s.stage: (s.files, s.tests) for s in report.testgen.stages}["merged"] == (1, 3)
    assert report.testgen.stopped_by == {"green": 1, "writer": 1}
    assert report.examples is not None
    [run] = report.examples.per_run
    assert (run.run, run.iterations_to_threshold, run.recall_gap, run.precision_gap,
            run.accepted_without_edits) == (ids["examples"], 2, 0.1, 0.1, True)
    text = json.dumps(report.as_json())
    for secret in (sections.SECRET_NOTE, sections.TRAINING_ERROR, "wake me", "ab12"):
        assert secret not in text
