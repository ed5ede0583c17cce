"""The agent's tools: read windows, list, grep, code-graph lookups, and guarded edits.

Names and arguments are a stable contract (DESIGN §5). Every call — refused ones too — goes to the
run's trajectory, because the validator audits attempts as well as successes. Paths stay inside
the checkout (see `paths.py`); writes are refused for protected paths and for whatever the step's
`WritePolicy` forbids.

`paths.py` decides which file a path means (following links that stay inside the checkout);
the read or write itself then goes through `safe_fs`, opening that resolved path component by
component without following any link, so a link swapped in after the check is refused too, and
a write replaces the file instead of writing through a link or a hard link.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal, Protocol

import pathspec
import structlog
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.workspace.grep import MAX_FILE_BYTES, MAX_LINE_CHARS
from bot.workspace.paths import PathRefused, ResolvedPath, resolve_in_checkout
from bot.workspace.safe_fs import (
    FileTooLarge,
    UnsafePath,
    lstat_beneath,
    opened_dir,
    read_beneath,
    remove_beneath,
    write_beneath,
)
from bot.workspace.sandbox.models import SecretLeak
from bot.workspace.secret_scan import find_secret
from bot.workspace.trajectory import Trajectory

log = structlog.get_logger(__name__)

NO_GRAPH = "no code graph available for this run"
MAX_GREP_MATCHES = 100
MAX_LIST_ENTRIES = 500
MAX_ARG_CHARS_IN_TRAJECTORY = 4000
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


# ---- inputs (their JSON schemas are the tools' input_schema) -----------------------------


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ReadFileInput(_Input):
    """Read a window of a text file, with line numbers."""

    path: str = Field(description="File path relative to the repository root.")
    offset: int = Field(default=1, ge=1, description="First line to show (1-based).")
    limit: int = Field(default=200, ge=1, le=1000, description="How many lines to show.")


class ListDirInput(_Input):
    """List a folder's entries (folders end with `/`)."""

    path: str = Field(default=".", description="Folder relative to the repository root.")


class GrepInput(_Input):
    """Search file contents with a regular expression; matches are capped."""

    pattern: str = Field(min_length=1, description="Python regular expression.")
    path: str = Field(default=".", description="File or folder to search, relative to the root.")
    glob: str | None = Field(
        default=None, description="Only files matching this glob, e.g. `*.py`."
    )


class FindSymbolInput(_Input):
    """Find where a function, class or method is defined (code graph)."""

    name: str = Field(min_length=1, description="Symbol name, e.g. `parse` or `Parser.parse`.")


class FindReferencesInput(_Input):
    """Find where a symbol is used (code graph)."""

    name: str = Field(min_length=1, description="Symbol name.")


class EditFileInput(_Input):
    """Replace one exact, unique occurrence of `old` with `new` in a file."""

    path: str = Field(description="File path relative to the repository root.")
    old: str = Field(min_length=1, description="Exact text to replace; must occur exactly once.")
    new: str = Field(description="Replacement text.")


class WriteFileInput(_Input):
    """Create or overwrite a whole file."""

    path: str = Field(description="File path relative to the repository root.")
    content: str = Field(description="The complete new file content.")


class DeleteFileInput(_Input):
    """Delete a file."""

    path: str = Field(description="File path relative to the repository root.")


READ_TOOLS: dict[str, type[_Input]] = {
    "read_file": ReadFileInput,
    "list_dir": ListDirInput,
    "grep": GrepInput,
    "find_symbol": FindSymbolInput,
    "find_references": FindReferencesInput,
}
WRITE_TOOLS: dict[str, type[_Input]] = {
    "edit_file": EditFileInput,
    "write_file": WriteFileInput,
    "delete_file": DeleteFileInput,
}
ALL_TOOLS = {**READ_TOOLS, **WRITE_TOOLS}


def tool_definition(name: str) -> dict[str, Any]:
    """Anthropic tool definition (name, description, input_schema) built from the input model."""
    model = ALL_TOOLS[name]
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.pop("description", None)
    return {"name": name, "description": (model.__doc__ or name).strip(), "input_schema": schema}


# ---- collaborators ------------------------------------------------------------------------


class SymbolDefinition(Protocol):
    """Read-only: the code graph's models are frozen."""

    @property
    def name(self) -> str: ...

    @property
    def qualname(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def path(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def end_line(self) -> int: ...


class SymbolReference(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def path(self) -> str: ...

    @property
    def line(self) -> int: ...


class SymbolLookup(Protocol):
    """What the tools need from `bot.codegraph` (any object with these two methods)."""

    def find_symbol(self, name: str) -> Sequence[SymbolDefinition]: ...

    def find_references(self, name: str) -> Sequence[SymbolReference]: ...


ProtectedPredicate = Callable[[str], bool]


@dataclass(frozen=True)
class WritePolicy:
    """What a step may write, besides protected paths (which nobody may write)."""

    mode: Literal["read_only", "tests_only", "new_tests_only", "all_except"]
    test_globs: tuple[str, ...] = ()
    forbidden: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def read_only(cls) -> WritePolicy:
        return cls("read_only")

    @classmethod
    def tests_only(cls, test_globs: list[str] | tuple[str, ...]) -> WritePolicy:
        """BRT: only files matching the repository's test globs."""
        return cls("tests_only", test_globs=tuple(test_globs))

    @classmethod
    def new_tests_only(cls, test_globs: list[str] | tuple[str, ...],
                       existing: Iterable[str]) -> WritePolicy:
        """The test Writer: new test files only. The `existing` files (the target branch's)
        may be neither changed nor deleted, and no file that changes how tests are collected
        or run (`RUNNER_FILES`) may be added: the existing tests are the yardstick a new test
        is measured against, so the Writer must not be able to weaken them."""
        return cls("new_tests_only", test_globs=tuple(test_globs),
                   forbidden=frozenset(p.strip("/") for p in existing))

    @classmethod
    def all_except(cls, *paths: str) -> WritePolicy:
        """IMPLEMENT: anything but the given files (the verified red test)."""
        return cls("all_except", forbidden=frozenset(p.strip("/") for p in paths))

    @property
    def allows_writes(self) -> bool:
        return self.mode != "read_only"

    def refusal(self, rel: str) -> str | None:
        """Why writing `rel` is refused, or None when allowed."""
        if self.mode == "read_only":
            return "this step may not change files"
        if self.mode == "tests_only":
            if not pathspec.GitIgnoreSpec.from_lines(self.test_globs).match_file(rel):
                return (
                    f"this step may only write test files (matching {list(self.test_globs)});"
                    f" {rel} is not one"
                )
            return None
        if self.mode == "new_tests_only":
            reason = WritePolicy("tests_only", self.test_globs).refusal(rel)
            if reason:
                return reason
            if rel in self.forbidden:
                return (f"{rel} is an existing file of the target branch; existing tests may "
                        "not be changed or deleted: write a new test file")
            if is_runner_file(rel):
                return (f"{rel} would change how the existing tests are collected or run; "
                        "write test files only")
            return None
        if rel in self.forbidden:
            return f"{rel} is the verified red test and may not be changed"
        return None


RUNNER_FILES = frozenset({"conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml",
                          "package.json", ".babelrc", "tsconfig.json", "__init__.py"})
"""File names that change how tests are found or run (fixtures, hooks, options, transforms)."""
RUNNER_PREFIXES = ("jest.config.", "vitest.config.", "vite.config.", "vitest.workspace.",
                   "babel.config.", "jest.setup.", "vitest.setup.", "setupTests.")


def is_runner_file(rel: str) -> bool:
    """Whether `rel` is a runner's configuration or hook file rather than a test file."""
    name = PurePosixPath(rel).name
    return name in RUNNER_FILES or name.startswith(RUNNER_PREFIXES)


class ToolOutcome(BaseModel):
    """What goes back to the model as the tool_result."""

    ok: bool
    content: str


class ToolRefused(Exception):
    """A call the tools will not perform; the message goes back to the model."""


def _short(args: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in args.items():
        if isinstance(value, str) and len(value) > MAX_ARG_CHARS_IN_TRAJECTORY:
            value = value[:MAX_ARG_CHARS_IN_TRAJECTORY] + f"... [{len(value)} chars]"
        out[key] = value
    return out


# ---- the tool set -------------------------------------------------------------------------


class ToolSet:
    """The tools one agent step gets over one checkout."""

    def __init__(
        self,
        root: Path,
        *,
        step: str,
        trajectory: Trajectory,
        policy: WritePolicy,
        is_protected: ProtectedPredicate,
        graph: SymbolLookup | None = None,
        grep_timeout: float = 20.0,
        secrets: tuple[str, ...] = (),
    ) -> None:
        self.root = root.resolve()
        self.secrets = secrets
        """Smith's own secrets: a tool result holding one (a file a test wrote, say) stops the
        run instead of reaching the model."""
        self.step = step
        self.trajectory = trajectory
        self.policy = policy
        self.is_protected = is_protected
        self.graph = graph
        self.grep_timeout = grep_timeout

    @property
    def names(self) -> list[str]:
        """Tools offered to the model: write tools only when the policy allows writes."""
        return [*READ_TOOLS, *(WRITE_TOOLS if self.policy.allows_writes else {})]

    def definitions(self) -> list[dict[str, Any]]:
        return [tool_definition(name) for name in self.names]

    async def call(self, name: str, args: dict[str, Any]) -> ToolOutcome:
        """Run one tool call and record it; never raises for the model's mistakes."""
        try:
            model = ALL_TOOLS.get(name)
            if model is None:
                raise ToolRefused(f"unknown tool {name!r}; available: {', '.join(self.names)}")
            try:
                parsed = model.model_validate(args)
            except ValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg']}" for e in exc.errors()
                )
                raise ToolRefused(f"invalid arguments for {name}: {problems}") from None
            handler = getattr(self, f"_{name}")
            content = await handler(parsed) if name == "grep" else handler(parsed)
            if self.secrets and find_secret(content, self.secrets):
                log.error("tool.secret_in_result", step=self.step, tool=name)
                raise SecretLeak("a file in the checkout holds one of Smith's own secrets; "
                                 "the run stops")
            outcome = ToolOutcome(ok=True, content=content)
        except (ToolRefused, PathRefused) as exc:
            outcome = ToolOutcome(ok=False, content=str(exc))
        await self.trajectory.record(
            step=self.step,
            actor="agent",
            tool=name,
            args=_short(dict(args)),
            ok=outcome.ok,
            detail="" if outcome.ok else outcome.content[:500],
        )
        if not outcome.ok:
            log.info("tool.refused", step=self.step, tool=name, reason=outcome.content[:200])
        return outcome

    # -- helpers --

    def _resolve(self, raw: str) -> ResolvedPath:
        return resolve_in_checkout(self.root, raw)

    def _writable(self, raw: str) -> ResolvedPath:
        target = self._resolve(raw)
        if target.rel == ".":
            raise ToolRefused("a file path is required")
        for rel in dict.fromkeys((target.rel, target.real_rel)):
            if self.is_protected(rel):
                raise ToolRefused(f"{rel} is a protected path; Smith may not change it")
            reason = self.policy.refusal(rel)
            if reason:
                raise ToolRefused(reason)
        return target

    def _read_text(self, target: ResolvedPath) -> str:
        rel = target.rel
        try:
            data = read_beneath(self.root, target.real_rel, max_bytes=MAX_FILE_BYTES)
        except FileNotFoundError:
            raise ToolRefused(f"{rel} does not exist") from None
        except FileTooLarge:
            raise ToolRefused(f"{rel} is too large to read (over {MAX_FILE_BYTES} bytes)") from None
        except UnsafePath:
            raise ToolRefused(f"{rel} is not a file") from None
        except OSError as exc:
            raise ToolRefused(f"{rel} cannot be read: {exc.strerror or exc}") from None
        if b"\0" in data[:8192]:
            raise ToolRefused(f"{rel} is a binary file")
        return data.decode("utf-8", errors="replace")

    def _write_text(self, target: ResolvedPath, content: str) -> None:
        try:
            data = content.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raise ToolRefused("the content is not valid text (lone surrogates)") from None
        try:
            write_beneath(self.root, target.real_rel, data)
        except IsADirectoryError:
            raise ToolRefused(f"{target.rel} is a folder") from None
        except UnsafePath:
            raise ToolRefused(
                f"{target.rel} leads through a link or a file; refusing to write it") from None
        except OSError as exc:
            raise ToolRefused(f"{target.rel} cannot be written: {exc.strerror or exc}") from None

    # -- read tools --

    def _read_file(self, args: ReadFileInput) -> str:
        target = self._resolve(args.path)
        lines = self._read_text(target).splitlines()
        total = len(lines)
        start = min(args.offset, max(total, 1))
        window = lines[start - 1 : start - 1 + args.limit]
        end = start + len(window) - 1
        width = len(str(max(end, 1)))
        body = "\n".join(
            f"{n:>{width}}\t{line[:MAX_LINE_CHARS]}" for n, line in enumerate(window, start)
        )
        header = f"{target.rel} (lines {start}-{end} of {total})"
        footer = f"\n[more: read_file offset={end + 1}]" if end < total else ""
        return f"{header}\n{body}{footer}"

    def _list_dir(self, args: ListDirInput) -> str:
        target = self._resolve(args.path)
        try:
            with opened_dir(self.root, target.real_rel) as fd, os.scandir(fd) as scan:
                found = sorted((entry.name, entry.is_symlink(), entry.is_dir(
                    follow_symlinks=False)) for entry in scan)
        except (UnsafePath, FileNotFoundError, NotADirectoryError):
            raise ToolRefused(f"{target.rel} is not a folder") from None
        entries = []
        for name, is_link, is_dir in found:
            if name.lower() == ".git":
                continue
            if is_link:
                entries.append(f"{name}@")
            elif is_dir:
                entries.append(f"{name}/")
            else:
                entries.append(name)
        shown = entries[:MAX_LIST_ENTRIES]
        more = f"\n[{len(entries) - len(shown)} more entries]" if len(entries) > len(shown) else ""
        return (
            (f"{target.rel}/\n" + "\n".join(shown) + more) if shown else f"{target.rel}/ is empty"
        )

    async def _grep(self, args: GrepInput) -> str:
        try:
            re.compile(args.pattern)
        except re.error as exc:
            raise ToolRefused(f"invalid regular expression: {exc}") from None
        target = self._resolve(args.path)
        if not target.real.exists():
            raise ToolRefused(f"{target.rel} does not exist")
        request = json.dumps(
            {
                "root": str(self.root),
                "start": str(target.real),
                "pattern": args.pattern,
                "glob": args.glob,
                "cap": MAX_GREP_MATCHES,
            }
        ).encode()
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.workspace.grep",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={"PYTHONPATH": _PACKAGE_ROOT, "LANG": "C.UTF-8"},
        )
        try:
            stdout, stderr = await asyncio.wait_for(process.communicate(request), self.grep_timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
            raise ToolRefused(
                f"grep took longer than {self.grep_timeout:.0f}s; use a simpler "
                "pattern or a narrower path/glob"
            ) from None
        if process.returncode != 0:
            raise ToolRefused(f"grep failed: {stderr.decode(errors='replace')[-300:]}")
        answer = json.loads(stdout)
        if not answer["matches"]:
            return f"no matches for {args.pattern!r}"
        tail = (
            f"\n[capped at {MAX_GREP_MATCHES} matches; narrow path or glob]"
            if answer["capped"]
            else ""
        )
        return "\n".join(answer["matches"]) + tail

    def _find_symbol(self, args: FindSymbolInput) -> str:
        if self.graph is None:
            return NO_GRAPH
        found = self.graph.find_symbol(args.name)
        if not found:
            return f"no definition of {args.name!r} in the code graph"
        return "\n".join(
            f"{d.kind} {d.qualname} — {d.path}:{d.line}-{d.end_line}"
            for d in found[:MAX_GREP_MATCHES]
        )

    def _find_references(self, args: FindReferencesInput) -> str:
        if self.graph is None:
            return NO_GRAPH
        found = self.graph.find_references(args.name)
        if not found:
            return f"no references to {args.name!r} in the code graph"
        return "\n".join(f"{r.path}:{r.line} ({r.kind} {r.name})" for r in found[:MAX_GREP_MATCHES])

    # -- write tools --

    def _edit_file(self, args: EditFileInput) -> str:
        target = self._writable(args.path)
        text = self._read_text(target)
        count = text.count(args.old)
        if count == 0:
            raise ToolRefused(
                f"`old` text not found in {target.rel}; read the file and copy the "
                "exact text, including indentation"
            )
        if count > 1:
            raise ToolRefused(
                f"`old` text occurs {count} times in {target.rel}; include more "
                "surrounding lines so it matches exactly once"
            )
        self._write_text(target, text.replace(args.old, args.new, 1))
        return f"edited {target.rel}"

    def _write_file(self, args: WriteFileInput) -> str:
        target = self._writable(args.path)
        try:
            existing = lstat_beneath(self.root, target.real_rel)
        except UnsafePath:
            raise ToolRefused(
                f"{target.rel} leads through a link or a file; refusing to write it") from None
        except NotADirectoryError:
            raise ToolRefused(f"{target.rel}: a parent is a file, not a folder") from None
        if existing is not None and stat.S_ISDIR(existing.st_mode):
            raise ToolRefused(f"{target.rel} is a folder")
        self._write_text(target, args.content)
        return f"{'overwrote' if existing is not None else 'created'} {target.rel}"

    def _delete_file(self, args: DeleteFileInput) -> str:
        target = self._writable(args.path)
        try:
            # The entry as written (a link is removed itself, never what it points at).
            info = lstat_beneath(self.root, target.rel)
            if info is None or stat.S_ISDIR(info.st_mode):
                raise ToolRefused(f"{target.rel} is not a file")
            remove_beneath(self.root, target.rel, missing_ok=False)
        except (UnsafePath, FileNotFoundError, NotADirectoryError):
            raise ToolRefused(f"{target.rel} is not a file") from None
        return f"deleted {target.rel}"
