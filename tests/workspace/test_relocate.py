"""Restored setup outputs name the new checkout, never by following a link or touching a
look-alike path."""

from __future__ import annotations

import os
from pathlib import Path

from bot.workspace.relocate import relocate


def test_the_old_checkout_path_becomes_the_new_one_and_look_alikes_stay(tmp_path: Path):
    new = tmp_path / "runs" / "b" / "checkout"
    site = new / ".venv" / "lib"
    site.mkdir(parents=True)
    (site / "__editable__.pkg.pth").write_text("/runs/a/checkout/src\n")
    (site / "other.pth").write_text("/runs/a/checkout2/src\n")
    (site / "blob.so").write_bytes(b"\0\0/runs/a/checkout/src")
    assert relocate(new, ".venv", "/runs/a/checkout") == 1
    assert (site / "__editable__.pkg.pth").read_text() == f"{new}/src\n"
    assert (site / "other.pth").read_text() == "/runs/a/checkout2/src\n"
    assert (site / "blob.so").read_bytes() == b"\0\0/runs/a/checkout/src"


def test_a_link_in_the_restored_tree_is_never_written_through(tmp_path: Path):
    outside = tmp_path / "outside.pth"
    outside.write_text("/runs/a/checkout/src\n")
    new = tmp_path / "checkout"
    (new / ".venv").mkdir(parents=True)
    os.symlink(outside, new / ".venv" / "evil.pth")
    os.symlink(tmp_path, new / ".venv" / "up")
    assert relocate(new, ".venv", "/runs/a/checkout") == 0
    assert outside.read_text() == "/runs/a/checkout/src\n"
