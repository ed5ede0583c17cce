"""Fast mutant workers (#28 item 4): a worker collects the tests once and runs each mutant in a
child forked after collection, the mutated functions swapped in memory. The verdicts must be
the ones a run of its own gives (the mutant on disk, a fresh pytest), whatever way the tests
hold the module's code; what a swap cannot redo (code run at import) goes to a run of its own;
and a mutant that never gives way is cut at its deadline, its worker replaced."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from bot.chains.tests import mutation
import bot.workspace.pytest_batch as batches
from bot.chains.tests.mutation import MutationResult, reference_pass, run_mutation
from bot.workspace.pytest_batch import BatchRun
from tests.sandboxed import CONFIG, SANDBOX

MODULE = '''import functools

LIMIT = 100


def scale(values):
    return [value * 2 for value in values]


TABLE = scale([1, 2])


def fee(amount, member):
    if member and amount >= LIMIT:
        return amount - 10
    return amount


@functools.lru_cache(maxsize=None)
def rate(level):
    return level + 1


class Till:
    @staticmethod
    def total(items):
        return sum(items) if items else 0

    @property
    def open(self):
        return not False
'''
TESTS = '''import fees
from fees import TABLE, Till, fee, rate


def test_table_built_at_import():
    assert TABLE == [2, 4]


def test_member_from_the_limit():
    assert fee(100, True) == 90


def test_non_member():
    assert fees.fee(150, False) == 150


def test_rate():
    assert rate(1) == 2


def test_till():
    assert Till.total([1, 2]) == 3
    assert Till().open is True
'''


def _project(root: Path) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "conftest.py").write_text("")
    (root / "fees.py").write_text(MODULE)
    (root / "tests" / "test_fees.py").write_text(TESTS)
    return root


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The driver's records as the host reads them (which runs went to a fast worker)."""
    seen: list[dict[str, Any]] = []
    read = batches.driver_records

    def spy(output: str, count: int) -> dict[int, dict[str, Any]]:
        records = read(output, count)
        seen.extend(records.values())
        return records

    monkeypatch.setattr(batches, "driver_records", spy)
    return seen


def _verdicts(result: MutationResult) -> dict[str, list[str]]:
    verdicts = {kill.mutant.key: sorted(kill.by) for kill in result.kills}
    verdicts.update({mutant.key: [] for mutant in result.survived})
    verdicts.update({error.mutant.key: ["unjudged"] for error in result.errors})
    return verdicts


@pytest.mark.slow
async def test_fast_workers_judge_every_mutant_as_runs_of_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    results = {}
    for fast in (False, True):
        monkeypatch.setattr(batches, "FAST_WORKERS", fast)
        seen.clear()
        root = _project(tmp_path / ("fast" if fast else "own"))
        results[fast] = await run_mutation(SANDBOX, root, CONFIG, module="fees.py",
                                           tests=["tests/test_fees.py"], timeout=20,
                                           reference=True, workers=2, max_mutants=100)
        assert (root / "fees.py").read_text() == MODULE
        swapped = sum(bool(record.get("fast")) for record in seen)
        if fast:  # module-level code and `scale` (run at import) go to runs of their own
            assert 0 < swapped < results[fast].mutants, (swapped, results[fast].mutants)
        else:
            assert swapped == 0
    own, fast_result = results[False], results[True]
    assert own.mutants == fast_result.mutants > 10
    assert not own.errors and not fast_result.errors, (own.errors, fast_result.errors)
    assert _verdicts(fast_result) == _verdicts(own)

    # and each mutant run only against the tests that ran its function in the reference
    root = _project(tmp_path / "selected")
    reference, covered = await reference_pass(SANDBOX, root, CONFIG, tests=["tests/test_fees.py"],
                                              timeout=20, module="fees.py")
    assert covered is not None and covered.measured, covered
    sent: list[BatchRun] = []
    batch = mutation.run_batch_arcs

    async def spy(*args: Any, **kwargs: Any) -> Any:
        sent.extend(args[3])
        return await batch(*args, **kwargs)

    monkeypatch.setattr(mutation, "run_batch_arcs", spy)
    selected = await run_mutation(
        SANDBOX, root, CONFIG, module="fees.py", tests=["tests/test_fees.py"], timeout=20,
        workers=2, max_mutants=100, covered=covered,
        passed=[case.test_id for case in reference.cases])
    assert _verdicts(selected) == _verdicts(own)
    fee_runs = [run for run in sent if run.mutant is not None and
                "return amount - 10" not in run.mutant]  # the mutants of that line
    assert len(fee_runs) == 3 and {run.select for run in fee_runs} == {
        ("tests/test_fees.py::test_member_from_the_limit", "tests/test_fees.py::test_non_member")}
    # module-level mutants (LIMIT, TABLE) run every test
    assert any(run.select == () for run in sent if run.mutant is not None)
    # the mutant in `scale` changes TABLE at import: only a fresh import shows it
    assert any(kill.by == ["tests/test_fees.py::test_table_built_at_import"]
               for kill in fast_result.kills if kill.mutant.line == 7)


SPIN = '''def ready():
    return True


def limit():
    return 3
'''
SPINS = '''import signal

from spin import limit, ready


def test_ready():
    signal.signal(signal.SIGALRM, signal.SIG_IGN)  # no time limit inside the run stops it
    while not ready():
        pass


def test_limit():
    assert limit() == 3
'''


@pytest.mark.slow
async def test_a_mutant_that_never_gives_way_is_cut_and_its_worker_replaced(
        tmp_path: Path) -> None:
    root = tmp_path / "spin"
    (root / "tests").mkdir(parents=True)
    (root / "conftest.py").write_text("")
    (root / "spin.py").write_text(SPIN)
    (root / "tests" / "test_spin.py").write_text(SPINS)
    started = time.monotonic()
    result = await run_mutation(SANDBOX, root, CONFIG, module="spin.py",
                                tests=["tests/test_spin.py"], timeout=2, reference=True,
                                workers=2)
    assert time.monotonic() - started < 60
    assert result.mutants == 4
    # `ready` → False and → None spin past every limit: cut, judged nothing, never kills
    assert sorted(error.mutant.operator for error in result.errors) == ["constant", "return"]
    assert all(error.mutant.line == 2 for error in result.errors)
    # the workers that ran them were replaced: the next mutants are judged, and killed
    assert result.killed == 2 and {kill.mutant.line for kill in result.kills} == {6}
