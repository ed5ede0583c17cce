"""The filesystem the sandboxed command sees: an allow-list, never the host minus masks.

Read-only: `/usr`, `/lib*`, `/bin`, `/sbin` (or their merged-usr links), a few `/etc` files
toolchains need, the toolchain roots of the operator's PATH entries (`X` for `X/bin`, plus the
interpreter a virtualenv links to) and operator-listed folders. Read-write: the checkout, the
caller's writable folders and a private tmp. Never the data folder, a home folder (only a
toolchain root inside one), any folder holding a writable one (that would show sibling
checkouts), nor the host's `/proc`. Only the operator's PATH is followed to toolchain roots:
links in repository folders are the repository's to plant.
"""

from __future__ import annotations

import glob
import os
import pwd
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import structlog

log = structlog.get_logger(__name__)

SYSTEM_TREES = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC_ENTRIES = (
    "/etc/ssl", "/etc/ca-certificates", "/etc/ca-certificates.conf", "/etc/pki",
    "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
    "/etc/nsswitch.conf", "/etc/hosts", "/etc/host.conf", "/etc/gai.conf", "/etc/localtime",
    "/etc/timezone", "/etc/protocols", "/etc/services", "/etc/mime.types", "/etc/os-release",
    "/etc/debian_version", "/etc/lsb-release", "/etc/fonts", "/etc/python3*", "/etc/java-*",
    "/etc/magic", "/etc/papersize",
)
NETWORK_ETC_ENTRIES = ("/etc/resolv.conf",)
NEVER_ROOTS = frozenset({
    "/", "/tmp", "/var/tmp", "/dev/shm", "/dev", "/proc", "/sys", "/run", "/etc", "/var",
    "/home", "/root", "/mnt", "/media", "/srv", "/opt", "/boot",
})
"""Whole host trees never bound as a toolchain root (their contents may be, when listed)."""


@dataclass(frozen=True)
class Bind:
    """One host path shown at `dest` inside."""

    source: str
    dest: str
    writable: bool = False


@dataclass(frozen=True)
class View:
    binds: tuple[Bind, ...]
    symlinks: tuple[tuple[str, str], ...]  # (target, link path)
    refused: tuple[str, ...]


def _homes() -> set[str]:
    homes = {"/root", "/home", os.path.expanduser("~")}
    try:
        for entry in pwd.getpwall():
            if (entry.pw_uid == 0 or entry.pw_uid >= 1000) and entry.pw_dir not in ("/", ""):
                homes.add(entry.pw_dir)
    except OSError:
        pass
    return {os.path.realpath(h) for h in homes if h and h != "/nonexistent"}


def _is_system(path: str) -> bool:
    return any(path == tree or path.startswith(tree + "/") for tree in SYSTEM_TREES)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


class _Guard:
    """Decides whether a read-only candidate may be bound."""

    def __init__(self, forbidden: Iterable[str], writable: Iterable[str]) -> None:
        self.forbidden = {os.path.realpath(p) for p in forbidden if p}
        self.holders = self.forbidden | _homes() | {os.path.realpath(p) for p in writable}

    def allows(self, candidate: str) -> bool:
        if candidate in NEVER_ROOTS:
            return False
        if any(_inside(candidate, f) for f in self.forbidden):
            return False
        # Nothing that holds the data folder, a home, or a writable folder (sibling checkouts).
        return not any(_inside(held, candidate) for held in self.holders)


def _root_of(folder: str) -> str:
    """The toolchain a PATH entry belongs to: `X` for `X/bin`, and the whole `node_modules`
    for `node_modules/.bin` (its launchers link into packages that require their siblings)."""
    name = os.path.basename(folder)
    if name == ".bin" and os.path.basename(os.path.dirname(folder)) == "node_modules":
        return os.path.dirname(folder)
    return os.path.dirname(folder) if name in ("bin", "sbin") else folder


def toolchain_roots(path_variable: str) -> list[str]:
    """Real toolchain roots behind the operator's PATH entries (system trees excluded)."""
    roots: list[str] = []

    def add(folder: str) -> None:
        root = os.path.realpath(_root_of(folder))
        if not _is_system(root) and os.path.isdir(root) and root not in roots:
            roots.append(root)

    for entry in path_variable.split(os.pathsep):
        if not os.path.isabs(entry) or not os.path.isdir(entry):
            continue
        entry = os.path.normpath(entry)
        if _is_system(os.path.realpath(entry)):
            continue
        add(entry)
        if os.path.realpath(entry) != entry:
            add(os.path.realpath(entry))
        cfg = Path(_root_of(entry)) / "pyvenv.cfg"  # a virtualenv: its base interpreter too
        if cfg.is_file():
            for line in cfg.read_text(errors="replace").splitlines():
                key, _, value = line.partition("=")
                if key.strip() == "home" and os.path.isabs(value.strip()):
                    add(value.strip())
        try:
            links = [e for e in os.scandir(entry) if e.is_symlink()]
        except OSError:
            links = []
        for link in links:  # interpreters a venv or a version manager links to
            target = os.path.realpath(link.path)
            if os.path.exists(target):
                add(os.path.dirname(target))
    return roots


def _mirror(path: str) -> list[Bind]:
    """Bind `path` at itself, and at its real location when it is reached through links."""
    real = os.path.realpath(path)
    binds = [Bind(real, path)]
    if real != path:
        binds.append(Bind(real, real))
    return binds


def build_view(
    *,
    path_variable: str,
    readonly: Sequence[str],
    forbidden: Sequence[str],
    writable: Sequence[str],
    network: bool,
) -> View:
    """The allow-list for one run; `writable` holds the checkout, tmp and the caller's folders."""
    guard = _Guard(forbidden, writable)
    binds: list[Bind] = []
    symlinks: list[tuple[str, str]] = []
    refused: list[str] = []
    for tree in SYSTEM_TREES:
        if os.path.islink(tree):
            symlinks.append((os.readlink(tree), tree))
        elif os.path.isdir(tree):
            binds.append(Bind(tree, tree))
    for pattern in (*ETC_ENTRIES, *(NETWORK_ETC_ENTRIES if network else ())):
        for found in sorted(glob.glob(pattern)):
            if os.path.exists(found):
                binds.append(Bind(found, found))  # the source is resolved when mounted
    candidates = [*toolchain_roots(path_variable), *(os.path.normpath(p) for p in readonly)]
    for candidate in candidates:
        if not os.path.isabs(candidate) or not os.path.exists(candidate):
            continue
        if _is_system(os.path.realpath(candidate)):
            continue
        if guard.allows(os.path.realpath(candidate)) and guard.allows(candidate):
            binds.extend(_mirror(candidate))
        else:
            refused.append(candidate)
    for folder in writable:
        binds.append(Bind(os.path.realpath(folder), folder, writable=True))
        git = os.path.join(folder, ".git")
        if os.path.lexists(git) and not os.path.islink(git):  # host git reads it: never written
            binds.append(Bind(os.path.realpath(git), git))
    if refused:
        log.warning("sandbox.paths_refused", paths=refused)
    unique = list(dict.fromkeys(binds))
    unique.sort(key=lambda b: b.dest.rstrip("/").count("/"))  # parents before what they hold
    return View(tuple(unique), tuple(symlinks), tuple(refused))


def passwd_files(uid: int, gid: int) -> tuple[bytes, bytes]:
    """A synthesized /etc/passwd and /etc/group naming only root and the sandbox user."""
    passwd = f"root:x:0:0:root:/root:/bin/sh\nsandbox:x:{uid}:{gid}:sandbox:/tmp/home:/bin/sh\n"
    if uid == 0:
        passwd = "root:x:0:0:root:/tmp/home:/bin/sh\n"
    group = f"root:x:0:\nsandbox:x:{gid}:\n" if gid != 0 else "root:x:0:\n"
    return passwd.encode(), group.encode()
