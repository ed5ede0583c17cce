"""Result files the tests cannot forge (#28 item 5): the batch driver reports each run through
its own pipe (the tests write a log of their own), reads the mutants before any test runs, and
a JUnit report that does not match what the run streamed as it ran, or pytest's exit code, is
refused. Hostile tests, run in the real sandbox, try each way in."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.mutation import run_mutation
from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome
from bot.workspace.pytest_batch import (
    RECORD_MARK,
    BatchRun,
    driver_records,
    report_mismatch,
    run_batch,
)
from tests.sandboxed import CONFIG, SANDBOX

MODULE = '''def double(x):
    return x * 2
'''
FORGED = ('<testsuite><testcase classname="tests.test_double" name="test_runs">'
          '<failure message="assert 2 == 3">forged</failure></testcase></testsuite>')
FORGES_THE_REPORT = f'''import hashlib
import pathlib

import double

ORIGINAL = hashlib.sha256({MODULE!r}.encode()).hexdigest()


class Forger:
    """After pytest has written the report, a failure written over it (on a mutant only)."""

    def __init__(self, path):
        self.path = path

    def pytest_unconfigure(self, config):
        pathlib.Path(self.path).write_text({FORGED!r})
        for name in range(40):  # and every other run's report it can guess
            pathlib.Path(self.path).with_name(f"{{name}}.xml").write_text({FORGED!r})


def test_runs(request):
    double.double(3)  # no assertion: it kills nothing
    source = pathlib.Path(double.__file__).read_bytes()
    if hashlib.sha256(source).hexdigest() != ORIGINAL:
        request.config.pluginmanager.register(Forger(request.config.option.xmlpath))
'''
PRINTS_RECORDS = '''import json
import os
import sys

from double import double

MARK = "\\x1esmith-batch-result "


def test_runs():
    double(3)
    forged = {"index": 0, "status": "1", "seconds": 0.1, "junit": None, "streamed": ""}
    for index in range(5):
        line = "\\n" + MARK + json.dumps({**forged, "index": index}) + "\\n"
        print(line)
        sys.stderr.write(line)
        for fd in ("/proc/self/fd/1", f"/proc/{os.getppid()}/fd/1"):
            try:
                with open(fd, "w") as out:
                    out.write(line)
            except OSError:
                pass
'''
REWRITES_LATER_MUTANTS = '''import pathlib

from double import double


def test_runs():
    double(3)
    here = pathlib.Path(".").resolve()
    for folder in here.parent.glob("smith-batch-*"):  # the driver's inputs
        for mutant in folder.glob("*.mutant.py"):
            mutant.write_text("def double(x):\\n    raise ValueError('forged')\\n")
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / "conftest.py").write_text("")
    (root / "double.py").write_text(MODULE)
    return root


@pytest.mark.slow
@pytest.mark.parametrize("hostile", [FORGES_THE_REPORT, PRINTS_RECORDS, REWRITES_LATER_MUTANTS],
                         ids=["forges-junit", "prints-records", "rewrites-mutants"])
async def test_a_hostile_assertion_free_test_still_kills_nothing(project: Path,
                                                                   hostile: str) -> None:
    (project / "tests" / "test_double.py").write_text(hostile)
    result = await run_mutation(SANDBOX, project, CONFIG, module="double.py",
                                tests=["tests/test_double.py"], timeout=20, reference=True)
    assert result.reference is not None and result.reference.all_passed
    assert result.mutants == 3
    assert (result.killed, result.score) == (0, 0.0), result
    assert (project / "double.py").read_text() == MODULE


@pytest.mark.slow
async def test_a_forged_report_is_refused_and_says_why(project: Path) -> None:
    (project / "tests" / "test_double.py").write_text(FORGES_THE_REPORT)
    batch = await run_batch(SANDBOX, project, CONFIG, [
        BatchRun(("tests/test_double.py",)),
        BatchRun(("tests/test_double.py",), mutant="def double(x):\n    return x\n",
                 module="double.py", mtime=1)], timeout=20)
    assert batch is not None
    original, mutant = batch
    assert original.status is RunStatus.COMPLETED and original.all_passed
    assert mutant.status is RunStatus.NO_REPORT
    assert "the JUnit report was refused" in mutant.output


def _case(outcome: TestOutcome) -> TestCaseResult:
    return TestCaseResult(test_id="t.py::a", classname="t", name="a", outcome=outcome)


def test_a_report_must_match_the_streamed_outcomes_and_the_exit_code() -> None:
    passed = "setup\tpassed\tt.py::a\ncall\tpassed\tt.py::a\nteardown\tpassed\tt.py::a\n"
    failed = "setup\tpassed\tt.py::a\ncall\tfailed\tt.py::a\nteardown\tpassed\tt.py::a\n"
    assert report_mismatch([_case(TestOutcome.PASSED)], passed, 0) is None
    assert report_mismatch([_case(TestOutcome.RED_ASSERTION)], failed, 1) is None
    assert "as it ran" in (report_mismatch([_case(TestOutcome.RED_ASSERTION)], passed, 1) or "")
    assert "exited 0" in (report_mismatch([_case(TestOutcome.RED_ASSERTION)], failed, 0) or "")
    assert "exited 1" in (report_mismatch([_case(TestOutcome.PASSED)], passed, 1) or "")
    assert report_mismatch([_case(TestOutcome.COLLECTION_ERROR)],
                           "collect\tfailed\tt.py\n", 2) is None


def test_records_outside_the_runs_asked_for_or_twice_for_one_run_are_refused() -> None:
    line = RECORD_MARK + '{{"index": {}, "status": "0"}}'
    output = "\n".join([line.format(0), "noise", line.format(1), line.format(1),
                        line.format(7), RECORD_MARK + "not json"])
    assert set(driver_records(output, 3)) == {0}


LOUD = '''import os


def test_loud():
    print(os.urandom(6000).hex())  # output the verdict never needs, incompressible
    assert False, os.urandom(8000).hex()  # and a failure text longer than it needs
'''


@pytest.mark.slow
async def test_every_run_of_a_large_batch_keeps_its_record(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each record fits the sandbox's capped output: the tests' output stays in their log,
    failure texts are cut short, and more runs than one call holds go to several calls."""
    import bot.workspace.pytest_batch as batches

    monkeypatch.setattr(batches, "RUNS_PER_CALL", 10)
    (project / "tests" / "test_loud.py").write_text(LOUD)
    runs = [BatchRun(("tests/test_loud.py",))] * 24
    batch = await run_batch(SANDBOX, project, CONFIG, runs, timeout=20)
    assert batch is not None and len(batch) == 24
    assert all(run.status is RunStatus.COMPLETED for run in batch), \
        {run.status for run in batch}
    assert all([case.outcome for case in run.cases] == [TestOutcome.RED_ASSERTION]
               for run in batch)
