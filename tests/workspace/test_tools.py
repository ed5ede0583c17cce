"""Agent tools over a real folder: windows, grep, guarded writes, refusals recorded."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.workspace.tools import NO_GRAPH, ToolSet, WritePolicy, tool_definition
from bot.workspace.trajectory import Trajectory

TEST_GLOBS = ["tests/**", "**/test_*.py"]


def protected(path: str) -> bool:
    return path == ".smith.yml" or path.startswith("k8s/")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "k8s").mkdir()
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n")
    (root / "src" / "calc.py").write_text("".join(f"line {i}\n" for i in range(1, 451)))
    (root / "src" / "dup.py").write_text("x = 1\nx = 1\n")
    (root / "tests" / "test_calc.py").write_text("def test_x():\n    assert True\n")
    (root / "k8s" / "deploy.yaml").write_text("kind: Deployment\n")
    (root / ".smith.yml").write_text("language: python\n")
    (root / "logo.png").write_bytes(b"\x89PNG\0\0binary")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP-SECRET\n")
    os.symlink(outside / "secret.txt", root / "src" / "leak.txt")
    os.symlink(outside, root / "linkdir")
    os.symlink(root / ".git" / "config", root / "gitcfg")
    os.symlink("calc.py", root / "src" / "alias.py")
    return root


def tools(root: Path, policy: WritePolicy, graph: object | None = None) -> ToolSet:
    return ToolSet(
        root,
        step="implement",
        trajectory=Trajectory(),
        policy=policy,
        is_protected=protected,
        graph=graph,
    )  # type: ignore[arg-type]


def test_definitions_use_the_contract_names_and_arguments() -> None:
    read = tool_definition("read_file")
    assert read["name"] == "read_file"
    assert set(read["input_schema"]["properties"]) == {"path", "offset", "limit"}
    assert read["input_schema"]["required"] == ["path"]
    assert set(tool_definition("grep")["input_schema"]["properties"]) == {"pattern", "path", "glob"}
    assert set(tool_definition("edit_file")["input_schema"]["properties"]) == {"path", "old", "new"}
    assert tools(Path("."), WritePolicy.read_only()).names == [
        "read_file",
        "list_dir",
        "grep",
        "find_symbol",
        "find_references",
    ]
    assert tools(Path("."), WritePolicy.all_except("t.py")).names[-3:] == [
        "edit_file",
        "write_file",
        "delete_file",
    ]


async def test_read_file_is_a_numbered_window(checkout: Path) -> None:
    ts = tools(checkout, WritePolicy.read_only())
    first = await ts.call("read_file", {"path": "src/calc.py"})
    assert first.ok and first.content.startswith("src/calc.py (lines 1-200 of 450)")
    assert "  1\tline 1" in first.content and "200\tline 200" in first.content
    assert "line 201" not in first.content and "offset=201" in first.content
    later = await ts.call("read_file", {"path": "src/calc.py", "offset": 440, "limit": 50})
    assert "450\tline 450" in later.content and "[more" not in later.content
    binary = await ts.call("read_file", {"path": "logo.png"})
    assert not binary.ok and "binary" in binary.content


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("../x", "`..`"),
        ("src/../../x", "`..`"),
        ("/etc/passwd", "absolute"),
        ("src/leak.txt", "outside"),
        ("linkdir/secret.txt", "outside"),
        (".git/config", "git"),
        (".GIT/config", "git"),
        ("src/.Git/HEAD", "git"),
        ("gitcfg", "git"),
    ],
)
async def test_escapes_are_refused_and_recorded(checkout: Path, raw: str, why: str) -> None:
    ts = tools(checkout, WritePolicy.all_except())
    for name, args in [
        ("read_file", {"path": raw}),
        ("write_file", {"path": raw, "content": "x"}),
        ("list_dir", {"path": raw}),
        ("grep", {"pattern": "SECRET", "path": raw}),
    ]:
        outcome = await ts.call(name, args)
        assert not outcome.ok and why in outcome.content, (name, outcome)
        assert "TOP-SECRET" not in outcome.content
    events = ts.trajectory.events
    assert len(events) == 4 and all(not e.ok and e.actor == "agent" for e in events)
    assert events[1].tool == "write_file" and events[1].args["path"] == raw
    assert (Path(checkout).parent / "outside" / "secret.txt").read_text() == "TOP-SECRET\n"
    assert (checkout / ".git" / "config").read_text() == "[core]\n"


async def test_grep_never_follows_symlinks_and_caps_matches(checkout: Path) -> None:
    ts = tools(checkout, WritePolicy.read_only())
    everything = await ts.call("grep", {"pattern": "SECRET|Deployment"})
    assert everything.ok and "TOP-SECRET" not in everything.content
    assert "k8s/deploy.yaml:1: kind: Deployment" in everything.content
    many = await ts.call("grep", {"pattern": r"line \d+", "path": "src"})
    assert many.content.count("\n") == 100 and "capped at 100" in many.content
    only_tests = await ts.call("grep", {"pattern": "def", "glob": "test_*.py"})
    assert only_tests.content == "tests/test_calc.py:1: def test_x():"
    bad = await ts.call("grep", {"pattern": "("})
    assert not bad.ok and "invalid regular expression" in bad.content


async def test_list_dir_hides_git(checkout: Path) -> None:
    outcome = await tools(checkout, WritePolicy.read_only()).call("list_dir", {"path": "."})
    assert outcome.ok and ".git" not in outcome.content
    assert "src/" in outcome.content and "linkdir@" in outcome.content


async def test_edit_file_needs_a_unique_exact_match(checkout: Path) -> None:
    ts = tools(checkout, WritePolicy.all_except("tests/test_calc.py"))
    missing = await ts.call("edit_file", {"path": "src/dup.py", "old": "y = 2", "new": "z"})
    assert not missing.ok and "not found" in missing.content
    twice = await ts.call("edit_file", {"path": "src/dup.py", "old": "x = 1", "new": "z"})
    assert not twice.ok and "occurs 2 times" in twice.content
    done = await ts.call("edit_file", {"path": "src/dup.py", "old": "x = 1\nx", "new": "y = 2\nx"})
    assert done.ok and (checkout / "src" / "dup.py").read_text() == "y = 2\nx = 1\n"
    assert [e.ok for e in ts.trajectory.events] == [False, False, True]


async def test_protected_paths_and_policies(checkout: Path) -> None:
    implement = tools(checkout, WritePolicy.all_except("tests/test_calc.py"))
    for args in [{"path": ".smith.yml", "content": "x"}, {"path": "k8s/new.yaml", "content": "x"}]:
        outcome = await implement.call("write_file", args)
        assert not outcome.ok and "protected" in outcome.content
    red = await implement.call("delete_file", {"path": "tests/test_calc.py"})
    assert not red.ok and "red test" in red.content
    # A symlink inside the repo to the red test is the red test.
    os.symlink("test_calc.py", checkout / "tests" / "alias.py")
    via_link = await implement.call("write_file", {"path": "tests/alias.py", "content": "x"})
    assert not via_link.ok and "red test" in via_link.content
    created = await implement.call("write_file", {"path": "src/new/mod.py", "content": "A = 1\n"})
    assert created.ok and (checkout / "src" / "new" / "mod.py").read_text() == "A = 1\n"

    brt = tools(checkout, WritePolicy.tests_only(["tests/**"]))
    product = await brt.call("edit_file", {"path": "src/dup.py", "old": "x", "new": "y"})
    assert not product.ok and "only write test files" in product.content
    test = await brt.call(
        "write_file", {"path": "tests/test_new.py", "content": "def test(): pass\n"}
    )
    assert test.ok

    diagnose = tools(checkout, WritePolicy.read_only())
    write = await diagnose.call("write_file", {"path": "src/x.py", "content": ""})
    assert not write.ok and "may not change files" in write.content
    assert not (checkout / "src" / "x.py").exists()
    assert (checkout / ".smith.yml").read_text() == "language: python\n"


async def test_delete_and_bad_arguments(checkout: Path) -> None:
    ts = tools(checkout, WritePolicy.all_except())
    assert (await ts.call("delete_file", {"path": "src/alias.py"})).ok
    assert (checkout / "src" / "calc.py").exists() and not (checkout / "src" / "alias.py").exists()
    gone = await ts.call("delete_file", {"path": "src/nope.py"})
    assert not gone.ok
    bad = await ts.call("read_file", {"path": "src/calc.py", "offset": 0})
    assert not bad.ok and "offset" in bad.content
    unknown = await ts.call("run_shell", {"cmd": "rm -rf /"})
    assert not unknown.ok and "unknown tool" in unknown.content
    assert [e.tool for e in ts.trajectory.events] == [
        "delete_file",
        "delete_file",
        "read_file",
        "run_shell",
    ]


@dataclass
class Definition:
    name: str
    qualname: str
    kind: str
    path: str
    line: int
    end_line: int


@dataclass
class Reference:
    name: str
    kind: str
    path: str
    line: int


class TinyGraph:
    def find_symbol(self, name: str) -> list[Definition]:
        return (
            [Definition(name, f"calc.{name}", "function", "src/calc.py", 3, 9)]
            if name == "add"
            else []
        )

    def find_references(self, name: str) -> list[Reference]:
        return [Reference(name, "call", "tests/test_calc.py", 2)]


async def test_code_graph_tools(checkout: Path) -> None:
    without = tools(checkout, WritePolicy.read_only())
    assert (await without.call("find_symbol", {"name": "add"})).content == NO_GRAPH
    assert (await without.call("find_references", {"name": "add"})).content == NO_GRAPH
    graph = tools(checkout, WritePolicy.read_only(), TinyGraph())
    assert (await graph.call("find_symbol", {"name": "add"})).content == (
        "function calc.add — src/calc.py:3-9"
    )
    assert "no definition" in (await graph.call("find_symbol", {"name": "sub"})).content
    assert (await graph.call("find_references", {"name": "add"})).content == (
        "tests/test_calc.py:2 (call add)"
    )


async def test_pathological_grep_pattern_is_stopped(checkout: Path) -> None:
    (checkout / "src" / "evil.txt").write_text("a" * 40 + "!\n")
    ts = ToolSet(
        checkout,
        step="diagnose",
        trajectory=Trajectory(),
        policy=WritePolicy.read_only(),
        is_protected=protected,
        grep_timeout=1.5,
    )
    outcome = await ts.call("grep", {"pattern": r"^(a+)+$", "path": "src/evil.txt"})
    assert not outcome.ok and "longer than" in outcome.content
    assert ts.trajectory.events[-1].ok is False


async def test_a_file_holding_one_of_smiths_secrets_stops_the_run_before_the_model_sees_it(
    checkout: Path,
) -> None:
    import base64

    from bot.workspace.sandbox import SecretLeak

    secret = "sk-ant-canary-0f3a9d2b7c"
    # A test wrote Smith's key (base64, as exfiltration would) into a file the agent reads.
    (checkout / "tests" / "out.txt").write_text(base64.b64encode(secret.encode()).decode())
    ts = ToolSet(checkout, step="implement", trajectory=Trajectory(),
                 policy=WritePolicy.read_only(), is_protected=protected, secrets=(secret,))
    with pytest.raises(SecretLeak) as leak:
        await ts.call("read_file", {"path": "tests/out.txt"})
    assert secret not in str(leak.value)
    with pytest.raises(SecretLeak):
        await ts.call("grep", {"pattern": "c2stYW50"})
    assert (await ts.call("read_file", {"path": "src/dup.py"})).ok  # other files still read


@pytest.mark.parametrize("rel, refused", [
    ("tests/test_new.py", None), ("tests/test_old.py", "existing file"),
    ("tests/conftest.py", "collected or run"), ("src/app.py", "may only write test files"),
    ("tests/jest.config.js", "collected or run"), ("tests/__init__.py", "collected or run")])
def test_the_test_writer_may_add_test_files_only(rel: str, refused: str | None) -> None:
    policy = WritePolicy.new_tests_only(["tests/**"], ["tests/test_old.py", "src/app.py"])
    reason = policy.refusal(rel)
    assert (reason is None) if refused is None else (reason is not None and refused in reason)
