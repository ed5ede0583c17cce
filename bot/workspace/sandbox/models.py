"""Settings, results and errors of the sandbox: the vocabulary every other sandbox module shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

SandboxKindSetting = Literal["auto", "unshare", "bwrap", "docker", "none"]
LimitName = Literal["processes", "memory", "file_size", "disk", "cpu_time", "timeout"]

GIB = 1024**3
MIB = 1024**2


class SandboxUnavailable(RuntimeError):
    """No sandbox of the requested kind works here, and unsandboxed runs are not allowed."""


class SecretLeak(RuntimeError):
    """A sandboxed command printed one of Smith's own secrets: the run must stop.

    The message never names the secret.
    """


@dataclass(frozen=True)
class SandboxSettings:
    """Operator settings (SMITH_SANDBOX_*), not repository ones: a repo cannot turn them off."""

    kind: SandboxKindSetting = "auto"
    allow_unsandboxed: bool = False
    output_cap_bytes: int = 256_000
    path: str = "/usr/local/bin:/usr/bin:/bin"
    """PATH inside; its non-system entries are bound read-only with their toolchain roots."""
    lang: str = "C.UTF-8"
    uid: int = 65534
    """Who the command runs as on the host when Smith is root (otherwise Smith's own uid)."""
    gid: int = 65534
    readonly_paths: tuple[str, ...] = ()
    """Operator-listed host folders bound read-only (extra toolchains, shared caches)."""
    forbidden_paths: tuple[str, ...] = ()
    """Never bound, nor any folder holding them (Smith's data folder, config folder)."""
    hidden_paths: tuple[str, ...] = ()
    """Kept for compatibility: folders never bound (the view is an allow-list already)."""
    hidden_files: tuple[str, ...] = ()
    """Kept for compatibility: files never bound, nor their folders."""
    max_processes: int = 512
    max_memory_bytes: int = 4 * GIB
    max_file_bytes: int = 1 * GIB
    max_disk_bytes: int = 4 * GIB
    """Checkout + writable folders + private tmp together, watched while the command runs."""
    max_open_files: int = 4096
    max_cpu_seconds: int | None = None
    """Per process; None: the wall timeout times the number of cores."""
    tmp_root: str | None = None
    """Host folder the private per-run tmp is made in (None: the system temporary folder)."""
    docker_image: str = "python:3.11-slim"
    kill_grace_seconds: float = 1.0
    secret_values: tuple[str, ...] = ()
    """Smith's secrets: output holding any of them raises SecretLeak."""
    seccomp: bool = True
    """Deny kernel interfaces tests never need (bwrap kind, when libseccomp is present)."""


class CommandResult(BaseModel):
    """How one sandboxed command ended. `limit` names the resource limit that ended it."""

    exit_code: int | None
    timed_out: bool
    output: str
    truncated: bool
    duration_seconds: float
    kind: str
    limit: LimitName | None = None
