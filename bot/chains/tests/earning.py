"""Does a generated test earn its place? The evidence, weighed against the existing tests.

A kept test must kill at least one mutant the repository's own tests of the module let survive,
or take at least one branch of the module they never take. What the existing tests do is a
`Baseline`, measured once per module and run (`existing.py`); what a new test does comes from
the new file's own mutation run (gate 4): which of its tests failed on each mutant, and the arcs
each took on the original module (coverage.py, plain pytest only). A mutant that only the run as
a whole noticed (a timeout, a crash) is credited to every test of the file: nothing tells them
apart. When no existing test reaches the module, every test earns its place trivially; the
report says so and still lists what each one kills.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pydantic import BaseModel, Field

from bot.chains.tests.mutation import Mutant, MutationResult
from bot.workspace.arcs import Arc, arc_label

MAX_LISTED = 12
"""Survivors and branches listed in the Writer's feedback, at most, of each."""


class Baseline(BaseModel):
    """What the repository's own tests of one module already do (kept in the run's state)."""

    module: str
    tests: list[str] = Field(default_factory=list)
    """The existing test files that reach the module; empty: none does."""
    found_by: str = ""
    """How they were found: `code graph` (importers and callers) or `suite`."""
    ran: bool = True
    """False when they could not run on the original (timeout, no report, none passed)."""
    measured: bool = False
    """Whether they have run at all (on the original and the mutants known)."""
    problem: str = ""
    survived: dict[str, str] = Field(default_factory=dict)
    """Key → label of each mutant they let survive."""
    killed: list[str] = Field(default_factory=list)
    """Keys of the mutants they kill."""
    coverage: bool = False
    """Whether their branch coverage of the module was measured."""
    covered: list[Arc] = Field(default_factory=list)
    uncovered: list[Arc] = Field(default_factory=list)

    def unknown(self, keys: Iterable[str]) -> set[str]:
        """The mutants among `keys` not measured against these tests yet."""
        return set(keys) - set(self.survived) - set(self.killed)

    @property
    def leaves_something(self) -> bool:
        """Whether a new test could still earn its place: a survivor or a branch never taken."""
        return not self.tests or not self.ran or bool(self.survived or self.uncovered)


class Earnings(BaseModel):
    """What each test of a new file earned against the existing tests."""

    per_test: dict[str, list[str]] = Field(default_factory=dict)
    """Test (as the file names it) → what it earned: "kills `…`", "covers …"."""
    unearned: list[str] = Field(default_factory=list)
    trivially: str = ""
    """Set when every test earns its place without evidence, and why."""

    @property
    def nothing_earned(self) -> bool:
        return not self.trivially and not any(self.per_test.values())


def named_in_file(test_id: str) -> str:
    """`tests/test_x.py::TestK::test_m[2]` → `TestK::test_m` (how the file names it)."""
    name = test_id.split("::", 1)[1] if "::" in test_id else test_id
    return name.split("[", 1)[0]


def mutant_label(mutant: Mutant) -> str:
    """`calc.py:8 / → *`, safe inside one Markdown code span."""
    def clean(text: str) -> str:
        return " ".join(text.replace("`", "'").split())[:60]

    return f"{mutant.path}:{mutant.line} {clean(mutant.original)} → {clean(mutant.mutated)}"


def evaluate(tests: Iterable[str], mutation: MutationResult, baseline: Baseline,
             named: Callable[[str], str] = named_in_file) -> Earnings:
    """Per test of the new file (`tests`: names or node ids, `named` turns either into the
    name the file gives it), the survivors of the existing tests it kills and the branches
    they never take that it takes."""
    names = list(dict.fromkeys(named(t) for t in tests))
    earned: dict[str, list[str]] = {name: [] for name in names}
    reaches = bool(baseline.tests)

    def credit(test_ids: Iterable[str], what: str) -> None:
        # killers named otherwise than the file's tests (a runner's own title template): the
        # run as a whole noticed, so every test is credited
        for name in ({named(t) for t in test_ids} & set(earned)) or earned:
            if what not in earned[name]:
                earned[name].append(what)

    for kill in mutation.kills:
        if reaches and kill.mutant.key not in baseline.survived:
            continue
        credit(kill.by or names, f"kills `{mutant_label(kill.mutant)}`")
    arcs = mutation.arcs
    branches_measured = arcs is not None and arcs.measured and (baseline.coverage or not reaches)
    if arcs is not None and branches_measured:
        branches, seen = arcs.branches, set(baseline.covered) if reaches else set()
        for test_id in sorted(arcs.per_test):
            for arc in sorted((arcs.taken_by(test_id) & branches) - seen):
                credit([test_id], f"covers {arc_label(baseline.module, arc)}")
    trivially = ""
    if not reaches:
        trivially = f"no existing test reaches `{baseline.module}`"
    elif not baseline.ran:
        trivially = (f"not checked: the existing tests of `{baseline.module}` did not run "
                     f"({baseline.problem})")
    elif not mutation.mutants and not branches_measured:
        trivially = "not checked: no mutant to kill and no branch coverage to compare"
    unearned = [] if trivially else [name for name, what in earned.items() if not what]
    return Earnings(per_test=earned, unearned=unearned, trivially=trivially)


def feedback(baseline: Baseline) -> str:
    """What the Writer is told when no test of its file earned its place."""
    shown = ", ".join(baseline.tests[:5]) + (" …" if len(baseline.tests) > 5 else "")
    head = (f"no test earns its place: every mutant the file kills and every branch it takes, "
            f"the existing tests ({shown}) already kill and take")
    lines = [head]
    if baseline.survived:
        lines += ["Mutants the existing tests let survive (kill one):",
                  *(f"`{label}` survives" for label in list(baseline.survived.values())
                    [:MAX_LISTED])]
    if baseline.uncovered:
        lines += ["Branches the existing tests never take (take one):",
                  *(arc_label(baseline.module, arc) for arc in baseline.uncovered[:MAX_LISTED])]
    if not baseline.leaves_something:
        lines.append(f"The existing tests already kill every mutant of `{baseline.module}` "
                     f"and take every branch: nothing is left to earn.")
    return "\n".join(lines)
