"""Coverage shown by code: does a test fail when the artefact mishandles an input class?

A variant of the artefact answers the opposite of the class's expected outcome on the inputs
the critic says the test gives it (those found in the test file), or on every input when it
named none (the class's branch removed). The variant lives in a throwaway copy of the checkout
(a wrapper appended to the entry point's module) and the claimed test runs on it in the
sandbox: a test that still passes does not check the class, whatever the critic said.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bot.repo_config import ExamplesConfig, RepoConfig
from bot.workspace.junit import RunStatus, TestOutcome
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import run_tests

MAX_TEST_FILE_BYTES = 200_000
_WRAPPER = '''

# --- Smith: a coverage variant in a throwaway copy, never committed ---
_smith_original_{function} = {function}
_SMITH_FLIP = {flip!r}


def {function}(text, *args, **kwargs):
    if {always!r} or str(text) in _SMITH_FLIP:
        return {answer!r}
    return _smith_original_{function}(text, *args, **kwargs)
'''
_FAILED = {TestOutcome.RED_ASSERTION, TestOutcome.RED_ERROR}


def module_file(root: Path, module: str) -> str | None:
    """The entry point module's file beneath `root` (plain or `src/` layout), relative."""
    stem = module.replace(".", "/")
    for rel in (f"{stem}.py", f"{stem}/__init__.py", f"src/{stem}.py", f"src/{stem}/__init__.py"):
        path = root / rel
        if path.is_file() and not path.is_symlink():
            return rel
    return None


def variant_source(source: str, function: str, flip: Sequence[str], answer: bool) -> str:
    """`source` with `function` answering `answer` on the inputs `flip` (on every input
    when `flip` is empty)."""
    return source + _WRAPPER.format(function=function, flip=frozenset(flip),
                                    always=not flip, answer=answer)


def inputs_in_test(checkout: Path, test: str, inputs: Sequence[str]) -> list[str]:
    """The named inputs that really occur in the test's file (the rest are the critic's)."""
    try:
        text = read_beneath(checkout, test.split("::", 1)[0], max_bytes=MAX_TEST_FILE_BYTES)
    except OSError:
        return []
    source = text.decode("utf-8", errors="replace")
    return [i for i in dict.fromkeys(inputs) if i.strip() and i in source]


async def fails_on_variant(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, spec: ExamplesConfig, *,
    test: str, inputs: Sequence[str], accepts: bool | None,
) -> bool | None:
    """Whether `test` fails once the artefact mishandles the class (True: coverage shown;
    False: the test does not check it; None: no variant can be built or run here)."""
    entry = spec.entry_point
    if entry is None or accepts is None:
        return None
    module, function = entry
    rel = module_file(checkout, module)
    if rel is None:
        return None
    flip = inputs_in_test(checkout, test, inputs)
    scratch = Path(tempfile.mkdtemp(prefix="smith-variant-", dir=checkout.parent))
    try:
        copy = scratch / checkout.name
        shutil.copytree(checkout, copy, symlinks=True,
                        ignore=shutil.ignore_patterns(".git", "__pycache__"))
        target = copy / rel
        target.write_text(variant_source(target.read_text(encoding="utf-8", errors="replace"),
                                         function, flip, not accepts), encoding="utf-8")
        result = await run_tests(sandbox, copy, config, [test])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if result.status is not RunStatus.COMPLETED:
        return None
    outcomes = result.outcomes(test)
    if not outcomes or TestOutcome.COLLECTION_ERROR in outcomes:
        return None
    return bool(outcomes & _FAILED)
