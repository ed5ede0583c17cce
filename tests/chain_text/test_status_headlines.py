"""The status comment's headline fits what the run works on and what its chain delivers: a
coverage campaign has no issue, a test-generation run brings no fix (issue #25)."""

from __future__ import annotations

from bot.engine.status_comment import StepState, StepStatus, headline, render_status


def _done() -> list[StepStatus]:
    return [StepStatus(step="prepare", state=StepState.DONE),
            StepStatus(step="publish_tests", state=StepState.DONE)]


def test_a_campaign_is_named_and_never_called_an_issue():
    body = render_status(7, _done(), subject_kind="campaign", subject_key="tests:coverage",
                         stopped_short="without new tests")
    assert "### Smith has finished working on the campaign tests:coverage" in body
    assert "issue" not in body
    running = headline(StepState.RUNNING, subject_kind="campaign",
                       subject_key="tests:coverage", stopped_short="without new tests")
    assert running == "Smith is working on the campaign tests:coverage"


def test_a_failure_says_what_the_chain_did_not_deliver():
    """Each graph says what its failed run stops short of; the engine names no chain."""
    from bot.catalogue import GRAPHS

    said = {name: headline(StepState.FAILED, stopped_short=graph.stopped_short)
            for name, graph in GRAPHS.items()}
    assert said["fix"] == said["rework"] == "Smith stopped without a fix"
    assert said["tests"] == said["tests_cr"] == "Smith stopped without new tests"
    assert said["examples"] == "Smith stopped before the artefact was accepted"
    assert headline(StepState.FAILED) == "Smith stopped before the end"  # a graph that is silent


def test_issue_and_change_request_runs_keep_their_words():
    assert headline(StepState.DONE) == "Smith has finished working on this issue"
    assert headline(StepState.PENDING, subject_kind="change_request", subject_key="7") == (
        "Smith will start on this change request shortly")
