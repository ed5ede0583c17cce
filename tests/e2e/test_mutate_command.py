"""`smith mutate` as a user runs it (a subprocess, a real git repository, the real sandbox):
an honest score and hands off the user's tree. The refusals and the hands-off check call the
same `main` in this process with the same environment (`mutate_here`): a subprocess spends a
second or more importing before it parses its arguments, and the entry point, exit codes and
streams are the subprocess tests' here.

The score needs a reference pass in the repository's own environment (an assertion-free test
scores 0 %, the command refuses with the environment's reason when the tests cannot start, and a
test file red on the original gets no credit); the mutants run in a throw-away copy, so the
repository keeps its contents, modes and owners after a run and after a SIGTERM or SIGINT
mid-mutant; concurrent runs do not share files; a looping mutant ends at a time limit derived
from the reference pass, not at the suite's 600 s."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli_in_process import InProcessCli
from tests.sandboxed import TOOLCHAIN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e

MODULE = '''"""Prices."""


def discount(total, member):
    # members get 10 off from 100 (this comment must survive every run)
    if member and total >= 100:
        return total - 10
    return total


def countdown(n):
    while n > 0:
        n -= 1
    return n
'''
NO_ASSERTION = '''from prices import discount


def test_discount_runs():
    discount(100, True)
    discount(99, True)
    discount(150, False)
'''
STRONG = '''from prices import discount


def test_members_get_ten_off_from_one_hundred():
    assert discount(100, True) == 90


def test_just_below_one_hundred_pays_full():
    assert discount(99, True) == 99


def test_non_members_pay_full():
    assert discount(150, False) == 150
'''
WEAK = '''from prices import discount


def test_non_members_pay_full():
    assert discount(150, False) == 150
'''
RED = STRONG + '''

def test_already_red():
    assert discount(100, True) == 0
'''
SLOW = '''import time

from prices import discount


def test_members_get_ten_off_from_one_hundred():
    time.sleep(0.4)
    assert discount(100, True) == 90


def test_non_members_pay_full():
    time.sleep(0.4)
    assert discount(150, False) == 150
'''
COUNTDOWN = '''from prices import countdown


def test_counts_down_to_zero():
    assert countdown(3) == 0
'''
OWNER = 4242
"""Who owns the repository in the ownership checks (the tests run as root in CI)."""


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_SANDBOX_PATH=TOOLCHAIN, SMITH_LOG_LEVEL="WARNING")
    env.update(extra)
    return env


def _git(repo: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "d@example.com", "HOME": str(repo),
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "d@example.com",
           "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(repo), *args], env=env, check=True, capture_output=True)


def _project(tmp_path: Path, tests: dict[str, str], *, smith_yml: str | None = None) -> Path:
    """A git repository: prices.py committed, the test files left untracked (as a user's new
    tests are), a mode that is not the default on one file."""
    repo = tmp_path / "home" / "project"
    (repo / "tests").mkdir(parents=True)
    (repo / "prices.py").write_text(MODULE)
    (repo / "conftest.py").write_text("")
    (repo / "run.sh").write_text("#!/bin/sh\nexit 0\n")
    (repo / "run.sh").chmod(0o750)
    if smith_yml is not None:
        (repo / ".smith.yml").write_text(smith_yml)
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "prices")
    for rel, text in tests.items():
        (repo / rel).write_text(text)
    return repo


def _snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every entry under `root` (its `.git` too): kind, mode, owner, mtime and content."""
    seen: dict[str, tuple[object, ...]] = {".": _entry(root)}
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            seen[path.relative_to(root).as_posix()] = _entry(path)
    return seen


def _entry(path: Path) -> tuple[object, ...]:
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        content: object = hashlib.sha256(path.read_bytes()).hexdigest()
    elif stat.S_ISLNK(info.st_mode):
        content = os.readlink(path)
    else:
        content = None
    mtime = None if stat.S_ISDIR(info.st_mode) and path.name == ".git" else info.st_mtime_ns
    return info.st_mode, info.st_uid, info.st_gid, mtime, content


def _give_away(repo: Path) -> None:
    """Owned by someone else, as a user's repository is when Smith runs as root."""
    if os.geteuid() != 0:
        return
    for folder, dirs, files in os.walk(repo):
        for name in [*dirs, *files]:
            os.lchown(Path(folder) / name, OWNER, OWNER)
    os.lchown(repo, OWNER, OWNER)


def _mutate(tmp_path: Path, repo: Path, tests: str, *extra: str,
            timeout: float = 240, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", "mutate", "--repo", str(repo),
                           "--module", "prices.py", "--tests", tests, "--json", *extra],
                          env=_env(tmp_path, **env), cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, check=False)


@pytest.fixture
def mutate_here(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch) -> Any:
    """`_mutate` in this process (tests/cli_in_process.py): the same arguments and
    environment, its exit code and what it printed on each stream."""
    cli = InProcessCli(capsys, monkeypatch)

    def run(repo: Path, tests: str, *extra: str, **env: str) -> subprocess.CompletedProcess[str]:
        return cli.run(["mutate", "--repo", str(repo), "--module", "prices.py", "--tests", tests,
                        "--json", *extra], _env(tmp_path, **env))

    return run


def _runs_left(tmp_path: Path) -> list[Path]:
    runs = tmp_path / "data" / "workspace" / "runs"
    return sorted(runs.iterdir()) if runs.is_dir() else []


def test_an_assertion_free_test_scores_zero_with_a_working_environment(tmp_path):
    repo = _project(tmp_path, {"tests/test_no_assertion.py": NO_ASSERTION})
    result = _mutate(tmp_path, repo, "tests/test_no_assertion.py", "--function", "discount")
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert (outcome["score"], outcome["killed"]) == (0.0, 0), outcome
    assert outcome["mutants"] == len(outcome["survived"]) == 7
    assert outcome["errors"] == []
    assert outcome["reference"]["passed"] == 1
    assert _runs_left(tmp_path) == []


@pytest.mark.parametrize("path, missing", [("empty", "python3"),
                                           ("/usr/bin:/bin", "pytest")],
                         ids=["no-python", "python-without-pytest"])
def test_the_command_refuses_when_the_tests_cannot_start(tmp_path, path, missing, mutate_here):
    if path == "empty":
        (tmp_path / "empty").mkdir()
        path = str(tmp_path / "empty")
    elif not Path("/usr/bin/python3").exists():
        pytest.skip("no /usr/bin/python3 on this machine")
    repo = _project(tmp_path, {"tests/test_no_assertion.py": NO_ASSERTION})
    result = mutate_here(repo, "tests/test_no_assertion.py", "--function", "discount",
                         SMITH_SANDBOX_PATH=path)
    assert result.returncode == 1, result.stdout
    assert result.stdout == ""  # no score at all
    reason = " ".join(result.stderr.split())
    assert "cannot start" in reason and f"`{missing}`" in reason, reason
    assert _runs_left(tmp_path) == []


def test_a_failing_setup_is_the_reason_given(tmp_path, mutate_here):
    repo = _project(tmp_path, {"tests/test_strong.py": STRONG},
                    smith_yml="setup:\n  command: echo no index here && exit 3\n")
    result = mutate_here(repo, "tests/test_strong.py", "--function", "discount")
    assert result.returncode == 1, result.stdout
    reason = " ".join(result.stderr.split())
    assert "setup" in reason and "no index here" in reason, reason


def test_a_test_file_red_on_the_original_gets_no_credit(tmp_path, mutate_here):
    repo = _project(tmp_path, {"tests/test_red.py": RED})
    result = mutate_here(repo, "tests/test_red.py", "--function", "discount")
    assert result.returncode == 1, result.stdout
    assert result.stdout == ""
    reason = " ".join(result.stderr.split())
    assert "fail on the original code" in reason and "test_already_red" in reason, reason
    assert "test_non_members_pay_full" not in reason  # only the red one is named


def test_the_repository_is_unchanged_byte_mode_and_owner_after_a_run(tmp_path, mutate_here):
    repo = _project(tmp_path, {"tests/test_strong.py": STRONG, "tests/test_weak.py": WEAK})
    _give_away(repo)
    before, beside = _snapshot(repo), sorted(p.name for p in repo.parent.iterdir())
    result = mutate_here(repo, "tests/test_weak.py", "--function", "discount")
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert 0 < outcome["killed"] < outcome["mutants"] == 7
    assert _snapshot(repo) == before
    # nothing beside the repository either (no `smith-batch-*` folder), nothing left behind
    assert sorted(p.name for p in repo.parent.iterdir()) == beside
    assert _runs_left(tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_mid_mutant_leaves_the_repository_unchanged(tmp_path, signum):
    repo = _project(tmp_path, {"tests/test_slow.py": SLOW})
    _give_away(repo)
    before, beside = _snapshot(repo), sorted(p.name for p in repo.parent.iterdir())
    # where the workers' copies are, to watch them (a folder the sandbox's user can reach)
    sandbox_tmp = Path(tempfile.mkdtemp(prefix="smith-e2e-sandbox-"))
    sandbox_tmp.chmod(0o755)
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "mutate", "--repo", str(repo), "--module",
         "prices.py", "--tests", "tests/test_slow.py", "--function", "discount", "--json"],
        env=_env(tmp_path, SMITH_SANDBOX_TMP_DIR=str(sandbox_tmp)), cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        module = _wait_for_a_mutant_in_place(tmp_path, sandbox_tmp, process)
        assert module.read_text() != MODULE
        assert (repo / "prices.py").read_text() == MODULE
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=60)
        left = list(sandbox_tmp.iterdir())
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(sandbox_tmp, ignore_errors=True)
    assert process.returncode == 128 + signum, stderr
    assert signal.Signals(signum).name in stderr
    assert _snapshot(repo) == before
    assert sorted(p.name for p in repo.parent.iterdir()) == beside
    assert _runs_left(tmp_path) == []
    assert left == []  # the workers' copies went with the sandbox call


def _wait_for_a_mutant_in_place(tmp_path: Path, sandbox_tmp: Path,
                                 process: subprocess.Popen[str]) -> Path:
    """The module of the run's copy, or of a worker's copy of it, once a mutant has replaced
    it (the user's file never changes)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        places = [run / "checkout" / "prices.py" for run in _runs_left(tmp_path)]
        places += sandbox_tmp.glob("*/tmp/smith-worker-*/checkout/prices.py")
        for module in places:
            try:
                if module.read_text() != MODULE:
                    return module
            except (OSError, UnicodeDecodeError):
                pass
        time.sleep(0.05)
    raise AssertionError("no mutant was put in place in time")


@pytest.mark.slow
def test_concurrent_runs_on_one_repository_keep_their_own_scores(tmp_path):
    repo = _project(tmp_path, {"tests/test_strong.py": STRONG, "tests/test_weak.py": WEAK})
    command = [sys.executable, "-m", "bot.cli", "mutate", "--repo", str(repo), "--module",
               "prices.py", "--function", "discount", "--json", "--tests"]
    strong = subprocess.Popen([*command, "tests/test_strong.py"], env=_env(tmp_path), cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    weak = subprocess.Popen([*command, "tests/test_weak.py"], env=_env(tmp_path), cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    strong_out, strong_err = strong.communicate(timeout=240)
    weak_out, weak_err = weak.communicate(timeout=240)
    assert (strong.returncode, weak.returncode) == (0, 0), strong_err + weak_err
    assert json.loads(strong_out)["score"] == 1.0
    weak_outcome = json.loads(weak_out)
    assert weak_outcome["score"] < 0.5
    assert {(m["line"], m["original"]) for m in weak_outcome["survived"]} >= {(6, ">=")}
    assert (repo / "prices.py").read_text() == MODULE


@pytest.mark.slow
def test_a_looping_mutant_ends_at_the_time_limit_derived_from_the_reference(tmp_path):
    repo = _project(tmp_path, {"tests/test_countdown.py": COUNTDOWN})
    started = time.monotonic()
    result = _mutate(tmp_path, repo, "tests/test_countdown.py", "--function", "countdown",
                     timeout=200)
    seconds = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    limit = outcome["timeout"]
    assert 5 <= limit <= 10, outcome  # the floor; the reference pass takes well under a second
    # `n -= 1` → `n += 1` never ends: cut at the limit inside the test, which fails on it
    assert ["13:arithmetic", "-", "+"] not in [
        [f"{m['line']}:{m['operator']}", m["original"], m["mutated"]]
        for m in outcome["survived"]]
    assert outcome["errors"] == []
    assert outcome["score"] == 1.0, outcome
    # the suite's own limit is 600 s: the run ends in about the derived one
    assert seconds < limit + 60, seconds


CLAMP = ("exports.clamp = (x, lo, hi) => {\n  if (x < lo) return lo;\n"
         "  return x > hi ? hi : x;\n};\n")


@pytest.mark.slow
def test_javascript_assertion_free_scores_zero_and_a_red_file_gets_no_credit(tmp_path):
    from tests.testgen import jsproject

    jsproject.needs_jest()
    repo = jsproject.write(tmp_path / "home" / "project", {
        "package.json": '{"name": "p", "version": "1.0.0"}\n',
        ".smith.yml": "language: javascript\ntests:\n  command: "
                      + json.dumps(jsproject.jest_config().test_command) + "\n",
        "lib/clamp.js": CLAMP,
        "lib/runs.test.js": "const { clamp } = require('./clamp');\n"
                            "test('runs', () => { clamp(-5, 0, 9); clamp(20, 0, 9); });\n",
        "lib/red.test.js": "const { clamp } = require('./clamp');\n"
                           "test('inside', () => { expect(clamp(5, 0, 9)).toBe(5); });\n"
                           "test('wrong', () => { expect(clamp(-5, 0, 9)).toBe(-5); });\n",
    })
    before = _snapshot(repo)
    env = {"SMITH_SANDBOX_PATH": f"{jsproject.JS_BIN}:{TOOLCHAIN}"}
    command = [sys.executable, "-m", "bot.cli", "mutate", "--repo", str(repo), "--module",
               "lib/clamp.js", "--json", "--tests"]
    free = subprocess.run([*command, "lib/runs.test.js"], env=_env(tmp_path, **env), cwd=ROOT,
                          capture_output=True, text=True, timeout=240, check=False)
    assert free.returncode == 0, free.stderr
    outcome = json.loads(free.stdout)
    assert (outcome["score"], outcome["killed"], outcome["mutants"]) == (0.0, 0, 4), outcome
    red = subprocess.run([*command, "lib/red.test.js"], env=_env(tmp_path, **env), cwd=ROOT,
                         capture_output=True, text=True, timeout=240, check=False)
    assert red.returncode == 1 and red.stdout == "", red.stdout
    reason = " ".join(red.stderr.split())
    assert "fail on the original code" in reason and "wrong" in reason, reason
    assert _snapshot(repo) == before
