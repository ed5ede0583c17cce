"""Absolute paths of the host programs that start a sandbox, fixed once from Smith's own PATH.

A repository's folders (`.venv/bin`, `node_modules/.bin`) only ever join PATH *inside* the
sandbox; the launcher itself is never looked up there, and it starts with a fixed minimal
environment, so nothing the repository sets (`LD_PRELOAD`, `BASH_ENV`) reaches the host side.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass

START_PATH = os.environ.get("PATH") or "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
"""Smith's PATH when this module was first imported: before any run could touch the process."""

HOST_ENV: dict[str, str] = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
"""The whole environment of a host-side launcher process."""

NAMES = ("bwrap", "unshare", "setpriv", "docker", "sh")


def _resolve(name: str) -> str | None:
    for folder in START_PATH.split(os.pathsep):
        if not os.path.isabs(folder):  # "" or "." would mean the current (repository) folder
            continue
        found = shutil.which(name, path=folder)
        if found:
            return os.path.realpath(found)
    return None


@dataclass(frozen=True)
class Launchers:
    """Resolved launcher paths (None: not installed)."""

    bwrap: str | None
    unshare: str | None
    setpriv: str | None
    docker: str | None
    sh: str | None

    @classmethod
    def resolve(cls) -> Launchers:
        return cls(**{name: _resolve(name) for name in NAMES})


_RESOLVED: Launchers | None = None


def launchers() -> Launchers:
    """The launchers, resolved on first use and then fixed for the life of the process."""
    global _RESOLVED
    if _RESOLVED is None:
        _RESOLVED = Launchers.resolve()
    return _RESOLVED
