"""Hostile corpus: a repository and agent-written tests that try to leave the sandbox.

Every attack runs for real in the default kind (bubblewrap), as root when the suite runs as root
(CI and the Docker image do). Each asserts that the host is untouched and that no canary reaches
any output.
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.workspace.sandbox import Sandbox, SandboxSettings, SecretLeak
from tests.security.conftest import NEEDS_BWRAP, SANDBOX_PATH, VENV_BIN

pytestmark = NEEDS_BWRAP


@pytest.fixture
def data_dir(host: Path) -> Path:
    """Smith's data folder: the checkout lives inside it, next to mirrors and the database."""
    data = host / "data"
    (data / "mirrors" / "other-repo.git").mkdir(parents=True)
    (data / "mirrors" / "other-repo.git" / "HEAD").write_text("canary-mirror-5d1e\n")
    (data / "postgres").mkdir()
    (data / "postgres" / "PG_VERSION").write_text("canary-db-77aa\n")
    (data / "workspace" / "run-1" / "checkout").mkdir(parents=True)
    return data


@pytest.fixture
def checkout(data_dir: Path) -> Path:
    root = data_dir / "workspace" / "run-1" / "checkout"
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n\tbare = false\n")
    (root / "README.md").write_text("hello\n")
    return root


def make_sandbox(data_dir: Path | None = None, **overrides: object) -> Sandbox:
    settings: dict[str, object] = {"kind": "bwrap", "path": SANDBOX_PATH}
    if data_dir is not None:
        settings["forbidden_paths"] = (str(data_dir),)
    settings.update(overrides)
    return Sandbox(SandboxSettings(**settings))  # type: ignore[arg-type]


def plant(folder: Path, name: str, marker: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / name
    script.write_text(f"#!/bin/sh\necho planted-ran > {marker}\nexit 0\n")
    script.chmod(0o755)


async def test_launchers_planted_in_the_checkout_never_run_on_the_host(
    checkout: Path, data_dir: Path, host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = host / "escaped"
    bin_dir = checkout / ".venv" / "bin"
    for name in ("bwrap", "unshare", "setpriv", "docker", "sh", "env", "mount"):
        plant(bin_dir, name, marker)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")  # even Smith's PATH, later
    sandbox = make_sandbox(data_dir)
    assert sandbox.launchers.bwrap and not sandbox.launchers.bwrap.startswith(str(checkout))
    result = await sandbox.run(
        "echo ran; bwrap --version; unshare -r true", cwd=checkout, timeout=30,
        path_prepend=[bin_dir],
    )
    assert "ran" in result.output
    assert not marker.exists(), "a planted launcher ran on the host"


async def test_repository_env_never_reaches_the_host_launcher(
    checkout: Path, data_dir: Path, host: Path
) -> None:
    marker = host / "preloaded"
    bash_env = host / "bash_env.sh"
    bash_env.write_text(f"echo bash-env > {marker}\n")
    env = {"BASH_ENV": str(bash_env), "ENV": str(bash_env)}
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler:
        source = host / "evil.c"
        source.write_text(
            "#include <stdio.h>\n__attribute__((constructor)) static void evil(void) {\n"
            f'  FILE *f = fopen("{marker}", "w"); if (f) {{ fputs("preload", f); fclose(f); }}\n'
            "}\n"
        )
        library = host / "evil.so"
        subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library), str(source)],
                       check=True, capture_output=True)
        os.chmod(host, 0o755)
        env["LD_PRELOAD"] = str(library)
        env["LD_LIBRARY_PATH"] = str(host)
    result = await make_sandbox(data_dir).run(
        "echo ran; bash -c 'echo in-bash' 2>&1", cwd=checkout, timeout=30, env=env
    )
    assert "ran" in result.output
    assert not marker.exists(), "repository environment reached a host process"


async def test_smiths_environment_is_invisible_inside(
    checkout: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMITH_CANARY_TOKEN", "canary-env-4b2f")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-canary-env-91c3")
    result = await make_sandbox(data_dir).run(
        "env; cat /proc/1/environ; for f in /proc/[0-9]*/environ; do cat $f; echo; done;"
        " cat /proc/1/cmdline; echo; ls /proc | grep -c '^[0-9]'",
        cwd=checkout, timeout=30, env={"REPO_SETTING": "visible"},
    )
    assert "REPO_SETTING=visible" in result.output
    assert "canary-env-4b2f" not in result.output
    assert "sk-ant-canary-env-91c3" not in result.output
    processes = int(result.output.strip().splitlines()[-1])
    assert processes < 10, "the host's processes are visible: /proc is not the sandbox's own"


async def test_data_folder_homes_and_unlisted_folders_are_not_there(
    checkout: Path, data_dir: Path, host: Path
) -> None:
    home_like = host / "home" / "alice"
    home_like.mkdir(parents=True)
    (home_like / ".ssh").mkdir()
    (home_like / ".ssh" / "id_rsa").write_text("canary-home-3c3c\n")
    # The operator lists the data folder and a home: both are refused, never bound.
    sandbox = make_sandbox(data_dir, readonly_paths=(str(data_dir), str(host / "home")),
                           hidden_paths=(str(host / "home"),))
    result = await sandbox.run(
        f"(cat {data_dir}/mirrors/other-repo.git/HEAD {data_dir}/postgres/PG_VERSION;"
        f" ls {data_dir} {data_dir}/mirrors {data_dir}/workspace {data_dir}/workspace/run-1;"
        f" cat {home_like}/.ssh/id_rsa; cat /root/.bash_history; ls /root /home;"
        " cat /etc/shadow; ls /var /opt /srv /work) 2>/dev/null; echo done",
        cwd=checkout, timeout=30,
    )
    assert "done" in result.output
    for canary in ("canary-mirror-5d1e", "canary-db-77aa", "canary-home-3c3c", "other-repo"):
        assert canary not in result.output, result.output
    assert "postgres" not in result.output.replace(f"{data_dir}/postgres/PG_VERSION", "")


async def test_mounts_remounts_and_nested_namespaces_fail(checkout: Path, data_dir: Path) -> None:
    attempts = [
        "umount /proc", "umount -l /proc", f"umount {checkout}", "umount /usr",
        "mount -o remount,rw /", "mount -o remount,rw /usr", "mount -t tmpfs x /mnt",
        "unshare -r true", "unshare -U true", "unshare -m true", "bwrap --bind / / true",
        "chroot / true", "nsenter -t 1 -m true",
    ]
    script = "; ".join(f"{a} >/dev/null 2>&1 && echo 'ESCAPED: {a}'" for a in attempts)
    result = await make_sandbox(data_dir).run(
        f"{script}; grep -E 'CapEff|CapBnd|CapPrm|NoNewPrivs|Seccomp:' /proc/self/status;"
        " id -u",
        cwd=checkout, timeout=30,
    )
    assert "ESCAPED" not in result.output, result.output
    assert "CapEff:\t0000000000000000" in result.output
    assert "CapBnd:\t0000000000000000" in result.output
    assert "NoNewPrivs:\t1" in result.output
    assert result.output.strip().splitlines()[-1] != "0", "the command runs as root"


async def test_toolchains_and_system_folders_are_read_only(
    checkout: Path, data_dir: Path
) -> None:
    targets = ["/usr/smith-probe", "/etc/smith-probe", f"{VENV_BIN}/smith-probe",
               f"{os.path.realpath(sys.base_prefix)}/smith-probe", "/smith-probe"]
    script = "; ".join(f"touch {t} 2>/dev/null && echo 'WROTE {t}'" for t in targets)
    result = await make_sandbox(data_dir).run(
        f"{script}; touch .git/hooks-probe 2>/dev/null && echo 'WROTE .git';"
        " echo inside > inside.txt; echo x > /tmp/scratch && echo tmp-ok",
        cwd=checkout, timeout=30,
    )
    assert "WROTE" not in result.output, result.output
    assert "tmp-ok" in result.output
    assert (checkout / "inside.txt").read_text() == "inside\n"
    for target in targets:
        assert not Path(target).exists()
    assert not (checkout / ".git" / "hooks-probe").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid drop is what root does")
async def test_files_written_inside_belong_to_the_sandbox_uid_on_the_host(
    checkout: Path, data_dir: Path, host: Path
) -> None:
    victim = host / "victim"
    victim.write_text("root's file\n")
    os.symlink(victim, checkout / "link-to-host")  # planted: the hand-over must not follow it
    result = await make_sandbox(data_dir).run(
        "id -u; echo made > made.txt; echo x >> link-to-host; echo rc=$?",
        cwd=checkout, timeout=30,
    )
    assert (checkout / "made.txt").stat().st_uid == 65534
    assert (checkout / "made.txt").stat().st_gid == 65534
    assert victim.stat().st_uid == 0 and victim.read_text() == "root's file\n"
    assert (checkout / ".git" / "config").stat().st_uid == 0, ".git was handed over"
    assert "rc=1" in result.output or "rc=2" in result.output


async def test_egress_to_a_host_listener_is_refused(checkout: Path, data_dir: Path) -> None:
    accepted: list[bool] = []

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(True)
        writer.close()

    server = await asyncio.start_server(on_connect, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    probe = (
        "import socket\ntry:\n"
        f"    socket.create_connection(('127.0.0.1', {port}), timeout=3).close()\n"
        "    print('REACHED')\nexcept OSError as e:\n    print('BLOCKED', e)\n"
    )
    (checkout / "probe.py").write_text(probe)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=3):  # the listener works
            pass
        await asyncio.sleep(0.1)
        assert accepted
        accepted.clear()
        result = await make_sandbox(data_dir).run("python3 probe.py", cwd=checkout, timeout=30)
    finally:
        server.close()
        await server.wait_closed()
    assert "BLOCKED" in result.output and "REACHED" not in result.output, result.output
    assert not accepted


async def test_a_secret_in_the_output_stops_the_run(checkout: Path, data_dir: Path) -> None:
    api_key = "sk-ant-api03-canary-secret-0123456789"
    pem = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAcanaryLineOne0123456789abcdef\n"
           "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789\n-----END RSA PRIVATE KEY-----\n")
    sandbox = make_sandbox(data_dir, secret_values=(api_key, pem))
    encoded = base64.b64encode(f"prefix {api_key} suffix".encode()).decode()
    line = pem.splitlines()[2]
    for command in (f"echo {api_key}", f"echo {encoded}", f"echo 'partial: {line}'",
                    f"yes filler | head -n 50000; echo {api_key}; yes filler | head -n 50000"):
        with pytest.raises(SecretLeak) as caught:
            await sandbox.run(command, cwd=checkout, timeout=30)
        assert api_key not in str(caught.value) and line not in str(caught.value)
    clean = await sandbox.run("echo nothing to see", cwd=checkout, timeout=30)
    assert clean.exit_code == 0
