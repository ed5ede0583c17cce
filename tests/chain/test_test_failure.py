"""Environment trouble in test runs is told apart from the change's own failures."""

from __future__ import annotations

from bot.kit.environment import setup_problem
from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome, TestRunResult
from bot.workspace.test_failure import classify


def _run(status: RunStatus, *, output: str = "", exit_code: int | None = 1,
         cases: list[TestCaseResult] | None = None) -> TestRunResult:
    return TestRunResult(status=status, output=output, exit_code=exit_code, cases=cases or [],
                         duration_seconds=12.0)


def _collection_error(name: str, details: str) -> TestCaseResult:
    return TestCaseResult(test_id=name, name=name, outcome=TestOutcome.COLLECTION_ERROR,
                          message="collection failure", details=details)


def test_a_command_that_is_not_found_names_the_command_and_the_fix():
    problem = classify(_run(RunStatus.NO_REPORT, output="sh: 1: python: not found\n",
                            exit_code=127))
    assert problem is not None and problem.cause == "command_not_found"
    assert problem.text == ("the test command could not start: `python: not found` — add a "
                            "`setup` step to `.smith.yml` that installs it, or set "
                            "`tests.command`")
    bash = classify(_run(RunStatus.NO_REPORT, output="bash: jest: command not found",
                         exit_code=127))
    assert bash is not None and "`jest: not found`" in bash.detail


def test_a_missing_runner_and_a_crash_without_report_are_environment():
    missing = classify(_run(RunStatus.NO_REPORT, output="/usr/bin/python: No module named pytest"))
    assert missing is not None and missing.cause == "runner_missing"
    assert "`No module named pytest`" in missing.detail
    crash = classify(_run(RunStatus.NO_REPORT, output="Segmentation fault", exit_code=139))
    assert crash is not None and crash.cause == "runner_crashed"
    assert "exit code 139" in crash.detail and "Segmentation fault" in crash.detail


def test_a_crash_that_names_the_changed_files_is_the_changes_fault():
    result = _run(RunStatus.NO_REPORT, output='File "/x/conftest.py", line 3\nSyntaxError')
    assert classify(result, touched=["conftest.py"]) is None


def test_timeouts_and_sandbox_limits_are_environment():
    timeout = classify(_run(RunStatus.TIMEOUT, exit_code=None))
    assert timeout is not None and timeout.cause == "timeout" and "12 s" in timeout.detail
    oom = classify(_run(RunStatus.NO_REPORT, output="MemoryError", exit_code=1))
    assert oom is not None and oom.cause == "limit" and "memory" in oom.detail
    fsize = classify(_run(RunStatus.NO_REPORT, exit_code=153))
    assert fsize is not None and "file size" in fsize.detail


def test_a_named_limit_from_the_sandbox_wins():
    class Limited:
        status = RunStatus.NO_REPORT
        limit = "disk"
        exit_code = 1
        output = ""
        cases: list = []
        duration_seconds = 1.0

    problem = classify(Limited())  # type: ignore[arg-type]
    assert problem is not None and problem.cause == "limit" and "disk" in problem.detail


def test_collection_errors_in_foreign_files_are_environment_in_touched_files_are_not():
    foreign = _collection_error("tests.test_http", (
        "ImportError while importing test module '/co/tests/test_http.py'.\n"
        "E   ModuleNotFoundError: No module named 'requests'"))
    problem = classify(_run(RunStatus.COMPLETED, cases=[foreign]),
                       touched=["calc.py", "tests/test_average.py"])
    assert problem is not None and problem.cause == "collection_error"
    assert "`No module named requests`" in problem.detail
    own = _collection_error("tests.test_average", (
        "ImportError while importing test module '/co/tests/test_average.py'.\n"
        "E   ModuleNotFoundError: No module named 'requests'"))
    assert classify(_run(RunStatus.COMPLETED, cases=[own]),
                    touched=["tests/test_average.py"]) is None
    # An untouched test that cannot import the module the change broke: the change's fault.
    broken = _collection_error("tests.test_calc", (
        "ImportError while importing test module '/co/tests/test_calc.py'.\n"
        'E     File "/co/calc.py", line 8\nE   SyntaxError: invalid syntax'))
    assert classify(_run(RunStatus.COMPLETED, cases=[broken]), touched=["calc.py"]) is None


def test_a_file_name_inside_another_is_not_a_mention():
    foreign = _collection_error("tests.test_calc", (
        "ImportError while importing test module '/co/tests/test_calc.py'.\n"
        "E   ModuleNotFoundError: No module named 'numpy'"))
    assert classify(_run(RunStatus.COMPLETED, cases=[foreign]), touched=["calc.py"]) is not None


def test_ordinary_red_and_green_runs_are_not_environment():
    red = TestCaseResult(test_id="t::a", outcome=TestOutcome.RED_ASSERTION, message="assert 1")
    error = TestCaseResult(test_id="t::b", outcome=TestOutcome.RED_ERROR, message="KeyError")
    assert classify(_run(RunStatus.COMPLETED, cases=[red, error])) is None
    assert classify(_run(RunStatus.COMPLETED, exit_code=0)) is None
    # pytest's own "not found" for a wrong test id is the agent's mistake, not the environment.
    assert classify(_run(RunStatus.COMPLETED, output="ERROR: not found: t.py::nope", exit_code=4)
                    ) is None


def test_a_failed_setup_is_summarised_with_its_tail_and_a_fix():
    log = "\n".join(f"Collecting package-{n}" for n in range(300)) + "\nERROR: boom\n"
    problem = setup_problem(f"setup command failed (1): {log}")
    assert problem.cause == "setup_failed"
    assert "exit code 1" in problem.detail and "ERROR: boom" in problem.detail
    assert problem.detail.count("Collecting") <= 3 and len(problem.detail) < 800
    assert "setup.command" in problem.fix
    missing = setup_problem("setup command failed (127): sh: 1: npm: not found")
    assert missing.cause == "command_not_found" and "`npm: not found`" in missing.detail


AGENT_TEST_REACHES_MISSING_PACKAGE = """\
ImportError while importing test module '/work/checkout/tests/test_average.py'.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package=level)
tests/test_average.py:1: in <module>
    from calc import average
calc.py:2: in <module>
    import numpy_extras
E   ModuleNotFoundError: No module named 'numpy_extras'
"""


def test_a_package_missing_behind_the_agents_own_test_is_environment():
    # The agent's red test imports `calc`; `calc.py`, which the agent did not touch, needs a
    # package no setup installed: the repository's dependencies are missing, not the test bad.
    case = _collection_error("tests/test_average.py", AGENT_TEST_REACHES_MISSING_PACKAGE)
    problem = classify(_run(RunStatus.COMPLETED, cases=[case]),
                       touched=["tests/test_average.py"])
    assert problem is not None and problem.cause == "collection_error"
    assert "`No module named numpy_extras`" in problem.detail


def test_a_missing_import_the_agent_wrote_is_the_agents_to_fix():
    details = AGENT_TEST_REACHES_MISSING_PACKAGE.replace(
        "calc.py:2: in <module>\n    import numpy_extras\n", "").replace(
        "from calc import average", "import numpy_extras")
    case = _collection_error("tests/test_average.py", details)
    assert classify(_run(RunStatus.COMPLETED, cases=[case]),
                    touched=["tests/test_average.py"]) is None
    # ... and so is an import in product code the agent changed.
    case = _collection_error("tests/test_average.py", AGENT_TEST_REACHES_MISSING_PACKAGE)
    assert classify(_run(RunStatus.COMPLETED, cases=[case]),
                    touched=["tests/test_average.py", "calc.py"]) is None


PROJECT_NOT_INSTALLED = """\
ImportError while importing test module '/work/checkout/tests/test_parse.py'.
tests/test_parse.py:1: in <module>
    from mypkg.parse import parse
E   ModuleNotFoundError: No module named 'mypkg'
"""


def test_the_projects_own_package_not_importing_is_environment_whoever_imported_it():
    # A broken or missing install of the project (a cached editable install naming a checkout
    # that is gone) fails the agent's own red test first: that is not a bad test, and the
    # reporter has nothing to add (issue #30).
    case = _collection_error("tests/test_parse.py", PROJECT_NOT_INSTALLED)
    problem = classify(_run(RunStatus.COMPLETED, cases=[case]),
                       touched=["tests/test_parse.py"], own={"mypkg"})
    assert problem is not None and problem.cause == "project_not_importable"
    assert "`mypkg`" in problem.detail and "setup" in problem.fix


def test_a_submodule_the_test_invented_is_still_the_tests_own_mistake():
    details = PROJECT_NOT_INSTALLED.replace("No module named 'mypkg'",
                                            "No module named 'mypkg.nothere'")
    case = _collection_error("tests/test_parse.py", details)
    assert classify(_run(RunStatus.COMPLETED, cases=[case]),
                    touched=["tests/test_parse.py"], own={"mypkg"}) is None


def test_own_modules_are_the_repositorys_top_level_packages_and_modules(tmp_path):
    from bot.workspace.test_failure import own_modules

    for rel in ("src/mypkg/__init__.py", "flat.py", "setup.py", "conftest.py",
                "tests/__init__.py", "scripts/run.sh", "data/__init__.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    assert own_modules(tmp_path) == {"mypkg", "flat", "data"}
