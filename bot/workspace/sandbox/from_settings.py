"""SandboxSettings from Smith's Settings: the one place the operator's SMITH_SANDBOX_* values,
the data folder and every secret Smith holds are handed to the sandbox."""

from __future__ import annotations

from bot.config import Settings
from bot.workspace.sandbox.models import SandboxSettings


def sandbox_settings(settings: Settings) -> SandboxSettings:
    """The sandbox as the operator configured it; never shows the data or config folder."""
    return SandboxSettings(
        kind=settings.sandbox_kind,  # type: ignore[arg-type]
        allow_unsandboxed=settings.sandbox_allow_unsandboxed,
        output_cap_bytes=settings.sandbox_output_cap_bytes,
        path=settings.sandbox_path,
        uid=settings.sandbox_uid,
        gid=settings.sandbox_gid,
        readonly_paths=tuple(settings.sandbox_readonly_paths),
        forbidden_paths=(str(settings.data_dir.resolve()), str(settings.postgres_dir.resolve())),
        hidden_paths=tuple(settings.sandbox_hidden_paths),
        hidden_files=tuple(str(p) for p in settings.secret_files()),
        max_processes=settings.sandbox_max_processes,
        max_memory_bytes=settings.sandbox_max_memory_bytes,
        max_file_bytes=settings.sandbox_max_file_bytes,
        max_disk_bytes=settings.sandbox_max_disk_bytes,
        max_open_files=settings.sandbox_max_open_files,
        max_cpu_seconds=settings.sandbox_max_cpu_seconds,
        tmp_root=str(settings.sandbox_tmp_dir) if settings.sandbox_tmp_dir else None,
        seccomp=settings.sandbox_seccomp,
        docker_image=settings.sandbox_docker_image,
        secret_values=settings.secret_values(),
    )
