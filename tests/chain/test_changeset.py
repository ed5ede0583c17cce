"""The intended change: agent-written paths git confirms, never caches or setup outputs."""

from __future__ import annotations

from bot.workspace.changeset import (
    agent_written_paths,
    compute_changeset,
    is_cache,
    normalise,
    parse_porcelain,
)
from bot.workspace.trajectory import TrajectoryEvent


def _status(*records: str) -> bytes:
    return "".join(record + "\0" for record in records).encode()


def _event(tool: str, path: str, *, actor: str = "agent", ok: bool = True) -> TrajectoryEvent:
    return TrajectoryEvent(seq=1, step="implement", actor=actor, tool=tool,
                           args={"path": path}, ok=ok)


def test_only_agent_written_paths_that_git_sees_are_the_change():
    status = _status(" M calc.py", "?? tests/test_average.py", "?? .venv/", "?? __pycache__/",
                     "?? tests/__pycache__/", "?? out.log", " M README.md")
    change = compute_changeset(["calc.py", "tests/test_average.py", "docs/never_written.md"],
                               status, setup_outputs=[".venv"])
    assert change.paths == ("calc.py", "tests/test_average.py")
    assert change.left_behind == ("out.log", "README.md")
    assert set(change.expected_extras) == {".venv/", "__pycache__/", "tests/__pycache__/"}


def test_deleted_files_and_files_in_new_folders_count():
    status = _status(" D old.py", "?? pkg/new/", "D  gone.py")
    change = compute_changeset(["old.py", "pkg/new/mod.py", "gone.py"], status)
    assert change.paths == ("gone.py", "old.py", "pkg/new/mod.py")
    assert change.left_behind == ()  # pkg/new/ is the agent's own folder


def test_caches_and_setup_outputs_are_never_the_change_even_when_the_agent_wrote_them():
    status = _status("?? node_modules/x/index.js", "?? .venv/bin/tool", "?? a/__pycache__/m.pyc",
                     "?? .coverage", "?? fix.py")
    change = compute_changeset(["node_modules/x/index.js", ".venv/bin/tool",
                                "a/__pycache__/m.pyc", ".coverage", "fix.py"], status,
                               setup_outputs=[".venv/"])
    assert change.paths == ("fix.py",)


def test_a_reverted_file_is_not_part_of_the_change():
    assert compute_changeset(["tests/test_x.py"], _status()).paths == ()


def test_paths_are_normalised_like_git_spells_them():
    assert normalise("./a//b.py") == "a/b.py"
    assert normalise("a\\b.py") == "a/b.py"
    assert normalise("/etc/passwd") is None and normalise("../x") is None
    assert normalise(".") is None
    change = compute_changeset(["./calc.py"], _status(" M calc.py"))
    assert change.paths == ("calc.py",)


def test_trajectory_paths_come_from_successful_agent_writes_only():
    events = [
        _event("read_file", "calc.py"),
        _event("edit_file", "calc.py"),
        _event("write_file", "tests/test_a.py"),
        _event("write_file", "protected.yml", ok=False),
        _event("delete_file", "old.py"),
        _event("run_tests", "x.py", actor="code"),
        _event("edit_file", "./calc.py"),
    ]
    assert agent_written_paths(events) == ["calc.py", "tests/test_a.py", "old.py"]


def test_porcelain_parsing_skips_the_second_path_of_a_rename():
    entries = parse_porcelain(_status("R  new.py", "old.py", "?? x.py"))
    assert [(e.code, e.path) for e in entries] == [("R ", "new.py"), ("??", "x.py")]


def test_cache_detection():
    for path in ("__pycache__/", "a/__pycache__/b.cpython-311.pyc", "x.pyc", ".pytest_cache/",
                 "node_modules/", ".coverage", "coverage.xml", "pkg.egg-info/"):
        assert is_cache(path), path
    for path in ("calc.py", "tests/test_cache.py", "cache.py"):
        assert not is_cache(path), path
