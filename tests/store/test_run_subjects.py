"""Runs belong to subjects: one live run per subject on the real schema, and the migration
that introduced subjects keeps the runs recorded before it."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from alembic import command

from bot.store.db import Database, libpq_url
from bot.store.migrate import alembic_config
from bot.store.queue import chain_lock, subject_lock
from bot.store.runs import create_run, finish_run, live_run, run_as_dict
from bot.subjects import Subject


async def _create(database: Database, **kwargs) -> int | None:
    async with database.transaction() as session:
        run = await create_run(session, forge="github", repo="o/r", summoned_by="t", **kwargs)
        return run.id if run else None


async def test_one_live_run_per_subject(database: Database):
    issue = await _create(database, issue=5, chain="fix")
    assert issue is not None
    assert await _create(database, issue=5, chain="rework") is None
    # Same number, other kinds of subject: not the same subject.
    review = await _create(database, subject=Subject.change_request(5), chain="tests")
    coverage = await _create(database, subject=Subject.campaign("tests:coverage"), chain="tests")
    assert review is not None and coverage is not None
    assert await _create(database, subject=Subject.campaign("tests:coverage"),
                         chain="tests") is None
    assert await _create(database, subject=Subject.campaign("tests:mutation"),
                         chain="tests") is not None
    async with database.transaction() as session:
        await finish_run(session, issue, status="succeeded", outcome="change_request",
                         reason=None)
    assert await _create(database, issue=5, chain="fix") is not None  # the old one ended
    async with database.transaction() as session:
        live = await live_run(session, forge="github", repo="o/r",
                              subject=Subject.campaign("tests:coverage"))
        assert live is not None and live.id == coverage and live.issue_number is None
        shown = run_as_dict(live)
    assert shown["subject"] == {"kind": "campaign", "key": "tests:coverage",
                                "label": "campaign tests:coverage"}
    assert shown["issue"] is None


async def test_racing_creations_for_one_campaign_make_one_run(database: Database):
    made = await asyncio.gather(*(
        _create(database, subject=Subject.campaign("tests:coverage"), chain="tests")
        for _ in range(4)))
    assert sum(1 for run_id in made if run_id is not None) == 1


def test_an_issue_keeps_the_lock_it_had_before_subjects():
    # Jobs queued by an older Smith hold this spelling; new ones must exclude them.
    assert chain_lock("github", "o/r", 5) == "issue:github:o/r#5"
    assert subject_lock("gitlab", "g/p", Subject.campaign("tests:coverage")) == (
        "campaign:gitlab:g/p#tests:coverage")
    assert Subject.change_request(7).label() == "change request #7"
    with pytest.raises(ValueError):
        Subject.campaign("")


def test_runs_recorded_before_subjects_become_issue_runs(database_url: str):
    config = alembic_config(database_url)
    command.downgrade(config, "0002")
    with psycopg.connect(libpq_url(database_url), autocommit=True) as conn:
        conn.execute(
            "INSERT INTO runs (forge, repo, issue_number, chain, status, params, "
            "cancel_requested, input_tokens, output_tokens, cost_usd) VALUES "
            "('github', 'o/r', 12, 'fix', 'running', '{}', false, 0, 0, 0)")
    command.upgrade(config, "head")
    with psycopg.connect(libpq_url(database_url), autocommit=True) as conn:
        row = conn.execute("SELECT subject_kind, subject_key, issue_number FROM runs").fetchone()
        assert row == ("issue", "12", 12)
        # The live old run still blocks a second live run of its issue.
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute(
                "INSERT INTO runs (forge, repo, subject_kind, subject_key, issue_number, chain, "
                "status, params, cancel_requested, input_tokens, output_tokens, cost_usd) "
                "VALUES ('github', 'o/r', 'issue', '12', 12, 'fix', 'queued', '{}', false, "
                "0, 0, 0)")


async def test_a_handler_queues_one_job_per_subject_under_its_lock(database: Database,
                                                                    tmp_path):
    from bot.events import Event
    from bot.forge.base import ItemRef, RepoRef
    from bot.services import Runtime
    from handlers.runs import start_run
    from tests.service.conftest import make_settings

    runtime = Runtime(settings=make_settings(tmp_path), db=database)
    event = Event(forge="github", kind="comment_created", event_name="issue_comment",
                  repo=RepoRef("github", "o/r"), actor="dev")
    campaign = Subject.campaign("tests:coverage")
    first = await start_run(runtime, event, None, chain="tests", subject=campaign)
    again = await start_run(runtime, event, None, chain="tests", subject=campaign)
    fix = await start_run(runtime, event, ItemRef("issue", 3), chain="fix")
    assert first is not None and again is None and fix is not None
    with psycopg.connect(libpq_url(database.url), autocommit=True) as conn:
        locks = [row[0] for row in conn.execute(
            "SELECT lock FROM procrastinate_jobs ORDER BY id").fetchall()]
    assert locks == ["campaign:github:o/r#tests:coverage", "issue:github:o/r#3"]
