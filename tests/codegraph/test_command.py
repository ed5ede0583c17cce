"""`smith index` / `smith symbols` run as real subprocesses behind a minimal argparse root."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.codegraph.conftest import write_tree

REPO_ROOT = Path(__file__).resolve().parents[2]
ENTRY_POINT = """
import argparse
import sys

from bot.codegraph.index_command import register


def main() -> int:
    parser = argparse.ArgumentParser(prog="smith")
    register(parser.add_subparsers(required=True))
    args = parser.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
"""


@pytest.fixture
def smith(tmp_path: Path):
    script = tmp_path / "smith_entry.py"
    script.write_text(ENTRY_POINT)

    def run(*args: str, data_dir: Path | None = None) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k != "SMITH_DATA_DIR"}
        env["PYTHONPATH"] = str(REPO_ROOT)
        env["COLUMNS"] = "200"
        if data_dir is not None:
            env["SMITH_DATA_DIR"] = str(data_dir)
        return subprocess.run(
            [sys.executable, str(script), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )

    return run


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    write_tree(
        root,
        {
            "lib/store.py": "class Store:\n    def save(self):\n        return 1\n",
            "lib/use.py": "from lib.store import Store\n\n\ndef run():\n    Store().save()\n",
            "lib/broken.py": "def oops(:\n",
        },
    )
    return root


def test_index_prints_a_readable_summary(smith, checkout: Path) -> None:
    result = smith("index", str(checkout))

    assert result.returncode == 0, result.stderr
    assert "definitions" in result.stdout and "parse failures" in result.stdout
    assert "lib/broken.py:1" in result.stdout


def test_index_json_summary(smith, checkout: Path) -> None:
    result = smith("index", str(checkout), "--json")

    summary = json.loads(result.stdout)
    assert result.returncode == 0
    assert (summary["files"], summary["definitions"]) == (3, 4)
    assert [f["path"] for f in summary["parse_failures"]] == ["lib/broken.py"]
    assert isinstance(summary["seconds"], float)


def test_index_definitions_are_json_lines(smith, checkout: Path) -> None:
    result = smith("index", str(checkout), "--definitions")

    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0
    assert [(line["path"], line["qualname"]) for line in lines] == [
        ("lib/broken.py", "oops"),
        ("lib/store.py", "Store"),
        ("lib/store.py", "Store.save"),
        ("lib/use.py", "run"),
    ]
    assert lines[2] == {
        "name": "save",
        "qualname": "Store.save",
        "kind": "method",
        "path": "lib/store.py",
        "line": 2,
        "end_line": 3,
    }


def test_symbols_json_lists_definitions_and_references(smith, checkout: Path) -> None:
    result = smith("symbols", str(checkout), "Store", "--json")

    found = json.loads(result.stdout)
    assert result.returncode == 0
    assert [d["qualname"] for d in found["definitions"]] == ["Store"]
    assert [(r["kind"], r["path"], r["line"]) for r in found["references"]] == [
        ("import", "lib/use.py", 1),
        ("call", "lib/use.py", 5),
    ]


def test_symbols_readable_output(smith, checkout: Path) -> None:
    result = smith("symbols", str(checkout), "save")

    assert result.returncode == 0
    assert "Store.save" in result.stdout and "lib/use.py" in result.stdout


def test_cache_dir_defaults_to_the_data_dir(smith, checkout: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"

    first = json.loads(smith("index", str(checkout), "--json", data_dir=data).stdout)
    second = json.loads(smith("index", str(checkout), "--json", data_dir=data).stdout)

    assert (data / "codegraph" / "codegraph.sqlite").is_file()
    assert (first["reparsed"], second["reparsed"]) == (3, 0)


def test_an_unusable_path_is_a_clear_error_without_traceback(smith, tmp_path: Path) -> None:
    result = smith("index", str(tmp_path / "nope"))

    assert result.returncode == 2
    assert "cannot index" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_help_texts(smith) -> None:
    result = smith("--help")

    assert "index a directory" in result.stdout
    assert "show where NAME is defined" in result.stdout
