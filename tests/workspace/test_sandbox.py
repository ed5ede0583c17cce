"""Real sandboxed processes: no network, no secrets, killed at the time limit, output capped."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from bot.workspace.sandbox import Sandbox, SandboxSettings, SandboxUnavailable, kind_works, kinds

VENV_BIN = str(Path(sys.executable).parent)
KINDS = [k for k in ("unshare", "bwrap") if kind_works(k)]

PROBE = """\
import os, socket, sys
what = sys.argv[1]
try:
    if what == "tcp":
        socket.create_connection(("127.0.0.1", int(sys.argv[2])), timeout=3).close()
    elif what == "dns":
        socket.getaddrinfo("example.com", 80)
    elif what == "env":
        print("ENV:", sorted(os.environ))
        assert "SMITH_CANARY" not in os.environ and "ANTHROPIC_API_KEY" not in os.environ
        print("canary-absent")
        sys.exit(0)
    elif what == "read":
        print(open(sys.argv[2]).read())
    print("REACHED")
except OSError as exc:
    print("BLOCKED", type(exc).__name__, exc)
"""


def test_at_least_one_real_sandbox_is_available() -> None:
    assert KINDS, "neither unshare nor bwrap works here: sandboxed runs would be refused"


@pytest.fixture(params=KINDS)
def sandbox(request: pytest.FixtureRequest) -> Sandbox:
    return Sandbox(SandboxSettings(kind=request.param, path=f"{VENV_BIN}:/usr/bin:/bin"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "probe.py").write_text(PROBE)
    return root


async def test_tcp_to_a_host_server_is_blocked(sandbox: Sandbox, project: Path) -> None:
    connected: list[bool] = []

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connected.append(True)
        writer.close()

    server = await asyncio.start_server(on_connect, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        # The same probe without the sandbox reaches the server: the test can fail.
        plain = Sandbox(
            SandboxSettings(kind="none", allow_unsandboxed=True, path=f"{VENV_BIN}:/usr/bin:/bin")
        )
        outside = await plain.run(f"python probe.py tcp {port}", cwd=project, timeout=20)
        assert "REACHED" in outside.output and connected
        connected.clear()
        result = await sandbox.run(f"python probe.py tcp {port}", cwd=project, timeout=20)
    finally:
        server.close()
        await server.wait_closed()
    assert "BLOCKED" in result.output, result.output
    assert not connected


async def test_hostname_resolution_is_blocked(sandbox: Sandbox, project: Path) -> None:
    result = await sandbox.run("python probe.py dns", cwd=project, timeout=20)
    assert "BLOCKED" in result.output and "REACHED" not in result.output, result.output


async def test_environment_is_scrubbed(
    sandbox: Sandbox, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMITH_CANARY", "canary-3f9a1c")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-canary")
    result = await sandbox.run(
        "python probe.py env; env; cat /proc/1/environ 2>/dev/null",
        cwd=project,
        timeout=20,
        env={"REPO_SETTING": "1"},
    )
    assert result.exit_code == 0, result.output
    assert "canary-absent" in result.output and "REPO_SETTING" in result.output
    assert "canary-3f9a1c" not in result.output and "sk-ant-canary" not in result.output


async def test_runaway_process_tree_is_killed_at_the_limit(sandbox: Sandbox, project: Path) -> None:
    started = time.monotonic()
    result = await sandbox.run(
        "(sleep 1.5; touch late-marker) & (setsid sh -c 'sleep 1.5; touch setsid-marker' &) ;"
        " echo started; sleep 60",
        cwd=project,
        timeout=0.7,
    )
    assert result.timed_out and result.exit_code is None
    assert "started" in result.output
    assert time.monotonic() - started < 10
    await asyncio.sleep(2)
    assert not (project / "late-marker").exists()
    assert not (project / "setsid-marker").exists()


async def test_output_is_capped_with_a_marker(project: Path) -> None:
    capped = Sandbox(SandboxSettings(kind=KINDS[0], output_cap_bytes=10_000))
    result = await capped.run(
        "echo FIRST; yes filler-line | head -n 100000; echo LAST", cwd=project, timeout=20
    )
    assert result.truncated
    assert result.output.startswith("FIRST") and result.output.rstrip().endswith("LAST")
    assert "output truncated by Smith" in result.output
    assert len(result.output) < 10_200


async def test_hidden_paths_are_masked(tmp_path: Path, project: Path) -> None:
    secrets = tmp_path / "bot-config"
    secrets.mkdir()
    (secrets / "token").write_text("hidden-secret-value")
    masked = Sandbox(
        SandboxSettings(
            kind=KINDS[0], hidden_paths=(str(secrets),), path=f"{VENV_BIN}:/usr/bin:/bin"
        )
    )
    result = await masked.run(f"python probe.py read {secrets / 'token'}", cwd=project, timeout=20)
    assert "hidden-secret-value" not in result.output
    assert "BLOCKED" in result.output


def test_no_sandbox_means_refusal_unless_explicitly_allowed() -> None:
    with pytest.raises(SandboxUnavailable, match="tests will not run"):
        Sandbox(SandboxSettings(kind="docker"))  # client installed, no engine here
    with pytest.raises(SandboxUnavailable, match="ALLOW_UNSANDBOXED"):
        Sandbox(SandboxSettings(kind="none"))
    assert Sandbox(SandboxSettings(kind="docker", allow_unsandboxed=True)).kind == "none"


def test_docker_command_has_no_network_no_env_values_and_no_privileges(tmp_path: Path) -> None:
    env_file = tmp_path / "env"
    argv = kinds.docker_argv(
        docker="/usr/bin/docker", image="python:3.11-slim", command="pytest",
        cwd=str(tmp_path / "checkout"), writable=[str(tmp_path / "checkout")],
        env_file=str(env_file), uid=65534, gid=65534, network=False, max_processes=256,
        max_memory=1 << 30, max_file_bytes=1 << 28, max_open_files=1024, tmp_bytes=1 << 28,
    )
    assert argv[:3] == ["/usr/bin/docker", "run", "--rm"]
    assert argv[argv.index("--network") + 1] == "none"
    assert argv[argv.index("--cap-drop") + 1] == "ALL"
    assert argv[argv.index("--pids-limit") + 1] == "256"
    assert argv[argv.index("--user") + 1] == "65534:65534"
    assert "--read-only" in argv and "no-new-privileges" in argv
    assert argv[argv.index("--env-file") + 1] == str(env_file)  # values never on the argv
    assert not [a for a in argv if a == "-e" or a.startswith("--env=")]
    assert argv[-3:] == ["/bin/sh", "-c", "pytest"]


async def test_only_the_checkout_is_writable(
    sandbox: Sandbox, project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    result = await sandbox.run(
        f"echo inside > inside.txt; echo x > {outside}; echo x > /etc/smith-probe;"
        " echo x > $HOME/scratch && echo home-ok",
        cwd=project,
        timeout=20,
    )
    assert (project / "inside.txt").read_text() == "inside\n"
    assert "home-ok" in result.output
    assert not outside.exists() and not Path("/etc/smith-probe").exists()
