"""What the tests that run pytest in the sandbox share: a sandbox whose PATH starts at this
interpreter's folder, and a repository config whose test command loads no pytest plugins (the
runs start faster; the env word is passed through to the sandboxed command)."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.repo_config import load_repo_config
from bot.workspace.sandbox import Sandbox, SandboxSettings

SANDBOX = Sandbox(SandboxSettings(path=f"{Path(sys.executable).parent}:/usr/bin:/bin"))
CONFIG = load_repo_config("tests:\n  command: PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python -m pytest "
                          "{tests} --junitxml={junit} -q\n")
