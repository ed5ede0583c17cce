"""Without a package index the real-project tests skip, saying which download failed; what
is cached is used without asking the index again."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from tests.e2e.corpus import real_projects, releases

NO_INDEX = {"PIP_CONFIG_FILE": "/dev/null", "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
            "PIP_EXTRA_INDEX_URL": "", "PIP_FIND_LINKS": "", "PIP_RETRIES": "0",
            "PIP_DEFAULT_TIMEOUT": "2"}


def test_an_unreachable_index_skips_naming_the_download(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(releases, "CACHE", tmp_path / "releases")
    for name, value in NO_INDEX.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(pytest.skip.Exception) as skipped:
        real_projects.TEXTTABLE.files()
    reason = str(skipped.value)
    assert "package index is unreachable" in reason and "pip download" in reason
    assert "texttable==1.7.0" in reason
    assert not [p for p in (tmp_path / "releases").rglob("*") if p.is_file()]  # nothing half-made


def test_a_cached_release_is_read_without_the_index(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(releases, "CACHE", tmp_path)
    for name, value in NO_INDEX.items():
        monkeypatch.setenv(name, value)
    folder = tmp_path / "pypi" / "demo-1.0"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, text in (("demo-1.0/demo.py", "X = 1\n"), ("demo-1.0/PKG-INFO", "meta\n"),
                           ("demo-1.0/demo.egg-info/SOURCES.txt", "demo.py\n"),
                           ("demo-1.0/src/_version.py", "v = '1.0'\n")):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    (folder / "demo-1.0.tar.gz").write_bytes(buffer.getvalue())
    files = releases.release_files("pypi", "demo", "1.0", drop=("src/_version.py",))
    # Build metadata and generated files are not what the project's repository holds.
    assert files == {"demo.py": "X = 1\n"}
