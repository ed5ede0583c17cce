"""#31 item 6: editor and environment files that run code on the next developer's machine are
protected by default (VS Code tasks/launch/settings, dev containers, direnv, JetBrains run
configurations); the editors' harmless files and look-alike names elsewhere are not."""

from __future__ import annotations

import pytest

from bot.protected_paths import ProtectedPaths


@pytest.fixture(scope="module")
def defaults() -> ProtectedPaths:
    return ProtectedPaths.load()


@pytest.mark.parametrize("path", [
    ".vscode/tasks.json",
    ".vscode/launch.json",
    ".vscode/settings.json",
    ".VSCode/Tasks.json",  # folded like every protected path
    "services/api/.vscode/tasks.json",
    "app.code-workspace",
    ".devcontainer/devcontainer.json",
    ".devcontainer/Dockerfile",
    ".devcontainer/post-create.sh",
    ".devcontainer.json",
    ".envrc",
    "services/api/.envrc",
    "mise.toml",
    ".mise.toml",
    ".idea/runConfigurations/tests.xml",
    ".idea/workspace.xml",
    ".idea/tools/External Tools.xml",
    ".run/server.run.xml",
    "tools/debug.run.xml",
])
def test_files_that_run_code_on_a_developers_machine_are_protected(
    defaults: ProtectedPaths, path: str
) -> None:
    assert defaults.matches(path), path


@pytest.mark.parametrize("path", [
    "src/vscode_helpers.py",
    "docs/devcontainer.md",
    "src/envrc_parser.py",
    ".idea/codeStyles/Project.xml",
    "tests/test_run.py",
])
def test_ordinary_files_with_similar_names_are_not(defaults: ProtectedPaths, path: str) -> None:
    assert not defaults.matches(path), path
