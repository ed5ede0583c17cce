"""Hostile corpus, host side: what a repository or an agent-written test plants for Smith's own
code to trip over after the sandboxed command has ended (git filters and a fake `.git`, links
in the dependency cache and the JUnit report folder), resource bombs that must end as a named
limit, and `.smith.yml` tricks that must be refused. Each asserts the host is untouched.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.repo_config import RepoConfigError, load_repo_config
from bot.workspace.checkout import Workspace
from bot.workspace.dependencies import DependencyCache
from bot.workspace.git import GitOptions
from bot.workspace.junit import RunStatus, TestRunResult
from bot.workspace.sandbox import Sandbox, SandboxSettings, kind_problem
from bot.workspace.test_failure import classify
from bot.workspace.testrun import run_tests
from tests.security.conftest import NEEDS_BWRAP, SANDBOX_PATH
from tests.workspace.gitrepo import RemoteRepo

pytestmark = NEEDS_BWRAP


def sandbox(**overrides: object) -> Sandbox:
    return Sandbox(SandboxSettings(**{"kind": "bwrap", "path": SANDBOX_PATH, **overrides}))  # type: ignore[arg-type]


async def test_a_test_planting_git_config_and_attributes_never_runs_a_filter_on_the_host(
    tmp_path: Path, host: Path
) -> None:
    marker = host / "filter-ran"
    evil = host / "evil.sh"
    evil.write_text(f"#!/bin/sh\necho ran >> {marker}\ncat\n")
    evil.chmod(0o755)
    remote = RemoteRepo(tmp_path, "victim")
    remote.commit({"app.py": "def add(a, b):\n    return a - b\n"}, "init")
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    checkout = await workspace.create_checkout(remote.url, "main", new_branch="smith/1-x")
    # What an agent-written test does while it runs: a `.git` of its own with a clean filter,
    # attributes naming it, and attempts at the run's real git dir beside the checkout.
    attack = (
        "mkdir -p .git && printf '[filter \"evil\"]\\n\\tclean = %s\\n\\trequired = true\\n"
        f"[core]\\n\\tfsmonitor = %s\\n' {evil} {evil} > .git/config;"
        " printf '* filter=evil\\n' > .gitattributes;"
        f" printf '[filter \"evil\"]\\n\\tclean = {evil}\\n' >> ../git/config 2>/dev/null"
        " && echo wrote-git-dir; ls ../git 2>/dev/null && echo saw-git-dir; echo done"
    )
    result = await sandbox().run(attack, cwd=checkout.path, timeout=30)
    assert "done" in result.output
    assert "wrote-git-dir" not in result.output and "saw-git-dir" not in result.output
    (checkout.path / "app.py").write_text("def add(a, b):\n    return a + b\n")
    diff = await checkout.diff()
    await checkout.commit("fix add")
    assert not marker.exists(), "a repository filter ran on the host"
    assert "+    return a + b" in diff
    assert "evil" not in (checkout.git_dir / "config").read_text()


async def test_a_junit_report_replaced_by_a_link_is_never_followed(
    tmp_path: Path, host: Path
) -> None:
    # A host file that happens to be a JUnit report: followed, its text would reach the model.
    (host / "other-report.xml").write_text(
        '<testsuite name="s"><testcase classname="t" name="test_x">'
        '<failure type="AssertionError" message="canary-host-4b1f"/></testcase></testsuite>')
    checkout = tmp_path / "run" / "checkout"
    checkout.mkdir(parents=True)
    config = load_repo_config(
        f"tests:\n  command: ln -s {host / 'other-report.xml'} {{junit}}\n")
    result = await run_tests(sandbox(), checkout, config, ["tests/test_x.py::test_x"])
    assert result.status is RunStatus.NO_REPORT
    assert "canary-host-4b1f" not in result.output
    assert "canary-host-4b1f" not in str(result.cases)


async def test_setup_outputs_that_are_links_are_cached_and_restored_as_links(
    tmp_path: Path, host: Path
) -> None:
    """`.venv` made by setup (or committed) as a link to a host folder: the cache keeps the
    link, never the host folder's content, and restoring over a checkout's own link removes
    the link, never the folder it points at."""
    victim = host / "victim-folder"
    victim.mkdir()
    (victim / "keep.txt").write_text("still here\n")
    config = load_repo_config(
        "setup:\n"
        f"  command: ln -s {host} .venv && ln -s {host / 'secret.txt'} token.txt\n"
        "  cache_paths: [.venv, token.txt]\n"
        "  dependency_files: [requirements.txt]\n"
    )
    cache = DependencyCache(tmp_path / "cache", sandbox())
    first = tmp_path / "first"
    first.mkdir()
    (first / "requirements.txt").write_text("nothing==1\n")
    await cache.prepare(first, config, "octo/victim")
    stored = list((tmp_path / "cache").rglob("*"))
    assert all("canary-host-4b1f" not in p.read_text(errors="ignore")
               for p in stored if p.is_file() and not p.is_symlink())
    second = tmp_path / "second"
    second.mkdir()
    (second / "requirements.txt").write_text("nothing==1\n")
    (second / ".venv").symlink_to(victim)  # the repository committed this link
    await cache.prepare(second, config, "octo/victim")
    assert (victim / "keep.txt").read_text() == "still here\n"
    assert (second / ".venv").is_symlink()


@pytest.mark.parametrize(
    ("name", "command", "limits", "expected"),
    [
        ("fork bomb", "bomb() { bomb | bomb & }; bomb; sleep 5", {"max_processes": 64},
         {"processes"}),
        ("memory bomb", "python3 -c \"b = bytearray(1 << 30); print('allocated')\"",
         {"max_memory_bytes": 256 << 20}, {"memory"}),
        ("file size bomb", "head -c 50000000 /dev/zero > big.bin; echo wrote",
         {"max_file_bytes": 8 << 20}, {"file_size"}),
        ("disk bomb", "for i in 1 2 3 4 5 6; do head -c 6000000 /dev/zero > f$i.bin; done",
         {"max_disk_bytes": 16 << 20, "max_file_bytes": 8 << 20}, {"disk"}),
    ],
    ids=lambda v: v if isinstance(v, str) and " " in v else None,
)
async def test_resource_bombs_end_as_a_named_limit_and_the_host_survives(
    tmp_path: Path, name: str, command: str, limits: dict[str, int], expected: set[str]
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    result = await sandbox(**limits).run(command, cwd=checkout, timeout=20)
    assert result.limit in expected, (name, result.limit, result.exit_code, result.output[-300:])
    assert "allocated" not in result.output
    if result.limit == "file_size":
        assert (checkout / "big.bin").stat().st_size <= limits["max_file_bytes"]
    # A test run that hits a limit is environment trouble that names the limit.
    problem = classify(TestRunResult(status=RunStatus.NO_REPORT, exit_code=result.exit_code,
                                     output=result.output, limit=result.limit))
    assert problem is not None and problem.cause == "limit"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("setup:\n  env:\n    LD_PRELOAD: /tmp/evil.so\n", "LD_PRELOAD"),
        ("setup:\n  env:\n    PATH: /tmp/evil\n", "PATH"),
        ("setup:\n  env:\n    GIT_CONFIG_GLOBAL: /tmp/x\n", "GIT_CONFIG_GLOBAL"),
        ("setup:\n  env:\n    PYTHONSTARTUP: evil.py\n", "PYTHONSTARTUP"),
        ("setup:\n  env:\n    PYTHONPATH: /root/.local/lib\n", "PYTHONPATH"),
        ("setup:\n  env:\n    NODE_OPTIONS: --require /tmp/evil.js\n", "NODE_OPTIONS"),
        ("setup:\n  cache_paths: [/root/.ssh]\n", "cache_paths"),
        ("setup:\n  cache_paths: [../../mirrors]\n", "cache_paths"),
        ("setup:\n  cache_paths: [.git]\n", "cache_paths"),
        ("sandbox: none\n", "sandbox"),
    ],
)
def test_smith_yml_tricks_are_refused_with_the_line(text: str, fragment: str) -> None:
    with pytest.raises(RepoConfigError) as error:
        load_repo_config(text)
    assert fragment in str(error.value)


def test_smith_yml_sandbox_kind_never_weakens_the_operators() -> None:
    config = load_repo_config("sandbox: unshare\n")
    chosen = Sandbox(SandboxSettings(kind="bwrap", path=SANDBOX_PATH),
                     kind_override=config.sandbox)
    assert chosen.kind == "bwrap"


def test_allowed_repository_env_stays_inside_the_checkout() -> None:
    config = load_repo_config(
        "setup:\n  env:\n    PYTHONPATH: src:{checkout}/lib\n    DJANGO_SETTINGS_MODULE: app.s\n"
    )
    assert config.setup.env["DJANGO_SETTINGS_MODULE"] == "app.s"


@pytest.mark.skipif(kind_problem("docker") is not None,
                    reason=f"no working Docker engine here: {kind_problem('docker')}")
async def test_the_docker_kind_really_runs_without_network_privileges_or_host_files(
    tmp_path: Path, host: Path
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    box = Sandbox(SandboxSettings(kind="docker", docker_image="python:3.11-slim"))
    result = await box.run(
        f"id -u; cat {host / 'secret.txt'}; echo x > /etc/probe 2>&1 || echo ro-root;"
        " python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), 2)\" 2>&1"
        " | tail -1; echo inside > out.txt", cwd=checkout, timeout=120)
    assert "canary-host-4b1f" not in result.output
    assert "ro-root" in result.output and result.output.split()[0] != "0"
    assert "Network is unreachable" in result.output or "Errno" in result.output
    assert (checkout / "out.txt").read_text() == "inside\n"
