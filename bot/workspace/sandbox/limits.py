"""Resource limits of one run: a cgroup (v2, or v1 controllers) where Smith may write one,
rlimits otherwise, and a disk watcher over the folders the command may write.

cgroup: `pids` bounds processes, `memory` bounds memory (no swap); hitting either is read back
from the cgroup's event counters, so the run ends naming the limit. rlimits (inherited by every
process of the run, on the unprivileged uid): file size, open files, CPU seconds per process, no
core dumps, and — without a cgroup — processes (`RLIMIT_NPROC`) and data size (`RLIMIT_DATA`,
not `RLIMIT_AS`, which breaks V8 and the JVM). Disk: the checkout, the writable folders and the
private tmp are summed (allocated blocks, each inode once) while the command runs; over the cap
the run is killed. `RLIMIT_FSIZE` bounds how far one file can overshoot between two looks.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import structlog

log = structlog.get_logger(__name__)

CGROUP_ROOT = Path("/sys/fs/cgroup")

# Without a cgroup, an rlimit says nothing when it is hit: the run's own output does. These are
# what shells, libc and the common runtimes print when `fork`, `malloc` or `write` is refused.
LIMIT_SIGNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("memory", re.compile(r"\bMemoryError\b|Cannot allocate memory|out of memory|"
                          r"JavaScript heap out of memory|std::bad_alloc", re.IGNORECASE)),
    ("disk", re.compile(r"No space left on device|Disk quota exceeded", re.IGNORECASE)),
    ("file_size", re.compile(r"File size limit exceeded", re.IGNORECASE)),
    ("processes", re.compile(r"Resource temporarily unavailable|can't start new thread|"
                             r"fork: retry|Cannot fork|fork failed|"
                             r"BlockingIOError: \[Errno 11\]", re.IGNORECASE)),
    ("cpu_time", re.compile(r"CPU time limit exceeded", re.IGNORECASE)),
)


def limit_in_output(text: str) -> str | None:
    """The limit a run's output says it hit, if any."""
    for name, pattern in LIMIT_SIGNS:
        if pattern.search(text):
            return name
    return None


def _own_cgroup(controller: str | None) -> str | None:
    """This process's cgroup path for a v1 controller (or the v2 path when None)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        names = controllers.split(",") if controllers else []
        if (controller is None and not controllers) or (controller in names):
            return path
    return None


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


def _counter(path: Path, key: str) -> int:
    try:
        for line in path.read_text().splitlines():
            name, _, value = line.partition(" ")
            if name == key:
                return int(value)
    except (OSError, ValueError):
        pass
    return 0


@dataclass
class Cgroup:
    """The run's own cgroup folders; empty when none could be made (then rlimits stand in)."""

    pids: Path | None = None
    memory: Path | None = None
    v2: bool = False
    folders: list[Path] = field(default_factory=list)

    @classmethod
    def create(cls, max_processes: int, max_memory: int) -> Cgroup:
        name = f"smith-{uuid.uuid4().hex[:12]}"
        group = cls()
        if (CGROUP_ROOT / "cgroup.controllers").is_file():  # unified (v2) hierarchy
            own = _own_cgroup(None)
            if own is not None:
                base = CGROUP_ROOT / own.lstrip("/")
                _write(base / "cgroup.subtree_control", "+pids +memory")
                folder = base / name
                try:
                    folder.mkdir()
                except OSError:
                    return group
                group.folders.append(folder)
                group.v2 = True
                if _write(folder / "pids.max", str(max_processes)):
                    group.pids = folder
                if _write(folder / "memory.max", str(max_memory)):
                    _write(folder / "memory.swap.max", "0")
                    group.memory = folder
            return group
        for controller in ("pids", "memory"):
            own = _own_cgroup(controller)
            if own is None:
                continue
            folder = CGROUP_ROOT / controller / own.lstrip("/") / name
            try:
                folder.mkdir()
            except OSError:
                continue
            group.folders.append(folder)
            if controller == "pids" and _write(folder / "pids.max", str(max_processes)):
                group.pids = folder
            if controller == "memory" and _write(
                folder / "memory.limit_in_bytes", str(max_memory)
            ):
                _write(folder / "memory.memsw.limit_in_bytes", str(max_memory))
                group.memory = folder
        return group

    def bounds_everything(self) -> bool:
        """Both processes and memory are bounded (and counted) by the cgroup."""
        return self.pids is not None and self.memory is not None

    def procs_files(self) -> list[str]:
        """Where the launcher writes itself, between fork and exec."""
        return [str(f / "cgroup.procs") for f in self.folders]

    def hit(self) -> str | None:
        """The limit the run has hit so far, read from the kernel's counters."""
        if self.pids is not None and _counter(self.pids / "pids.events", "max") > 0:
            return "processes"
        if self.memory is not None:
            events = "memory.events" if self.v2 else "memory.oom_control"
            if _counter(self.memory / events, "oom_kill") > 0:
                return "memory"
        return None

    def kill(self) -> None:
        """SIGKILL whatever is left in the run's cgroup (a process that left the session)."""
        for folder in self.folders:
            if self.v2:
                _write(folder / "cgroup.kill", "1")
            for pid in _members(folder):
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass

    def remove(self, wait_seconds: float = 5.0) -> None:
        """Kill what is left, wait until the kernel has reaped it, then delete the folders."""
        deadline = time.monotonic() + wait_seconds
        for folder in self.folders:
            while _members(folder) and time.monotonic() < deadline:
                self.kill()
                time.sleep(0.02)
            try:
                folder.rmdir()
            except OSError:
                log.warning("sandbox.cgroup_left", folder=str(folder))


def _members(folder: Path) -> list[int]:
    try:
        return [int(p) for p in (folder / "cgroup.procs").read_text().split()]
    except (OSError, ValueError):
        return []


@dataclass(frozen=True)
class Rlimits:
    """Applied in the launcher between fork and exec; every process of the run inherits them."""

    max_file_bytes: int
    max_open_files: int
    cpu_seconds: int
    max_processes: int | None  # None: the cgroup bounds processes
    max_data_bytes: int | None  # None: the cgroup bounds memory

    def apply(self) -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.max_file_bytes, self.max_file_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.max_open_files, self.max_open_files))
        resource.setrlimit(resource.RLIMIT_CPU, (self.cpu_seconds, self.cpu_seconds + 5))
        if self.max_processes is not None:
            resource.setrlimit(resource.RLIMIT_NPROC, (self.max_processes, self.max_processes))
        if self.max_data_bytes is not None:
            resource.setrlimit(resource.RLIMIT_DATA, (self.max_data_bytes, self.max_data_bytes))


def disk_usage(roots: Iterable[Path]) -> tuple[int, int]:
    """(allocated bytes, largest file size) under `roots`, links never followed, inodes once."""
    seen: set[tuple[int, int]] = set()
    total = largest = 0
    stack = [str(r) for r in roots]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            key = (info.st_dev, info.st_ino)
            if key in seen:
                continue
            seen.add(key)
            total += info.st_blocks * 512
            if entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
            elif entry.is_file(follow_symlinks=False):
                largest = max(largest, info.st_size)
    return total, largest


def hand_over(trees: Sequence[Path], uid: int, gid: int) -> None:
    """Make the writable trees the sandbox user's (lchown, never following a link).

    Files with several hard links are left alone: their other names may live outside the tree.
    """
    for tree in trees:
        _lchown(tree, uid, gid, is_dir=True)
        for folder, dirs, files in os.walk(tree, followlinks=False):
            if Path(folder) == Path(tree) and ".git" in dirs:
                dirs.remove(".git")  # mounted read-only inside; host git keeps owning it
            for name in dirs:
                _lchown(Path(folder) / name, uid, gid, is_dir=True)
            for name in files:
                _lchown(Path(folder) / name, uid, gid, is_dir=False)


def _lchown(path: Path, uid: int, gid: int, *, is_dir: bool) -> None:
    try:
        info = os.lstat(path)
        if (info.st_uid, info.st_gid) == (uid, gid):
            return
        if not is_dir and info.st_nlink > 1 and not os.path.islink(path):
            return
        os.lchown(path, uid, gid)
    except OSError:
        pass
