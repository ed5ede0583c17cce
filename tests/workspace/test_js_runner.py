"""How Smith reads a JavaScript test command: the runner, options before the test ids, the
listing command, and which commands the jest batch driver may take over."""

from __future__ import annotations

import pytest

from bot.repo_config import RepoConfig
from bot.workspace.jest_batch import jest_parts
from bot.workspace.js_runner import list_command, random_order, runner_of, with_options


def config(command: str | None, language: str = "javascript") -> RepoConfig:
    tests = {"command": command} if command else {}
    return RepoConfig.model_validate({"language": language, "tests": tests})


@pytest.mark.parametrize(("command", "runner"), [
    (None, "jest"),
    ("npx jest --ci -- {tests}", "jest"),
    ("node_modules/.bin/vitest run --reporter=junit --outputFile={junit} {tests}", "vitest"),
    ("npm test -- {tests}", None),
])
def test_the_runner_is_read_from_the_command(command: str | None, runner: str | None) -> None:
    assert runner_of(config(command)) == runner
    assert runner_of(config("python -m pytest {tests}", "python")) is None


def test_options_go_before_the_test_ids_and_are_quoted() -> None:
    assert with_options("jest --ci -- {tests}", random_order("jest", 7)) == \
        "jest --ci --randomize --seed=7 -- {tests}"
    assert with_options("vitest run {tests}", random_order("vitest", 3)) == \
        "vitest run --sequence.shuffle --sequence.seed=3 {tests}"
    assert with_options("jest --ci -- ", ["--coverage", "--x=a b"]) == \
        "jest --ci --coverage '--x=a b' --"


def test_listing_commands() -> None:
    assert list_command(config("jest --ci -- {tests}"), "jest") == \
        "jest --ci --listTests -- {tests}"
    vitest = config("vitest run --reporter=junit --outputFile={junit} {tests}")
    assert list_command(vitest, "vitest") == "vitest list --filesOnly {tests}"


def test_only_plain_jest_commands_go_to_the_batch_driver() -> None:
    env, options = jest_parts(config(None))  # type: ignore[misc]
    assert env == {"JEST_JUNIT_ADD_FILE_ATTRIBUTE": "true",
                   "JEST_JUNIT_REPORT_TEST_SUITE_ERRORS": "true"}
    assert options == []  # --ci, --forceExit and the reporters are the driver's own business
    assert jest_parts(config("npx jest --config jest.config.js -- {tests}")) == (
        {}, ["--config", "jest.config.js"])
    assert jest_parts(config("jest -- {tests} && echo done")) is None
    assert jest_parts(config("vitest run {tests}")) is None
