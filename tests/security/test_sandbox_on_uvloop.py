"""`smith serve` and `smith worker` run on uvloop (SMITH_EVENT_LOOP): the sandbox's child setup
(`preexec_fn`, the descriptors bubblewrap reads its seccomp filter and passwd from) must hold
there as it does on asyncio's loop, where every other sandbox test runs."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import uvloop

from bot.workspace.sandbox.models import CommandResult
from tests.security.conftest import NEEDS_BWRAP
from tests.security.test_sandbox_escapes import make_sandbox

pytestmark = NEEDS_BWRAP

PROBE = (
    "cat {secret} 2>/dev/null; unshare -r true >/dev/null 2>&1 && echo 'ESCAPED: userns';"
    " grep -E 'CapEff|NoNewPrivs|Seccomp:' /proc/self/status; grep -c : /etc/passwd;"
    " ls /sys/class/net 2>/dev/null | tr '\\n' ' '; echo; id -u"
)


def _on_uvloop(checkout: Path, data_dir: Path, secret: Path) -> tuple[CommandResult, str]:
    """Run the probe on a uvloop loop of its own (a thread: the test's loop is asyncio's)."""
    found: list[tuple[CommandResult, str]] = []

    async def probe() -> None:
        loop = type(asyncio.get_running_loop()).__module__
        result = await make_sandbox(data_dir).run(PROBE.format(secret=secret), cwd=checkout,
                                                  timeout=30)
        found.append((result, loop))

    thread = threading.Thread(target=uvloop.run, args=(probe(),))
    thread.start()
    thread.join(60)
    assert found, "the probe did not finish on uvloop"
    return found[0]


async def test_the_sandbox_confines_the_same_on_uvloop(host: Path) -> None:
    data_dir = host / "data"
    checkout = data_dir / "workspace" / "run-1" / "checkout"
    checkout.mkdir(parents=True)
    result, loop = await asyncio.to_thread(_on_uvloop, checkout, data_dir, host / "secret.txt")
    reference = await make_sandbox(data_dir).run(PROBE.format(secret=host / "secret.txt"),
                                                 cwd=checkout, timeout=30)
    assert loop.startswith("uvloop")
    assert result.exit_code == 0, result.output
    assert "canary-host-4b1f" not in result.output
    assert "ESCAPED" not in result.output
    assert "CapEff:\t0000000000000000" in result.output
    assert "NoNewPrivs:\t1" in result.output
    assert result.output.strip().splitlines()[-1] != "0", "the command runs as root"
    # Seccomp mode, the sandbox's own passwd and its network namespace: as on asyncio's loop.
    assert result.output == reference.output
