"""Runs repository commands (setup, tests, checks) isolated from the host, its secrets and its
network.

Modules: `launchers` (host programs resolved once), `policy` (kinds and their strength),
`fsview` (the allow-listed filesystem), `limits` (cgroup, rlimits, disk), `seccomp`, `kinds`
(command lines), `output` (cap and secret scan), `core` (`Sandbox`). See the README's sandbox
section for what each kind guarantees.
"""

from bot.workspace.sandbox.core import Sandbox
from bot.workspace.sandbox.models import (
    CommandResult,
    SandboxKindSetting,
    SandboxSettings,
    SandboxUnavailable,
    SecretLeak,
)
from bot.workspace.sandbox.output import TRUNCATION_MARKER
from bot.workspace.sandbox.policy import STRENGTH, kind_problem, kind_works

__all__ = [
    "STRENGTH",
    "TRUNCATION_MARKER",
    "CommandResult",
    "Sandbox",
    "SandboxKindSetting",
    "SandboxSettings",
    "SandboxUnavailable",
    "SecretLeak",
    "kind_problem",
    "kind_works",
]
