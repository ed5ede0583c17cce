"""Which files the repository's jest or vitest would run, read from its configuration without
running it.

The Writer's file must be one the configured runner collects: a `.mjs` test is fine where the
config's `testMatch` names `.mjs`, and a name no pattern matches would never run. The config is
the repository's text, so it is never executed on the host: JSON (package.json's `jest` key,
jest.config.json) is read as JSON, and a JavaScript or TypeScript config (jest.config.*,
vitest.config.*, vite.config.*) is parsed with tree-sitter: the exported object literal
(`module.exports =`, `export default`, `defineConfig({...})`, or a `const` they name) and only
its literal values (strings, arrays of strings). Anything computed (a function, a spread, a
variable) leaves the patterns unknown, and then only the runner's own listing in the sandbox
(gate 1) decides. Patterns: jest `testMatch` globs (micromatch syntax: `**`, braces, extglobs
such as `?(x)`) or `testRegex`, under `roots`, minus `testPathIgnorePatterns`; vitest
`test.include` minus `test.exclude`, relative to `test.dir` or `root`; each runner's defaults
when the config says nothing.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from tree_sitter import Node

from bot.chains.tests.jsast import parse, string_value, text, unwrap, walk
from bot.repo_config import RepoConfig
from bot.workspace.js_runner import Runner, runner_of
from bot.workspace.safe_fs import read_beneath

MAX_CONFIG_BYTES = 256 << 10
MAX_EXPANSIONS = 256
ROOT = "/__checkout__"
"""Where the checkout seems to be for jest's patterns, which match absolute paths."""

JEST_TEST_MATCH = ("**/__tests__/**/*.[jt]s?(x)", "**/?(*.)+(spec|test).[jt]s?(x)")
JEST_IGNORE = ("/node_modules/",)
VITEST_INCLUDE = ("**/*.{test,spec}.?(c|m)[jt]s?(x)",)
VITEST_EXCLUDE = ("**/node_modules/**", "**/dist/**", "**/cypress/**",
                  "**/.{idea,git,cache,output,temp}/**",
                  ("**/{karma,rollup,webpack,vite,vitest,jest,ava,babel,nyc,cypress,tsup,build,"
                   "eslint,prettier}.config.*"))
JEST_FILES = ("jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs",
              "jest.config.json")
VITEST_FILES = tuple(f"{name}.config.{ext}" for name in ("vitest", "vite")
                     for ext in ("ts", "mts", "cts", "js", "mjs", "cjs"))


class Unknown(ValueError):
    """A value the config computes: only running it could tell."""


@dataclass(frozen=True)
class RunnerPatterns:
    """The test files one runner's configuration collects (checkout-relative paths)."""

    runner: Runner
    source: str
    """Where they were read: a config file, `package.json#jest`, or the runner's defaults."""
    include: tuple[str, ...] = ()
    regex: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    ignore_regex: tuple[str, ...] = ()
    roots: tuple[str, ...] = (".",)
    known: bool = True
    """False when the config computes what decides (then nothing is refused on its word)."""
    _compiled: dict[str, re.Pattern[str]] = field(default_factory=dict, compare=False,
                                                  repr=False)

    def runs(self, rel: str) -> bool | None:
        """Whether the runner collects `rel`; None when the config cannot be read statically."""
        if not self.known:
            return None
        rel = PurePosixPath(rel).as_posix()
        if not any(root == "." or rel.startswith(root.rstrip("/") + "/") for root in self.roots):
            return False
        if self.runner == "jest":
            absolute = f"{ROOT}/{rel}"
            matched = (any(re.search(r, absolute) for r in self.regex) if self.regex
                       else any(self._glob(g).fullmatch(absolute) for g in self.include))
            return matched and not any(re.search(r, absolute) for r in self.ignore_regex)
        base = self.roots[0]
        inner = rel if base == "." else rel[len(base.rstrip("/")) + 1:]
        return any(self._glob(g).fullmatch(inner) for g in self.include) and \
            not any(self._glob(g).fullmatch(inner) for g in self.exclude)

    def describe(self) -> str:
        """The patterns as the Writer and the report see them."""
        if self.runner == "jest":
            what = (f"testRegex {list(self.regex)}" if self.regex
                    else f"testMatch {list(self.include)}")
            roots = f" under roots {list(self.roots)}" if self.roots != (".",) else ""
            return f"jest's {what}{roots} ({self.source})"
        folder = f" in {self.roots[0]}" if self.roots != (".",) else ""
        return f"vitest's include {list(self.include)}{folder} ({self.source})"

    def _glob(self, pattern: str) -> re.Pattern[str]:
        if pattern not in self._compiled:
            self._compiled[pattern] = glob_regex(pattern)
        return self._compiled[pattern]


def runner_patterns(checkout: Path, config: RepoConfig) -> RunnerPatterns | None:
    """The configured runner's test file patterns; None when the command runs neither jest nor
    vitest. Never runs the configuration."""
    runner = runner_of(config)
    if runner is None:
        return None
    named = _config_flag(config.test_command)
    try:
        if runner == "jest":
            return _jest(checkout, named)
        return _vitest(checkout, named)
    except (Unknown, OSError, ValueError, UnicodeDecodeError) as exc:
        return RunnerPatterns(runner, source=f"unreadable: {exc}"[:200], known=False)


def _config_flag(command: str) -> str | None:
    """The `--config FILE` / `-c FILE` the command names, if any."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    for index, word in enumerate(words):
        if word in ("--config", "-c") and index + 1 < len(words):
            return words[index + 1]
        if word.startswith("--config="):
            return word.split("=", 1)[1]
    return None


def _read(checkout: Path, rel: str) -> str | None:
    try:
        return read_beneath(checkout, rel, max_bytes=MAX_CONFIG_BYTES).decode("utf-8")
    except FileNotFoundError:
        return None


def _jest(checkout: Path, named: str | None) -> RunnerPatterns:
    values: dict[str, object] | None = None
    source = "jest's defaults"
    if named is not None and named.lstrip().startswith("{"):
        raise Unknown("the command passes jest's config inline")
    for rel in ([named] if named else [*JEST_FILES, "package.json"]):
        raw = _read(checkout, rel)
        if raw is None:
            continue
        if rel == "package.json":
            package = json.loads(raw)
            if isinstance(package, dict) and isinstance(package.get("jest"), dict):
                values, source = package["jest"], "package.json#jest"
            break
        values = json.loads(raw) if rel.endswith(".json") else _exported_object(raw, rel)
        source = rel
        break
    values = values or {}
    if "projects" in values or "preset" in values:
        raise Unknown("jest projects or a preset decide the test files")
    root_dir = _string(values.get("rootDir", "."))
    roots = tuple(_rel(root.replace("<rootDir>", root_dir)) for root in
                  _strings(values.get("roots", ["<rootDir>"])))
    regex = _strings(values.get("testRegex", []), single=True)
    include = _strings(values.get("testMatch", list(JEST_TEST_MATCH)))
    ignore = _strings(values.get("testPathIgnorePatterns", list(JEST_IGNORE)))

    def rooted(pattern: str) -> str:
        return pattern.replace("<rootDir>", f"{ROOT}/{root_dir}".rstrip("/.") or ROOT)

    for pattern in (*regex, *ignore):
        try:
            re.compile(rooted(pattern))
        except re.error as exc:
            raise Unknown(f"a pattern Python cannot read: {pattern!r}") from exc
    return RunnerPatterns("jest", source, include=tuple(rooted(p) for p in include),
                          regex=tuple(rooted(p) for p in regex),
                          ignore_regex=tuple(rooted(p) for p in ignore), roots=roots)


def _vitest(checkout: Path, named: str | None) -> RunnerPatterns:
    values: dict[str, object] = {}
    source = "vitest's defaults"
    for rel in ([named] if named else list(VITEST_FILES)):
        raw = _read(checkout, rel)
        if raw is None:
            continue
        values, source = _exported_object(raw, rel), rel
        break
    test = values.get("test", {})
    if not isinstance(test, dict):
        raise Unknown("`test` is computed")
    if "projects" in test or "workspace" in test:
        raise Unknown("vitest projects decide the test files")
    folder = test.get("dir", values.get("root", "."))
    include = _strings(test.get("include", list(VITEST_INCLUDE)))
    exclude = _strings(test.get("exclude", list(VITEST_EXCLUDE)))
    return RunnerPatterns("vitest", source, include=include, exclude=exclude,
                          roots=(_rel(_string(folder)),))


def _rel(folder: str) -> str:
    path = PurePosixPath(folder.replace("<rootDir>", "."))
    if path.is_absolute() or ".." in path.parts:
        raise Unknown(f"a folder outside the checkout: {folder!r}")
    return path.as_posix() or "."


def _string(value: object) -> str:
    if not isinstance(value, str):
        raise Unknown("a computed folder")
    return value


def _strings(value: object, single: bool = False) -> tuple[str, ...]:
    if single and isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Unknown("a computed list of patterns")
    return tuple(value)


def _exported_object(source: str, path: str) -> dict[str, object]:
    """The literal values of the object a JavaScript or TypeScript config exports."""
    tree, _ = parse(source, path if not path.endswith((".mts", ".cts")) else path[:-3] + "ts")
    root = tree.root_node
    exported: Node | None = None
    for node in walk(root):
        if node.type == "export_statement":
            value = node.child_by_field_name("value") or next(
                (c for c in node.named_children if c.type not in ("comment", "decorator")), None)
            if value is not None and any(c.type == "default" for c in node.children):
                exported = value
        elif node.type == "assignment_expression" and \
                text(node.child_by_field_name("left")) == "module.exports":
            exported = node.child_by_field_name("right")
    if exported is None:
        raise Unknown("no exported object")
    return _object(_resolve(root, exported))


def _resolve(root: Node, node: Node | None) -> Node:
    """Through `defineConfig(...)`, `as`/`satisfies` and a `const` the export names."""
    for _ in range(8):
        node = unwrap(node)
        if node is None:
            break
        if node.type in ("as_expression", "satisfies_expression", "parenthesized_expression"):
            node = node.named_children[0] if node.named_children else None
            continue
        if node.type == "call_expression":
            arguments = node.child_by_field_name("arguments")
            args = [c for c in arguments.named_children if c.type != "comment"] \
                if arguments is not None else []
            if text(node.child_by_field_name("function")) in ("defineConfig",
                                                              "defineProject") and args:
                node = args[0]
                continue
            raise Unknown("the config is computed by a call")
        if node.type == "identifier":
            node = _declared(root, text(node))
            continue
        if node.type == "object":
            return node
        raise Unknown(f"the config is a {node.type}")
    raise Unknown("the config could not be followed")


def _declared(root: Node, name: str) -> Node | None:
    for node in walk(root):
        if node.type == "variable_declarator" and text(node.child_by_field_name("name")) == name:
            return node.child_by_field_name("value")
    return None


def _object(node: Node) -> dict[str, object]:
    values: dict[str, object] = {}
    for child in node.named_children:
        if child.type == "comment":
            continue
        if child.type != "pair":
            raise Unknown("the config object spreads or computes its keys")
        key = child.child_by_field_name("key")
        name = string_value(key) if key is not None and key.type == "string" else text(key)
        values[name or ""] = _value(child.child_by_field_name("value"))
    return values


class _Computed:
    """A value the config computes; only an error when a pattern depends on it."""


def _value(node: Node | None) -> object:
    node = unwrap(node)
    if node is None:
        return _Computed()
    if node.type in ("string", "template_string"):
        value = string_value(node)
        return value if value is not None else _Computed()
    if node.type == "regex":
        pattern = node.child_by_field_name("pattern")
        return text(pattern) if pattern is not None else _Computed()
    if node.type == "array":
        return [_value(c) for c in node.named_children if c.type != "comment"]
    if node.type == "object":
        try:
            return _object(node)
        except Unknown:
            return _Computed()
    return _Computed()


def glob_escape(path: str) -> str:
    """`path` as a gitignore-style pattern matching just itself."""
    return re.sub(r"([*?\[\]!#\\])", r"\\\1", path)


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A micromatch glob (`**`, `*`, `?`, `[...]`, `{a,b}`, extglobs `?(…)` `+(…)` `*(…)`
    `@(…)` `!(…)`) as a regular expression over the whole path."""
    expanded = _braces(pattern)
    return re.compile("|".join(f"(?:{_translate(p)})" for p in expanded))


def _braces(pattern: str) -> list[str]:
    """`a.{js,ts}` → `a.js`, `a.ts` (nested too), at most MAX_EXPANSIONS."""
    depth, start = 0, -1
    for index, char in enumerate(pattern):
        if char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                inner, parts, level, last = pattern[start + 1:index], [], 0, 0
                for i, c in enumerate(inner):
                    level += c in "{(" and 1 or (-1 if c in "})" else 0)
                    if c == "," and level == 0:
                        parts.append(inner[last:i])
                        last = i + 1
                parts.append(inner[last:])
                if len(parts) == 1:
                    continue
                out: list[str] = []
                for part in parts:
                    out += _braces(pattern[:start] + part + pattern[index + 1:])
                    if len(out) > MAX_EXPANSIONS:
                        raise Unknown(f"a glob with too many alternatives: {pattern!r}")
                return out
    return [pattern]


def _translate(pattern: str) -> str:
    out, index = [], 0
    while index < len(pattern):
        char = pattern[index]
        if char in "?+*@!" and pattern[index + 1:index + 2] == "(":
            end, level = index + 1, 0
            while end < len(pattern):
                level += {"(": 1, ")": -1}.get(pattern[end], 0)
                if level == 0:
                    break
                end += 1
            alternatives = _split_bars(pattern[index + 2:end])
            group = "(?:" + "|".join(_translate(a) for a in alternatives) + ")"
            out.append({"?": group + "?", "+": group + "+", "*": group + "*", "@": group,
                        "!": f"(?!{group})[^/]*"}[char])
            index = end + 1
            continue
        if pattern.startswith("**/", index):
            out.append("(?:[^/]*/)*")
            index += 3
            continue
        if pattern.startswith("/**", index) and index + 3 == len(pattern):
            out.append("(?:/.*)?")
            index += 3
            continue
        if pattern.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", index + 1)
            if end < 0:
                out.append(re.escape(char))
            else:
                body = pattern[index + 1:end]
                body = "^" + body[1:] if body.startswith("!") else body
                out.append("[" + body.replace("\\", "\\\\") + "]")
                index = end
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


def _split_bars(inner: str) -> list[str]:
    parts, level, last = [], 0, 0
    for index, char in enumerate(inner):
        level += {"(": 1, ")": -1}.get(char, 0)
        if char == "|" and level == 0:
            parts.append(inner[last:index])
            last = index + 1
    parts.append(inner[last:])
    return parts
