"""A small real Python project with a real bug, pushed to a local bare repository."""

from __future__ import annotations

import subprocess
from pathlib import Path

CALC = '''"""Statistics helpers."""


def average(values):
    """The arithmetic mean of `values`."""
    if not values:
        raise ValueError("average of nothing")
    return sum(values) / (len(values) - 1)


def total(values):
    return sum(values)
'''

TEST_CALC = '''from calc import total


def test_total():
    assert total([1, 2, 3]) == 6
'''

ISSUE_TITLE = "average() returns the wrong number"
ISSUE_BODY = (
    "Calling `average([2, 4])` returns 6.0 but the average of 2 and 4 is 3.\n\n"
    "Expected: average([2, 4]) returns 3"
)
QUOTE = "average([2, 4]) returns 3"


def _git(*args: str, cwd: Path) -> None:
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com",
           "HOME": str(cwd), "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def make_buggy_repo(root: Path, *, smith_yml: str | None = None) -> Path:
    """A bare repository whose `main` holds calc.py (buggy) and a passing test."""
    work = root / "work"
    work.mkdir(parents=True)
    _git("init", "-q", "-b", "main", ".", cwd=work)
    (work / "calc.py").write_text(CALC)
    (work / "tests").mkdir()
    (work / "tests" / "test_calc.py").write_text(TEST_CALC)
    (work / "conftest.py").write_text("")
    if smith_yml:
        (work / ".smith.yml").write_text(smith_yml)
    _git("add", ".", cwd=work)
    _git("commit", "-q", "-m", "calc", cwd=work)
    bare = root / "remote.git"
    _git("clone", "-q", "--bare", str(work), str(bare), cwd=root)
    return bare


def branch_file(bare: Path, branch: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", str(bare), "show", f"{branch}:{path}"],
                          check=True, capture_output=True, text=True).stdout


def branches(bare: Path) -> list[str]:
    out = subprocess.run(["git", "--git-dir", str(bare), "branch", "--format=%(refname:short)"],
                         check=True, capture_output=True, text=True).stdout
    return out.split()


def push_files(bare: Path, files: dict[str, str], message: str = "update",
               branch: str = "main") -> None:
    """Commit `files` (path → content) on `branch` of the bare repository, as a developer
    would."""
    work = bare.parent / f"push-{len(list(bare.parent.iterdir()))}"
    _git("clone", "-q", "--branch", branch, str(bare), str(work), cwd=bare.parent)
    for rel, content in files.items():
        target = work / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content)
    _git("add", ".", cwd=work)
    _git("commit", "-q", "-m", message, cwd=work)
    _git("push", "-q", "origin", branch, cwd=work)


def changed_files(bare: Path, branch: str, base: str = "main") -> list[str]:
    """Paths that differ between `base` and `branch` (what the change request's diff shows)."""
    out = subprocess.run(["git", "--git-dir", str(bare), "diff", "--name-only", base, branch],
                         check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def tree_files(bare: Path, branch: str) -> list[str]:
    out = subprocess.run(["git", "--git-dir", str(bare), "ls-tree", "-r", "--name-only", branch],
                         check=True, capture_output=True, text=True).stdout
    return out.split()
