"""Runs repository commands (setup, tests, checks) isolated from the network and from secrets.

Kinds: `unshare` (new network, pid and mount namespace with every mount read-only except the
checkout and a scratch home; `--user --map-root-user` when not root), `bwrap`
(bubblewrap: read-only root, writable checkout), `docker` (`--network none`). The environment is
built from an allow-list, never copied from the bot's own. With no working sandbox, running is
refused unless the operator explicitly allowed an unsandboxed runner.
"""

from __future__ import annotations

import asyncio
import collections
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import structlog
from pydantic import BaseModel

log = structlog.get_logger(__name__)

SandboxKindSetting = Literal["auto", "unshare", "bwrap", "docker", "none"]
TRUNCATION_MARKER = "\n[... output truncated by Smith: {dropped} bytes dropped ...]\n"


class SandboxUnavailable(RuntimeError):
    """No sandbox of the requested kind works here, and unsandboxed runs are not allowed."""


@dataclass(frozen=True)
class SandboxSettings:
    """Operator settings (SMITH_SANDBOX_*), not repository ones: a repo cannot turn them off."""

    kind: SandboxKindSetting = "auto"
    allow_unsandboxed: bool = False
    output_cap_bytes: int = 256_000
    max_processes: int = 512
    path: str = "/usr/local/bin:/usr/bin:/bin"
    lang: str = "C.UTF-8"
    hidden_paths: tuple[str, ...] = ()
    hidden_files: tuple[str, ...] = ()
    """Host files read as empty inside unshare/bwrap (the App's private key, smith.toml)."""
    """Host folders masked by an empty tmpfs inside unshare/bwrap (e.g. the bot's config dir)."""
    docker_image: str = "python:3.11-slim"
    kill_grace_seconds: float = 1.0


class CommandResult(BaseModel):
    """How one sandboxed command ended."""

    exit_code: int | None
    timed_out: bool
    output: str
    truncated: bool
    duration_seconds: float
    kind: str


@dataclass
class _CappedBuffer:
    """Keeps the first and last halves of the output within `cap` bytes."""

    cap: int
    head: bytearray = field(default_factory=bytearray)
    tail: collections.deque[bytes] = field(default_factory=collections.deque)
    tail_size: int = 0
    dropped: int = 0

    def add(self, chunk: bytes) -> None:
        room = self.cap // 2 - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if not chunk:
            return
        self.tail.append(chunk)
        self.tail_size += len(chunk)
        limit = self.cap - self.cap // 2
        while self.tail_size > limit:
            first = self.tail.popleft()
            excess = self.tail_size - limit
            if len(first) > excess:
                self.tail.appendleft(first[excess:])
                self.dropped += excess
                self.tail_size -= excess
            else:
                self.dropped += len(first)
                self.tail_size -= len(first)

    def text(self) -> str:
        body = bytes(self.head)
        if self.dropped:
            body += TRUNCATION_MARKER.format(dropped=self.dropped).encode()
        body += b"".join(self.tail)
        return body.decode("utf-8", errors="replace")


def _probe(argv: Sequence[str]) -> bool:
    try:
        return subprocess.run(list(argv), capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


_PROBES: dict[str, bool] = {}


def kind_works(kind: str) -> bool:
    """Whether a sandbox kind can actually start a process here (cached per process)."""
    if kind not in _PROBES:
        if kind == "unshare":
            _PROBES[kind] = bool(shutil.which("unshare")) and _probe(
                [*_unshare_prefix(), "/bin/true"]
            )
        elif kind == "bwrap":
            _PROBES[kind] = bool(shutil.which("bwrap")) and _probe(
                [
                    "bwrap",
                    "--unshare-all",
                    "--die-with-parent",
                    "--ro-bind",
                    "/",
                    "/",
                    "--dev",
                    "/dev",
                    "--proc",
                    "/proc",
                    "/bin/true",
                ]
            )
        elif kind == "docker":
            _PROBES[kind] = bool(shutil.which("docker")) and _probe(["docker", "info"])
        else:
            _PROBES[kind] = False
    return _PROBES[kind]


def _unshare_prefix(network: bool = False) -> list[str]:
    prefix = ["unshare"]
    if os.geteuid() != 0:
        prefix += ["--user", "--map-root-user"]
    if not network:
        prefix.append("--net")
    return prefix + ["--pid", "--fork", "--kill-child", "--mount-proc", "--"]


# Runs first inside the unshare namespaces (as namespace root): loopback up (tests may serve on
# 127.0.0.1), hidden folders masked, then every mount read-only except the writable folders
# (checkout, scratch home, report folder) — as root, the host filesystem would otherwise be
# writable: the bot's code, the mirror and the dependency cache included.
_UNSHARE_SCRIPT = """\
cmd="$1"; shift
ip link set lo up 2>/dev/null
{hide}
for w in "$@"; do mount --bind "$w" "$w" || exit 125; done
awk '{print $2}' /proc/self/mounts | sort -u | while read -r m; do
  case "$m" in /proc|/proc/*|/dev|/dev/*|/sys|/sys/*) continue;; esac
  keep=0; for w in "$@"; do [ "$m" = "$w" ] && keep=1; done
  [ "$keep" = 1 ] || mount -o remount,bind,ro "$m" 2>/dev/null
done
cd "$1" || exit 125  # re-enter the checkout through its new (writable) mount
exec /bin/sh -c "$cmd"
"""


def _toolchains_under_tmp(path_variable: str) -> list[str]:
    """PATH entries under /tmp (a CI checkout's virtualenv, say), as folders to re-expose:
    the environment root for `.../bin` entries, since interpreters need their `lib` too."""
    found: list[str] = []
    for entry in path_variable.split(os.pathsep):
        folder = Path(entry)
        if not folder.is_absolute() or not folder.is_dir():
            continue
        if not folder.resolve().is_relative_to("/tmp"):
            continue
        root = folder.parent if folder.name == "bin" else folder
        if str(root) not in found:
            found.append(str(root))
    return found


def _shell_quote(value: str) -> str:
    return "'" + value.replace("'", "'\"'\"'") + "'"


class Sandbox:
    """Builds and runs sandboxed commands. `kind` is resolved once, at construction."""

    def __init__(
        self, settings: SandboxSettings | None = None, kind_override: str | None = None
    ) -> None:
        self.settings = settings or SandboxSettings()
        self.kind = self._resolve(kind_override or self.settings.kind)

    def _resolve(self, wanted: str) -> str:
        if wanted == "none":
            if not self.settings.allow_unsandboxed:
                raise SandboxUnavailable(
                    "sandbox kind 'none' requires SMITH_SANDBOX_ALLOW_UNSANDBOXED=true"
                )
            return "none"
        if wanted == "auto":
            for candidate in ("unshare", "bwrap"):
                if kind_works(candidate):
                    return candidate
        elif kind_works(wanted):
            return wanted
        if self.settings.allow_unsandboxed:
            log.warning("sandbox.unsandboxed", wanted=wanted)
            return "none"
        raise SandboxUnavailable(
            f"no working sandbox ({wanted}): tests will not run. Install bubblewrap or allow "
            "`unshare`, or explicitly set SMITH_SANDBOX_ALLOW_UNSANDBOXED=true"
        )

    def environment(
        self, home: Path, extra: Mapping[str, str] | None = None, path_prepend: Sequence[Path] = ()
    ) -> dict[str, str]:
        """The allow-list: PATH, HOME (a scratch folder), LANG, TMPDIR, plus the repo's env."""
        env = {
            "PATH": ":".join([*(str(p) for p in path_prepend), self.settings.path]),
            "HOME": str(home),
            "TMPDIR": str(home),
            "LANG": self.settings.lang,
            "LC_ALL": self.settings.lang,
            "CI": "true",
        }
        for key, value in (extra or {}).items():
            if key not in ("PATH", "HOME", "TMPDIR"):
                env[key] = value
        return env

    def build_argv(
        self,
        command: str,
        *,
        cwd: Path,
        home: Path,
        network: bool,
        env: Mapping[str, str],
        writable: Sequence[Path] = (),
    ) -> list[str]:
        """The full argv for this sandbox kind (pure: used by `run` and by tests)."""
        hide = " ".join(
            [f"mount -t tmpfs tmpfs {_shell_quote(p)} 2>/dev/null;"
             for p in self.settings.hidden_paths]
            + [f"mount --bind /dev/null {_shell_quote(f)} 2>/dev/null;"
               for f in self._existing(self.settings.hidden_files)]
        )
        if self.kind == "unshare":
            inner = _UNSHARE_SCRIPT.replace("{hide}", hide)
            paths = [str(p) for p in dict.fromkeys((cwd, home, *writable))]
            return [
                *_unshare_prefix(network),
                "/bin/sh",
                "-c",
                inner,
                "smith-sandbox",
                command,
                *paths,
            ]
        if self.kind == "bwrap":
            argv = [
                "bwrap",
                "--unshare-all",
                "--die-with-parent",
                "--new-session",
                "--ro-bind",
                "/",
                "/",
                "--dev",
                "/dev",
                "--proc",
                "/proc",
                "--tmpfs",
                "/tmp",
            ]
            if network:
                argv.append("--share-net")
            for hidden in self.settings.hidden_paths:
                argv += ["--tmpfs", hidden]
            for hidden_file in self._existing(self.settings.hidden_files):
                argv += ["--ro-bind", "/dev/null", hidden_file]
            for toolchain in _toolchains_under_tmp(env.get("PATH", self.settings.path)):
                argv += ["--ro-bind", toolchain, toolchain]  # the fresh /tmp would hide them
            for path in (home, cwd, *writable):
                argv += ["--bind", str(path), str(path)]
            argv += ["--chdir", str(cwd), "--", "/bin/sh", "-c", command]
            return argv
        if self.kind == "docker":
            argv = [
                "docker",
                "run",
                "--rm",
                "--init",
                "--network",
                "bridge" if network else "none",
                "--pids-limit",
                str(self.settings.max_processes),
                "--cap-drop",
                "ALL",
                "--security-opt",
                "no-new-privileges",
                "-w",
                str(cwd),
            ]
            for path in (home, cwd, *writable):
                argv += ["-v", f"{path}:{path}"]
            for key in env:  # values come from the docker client's environment, not argv
                argv += ["-e", key]
            return [*argv, self.settings.docker_image, "/bin/sh", "-c", command]
        return ["/bin/sh", "-c", command]

    @staticmethod
    def _existing(files: Sequence[str]) -> list[str]:
        return [str(Path(f).resolve()) for f in files if Path(f).is_file()]

    def _limits(self) -> None:  # runs in the child between fork and exec
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if os.geteuid() != 0:  # root ignores RLIMIT_NPROC; the pid namespace contains it
            limit = self.settings.max_processes
            resource.setrlimit(resource.RLIMIT_NPROC, (limit, limit))

    async def run(
        self,
        command: str,
        *,
        cwd: Path,
        timeout: float,
        env: Mapping[str, str] | None = None,
        path_prepend: Sequence[Path] = (),
        network: bool = False,
        writable: Sequence[Path] = (),
    ) -> CommandResult:
        """Run `command` through `/bin/sh -c` inside the sandbox; never raises on failure."""
        home = Path(tempfile.mkdtemp(prefix="smith-home-"))
        started = time.monotonic()
        try:
            full_env = self.environment(home, env, path_prepend)
            argv = self.build_argv(
                command, cwd=cwd, home=home, network=network, env=full_env, writable=writable
            )
            process = await asyncio.create_subprocess_exec(
                *argv,
                cwd=str(cwd),
                env=full_env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=self._limits,
            )
            buffer = _CappedBuffer(self.settings.output_cap_bytes)
            timed_out = False

            async def pump() -> None:
                assert process.stdout is not None
                while chunk := await process.stdout.read(65536):
                    buffer.add(chunk)

            reader = asyncio.create_task(pump())
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                timed_out = True
                self._kill_group(process.pid)
                await process.wait()
            try:
                await asyncio.wait_for(reader, self.settings.kill_grace_seconds + 5)
            except TimeoutError:  # a grandchild kept the pipe open; it is in our group
                self._kill_group(process.pid)
                reader.cancel()
            self._kill_group(process.pid)  # leftovers that outlived the main process
            result = CommandResult(
                exit_code=None if timed_out else process.returncode,
                timed_out=timed_out,
                output=buffer.text(),
                truncated=buffer.dropped > 0,
                duration_seconds=round(time.monotonic() - started, 3),
                kind=self.kind,
            )
        finally:
            shutil.rmtree(home, ignore_errors=True)
        log.info(
            "sandbox.ran",
            kind=self.kind,
            exit_code=result.exit_code,
            timed_out=timed_out,
            seconds=result.duration_seconds,
            network=network,
        )
        return result

    @staticmethod
    def _kill_group(pid: int) -> None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
