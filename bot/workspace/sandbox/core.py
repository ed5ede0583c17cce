"""`Sandbox`: runs one repository command inside the chosen kind, within limits, and reports how
it ended (exit code, timeout, the limit it hit) with its output capped and scanned for secrets."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import structlog

from bot import metrics, tracing
from bot.workspace.sandbox import kinds
from bot.workspace.sandbox.fsview import build_view, passwd_files
from bot.workspace.sandbox.launchers import HOST_ENV, launchers
from bot.workspace.sandbox.limits import Cgroup, Rlimits, disk_usage, hand_over, limit_in_output
from bot.workspace.sandbox.models import (
    CommandResult,
    SandboxSettings,
    SandboxUnavailable,
    SecretLeak,
)
from bot.workspace.sandbox.output import CappedBuffer, SecretWatch
from bot.workspace.sandbox.policy import choose_kind
from bot.workspace.sandbox.seccomp import filter_bytes

log = structlog.get_logger(__name__)

INSIDE_HOME = "/tmp/home"
INSIDE_TMP = "/tmp"
RESERVED_ENV = frozenset({"PATH", "HOME", "TMPDIR"})
DOCKER_CLIENT_ENV = ("DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY")
_DOCKER_START_ENV = {k: os.environ[k] for k in DOCKER_CLIENT_ENV if k in os.environ}
POLL_SECONDS = 0.2
SIGXCPU, SIGXFSZ = int(signal.SIGXCPU), int(signal.SIGXFSZ)


class Sandbox:
    """Builds and runs sandboxed commands. Kind and launchers are fixed at construction."""

    def __init__(
        self, settings: SandboxSettings | None = None, kind_override: str | None = None
    ) -> None:
        self.settings = settings or SandboxSettings()
        self.launchers = launchers()
        self.kind = choose_kind(self.settings, kind_override)
        self.as_root = os.geteuid() == 0
        if self.as_root:
            self.uid, self.gid = self.settings.uid, self.settings.gid
        else:
            self.uid, self.gid = os.getuid(), os.getgid()
        if self.kind == "bwrap" and self.launchers.bwrap is None:  # pragma: no cover
            raise SandboxUnavailable("bubblewrap disappeared")

    def environment(
        self, home: Path | str = INSIDE_HOME, extra: Mapping[str, str] | None = None,
        path_prepend: Sequence[Path] = (),
    ) -> dict[str, str]:
        """The allow-list, set only inside: PATH (the repository's folders first), HOME and
        TMPDIR (private), LANG, CI, plus the repository's own variables."""
        env = {
            "PATH": ":".join([*(str(p) for p in path_prepend), self.settings.path]),
            "HOME": str(home),
            "TMPDIR": INSIDE_TMP if self.kind != "none" else str(home),
            "LANG": self.settings.lang,
            "LC_ALL": self.settings.lang,
            "CI": "true",
        }
        for key, value in (extra or {}).items():
            if key not in RESERVED_ENV:
                env[key] = value
        return env

    def _forbidden(self) -> tuple[str, ...]:
        s = self.settings
        return (*s.forbidden_paths, *s.hidden_paths, *s.hidden_files)

    def _cpu_seconds(self, timeout: float) -> int:
        if self.settings.max_cpu_seconds is not None:
            return self.settings.max_cpu_seconds
        return int(timeout * (os.cpu_count() or 1)) + 1

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
        """Run `command` through `/bin/sh -c` inside the sandbox (a span of the run's trace,
        which names the sandbox and the limit, never the command: it may carry a secret).

        Never raises on the command's failure; raises `SecretLeak` when its output holds one
        of Smith's secrets (the output is not returned).
        """
        with tracing.span("sandbox command", kind=tracing.SpanKind.CLIENT,
                          sandbox=self.kind, network=network, timeout=timeout) as span:
            result = await self._run(command, cwd=cwd, timeout=timeout, env=env,
                                     path_prepend=path_prepend, network=network,
                                     writable=writable)
            span.set_attributes({"smith.exit_code": -1 if result.exit_code is None
                                 else result.exit_code, "smith.limit": result.limit or ""})
            if result.limit is not None:
                tracing.fail(span, f"limit: {result.limit}")
            return result

    async def _run(
        self,
        command: str,
        *,
        cwd: Path,
        timeout: float,
        env: Mapping[str, str] | None,
        path_prepend: Sequence[Path],
        network: bool,
        writable: Sequence[Path],
    ) -> CommandResult:
        s = self.settings
        cwd = Path(os.path.abspath(cwd))
        scratch = Path(tempfile.mkdtemp(prefix="smith-run-", dir=s.tmp_root))
        private_tmp = scratch / "tmp"
        private_tmp.mkdir()
        (private_tmp / "home").mkdir()
        stage_dir: Path | None = None
        trees = [cwd, *(Path(os.path.abspath(w)) for w in writable)]
        cgroup = Cgroup()
        started = time.monotonic()
        try:
            if self.kind == "none":
                home = private_tmp / "home"
                inside_env = self.environment(home, env, path_prepend)
                inside_env["TMPDIR"] = str(private_tmp)
                launch = kinds.Launch(argv=[self.launchers.sh or "/bin/sh", "-c", command])
                host_env, host_cwd = inside_env, str(cwd)
            else:
                inside_env = self.environment(INSIDE_HOME, env, path_prepend)
                if self.as_root:
                    await asyncio.to_thread(hand_over, [*trees, private_tmp], self.uid, self.gid)
                launch, stage_dir = self._launch(
                    command, cwd, trees, private_tmp, scratch, inside_env, network
                )
                host_env, host_cwd = dict(HOST_ENV), "/"
                if self.kind == "docker":
                    host_env.update(_DOCKER_START_ENV)
            cgroup = Cgroup.create(s.max_processes, s.max_memory_bytes)
            rlimits = Rlimits(
                max_file_bytes=s.max_file_bytes,
                max_open_files=s.max_open_files,
                cpu_seconds=self._cpu_seconds(timeout),
                max_processes=None if cgroup.pids else s.max_processes,
                max_data_bytes=None if cgroup.memory else s.max_memory_bytes,
            )
            return await self._execute(
                launch, host_env, host_cwd, cgroup, rlimits, timeout, network,
                [*trees, private_tmp], started,
            )
        finally:
            await asyncio.to_thread(cgroup.remove)
            shutil.rmtree(scratch, ignore_errors=True)
            if stage_dir is not None and stage_dir.exists():
                shutil.rmtree(stage_dir, ignore_errors=True)

    def _launch(
        self, command: str, cwd: Path, trees: Sequence[Path], private_tmp: Path,
        scratch: Path, inside_env: dict[str, str], network: bool,
    ) -> tuple[kinds.Launch, Path | None]:
        s = self.settings
        if self.kind == "docker":
            env_file = scratch / "env"
            env_file.write_text("".join(
                f"{k}={v}\n" for k, v in inside_env.items() if "\n" not in v and "=" not in k
            ))
            assert self.launchers.docker is not None
            argv = kinds.docker_argv(
                docker=self.launchers.docker, image=s.docker_image, command=command,
                cwd=str(cwd), writable=[str(t) for t in trees[1:]], env_file=str(env_file),
                uid=self.uid, gid=self.gid, network=network, max_processes=s.max_processes,
                max_memory=s.max_memory_bytes, max_file_bytes=s.max_file_bytes,
                max_open_files=s.max_open_files, tmp_bytes=s.max_disk_bytes,
            )
            return kinds.Launch(argv=argv), None
        view = build_view(
            path_variable=s.path, readonly=s.readonly_paths, forbidden=self._forbidden(),
            writable=[str(t) for t in trees], network=network,
        )
        from bot.workspace.sandbox.fsview import Bind, View  # noqa: PLC0415

        view = View(
            (Bind(str(private_tmp), INSIDE_TMP, writable=True), *view.binds),
            view.symlinks, view.refused,
        )
        stage_dir = None
        if self.as_root:
            stage_dir = Path(tempfile.mkdtemp(prefix="smith-stage-", dir=s.tmp_root))
            stage_dir.chmod(0o755)
        assert self.launchers.bwrap is not None
        seccomp = filter_bytes() if s.seccomp else None
        launch = kinds.bwrap_argv(
            bwrap=self.launchers.bwrap, setpriv=self.launchers.setpriv, command=command,
            cwd=str(cwd), env=inside_env, view=view,
            uid=self.uid, gid=self.gid, network=network, as_root=self.as_root,
            stage_dir=str(stage_dir) if stage_dir else None, with_seccomp=seccomp is not None,
        )
        passwd, group = passwd_files(self.uid, self.gid)
        launch.fds = {"passwd": passwd, "group": group}
        if seccomp is not None:
            launch.fds["seccomp"] = seccomp
        for source, target in launch.stages:
            if os.path.isdir(source):
                os.mkdir(target)
            else:
                Path(target).touch()
        return launch, stage_dir

    async def _execute(
        self, launch: kinds.Launch, host_env: dict[str, str], host_cwd: str, cgroup: Cgroup,
        rlimits: Rlimits, timeout: float, network: bool, trees: Sequence[Path], started: float,
    ) -> CommandResult:
        s = self.settings
        fds: dict[str, int] = {}
        for name, data in launch.fds.items():
            fd = os.memfd_create(f"smith-{name}", 0)  # inheritable once passed below
            os.write(fd, data)
            os.lseek(fd, 0, os.SEEK_SET)
            fds[name] = fd
        argv = [_fill(arg, fds) for arg in launch.argv]
        procs_files = cgroup.procs_files()
        stages = launch.stages

        def in_child() -> None:  # between fork and exec, still as Smith's user
            for procs in procs_files:
                with open(procs, "w") as handle:
                    handle.write("0")
            rlimits.apply()
            kinds.stage_mounts(stages)

        try:
            process = await asyncio.create_subprocess_exec(
                *argv, cwd=host_cwd, env=host_env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
                start_new_session=True, preexec_fn=in_child, pass_fds=tuple(fds.values()),
            )
        finally:
            for fd in fds.values():
                os.close(fd)
        buffer = CappedBuffer(s.output_cap_bytes)
        secrets = SecretWatch(s.secret_values)
        limit: str | None = None

        async def pump() -> None:
            assert process.stdout is not None
            while chunk := await process.stdout.read(65536):
                buffer.add(chunk)
                secrets.add(chunk)

        async def watch() -> str:
            next_disk = 0.0
            while True:
                await asyncio.sleep(POLL_SECONDS)
                hit = cgroup.hit()
                if hit:
                    return hit
                if time.monotonic() >= next_disk:
                    looked = time.monotonic()
                    used, _ = await asyncio.to_thread(disk_usage, trees)
                    if used > s.max_disk_bytes:
                        return "disk"
                    next_disk = time.monotonic() + max(0.5, 10 * (time.monotonic() - looked))

        reader = asyncio.create_task(pump())
        watcher = asyncio.create_task(watch())
        waiter = asyncio.create_task(process.wait())
        done, _ = await asyncio.wait({waiter, watcher}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        timed_out = not done
        if watcher in done:
            limit = watcher.result()
        else:
            watcher.cancel()
        if waiter not in done:
            self._kill_group(process.pid)
            cgroup.kill()
            await waiter
        try:
            await asyncio.wait_for(reader, s.kill_grace_seconds + 5)
        except TimeoutError:  # a grandchild kept the pipe open
            self._kill_group(process.pid)
            cgroup.kill()
            reader.cancel()
        self._kill_group(process.pid)
        code = process.returncode
        if limit is None:
            limit = cgroup.hit()
        if limit is None and timed_out:
            limit = "timeout"
        if limit is None:
            limit = await asyncio.to_thread(self._after_limit, code, trees)
        if limit is None and not cgroup.bounds_everything():
            limit = limit_in_output(buffer.text())  # rlimits only: the output tells
        duration = round(time.monotonic() - started, 3)
        log.info("sandbox.ran", kind=self.kind, exit_code=code, timed_out=timed_out,
                 limit=limit, seconds=duration, network=network)
        metrics.sandbox_command(self.kind, limit, duration)
        if secrets.leaked:
            log.error("sandbox.secret_leak", kind=self.kind)
            raise SecretLeak(
                "a sandboxed command printed one of Smith's own secrets; the run stops"
            )
        return CommandResult(
            exit_code=None if timed_out or limit in ("processes", "memory", "disk") else code,
            timed_out=timed_out, output=buffer.text(), truncated=buffer.dropped > 0,
            duration_seconds=duration, kind=self.kind, limit=limit,
        )

    def _after_limit(self, code: int | None, trees: Sequence[Path]) -> str | None:
        """Limits read from how the command ended: a signal, or a file at the size cap."""
        if code in (-SIGXFSZ, 128 + SIGXFSZ):
            return "file_size"
        if code in (-SIGXCPU, 128 + SIGXCPU):
            return "cpu_time"
        used, largest = disk_usage(trees)
        if largest >= self.settings.max_file_bytes:  # writes stop exactly at the cap
            return "file_size"
        if used > self.settings.max_disk_bytes:
            return "disk"
        return None

    @staticmethod
    def _kill_group(pid: int) -> None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _fill(arg: str, fds: Mapping[str, int]) -> str:
    if arg.startswith("{fd:") and arg.endswith("}"):
        return str(fds[arg[4:-1]])
    return arg
