"""`smith doctor REPO` on real git repositories with real sandboxed test runs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings
from bot.forge.base import Issue
from bot.forge.local import LocalForge
from tests.workspace.gitrepo import RemoteRepo

TOOLCHAIN = f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin"
CALC = "def add(a, b):\n    return a + b\n"
TESTS = (
    "from calc import add\n\n\n"
    "def test_add():\n    assert add(2, 2) == 4\n\n\n"
    "def test_add_negative():\n    assert add(-1, 1) == 0\n"
)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings as an operator sets them: a data folder, and pytest on the sandbox PATH."""
    monkeypatch.setenv("SMITH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMITH_SANDBOX_PATH", TOOLCHAIN)
    monkeypatch.setenv("SMITH_CONFIG_FILE", str(tmp_path / "absent.toml"))
    return tmp_path


def project(root: Path, files: dict[str, str]) -> RemoteRepo:
    repo = RemoteRepo(root)
    repo.commit({"calc.py": CALC, "tests/test_calc.py": TESTS, "conftest.py": "", **files}, "init")
    return repo


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["doctor", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def by_name(report: dict) -> dict[str, dict]:
    return {check["name"]: check for check in report["checks"]}


@pytest.mark.slow  # a real sandboxed setup and test run
def test_a_ready_repository_passes_with_counts_and_times(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = project(env, {".gitignore": "__pycache__/\n"})
    code, report = doctor(capsys, str(repo.bare))
    assert code == 0, report
    assert report["ready"] is True and report["branch"] == "main"
    assert report["counts"] == {"passed": 2, "failed": 0, "errors": 0, "skipped": 0}
    checks = by_name(report)
    assert list(checks) == ["checkout", "config", "sandbox", "setup", "tests", "report"] or \
        set(checks) == {"checkout", "config", "sandbox", "setup", "tests", "report"}
    assert "no `.smith.yml`" in checks["config"]["message"]
    assert checks["tests"]["seconds"] > 0 and report["seconds"] > 0
    # The working copy of a local repository works too, and the human output says "ready".
    code = main(["doctor", str(repo.work)])
    out = capsys.readouterr().out
    assert code == 0 and "ready" in out and "2 passed" in out


@pytest.mark.slow  # a real sandboxed setup
def test_the_setup_the_doctor_ran_on_a_local_repository_is_the_one_its_local_run_restores(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's first fix runs `smith doctor calc`, then `smith fix --repo calc`: the fix's
    PREPARE looks in the dependency cache under the local forge's name for the repository, and
    finds there what the doctor's setup built (it ran the setup a second time when the doctor
    filed it under the folder's path instead)."""
    setup = "setup:\n  command: mkdir -p deps && echo built > deps/mark\n  cache_paths: [deps]\n"
    repo = project(env, {".smith.yml": setup})
    code, report = doctor(capsys, str(repo.work))
    assert code == 0 and by_name(report)["setup"]["message"].endswith("ran"), report
    run_name = LocalForge(repo.work, Issue(number=1, title="t", author="a")).repo_ref().full_name
    cached = Settings().dependency_cache_dir / re.sub(r"[^A-Za-z0-9_.-]+", "_", run_name)
    assert [(entry / "deps" / "mark").read_text() for entry in cached.glob("*/")
            if (entry / ".complete").exists()] == ["built\n"]


def test_a_missing_test_command_names_the_fix(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The default (`python3 -m pytest`) on a sandbox PATH with the system's Python alone,
    # which has no pytest (a Debian host without a setup step).
    monkeypatch.setenv("SMITH_SANDBOX_PATH", "/usr/bin:/bin")
    repo = project(env, {})
    code, report = doctor(capsys, str(repo.bare))
    assert code == 1 and report["ready"] is False
    tests = by_name(report)["tests"]
    assert tests["ok"] is False
    assert "could not start: `pytest` not found" in tests["message"]
    assert "python3 -m venv" in tests["fix"]
    assert "add a `setup` step to `.smith.yml`" in tests["fix"]
    # The human output says the same, with the fix.
    assert main(["doctor", str(repo.bare)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "not ready" in out and "setup" in out and "fix:" in out


def test_a_bad_smith_yml_names_the_line(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = "language: python\ntests:\n  comand: pytest\n"
    repo = project(env, {".smith.yml": config})
    code, report = doctor(capsys, str(repo.bare))
    assert code == 1
    checks = by_name(report)
    assert checks["config"]["ok"] is False
    assert ".smith.yml:3: tests.comand" in checks["config"]["message"]
    assert "tests" not in checks  # nothing runs on a config a run would refuse


def test_a_failing_setup_and_tests_that_need_an_undeclared_package(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = project(env, {"tests/test_yaml.py": "import no_such_package_xyz\n\n\n"
                                                "def test_x():\n    assert True\n"})
    code, report = doctor(capsys, str(repo.bare))
    assert code == 1
    tests = by_name(report)["tests"]
    assert "no_such_package_xyz" in tests["message"] and "setup" in tests["fix"]
    (env / "second").mkdir()
    failing = RemoteRepo(env / "second", "other")
    failing.commit({"calc.py": CALC, ".smith.yml": 'setup:\n  command: "exit 3"\n'}, "init")
    code, report = doctor(capsys, str(failing.bare))
    setup = by_name(report)["setup"]
    assert code == 1 and setup["ok"] is False and "exit 3" in setup["message"]
    assert "setup command failed (3)" in setup["detail"]


def test_an_unknown_repository_is_a_checkout_failure(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = doctor(capsys, "https://127.0.0.1:9/nobody/nothing.git")
    assert code == 1 and by_name(report)["checkout"]["ok"] is False


def test_a_relative_data_folder_checks_out(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's default data folder is `./.smith`: relative to where `smith` starts, not to
    the mirror folder git runs in (every run failed in PREPARE with `Invalid path`)."""
    repo = project(env, {})
    monkeypatch.chdir(env)
    monkeypatch.delenv("SMITH_DATA_DIR")
    code, report = doctor(capsys, str(repo.bare))
    assert by_name(report)["checkout"]["ok"] is True, report
    assert (env / ".smith" / "workspace" / "mirrors").is_dir()


def test_a_checkout_failure_names_its_cause(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = project(env, {})
    code, report = doctor(capsys, str(repo.bare), "--branch", "no-such-branch")
    checkout = by_name(report)["checkout"]
    assert code == 1 and checkout["ok"] is False
    assert "--branch" in checkout["fix"] and "PROTOCOLS" not in checkout["fix"]
    # A data folder that cannot be written names the data folder, not the URL.
    blocked = env / "blocked"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("SMITH_DATA_DIR", str(blocked))
    code, report = doctor(capsys, str(repo.bare))
    checkout = by_name(report)["checkout"]
    assert code == 1 and checkout["ok"] is False
    assert "SMITH_DATA_DIR" in checkout["fix"] and str(blocked) in checkout["fix"]


@pytest.mark.slow  # a real sandboxed test run
def test_a_sandbox_limit_hit_is_named_as_a_limit_with_its_setting(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """#31 item 6: a run the sandbox stopped at a limit is reported as that limit, not as
    "exit code None" and a missing JUnit report."""
    monkeypatch.setenv("SMITH_SANDBOX_MAX_FILE_BYTES", "65536")
    config = ("language: python\ntests:\n  command: python3 -c \"open('big.bin', 'wb')"
              ".write(b'x' * 1048576)\"\n")
    repo = project(env, {".smith.yml": config, ".gitignore": "big.bin\n"})
    code, report = doctor(capsys, str(repo.bare))
    assert code == 1 and report["ready"] is False
    tests = by_name(report)["tests"]
    assert tests["ok"] is False
    assert "hit the sandbox's file size limit" in tests["message"], tests
    assert "SMITH_SANDBOX_MAX_FILE_BYTES" in tests["fix"]
    assert "exit code" not in tests["message"]
    assert "report" not in by_name(report)  # no second, misleading "write JUnit" finding
