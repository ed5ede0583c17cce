"""One entry point per question about a test file, whatever its language.

Python files go to `smells.py` (the `ast`), JavaScript and TypeScript files to `js_smells.py`,
`js_tests.py` and `js_tautology.py`
(tree-sitter): their smells, the names of their tests, cutting tests out, and what the code
under test looks like to the tautology and mocks-the-SUT checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.chains.tests import js_smells, js_tautology, js_tests, smells
from bot.chains.tests.jsast import JS_SUFFIXES, is_js
from bot.chains.tests.smells import SmellReport, Subject

ANALYSED_SUFFIXES = (".py", *JS_SUFFIXES)


def analysable(path: str) -> bool:
    return path.lower().endswith(ANALYSED_SUFFIXES)


def analyse(source: str, path: str, subject: Subject | None = None) -> SmellReport:
    """Gate 5 on one file."""
    if is_js(path):
        return js_smells.analyse_js_source(source, path, subject)
    return smells.analyse_source(source, path, subject)


def subject_of(target: str, source: str, functions: Iterable[str] = ()) -> Subject:
    """The code under test as the smell checks see it (`module_name` form for Python)."""
    if is_js(target):
        return js_tautology.js_subject(target, source, functions)
    from bot.chains.tests.gates import module_name  # `smith smells` never loads the sandbox

    return Subject.of_source(module_name(target), source, functions)


def names_of_tests(source: str, path: str) -> list[str]:
    """The tests a file defines, as the runner's report names them."""
    if is_js(path):
        return js_tests.js_test_names(source, path)
    return smells.names_of_tests(source)


def drop_tests(source: str, names: Sequence[str], path: str) -> str:
    """`source` without the named tests (flaky or low-value ones)."""
    if is_js(path):
        return js_tests.drop_js_tests(source, names, path)
    return smells.drop_tests(source, names)
