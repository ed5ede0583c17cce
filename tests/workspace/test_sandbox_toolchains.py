"""Toolchains under /tmp stay usable inside the sandbox (a CI clone's virtualenv lives there),
and a checkout below /dev (a data folder on a RAM disk) is not hidden by the sandbox's /dev."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import uuid
from pathlib import Path

import pytest

from bot.workspace.sandbox import Sandbox, SandboxSettings, kind_works

KINDS = [k for k in ("unshare", "bwrap") if kind_works(k)]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_tool_on_a_path_under_tmp_runs_inside_the_sandbox(kind: str, tmp_path: Path):
    assert tmp_path.resolve().is_relative_to("/tmp"), "pytest's tmp_path is expected under /tmp"
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


@pytest.mark.parametrize("kind", [k for k in KINDS if k == "bwrap"])
async def test_a_checkout_below_dev_shm_is_seen_inside(kind: str):
    # A data folder on a RAM disk: the sandbox's own /dev must not hide the checkout's bind.
    shm = Path("/dev/shm")
    if not shm.is_dir() or not os.access(shm, os.W_OK):
        pytest.skip("no writable /dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm, prefix="smith-checkout-"))
    try:
        folder.chmod(0o755)  # a sandbox run as root stages its binds for the uid it drops to
        checkout = folder / "checkout"
        checkout.mkdir()
        (checkout / "module.py").write_text("VALUE = 41\n")
        result = await Sandbox(SandboxSettings(kind=kind)).run(
            "cat module.py && echo written > out.txt", cwd=checkout, timeout=30)
        assert result.exit_code == 0, result.output
        assert "VALUE = 41" in result.output
        assert (checkout / "out.txt").read_text() == "written\n"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
