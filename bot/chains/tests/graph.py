"""The test-generation chain as a graph on the engine (DESIGN §11)."""

from __future__ import annotations

from bot.chains.tests.artifacts import StepName as S
from bot.chains.tests.sprint import in_sprint, sprint_tasks
from bot.chains.tests.steps import (
    WRITE_TESTS,
    prepare_tests,
    prepare_tests_for_change,
    publish_tests,
    test_targets,
)
from bot.engine.graph import Graph, Node

TESTS = Graph(
    name="tests",
    stopped_short="without new tests",
    start=str(S.PREPARE),
    resume_via=str(S.PREPARE),
    nodes=(
        Node(str(S.PREPARE), prepare_tests),
        Node(str(S.SPRINT_TASKS), sprint_tasks, when=in_sprint),
        Node(str(S.TEST_TARGETS), test_targets),
        Node(str(S.WRITE_TESTS), WRITE_TESTS),
        Node(str(S.PUBLISH_TESTS), publish_tests),
    ),
)

TESTS_FOR_CHANGE = Graph(
    name="tests_cr",
    stopped_short="without new tests",
    start=str(S.PREPARE),
    resume_via=str(S.PREPARE),
    nodes=(
        Node(str(S.PREPARE), prepare_tests_for_change),
        Node(str(S.TEST_TARGETS), test_targets),
        Node(str(S.WRITE_TESTS), WRITE_TESTS),
        Node(str(S.PUBLISH_TESTS), publish_tests),
    ),
)
"""`/smith tests` on a change request: tests for what it changes, as a change request of their
own against its branch."""
