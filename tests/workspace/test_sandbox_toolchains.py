"""Toolchains under /tmp stay usable inside the sandbox (a CI clone's virtualenv lives there)."""

from __future__ import annotations

import shutil
import stat
import tempfile
import uuid
from pathlib import Path

import pytest

from bot.workspace.sandbox import Sandbox, SandboxSettings, kind_works

KINDS = [k for k in ("unshare", "bwrap") if kind_works(k)]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_tool_on_a_path_under_tmp_runs_inside_the_sandbox(kind: str):
    # Under /tmp itself, wherever pytest keeps its scratch (tests/conftest.py may use a RAM disk).
    tmp_path = Path(tempfile.mkdtemp(dir="/tmp", prefix="smith-toolchain-"))
    try:
        await _tool_under(tmp_path, kind)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


async def _tool_under(tmp_path: Path, kind: str) -> None:
    tool_bin = tmp_path / "toolchain" / "bin"
    tool_bin.mkdir(parents=True)
    (tmp_path / "toolchain" / "lib").mkdir()
    (tmp_path / "toolchain" / "lib" / "greeting.txt").write_text("hello from the toolchain\n")
    tool = tool_bin / "greet"
    tool.write_text(f"#!/bin/sh\ncat {tmp_path / 'toolchain' / 'lib' / 'greeting.txt'}\n")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    sandbox = Sandbox(SandboxSettings(kind=kind, path=f"{tool_bin}:/usr/bin:/bin"))
    result = await sandbox.run("greet", cwd=checkout, timeout=30)
    assert result.exit_code == 0, result.output
    assert "hello from the toolchain" in result.output


@pytest.mark.parametrize("kind", KINDS)
async def test_secret_files_and_folders_holding_them_are_not_in_the_view(kind: str, tmp_path: Path):
    # Outside /tmp (bwrap gives the sandbox a private /tmp): where an operator keeps secrets.
    folder = Path.home() / ".cache" / "smith-tests" / uuid.uuid4().hex
    folder.mkdir(parents=True)
    try:
        key = folder / "app-private-key.pem"
        key.write_text("-----BEGIN PRIVATE KEY-----canary-9f2c")
        neighbour = folder / "readme.txt"
        neighbour.write_text("not secret")
        checkout = tmp_path / "checkout"
        checkout.mkdir()
        probe = f"cat {key}; echo; cat {neighbour}"
        # A home folder is never part of the allow-list.
        plain = Sandbox(SandboxSettings(kind=kind, hidden_files=(str(key),)))
        result = await plain.run(probe, cwd=checkout, timeout=30)
        assert "canary-9f2c" not in result.output and "not secret" not in result.output
        # Listing the folder read-only does not expose the secret in it: a folder holding a
        # hidden file is refused as a whole (fail closed), the rest of the view still works.
        listed = Sandbox(SandboxSettings(kind=kind, hidden_files=(str(key),),
                                         readonly_paths=(str(folder),)))
        result = await listed.run(probe + "; echo; echo alive", cwd=checkout, timeout=30)
        assert "canary-9f2c" not in result.output and "alive" in result.output
        assert key.read_text().endswith("canary-9f2c")  # and the host file is untouched
    finally:
        shutil.rmtree(folder, ignore_errors=True)
