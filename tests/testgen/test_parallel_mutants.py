"""Mutants in parallel (#28 item 4): one worker per core, each on its own copy of the checkout,
the kills still attributed test by test, and the mutant in place however the tests import the
module (from the worker's copy, or from the checkout itself through PYTHONPATH)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.mutation import run_mutation
from bot.repo_config import load_repo_config
from tests.sandboxed import CONFIG, SANDBOX

MODULE = '''def fee(amount, member):
    if member and amount >= 100:
        return amount - 10
    return amount
'''
TESTS = '''import os

from fees import fee

SEEN = {seen!r}


def test_member_from_one_hundred():
    with open(SEEN, "a") as out:
        out.write(os.getcwd() + "\\n")
    assert fee(100, True) == 90


def test_member_above():
    assert fee(150, True) == 140


def test_non_member():
    assert fee(150, False) == 150
'''


def _project(root: Path, *, src: bool) -> tuple[Path, str]:
    package = root / "src" if src else root
    package.mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "conftest.py").write_text("")  # the root on sys.path, as pytest's rootdir
    (package / "fees.py").write_text(MODULE)
    (root / "tests" / "test_fees.py").write_text(TESTS.format(seen=str(root / "seen.txt")))
    return root, "src/fees.py" if src else "fees.py"


@pytest.mark.slow
@pytest.mark.parametrize("src", [False, True], ids=["beside", "on-pythonpath"])
async def test_parallel_workers_kill_what_one_worker_kills_test_by_test(
        tmp_path: Path, src: bool) -> None:
    config = CONFIG
    if src:  # the module found through PYTHONPATH, in the checkout itself, never the copy
        config = load_repo_config(
            "tests:\n  command: PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python -m pytest {tests} "
            "--junitxml={junit} -q\nsetup:\n  env:\n    PYTHONPATH: '{checkout}/src'\n")
    results = {}
    for workers in (1, 2):
        root, module = _project(tmp_path / f"w{workers}", src=src)
        results[workers] = await run_mutation(
            SANDBOX, root, config, module=module, tests=["tests/test_fees.py"], timeout=20,
            reference=True, workers=workers)
        assert (root / module).read_text() == MODULE
        cwds = (root / "seen.txt").read_text().split()
        assert cwds[0] == str(root)  # the reference run: in the checkout
        copies = set(cwds[1:])
        if workers == 1:
            assert copies == {str(root)}
        else:  # each mutant in a worker's own copy, never the checkout
            assert len(copies) == 2 and str(root) not in copies, copies
    one, two = results[1], results[2]
    assert one.mutants == two.mutants == 7
    assert one.killed == two.killed == one.mutants, (one, two)
    assert [(k.mutant.key, sorted(k.by)) for k in one.kills] == \
        [(k.mutant.key, sorted(k.by)) for k in two.kills]
    # attribution is per test: the `>=` → `>` mutant only fails the boundary's test
    edge = next(k for k in two.kills if k.mutant.original == ">=")
    assert edge.by == ["tests/test_fees.py::test_member_from_one_hundred"]
