"""May BRT skip the reproduction test? Code decides from the diagnosis, not the model's say-so.

A visual, text-only or nondeterministic bug may go on without a red test (said in the change
request). Backend code is held to more: a skip needs one of the repository's allowed reasons
(`steps.backend_skip_reasons`, by default nondeterministic or no test harness), and "no test
harness" is checked against the checkout: a repository with test files in the language of the
diagnosed code has one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.chains.fix.artifacts import Diagnosis, ReproTest
from bot.validator.filekinds import language_of, layer_of

NOT_BACKEND = frozenset({"frontend", "text"})


def backend_paths(diagnosis: Diagnosis) -> list[str]:
    """Diagnosed product files outside the UI and the texts (tests do not count)."""
    paths = dict.fromkeys(location.path for location in diagnosis.locations)
    return [path for path in paths if layer_of(path) not in NOT_BACKEND | {"test"}]


def has_test_harness(diagnosis: Diagnosis, test_files: Iterable[str]) -> bool:
    """Whether the checkout has tests in a language of the diagnosed code (or, for code of no
    known language, any test at all)."""
    languages = {language_of(location.path) for location in diagnosis.locations} - {None}
    for path in test_files:
        if not languages or language_of(path) in languages:
            return True
    return False


def refused_skip(
    repro: ReproTest,
    diagnosis: Diagnosis,
    *,
    test_files: Sequence[str],
    backend_reasons: Sequence[str],
) -> str | None:
    """Why this skip is not accepted (the feedback for the next try), or None to go on."""
    if repro.status != "skipped":
        return None
    reason = repro.skip_reason or "other"
    backend = backend_paths(diagnosis)
    if reason == "no_test_harness" and has_test_harness(diagnosis, test_files):
        shown = ", ".join(sorted(test_files)[:3])
        return (f"The skip says there is no test harness, but the repository has tests for "
                f"this code ({shown}). Write the reproduction test next to them.")
    if backend and reason not in backend_reasons:
        allowed = " or ".join(f'"{r}"' for r in backend_reasons) or "none"
        where = ", ".join(backend[:3])
        return (f'A skip as "{reason}" is not accepted for backend code ({where}): backend '
                f"behaviour can be tested. Write a test that fails on an assertion, or skip only "
                f"for a reason allowed here ({allowed}) and explain it.")
    return None

