"""`smith validate` through a real subprocess: exit codes, JSON shape, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIFFS = ROOT / "tests" / "validator" / "corpus" / "diffs"
ENTRY = (
    "import argparse, sys\n"
    "from bot.validator.validate_command import register\n"
    "parser = argparse.ArgumentParser(prog='smith')\n"
    "register(parser.add_subparsers(dest='command', required=True))\n"
    "args = parser.parse_args(sys.argv[1:])\n"
    "sys.exit(args.func(args))\n"
)


def smith(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_veto_as_json_exits_1():
    run = smith("validate", "--diff", str(DIFFS / "catch_all__py_except_exception.diff"), "--json")
    assert run.returncode == 1, run.stderr
    out = json.loads(run.stdout)
    assert out["decision"] == "veto"
    assert out["vetoes"] == [
        {
            "kind": "catch_all_exception",
            "path": "app/settings.py",
            "line": 14,
            "detail": out["vetoes"][0]["detail"],
        }
    ]
    assert out["soft_signals"] == []


def test_pass_with_soft_signal_exits_0_and_prints_a_table():
    run = smith("validate", "--diff", str(DIFFS / "soft_debug__py_print.diff"))
    assert run.returncode == 0, run.stderr
    assert (
        "PASS" in run.stdout
        and "debug_leftover" in run.stdout
        and "inventory/stock.py:2" in run.stdout
    )


def test_trajectory_and_red_test(tmp_path: Path):
    events = [
        {
            "seq": 1,
            "step": "brt",
            "actor": "agent",
            "tool": "write_file",
            "args": {"path": "tests/test_a.py"},
            "ok": True,
        },
        {
            "seq": 2,
            "step": "brt",
            "actor": "code",
            "tool": "run_tests",
            "args": {"test_id": "tests/test_a.py::test_x", "outcome": "red_assertion"},
            "ok": True,
        },
        {
            "seq": 3,
            "step": "implement",
            "actor": "agent",
            "tool": "edit_file",
            "args": {"path": "tests/test_a.py"},
            "ok": True,
        },
    ]
    trajectory = tmp_path / "t.jsonl"
    trajectory.write_text("\n".join(json.dumps(e) for e in events) + "\n\n")
    run = smith(
        "validate",
        "--diff",
        str(DIFFS / "clean__py_early_return.diff"),
        "--trajectory",
        str(trajectory),
        "--red-test",
        "tests/test_a.py::test_x",
        "--json",
    )
    assert run.returncode == 1, run.stderr
    vetoes = json.loads(run.stdout)["vetoes"]
    assert [(v["kind"], v["path"], v.get("seq")) for v in vetoes] == [
        ("brt_tampering", "tests/test_a.py", 3)
    ]


def test_red_literals_from_the_command_line():
    diff = str(DIFFS / "special_casing__go_literal_input.diff")
    # The shape alone (one input answered with `76 * time.Hour, nil`) is a shortcut; the red
    # test's literal, given on the command line, names it special-casing too.
    plain = smith("validate", "--diff", diff, "--json")
    assert [v["kind"] for v in json.loads(plain.stdout)["vetoes"]] == ["return_constant_shortcut"]
    run = smith("validate", "--diff", diff, "--red-literal", "3d4h", "--json")
    assert run.returncode == 1
    assert "special_casing" in [v["kind"] for v in json.loads(run.stdout)["vetoes"]]


def test_protected_file_extends_defaults(tmp_path: Path):
    config = tmp_path / ".smith.yml"
    config.write_text("protected_paths:\n  - reports/\n")
    diff = DIFFS / "clean__py_early_return.diff"
    assert smith("validate", "--diff", str(diff)).returncode == 0
    run = smith("validate", "--diff", str(diff), "--protected", str(config), "--json")
    assert run.returncode == 1
    assert json.loads(run.stdout)["vetoes"][0]["kind"] == "protected_path"


@pytest.mark.parametrize(
    "make_args, message",
    [
        (lambda tmp: ["--diff", str(tmp / "missing.diff")], "diff file not found"),
        (
            lambda tmp: ["--diff", str(_write(tmp / "x.diff", "hello, not a diff\n"))],
            "no file changes found",
        ),
        (
            lambda tmp: [
                "--diff",
                str(_write(tmp / "x.diff", "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n")),
            ],
            "malformed diff",
        ),
        (
            lambda tmp: [
                "--diff",
                str(DIFFS / "clean__py_early_return.diff"),
                "--trajectory",
                str(
                    _write(
                        tmp / "t.jsonl", '{"seq": 1, "step": "x", "actor": "robot", "tool": "t"}\n'
                    )
                ),
            ],
            "t.jsonl:1",
        ),
        (
            lambda tmp: [
                "--diff",
                str(DIFFS / "clean__py_early_return.diff"),
                "--trajectory",
                str(_write(tmp / "t.jsonl", "{not json\n")),
            ],
            "bad trajectory event",
        ),
    ],
)
def test_unusable_input_exits_2_without_traceback(tmp_path: Path, make_args, message):
    run = smith("validate", *make_args(tmp_path))
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_report_file_decides_an_edited_test_expectation(tmp_path):
    """The same expected-value edit vetoes alone and passes when --report states the new value."""
    diff = str(DIFFS / "clean__go_want_stated_by_report.diff")
    alone = smith("validate", "--diff", diff, "--json")
    assert alone.returncode == 1, alone.stderr
    assert [v["kind"] for v in json.loads(alone.stdout)["vetoes"]] == ["test_weakened"]
    report = tmp_path / "report.txt"
    report.write_text('Make("a  b") returns "a--b". It should return "a-b".\n', encoding="utf-8")
    stated = smith("validate", "--diff", diff, "--report", str(report), "--json")
    assert stated.returncode == 0, stated.stdout + stated.stderr
