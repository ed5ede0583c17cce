"""Dependency setup: first run (cache miss, real `venv` + `pip install`) vs. a later run on the
same lockfile (cache hit: the stored `.venv` copied into the fresh checkout).

    python -m benchmarks.setup_cache [--runs 3]

Runs offline: the package is installed from a folder in the repository (`pip --no-index`).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from bot.repo_config import load_repo_config
from bot.workspace.checkout import Workspace
from bot.workspace.dependencies import DependencyCache
from bot.workspace.git import GitOptions
from bot.workspace.sandbox import Sandbox, SandboxSettings
from tests.workspace.gitrepo import RemoteRepo

SMITH_YML = """\
setup:
  command: >-
    python3 -m venv .venv &&
    .venv/bin/python -m pip install -q --no-index ./vendor/tinylib-1.0-py3-none-any.whl
  dependency_files: ["requirements.txt"]
  cache_paths: [".venv"]
"""


def tiny_wheel() -> bytes:
    """A minimal valid wheel, so the install needs no network and no build backend."""
    files = {
        "tinylib.py": "VERSION = '1.0'\n",
        "tinylib-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: tinylib\nVersion: 1.0\n",
        "tinylib-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: bench\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{name},,\n" for name in files) + "tinylib-1.0.dist-info/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in {**files, "tinylib-1.0.dist-info/RECORD": record}.items():
            archive.writestr(name, text)
    return buffer.getvalue()


FILES: dict[str, str | bytes | None] = {
    ".smith.yml": SMITH_YML,
    "requirements.txt": "tinylib==1.0\n",
    "vendor/tinylib-1.0-py3-none-any.whl": tiny_wheel(),
}


async def measure(runs: int) -> tuple[list[float], list[float]]:
    misses, hits = [], []
    sandbox = Sandbox(SandboxSettings(path=f"{Path(sys.executable).parent}:/usr/bin:/bin"))
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            remote = RemoteRepo(root)
            remote.commit(FILES, "init")
            workspace = Workspace(root / "ws", GitOptions(allowed_protocols=("file",)))
            cache = DependencyCache(root / "deps", sandbox)
            for bucket in (misses, hits):
                async with workspace.checkout(remote.url, "main", new_branch="smith/1-b") as co:
                    config = load_repo_config(await co.read_base_file(".smith.yml"))
                    started = time.monotonic()
                    outcome = await cache.prepare(co.path, config, repo_key="bench")
                    bucket.append(time.monotonic() - started)
                    assert outcome.cache_hit is (bucket is hits)
                    assert (co.path / ".venv" / "bin" / "python").exists()
    return misses, hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    misses, hits = asyncio.run(measure(args.runs))
    miss, hit = statistics.median(misses), statistics.median(hits)
    print(f"setup without cache (peer): median {miss:.2f}s over {len(misses)} runs")
    print(f"setup with cache hit:       median {hit:.2f}s over {len(hits)} runs")
    print(
        f"ratio: cache hit takes {hit / miss:.1%} of the uncached setup ({miss / hit:.1f}x faster)"
    )


if __name__ == "__main__":
    main()
