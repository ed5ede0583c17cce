"""The author's tree against the critic's: which classes one names and the other does not.

The two trees are written apart (the critic never sees the artefact, the author never sees the
critic's tree), so they share no wording; what they share is the companion tests. A critic's
class whose covering test code confirmed (`ClassRow.shown` not False) is in the author's tree
when one of the author's branches names that test; an author's branch is in the critic's tree
when one of its tests covers a critic's class. Classes without a covering test are gaps of
their own (bot/chains/examples/steps/coverage.py), not divergences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.chains.examples.artifacts import Branch
from bot.chains.examples.state import ClassRow


@dataclass(frozen=True)
class Divergence:
    critic_only: tuple[ClassRow, ...]
    author_only: tuple[Branch, ...]

    def __bool__(self) -> bool:
        return bool(self.critic_only or self.author_only)

    def lines(self) -> list[str]:
        """One line per class found in one tree only (for the change request and state)."""
        return ([f"only in the critic's tree: {row.id} {row.description} (expected: "
                 f"{row.expected})" for row in self.critic_only]
                + [f"only in the author's tree: {b.description} (expected: {b.expected})"
                   for b in self.author_only])

    def feedback(self) -> list[str]:
        """What the generator is told: the classes, stated generally, never an example."""
        return ([f"An independent tree of the task's behaviour has a class your tree of "
                 f"branches does not name: '{row.description}' (expected: {row.expected}). "
                 "Add it to your branches with the tests that check it, and make sure the "
                 "artefact handles it." for row in self.critic_only]
                + [f"Your tree names a branch the independent tree does not: "
                   f"'{b.description}'. Keep it only if the task demands it, with a test "
                   "that checks it." for b in self.author_only])


def compare(classes: Sequence[ClassRow], branches: Sequence[Branch]) -> Divergence:
    covering = {row.test for row in classes if row.test and row.passed and row.shown is not False}
    named = {test for branch in branches for test in branch.tests}
    critic_only = tuple(row for row in classes
                        if row.test and row.passed and row.shown is not False
                        and row.test not in named)
    author_only = tuple(b for b in branches if not covering & set(b.tests))
    return Divergence(critic_only, author_only)
