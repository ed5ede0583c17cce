"""Real git repositories for the corpus: a bare `main` built from a dict of files."""

from __future__ import annotations

import subprocess
from pathlib import Path

_ENV = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com",
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "PATH": "/usr/bin:/bin"}

Files = dict[str, str | bytes]


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env={**_ENV, "HOME": str(cwd)}, check=True,
                          capture_output=True, text=True).stdout


def write_files(root: Path, files: Files) -> None:
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)


def publish(root: Path, files: Files, tag: str | None = None) -> Path:
    """A bare repository at `root/remote.git` whose `main` holds exactly `files`, its commit
    tagged `tag` when given (a release, as projects that take their version from git tag it)."""
    work = root / "work"
    work.mkdir(parents=True)
    git("init", "-q", "-b", "main", ".", cwd=work)
    write_files(work, files)
    git("add", "--all", ".", cwd=work)
    git("commit", "-q", "-m", "initial", cwd=work)
    if tag:
        git("tag", "-a", tag, "-m", f"Release {tag}", cwd=work)
    bare = root / "remote.git"
    git("clone", "-q", "--bare", str(work), str(bare), cwd=root)
    return bare


def changed_files(bare: Path, branch: str, base: str = "main") -> list[str]:
    """Paths that differ between base and branch: what the pull request's diff shows."""
    return sorted(git("--git-dir", str(bare), "diff", "--name-only", base, branch,
                      cwd=bare).split())


def branch_file(bare: Path, branch: str, path: str) -> str:
    return git("--git-dir", str(bare), "show", f"{branch}:{path}", cwd=bare)
