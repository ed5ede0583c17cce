"""Exceptions a step raises to end its run in a way the engine explains itself."""

from __future__ import annotations

from bot.workspace.test_failure import EnvironmentProblem


class EnvironmentBroken(Exception):
    """A step met environment trouble that a retry did not cure: the run ends `environment`."""

    def __init__(self, problem: EnvironmentProblem) -> None:
        self.problem = problem
        super().__init__(problem.text)
