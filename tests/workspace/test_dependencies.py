"""Dependency setup runs once per lockfile content; later checkouts restore a private copy."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.repo_config import load_repo_config
from bot.workspace.checkout import Workspace
from bot.workspace.dependencies import DependencyCache, SetupFailed, cache_key
from bot.workspace.git import GitOptions
from bot.workspace.sandbox import Sandbox, SandboxSettings
from bot.workspace.testrun import repo_env
from tests.sandboxed import TOOLCHAIN
from tests.workspace.gitrepo import RemoteRepo

SITE = ".venv/lib/python{}.{}/site-packages".format(*sys.version_info[:2])

SMITH_YML = f"""\
setup:
  command: >-
    python3 -m venv --without-pip .venv &&
    cp -r vendor/tinylib {SITE}/
  dependency_files: ["requirements*.txt"]
  cache_paths: [".venv"]
"""

FILES = {
    "requirements.txt": "tinylib==1.0\n",
    "vendor/tinylib/__init__.py": "VERSION = '1.0'\n",
    "tests/test_lib.py": "import tinylib\n\ndef test_version():\n    assert tinylib.VERSION == '1.0'\n",
}


@pytest.fixture
def remote(tmp_path: Path) -> RemoteRepo:
    repo = RemoteRepo(tmp_path)
    repo.commit({**FILES, ".smith.yml": SMITH_YML}, "init")
    return repo


async def test_second_setup_on_the_same_lockfile_reuses_the_cache(
    tmp_path: Path, remote: RemoteRepo
) -> None:
    sandbox = Sandbox(SandboxSettings(path=TOOLCHAIN))
    cache = DependencyCache(tmp_path / "deps", sandbox)
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))

    async def one_run() -> tuple[bool, float, bool]:
        async with workspace.checkout(remote.url, "main", new_branch="smith/1-x") as checkout:
            config = load_repo_config(await checkout.read_base_file(".smith.yml"))
            outcome = await cache.prepare(checkout.path, config, repo_key="origin")
            # The restored venv works: its python (first on PATH) imports what setup installed.
            env, prepend = repo_env(config, checkout.path)
            probe = await sandbox.run(
                "python -c 'import tinylib, sys; print(tinylib.VERSION, sys.prefix)'",
                cwd=checkout.path,
                timeout=30,
                env=env,
                path_prepend=prepend,
            )
            works = probe.exit_code == 0 and f"1.0 {checkout.path}/.venv" in probe.output
            (checkout.path / ".venv" / "poison").write_text("agent-written")  # must not leak
            return outcome.cache_hit, outcome.seconds, works

    first = await one_run()
    second = await one_run()
    print(f"\nsetup: first run {first[1]:.2f}s (miss), second run {second[1]:.2f}s (hit)")
    assert first[0] is False and first[2] is True
    assert second[0] is True and second[2] is True
    entries = list((tmp_path / "deps" / "origin").iterdir())
    assert len(entries) == 1 and not (entries[0] / ".venv" / "poison").exists()

    # A new lockfile is a new key: setup runs again.
    remote.commit({"requirements.txt": "tinylib==1.0\nother==2\n"}, "bump")
    third = await one_run()
    assert third[0] is False and len(list((tmp_path / "deps" / "origin").iterdir())) == 2


async def test_key_depends_on_dependency_files_only(tmp_path: Path) -> None:
    config = load_repo_config(SMITH_YML)
    root = tmp_path / "c"
    (root / "src").mkdir(parents=True)
    (root / "requirements.txt").write_text("a==1\n")
    (root / "src" / "app.py").write_text("x = 1\n")
    key = cache_key(root, config)
    (root / "src" / "app.py").write_text("x = 2\n")
    assert cache_key(root, config) == key
    (root / "requirements-dev.txt").write_text("b==1\n")
    assert cache_key(root, config) != key


async def test_failed_setup_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "c"
    root.mkdir()
    cache = DependencyCache(tmp_path / "deps", Sandbox())
    config = load_repo_config("setup:\n  command: echo broken >&2; exit 3\n")
    with pytest.raises(SetupFailed, match="failed \\(3\\).*broken"):
        await cache.prepare(root, config, repo_key="r")
    assert (await cache.prepare(root, load_repo_config(None), repo_key="r")).key is None


async def test_the_operators_setup_environment_reaches_setup_and_wins(tmp_path: Path) -> None:
    """SMITH_SETUP_ENV (a package mirror, an egress proxy) is set for `setup` only, over the
    repository's own `setup.env`; the tests never see it."""
    root = tmp_path / "c"
    root.mkdir()
    root.chmod(0o777)
    sandbox = Sandbox()
    cache = DependencyCache(tmp_path / "deps", sandbox, {"PIP_INDEX_URL": "http://mirror/simple",
                                                        "HTTPS_PROXY": "http://proxy:3128"})
    config = load_repo_config(
        "setup:\n  command: echo \"$PIP_INDEX_URL $HTTPS_PROXY\" > seen.txt\n"
        "  env: {PIP_INDEX_URL: https://elsewhere/simple}\n  cache_paths: [seen.txt]\n")
    await cache.prepare(root, config, repo_key="r")
    assert (root / "seen.txt").read_text().split() == ["http://mirror/simple",
                                                      "http://proxy:3128"]
    env, prepend = repo_env(config, root)
    tests = await sandbox.run("echo \"[$HTTPS_PROXY]\"", cwd=root, timeout=30, env=env,
                              path_prepend=prepend)
    assert tests.output.strip() == "[]"


EDITABLE_YML = f"""\
setup:
  command: >-
    python3 -m venv --without-pip .venv &&
    echo "$PWD/src" > {SITE}/__editable__.mypkg-0.1.pth &&
    printf '#!%s/.venv/bin/python\\nimport mypkg\\nprint(mypkg.WHERE)\\n' "$PWD" > .venv/bin/mytool &&
    chmod +x .venv/bin/mytool
  dependency_files: ["pyproject.toml"]
  cache_paths: [".venv"]
"""


async def test_a_cached_editable_install_points_at_the_new_checkout(tmp_path: Path) -> None:
    """`pip install -e .` writes the checkout's own path into the venv (a `.pth` file, console
    scripts' first line). The first run's checkout is gone when the second restores the cache:
    the restored venv must point at the second checkout, or every later run fails to import
    the project it is fixing (issue #30)."""
    remote = RemoteRepo(tmp_path)
    remote.commit({"pyproject.toml": "[project]\nname = 'mypkg'\n",
                   "src/mypkg/__init__.py": "import os\nWHERE = os.path.dirname(__file__)\n",
                   ".smith.yml": EDITABLE_YML}, "init")
    sandbox = Sandbox(SandboxSettings(path=TOOLCHAIN))
    cache = DependencyCache(tmp_path / "deps", sandbox)
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))

    async def one_run() -> tuple[bool, str, str]:
        async with workspace.checkout(remote.url, "main", new_branch="smith/1-x") as checkout:
            config = load_repo_config(await checkout.read_base_file(".smith.yml"))
            outcome = await cache.prepare(checkout.path, config, repo_key="origin")
            env, prepend = repo_env(config, checkout.path)
            imported = await sandbox.run(
                "python -c 'import mypkg; print(mypkg.WHERE)'", cwd=checkout.path, timeout=30,
                env=env, path_prepend=prepend)
            tool = await sandbox.run(".venv/bin/mytool", cwd=checkout.path, timeout=30,
                                     env=env, path_prepend=prepend)
            here = f"{checkout.path}/src/mypkg"
            return (outcome.cache_hit,
                    "ok" if imported.exit_code == 0 and here in imported.output
                    else imported.output, "ok" if here in tool.output else tool.output)

    assert await one_run() == (False, "ok", "ok")
    assert await one_run() == (True, "ok", "ok")  # the first checkout is gone by now


VERSION_FILE_YML = f"""\
setup:
  command: >-
    python3 -m venv --without-pip .venv &&
    echo "$PWD/src" > {SITE}/__editable__.mypkg-0.1.pth &&
    echo "__version__ = '1.2.0'" > src/mypkg/_version.py
  dependency_files: ["pyproject.toml"]
  cache_paths: [".venv"]
"""


async def test_a_version_file_the_editable_install_wrote_is_restored_with_the_venv(
    tmp_path: Path,
) -> None:
    """hatch-vcs and setuptools-scm write the version into the source tree on `pip install -e
    .` (`src/pkg/_version.py`, ignored by git) and the package imports it; a cache hit restored
    the venv only, so every later run failed with `No module named mypkg._version` (found on
    humanize by tests/e2e/corpus/test_real_projects.py). A file the checkout has is kept."""
    remote = RemoteRepo(tmp_path)
    remote.commit({"pyproject.toml": "[project]\nname = 'mypkg'\n",
                   "src/mypkg/__init__.py": "from ._version import __version__\n",
                   "src/mypkg/data.txt": "from the repository\n",
                   ".smith.yml": VERSION_FILE_YML}, "init")
    sandbox = Sandbox(SandboxSettings(path=TOOLCHAIN))
    cache = DependencyCache(tmp_path / "deps", sandbox)
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))

    async def one_run() -> tuple[bool, str]:
        async with workspace.checkout(remote.url, "main", new_branch="smith/1-x") as checkout:
            config = load_repo_config(await checkout.read_base_file(".smith.yml"))
            outcome = await cache.prepare(checkout.path, config, repo_key="origin")
            env, prepend = repo_env(config, checkout.path)
            imported = await sandbox.run(
                "python -c 'import mypkg; print(mypkg.__version__)'", cwd=checkout.path,
                timeout=30, env=env, path_prepend=prepend)
            assert (checkout.path / "src/mypkg/data.txt").read_text() == "from the repository\n"
            return outcome.cache_hit, imported.output.strip()

    assert await one_run() == (False, "1.2.0")
    assert await one_run() == (True, "1.2.0")
    [entry] = (tmp_path / "deps" / "origin").iterdir()
    assert (entry / "setup-outputs" / "src/mypkg/_version.py").exists()
    assert not (entry / "setup-outputs" / ".venv").exists()  # the venv is cached once
