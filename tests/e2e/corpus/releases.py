"""Real releases from the package indexes: pinned sdists (PyPI) and tarballs (npm), downloaded
once into a cache folder and unpacked as the files a project's repository would hold.

The cache is `SMITH_TEST_RELEASES` (default `~/.cache/smith/releases`, beside the JavaScript
tools `.ci/run` installs), so the downloads happen once per machine and CI run. A download that
fails (no network, no index) raises `Unreachable`, which the tests turn into a skip naming the
command that failed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from tests.e2e.corpus.gitutil import Files

CACHE = Path(os.environ.get("SMITH_TEST_RELEASES", Path.home() / ".cache/smith/releases"))
DOWNLOAD_TIMEOUT = 120
# What an sdist or npm tarball carries that the project's repository does not: metadata the
# build writes, never committed.
BUILT = ("PKG-INFO", "package/PKG-INFO")
BUILT_PARTS = (".egg-info",)


# The host's way to the indexes (a mirror, a proxy's CA): what an operator puts in
# SMITH_SETUP_ENV so that a repository's `setup` reaches them from inside the sandbox.
INDEX_VARIABLES = ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_CERT", "PIP_DEFAULT_TIMEOUT",
                   "SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "NODE_EXTRA_CA_CERTS",
                   "npm_config_registry", "npm_config_cafile", "HTTPS_PROXY", "HTTP_PROXY",
                   "NO_PROXY", "https_proxy", "http_proxy", "no_proxy")


def index_env() -> dict[str, str]:
    """The operator's setup environment for these tests: the host's index settings, those of
    them that are set."""
    return {name: os.environ[name] for name in INDEX_VARIABLES if os.environ.get(name)}


class Unreachable(RuntimeError):
    """The package index could not be reached (or does not have the release)."""


def _run(command: list[str], cwd: Path) -> None:
    try:
        subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True,
                       timeout=DOWNLOAD_TIMEOUT)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        tail = (getattr(exc, "stderr", None) or str(exc)).strip().splitlines()[-1:]
        raise Unreachable(f"`{' '.join(command)}` failed: {' '.join(tail)}") from None


def _archive(kind: str, name: str, version: str) -> Path:
    """The cached archive of one release, downloaded first when missing."""
    folder = CACHE / kind / f"{name}-{version}"
    done = [p for p in folder.glob("*") if p.suffix in (".gz", ".tgz", ".zip")] \
        if folder.is_dir() else []
    if done:
        return done[0]
    CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}-{version}-", dir=CACHE))
    try:
        if kind == "pypi":
            _run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                  "-q", f"{name}=={version}", "-d", str(staging)],
                 cwd=staging)
        else:
            if shutil.which("npm") is None:
                raise Unreachable("npm is not installed")
            _run(["npm", "pack", "-q", f"{name}@{version}"], cwd=staging)
        folder.parent.mkdir(parents=True, exist_ok=True)
        try:
            staging.rename(folder)  # atomic: another xdist worker may have won
        except OSError:
            pass
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return next(p for p in folder.glob("*") if p.suffix in (".gz", ".tgz", ".zip"))


def release_files(kind: str, name: str, version: str, *, drop: tuple[str, ...] = ()) -> Files:
    """The release's files by path (its top folder stripped), without build metadata and the
    paths in `drop` (files the build generates, e.g. a setuptools-scm `_version.py`)."""
    archive = _archive(kind, name, version)
    files: Files = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue  # links and devices: no project of the corpus ships one
            rel = member.name.split("/", 1)[1] if "/" in member.name else member.name
            if rel in BUILT or rel in drop or any(part in rel for part in BUILT_PARTS):
                continue
            handle = tar.extractfile(member)
            assert handle is not None
            data = handle.read()
            try:
                files[rel] = data.decode()
            except UnicodeDecodeError:
                files[rel] = data
    return files
