"""Mirror + checkout against real git: no history, no tags, no remote, nothing hostile runs."""

from __future__ import annotations

import asyncio
import base64
import os
import subprocess
from pathlib import Path

import pytest
from aiohttp import web

from bot.forge.base import GitCredentials
from bot.workspace.checkout import Workspace, branch_name
from bot.workspace.git import GitError, GitOptions
from tests.workspace.gitrepo import RemoteRepo, git

LOCAL = GitOptions(allowed_protocols=("file",))


@pytest.fixture
def remote(tmp_path: Path) -> RemoteRepo:
    repo = RemoteRepo(tmp_path)
    repo.commit({"app.py": "def add(a, b):\n    return a - b\n"}, "buggy add")
    repo.tag("v1.0")
    return repo


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "ws", LOCAL)


def test_branch_name_is_ref_safe() -> None:
    assert branch_name(42, "Crash when: saving ../ files!") == "smith/42-crash-when-saving-files"
    assert branch_name(7, "!!!") == "smith/7-fix"


async def test_checkout_has_one_commit_no_tags_no_remote_no_token(
    remote: RemoteRepo, workspace: Workspace, tmp_path: Path
) -> None:
    base = remote.branch_head("main")
    # The fix lands on another branch later; the run must not be able to see it.
    remote.commit({"app.py": "def add(a, b):\n    return a + b\n"}, "fix add", branch="later-fix")
    creds = GitCredentials("x-access-token", "ghs_SECRET_TOKEN")
    # file:// does not prompt, so the token is never used, but it must never be stored either.
    checkout = await workspace.create_checkout(
        remote.url, "main", new_branch="smith/1-add", credentials=creds
    )
    path, git_dir = checkout.path, checkout.git_dir
    assert checkout.base_commit == base
    # The git dir sits beside the working tree, never in it (the sandbox may write the tree).
    assert not (path / ".git").exists() and not git_dir.is_relative_to(path)
    assert git(git_dir, "rev-list", "--count", "--all").strip() == "1"
    assert git(git_dir, "tag", "--list").strip() == ""
    assert git(git_dir, "remote").strip() == ""
    assert git(git_dir, "branch", "--show-current").strip() == "smith/1-add"
    config = (git_dir / "config").read_text()
    assert "url" not in config and "SECRET" not in config
    for file in git_dir.rglob("*"):
        if file.is_file():
            assert b"ghs_SECRET_TOKEN" not in file.read_bytes(), file
    mirror_config = workspace.mirrors.path_for(remote.url) / "config"
    assert "SECRET" not in mirror_config.read_text() and "url" not in mirror_config.read_text()
    with pytest.raises(subprocess.CalledProcessError):
        git(git_dir, "cat-file", "-e", remote.branch_head("later-fix"))
    checkout.remove()
    assert not path.exists() and not git_dir.exists()


async def test_stale_run_folders_are_swept(remote: RemoteRepo, workspace: Workspace) -> None:
    old = await workspace.create_checkout(remote.url, "main", new_branch="smith/9-a")
    os.utime(old.run_dir, (0, 0))
    fresh = await workspace.create_checkout(remote.url, "main", new_branch="smith/9-b")
    assert workspace.remove_stale_runs(older_than_seconds=3600) == 1
    assert not old.run_dir.exists() and fresh.path.exists()


async def test_mirror_is_fetched_again_per_run(remote: RemoteRepo, workspace: Workspace) -> None:
    async with workspace.checkout(remote.url, "main", new_branch="smith/1-a") as first:
        assert "a - b" in (first.path / "app.py").read_text()
        first_path = first.path
    assert not first_path.exists()
    remote.commit({"app.py": "def add(a, b):\n    return b - a\n"}, "change")
    async with workspace.checkout(remote.url, "main", new_branch="smith/1-a") as second:
        assert "b - a" in (second.path / "app.py").read_text()


async def test_hostile_attributes_config_and_hooks_never_run(
    tmp_path: Path, workspace: Workspace
) -> None:
    marker = tmp_path / "PWNED"
    evil = tmp_path / "evil.sh"
    evil.write_text(f"#!/bin/sh\necho ran >> {marker}\ncat\n")
    evil.chmod(0o755)
    remote = RemoteRepo(tmp_path, "hostile")
    # What an attacker can ship: attributes naming drivers for every file.
    remote.commit(
        {".gitattributes": "* filter=evil diff=evil merge=evil\n", "a.txt": "hello\n"}, "init"
    )
    mirror = await workspace.mirrors.refresh(remote.url)
    # What a tampered mirror (or a careless admin) could add: drivers, fsmonitor, hooks.
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in (
        "post-checkout",
        "reference-transaction",
        "pre-commit",
        "post-commit",
        "pre-push",
        "commit-msg",
        "post-index-change",
        "pre-auto-gc",
    ):
        (hooks / hook).symlink_to(evil)
    for key, value in [
        ("filter.evil.smudge", str(evil)),
        ("filter.evil.clean", str(evil)),
        ("filter.evil.process", str(evil)),
        ("filter.evil.required", "true"),
        ("diff.evil.textconv", str(evil)),
        ("diff.evil.command", str(evil)),
        ("core.fsmonitor", str(evil)),
        ("core.hooksPath", str(hooks)),
    ]:
        git(mirror, "config", key, value)
    checkout = await workspace.create_checkout(remote.url, "main", new_branch="smith/2-x")
    # A test planting a `.git` with drivers, fsmonitor and hooks in the working tree: host git
    # never reads it (the run's git dir is elsewhere), and it is never part of the change.
    planted = checkout.path / ".git"
    git(checkout.path, "init", "--quiet")
    for key, value in [
        ("filter.evil.smudge", str(evil)),
        ("filter.evil.clean", str(evil)),
        ("diff.evil.textconv", str(evil)),
        ("core.fsmonitor", str(evil)),
        ("core.hooksPath", str(hooks)),
    ]:
        git(checkout.path, "config", key, value)
    assert (planted / "config").is_file()
    (checkout.path / "a.txt").write_text("changed\n")
    diff = await checkout.diff()
    assert "+changed" in diff
    await checkout.commit("fix")
    await checkout.push(remote.url)
    assert not marker.exists(), marker.read_text()
    assert remote.show("smith/2-x", "a.txt") == "changed\n"
    assert "filter" not in (checkout.git_dir / "config").read_text()
    assert git(checkout.git_dir, "ls-tree", "-r", "--name-only", "HEAD").split() == [
        ".gitattributes", "a.txt"]


async def test_commit_diff_apply_and_push(remote: RemoteRepo, workspace: Workspace) -> None:
    async with workspace.checkout(remote.url, "main", new_branch="smith/3-add") as checkout:
        (checkout.path / "app.py").write_text("def add(a, b):\n    return a + b\n")
        (checkout.path / "logo.bin").write_bytes(bytes(range(256)) * 4)
        (checkout.path / "latin.txt").write_bytes("café\n".encode("latin-1"))
        assert sorted(await checkout.changed_paths()) == ["app.py", "latin.txt", "logo.bin"]
        patch = await checkout.diff()
        assert "GIT binary patch" in patch and "+    return a + b" in patch
    # Resume: a fresh checkout plus the stored diff gives the same tree.
    async with workspace.checkout(remote.url, "main", new_branch="smith/3-add") as resumed:
        await resumed.apply_diff(patch)
        assert (resumed.path / "logo.bin").read_bytes() == bytes(range(256)) * 4
        assert (resumed.path / "latin.txt").read_bytes() == "café\n".encode("latin-1")
        assert await resumed.diff() == patch
        commit = await resumed.commit("Fix add")
        assert git(resumed.git_dir, "log", "-1", "--format=%an <%ae>|%cn").strip() == (
            "Smith <smith@localhost>|Smith"
        )
        await resumed.push(remote.url)
    assert remote.branch_head("smith/3-add") == commit
    # Rework: check the change-request branch out and push on top of it.
    async with workspace.checkout(remote.url, "smith/3-add") as rework:
        assert rework.branch == "smith/3-add" and rework.base_commit == commit
        (rework.path / "app.py").write_text("def add(a, b):\n    return b + a\n")
        second = await rework.commit("Rework")
        await rework.push(remote.url)
    assert remote.branch_head("smith/3-add") == second


async def test_a_new_file_written_and_removed_again_is_no_change(
    remote: RemoteRepo, workspace: Workspace,
) -> None:
    async with workspace.checkout(remote.url, "main", new_branch="smith/4-add") as checkout:
        kept, reverted = checkout.path / "test_kept.py", checkout.path / "test_reverted.py"
        kept.write_text("def test_kept():\n    assert True\n")
        reverted.write_text("def test_reverted():\n    assert True\n")
        named = ["test_kept.py", "test_reverted.py", "app.py"]
        assert await checkout.changed_paths(named) == ["test_kept.py", "test_reverted.py"]
        reverted.unlink()  # e.g. a red-test try that was not red, taken back
        (checkout.path / "app.py").unlink()  # a base file deleted is still a change
        assert sorted(await checkout.changed_paths(named)) == ["app.py", "test_kept.py"]
        assert "test_reverted" not in await checkout.diff(named)


async def test_unknown_branch_and_unsafe_names_are_refused(
    remote: RemoteRepo, workspace: Workspace
) -> None:
    with pytest.raises(GitError, match="not found"):
        await workspace.create_checkout(remote.url, "nope")
    with pytest.raises(ValueError):
        await workspace.create_checkout(remote.url, "main", new_branch="--upload-pack=x")
    runs = workspace.root / "runs"
    assert not runs.exists() or list(runs.iterdir()) == []


async def test_disallowed_protocol_is_refused(remote: RemoteRepo, tmp_path: Path) -> None:
    https_only = Workspace(tmp_path / "ws2", GitOptions(allowed_protocols=("https",)))
    with pytest.raises(GitError):
        await https_only.create_checkout(remote.url, "main")
    with pytest.raises(GitError):
        await https_only.create_checkout("ext::sh -c touch% /tmp/pwned-ext", "main")


async def test_push_credentials_go_through_askpass_only(
    remote: RemoteRepo, workspace: Workspace, tmp_path: Path
) -> None:
    """An HTTP remote that asks for Basic auth receives the token; nothing stores it."""
    seen: list[str] = []

    async def handler(request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization")
        if auth is None:
            return web.Response(status=401, headers={"WWW-Authenticate": 'Basic realm="x"'})
        seen.append(auth)
        return web.Response(status=403, text="denied")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        ws = Workspace(tmp_path / "ws3", GitOptions(allowed_protocols=("file", "http")))
        checkout = await ws.create_checkout(remote.url, "main", new_branch="smith/4-x")
        with pytest.raises(GitError):
            await checkout.push(
                f"http://127.0.0.1:{port}/o/r.git", GitCredentials("x-access-token", "tok123")
            )
    finally:
        await runner.cleanup()
    expected = "Basic " + base64.b64encode(b"x-access-token:tok123").decode()
    assert expected in seen
    assert "tok123" not in (checkout.git_dir / "config").read_text()
    await asyncio.sleep(0)


async def test_a_first_fetch_that_fails_leaves_no_partial_mirror(
    tmp_path: Path, workspace: Workspace
) -> None:
    missing = f"file://{tmp_path / 'no-such-remote.git'}"
    with pytest.raises(GitError):
        await workspace.mirrors.refresh(missing)
    assert not workspace.mirrors.path_for(missing).exists()


async def test_a_file_is_read_from_the_mirror_at_a_branch_tip_plain_files_only(
    remote: RemoteRepo, workspace: Workspace
) -> None:
    remote.commit({".smith.yml": "testgen:\n  coverage_schedule: weekly\n"}, "schedule")
    remote.commit({".smith.yml": "testgen:\n  coverage_schedule: daily\n"}, "daily",
                  branch="next")
    os.symlink("/etc/passwd", remote.work / "linked.yml")
    (remote.work / "folder").mkdir()
    remote.commit({"folder/x.txt": "x", "big.yml": "x" * 2000}, "odd entries", branch="next")
    mirror = await workspace.mirrors.refresh(remote.url)
    mirrors = workspace.mirrors

    assert await mirrors.read_file(mirror, "main", ".smith.yml", max_bytes=1000) == \
        b"testgen:\n  coverage_schedule: weekly\n"
    assert await mirrors.read_file(mirror, "next", ".smith.yml", max_bytes=1000) == \
        b"testgen:\n  coverage_schedule: daily\n"
    for absent in ("missing.yml", "linked.yml", "folder"):
        assert await mirrors.read_file(mirror, "next", absent, max_bytes=1000) is None, absent
    with pytest.raises(ValueError, match="larger than 1000 bytes"):
        await mirrors.read_file(mirror, "next", "big.yml", max_bytes=1000)
    with pytest.raises(GitError):
        await mirrors.read_file(mirror, "gone", ".smith.yml", max_bytes=1000)
