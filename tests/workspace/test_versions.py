"""Git-versioned projects install in a checkout with no history: the version their tool would
read from git reaches the sandbox through its pretend variable (issue #30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.repo_config import load_repo_config
from bot.workspace.checkout import Workspace
from bot.workspace.git import GitOptions
from bot.workspace.sandbox import Sandbox, SandboxSettings
from bot.workspace.testrun import repo_env
from bot.workspace.versions import version_of_tag, with_version_env
from tests.sandboxed import TOOLCHAIN
from tests.workspace.gitrepo import RemoteRepo


@pytest.mark.parametrize(("tag", "version"), [
    ("v1.2.3", "1.2.3"), ("1.4.0rc1", "1.4.0rc1"), ("release-2.0", "2.0"),
    (None, "0.0.0"), ("stable", "0.0.0"), ("v1.2.3-hotfix!", "0.0.0"),
])
def test_a_tag_gives_a_pep_440_version_or_the_fallback(tag: str | None, version: str):
    assert version_of_tag(tag) == version


def test_the_repositorys_own_setting_wins():
    config = load_repo_config(b"setup:\n  command: pip install .\n"
                              b"  env: {SETUPTOOLS_SCM_PRETEND_VERSION: '9.9'}\n")
    env = with_version_env(config, "v1.0").setup.env
    assert env["SETUPTOOLS_SCM_PRETEND_VERSION"] == "9.9" and env["PBR_VERSION"] == "1.0"


async def test_the_nearest_tag_of_the_base_commit_reaches_the_sandbox(tmp_path: Path):
    remote = RemoteRepo(tmp_path)
    remote.commit({"pyproject.toml": "[project]\nname = 'p'\ndynamic = ['version']\n"}, "one")
    remote.tag("v2.5.0")
    remote.commit({"p.py": "X = 1\n"}, "after the release")  # setuptools-scm would say 2.5.1.dev1
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    async with workspace.checkout(remote.url, "main", new_branch="smith/1-x") as checkout:
        assert checkout.nearest_tag == "v2.5.0"
        assert not (checkout.path / ".git").exists()  # still no history in the checkout
        config = with_version_env(load_repo_config(b""), checkout.nearest_tag)
        env, prepend = repo_env(config, checkout.path)
        sandbox = Sandbox(SandboxSettings(path=TOOLCHAIN))
        seen = await sandbox.run("echo $SETUPTOOLS_SCM_PRETEND_VERSION $PBR_VERSION",
                                 cwd=checkout.path, timeout=30, env=env, path_prepend=prepend)
    assert seen.output.split() == ["2.5.0", "2.5.0"]
