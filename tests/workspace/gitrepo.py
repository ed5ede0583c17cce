"""Builds real local git repositories (bare remotes with history) for workspace tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "Dev",
    "GIT_AUTHOR_EMAIL": "dev@example.com",
    "GIT_COMMITTER_NAME": "Dev",
    "GIT_COMMITTER_EMAIL": "dev@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": "/dev/null",
}


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, env=ENV, check=True, capture_output=True, text=True
    ).stdout


class RemoteRepo:
    """A bare repository plus a scratch clone used to author commits into it."""

    def __init__(self, root: Path, name: str = "origin") -> None:
        self.bare = root / f"{name}.git"
        self.work = root / f"{name}-author"
        git(root, "init", "--quiet", "--bare", "--initial-branch=main", str(self.bare))
        git(root, "init", "--quiet", "--initial-branch=main", str(self.work))

    @property
    def url(self) -> str:
        return self.bare.as_uri()

    def commit(
        self, files: dict[str, str | bytes | None], message: str, branch: str = "main"
    ) -> str:
        current = git(self.work, "branch", "--show-current").strip()
        if current != branch:
            exists = git(self.work, "branch", "--list", branch).strip()
            git(self.work, "checkout", "--quiet", *([] if exists else ["-b"]), branch)
        for rel, content in files.items():
            target = self.work / rel
            if content is None:
                target.unlink()
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content)
        git(self.work, "add", "--all")
        git(self.work, "commit", "--quiet", "-m", message)
        git(self.work, "push", "--quiet", str(self.bare), f"{branch}:{branch}")
        return git(self.work, "rev-parse", "HEAD").strip()

    def tag(self, name: str) -> None:
        git(self.work, "tag", name)
        git(self.work, "push", "--quiet", str(self.bare), f"refs/tags/{name}")

    def branch_head(self, branch: str) -> str:
        return git(self.bare, "rev-parse", f"refs/heads/{branch}").strip()

    def show(self, branch: str, path: str) -> str:
        return git(self.bare, "show", f"{branch}:{path}")
