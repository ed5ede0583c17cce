"""What a changed file is: its language, whether it is a test, a manifest, frontend code.

Conventions cover Python, JavaScript/TypeScript, Go and Java so detectors can tell a test
(where asserting is the point) from product code (where a skip or an env check is a crutch).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Literal

_LANGUAGES = {
    ".py": "python",
    ".pyi": "python",
    ".js": "javascript",
    ".jsx": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".java": "java",
    ".kt": "kotlin",
    ".kts": "kotlin",
    ".rb": "ruby",
    ".rake": "ruby",
    ".cs": "csharp",
    ".php": "php",
    ".rs": "rust",
    ".swift": "swift",
    ".scala": "scala",
    ".vue": "javascript",
    ".svelte": "javascript",
}
C_LIKE = frozenset(
    {
        "javascript",
        "typescript",
        "tsx",
        "go",
        "java",
        "kotlin",
        "csharp",
        "php",
        "rust",
        "swift",
        "scala",
    }
)
JS_LIKE = frozenset({"javascript", "typescript", "tsx"})

_TEST_DIR = re.compile(
    r"(^|/)(tests?|__tests__|__mocks__|spec|specs|testing|e2e|cypress|playwright|testdata|src/test)(/|$)"
)
_TEST_FILE = re.compile(
    r"(^test_.*\.py$|^tests?\.py$|.*_tests?\.py$|^conftest\.py$|.*\.(test|spec|e2e|cy)\.[cm]?[jt]sx?$|.*_test\.go$"
    r"|.*(Test|Tests|IT|TestCase)\.(java|kt)$|.*_(spec|test)\.rb$|^test_.*\.rb$|.*Tests?\.cs$)"
)
# Test infrastructure outside test folders: the runners' configs and setup files. They decide
# how tests run (workers on CI, reporters, polyfills); they are not product code.
_TEST_SUPPORT = re.compile(
    r"^((jest|vitest|playwright|cypress|karma|wdio|ava|nightwatch|jasmine|protractor)\.conf(ig)?(\.[\w-]+)?"
    r"\.[cm]?[jt]sx?|\.mocharc\.[\w]+|setupTests\.[cm]?[jt]sx?|(jest|vitest)[.-]setup\.[cm]?[jt]sx?|"
    r"test[.-]setup\.[cm]?[jt]sx?|noxfile\.py|pytest\.ini|tox\.ini)$"
)
_MANIFESTS = re.compile(
    r"(^|/)(requirements[^/]*\.(txt|in)|constraints[^/]*\.txt|Pipfile(\.lock)?|poetry\.lock|uv\.lock|pdm\.lock"
    r"|setup\.py|setup\.cfg|pyproject\.toml|package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock"
    r"|pnpm-lock\.yaml|bun\.lockb|go\.mod|go\.sum|pom\.xml|build\.gradle(\.kts)?|gradle\.lockfile|Cargo\.(toml|lock)"
    r"|Gemfile(\.lock)?|composer\.(json|lock)|requirements/[^/]+\.(txt|in)|environment\.ya?ml|conda\.ya?ml)$"
)
_LINT_CONFIGS = re.compile(
    r"(^|/)(\.flake8|setup\.cfg|tox\.ini|\.pylintrc|pylintrc|mypy\.ini|\.mypy\.ini|ruff\.toml|\.ruff\.toml|pyproject\.toml"
    r"|\.eslintrc(\.\w+)?|eslint\.config\.[cm]?[jt]s|\.eslintignore|tsconfig[^/]*\.json|\.golangci\.ya?ml|\.golangci\.toml"
    r"|checkstyle[^/]*\.xml|\.stylelintrc(\.\w+)?|biome\.json|\.pre-commit-config\.yaml|\.coveragerc"
    r"|\.rubocop(_todo)?\.yml|\.standard\.yml|\.reek\.yml|staticcheck\.conf|\.swiftlint\.yml|detekt\.yml)$"
)
_FRONTEND = re.compile(
    r"(^|/)(frontend|web|webapp|client|ui|app|src/components|components|pages|views)(/|$)"
)
_ENTRYPOINT = re.compile(
    r"(^|/)(cli|__main__|manage|main)\.py$|(^|/)(scripts?|bin|cmd|tools)/|(^|/)main\.go$|"
    r"\.rake$|(^|/)lib/tasks/"  # Rake tasks are command-line tools too
)


Layer = Literal["frontend", "backend", "database", "text", "build", "test"]
"""Where a file sits in an application: what ESTIMATE counts as layers and BRT as backend."""

_TEXT = re.compile(
    r"(^|/)(locales?|i18n|l10n|translations?|lang)(/|$)"
    r"|\.(po|pot|xliff|xlf|ftl|properties|strings|resx|arb)$"
)
_DATABASE = re.compile(r"(^|/)(migrations?|alembic|db/migrate)(/|$)|\.sql$")
# Unlike `_FRONTEND` (where a print may be on purpose), `app/` and `views/` are backend here:
# Django and Rails keep server code in them.
_UI_DIRS = re.compile(
    r"(^|/)(frontend|web|webapp|client|ui|components|static|templates|public|styles)(/|$)"
)
_UI_SUFFIXES = frozenset({".tsx", ".jsx", ".vue", ".svelte", ".css", ".scss", ".sass", ".less",
                          ".html", ".htm", ".jinja", ".j2", ".hbs", ".svg"})
_BUILD = re.compile(
    r"(^|/)(Dockerfile[^/]*|Makefile|\.github/.*|\.gitlab-ci\.yml|helm/.*|k8s/.*|[^/]+\.(ya?ml|toml|ini|cfg))$"
)


@lru_cache(maxsize=4096)
def layer_of(path: str) -> Layer:
    """The layer of `path`, from its folders and suffix (a heuristic: names, not contents).
    Plain JavaScript outside UI folders counts as backend (Node)."""
    if is_test_path(path):
        return "test"
    if _TEXT.search(path):
        return "text"
    if _DATABASE.search(path):
        return "database"
    if PurePosixPath(path).suffix.lower() in _UI_SUFFIXES or _UI_DIRS.search(path):
        return "frontend"
    if is_manifest(path) or is_lint_config(path) or _BUILD.search(path):
        return "build"
    return "backend"


@lru_cache(maxsize=4096)
def language_of(path: str) -> str | None:
    return _LANGUAGES.get(PurePosixPath(path).suffix.lower())


@lru_cache(maxsize=4096)
def is_test_path(path: str) -> bool:
    name = PurePosixPath(path).name
    return bool(_TEST_FILE.match(name) or _TEST_DIR.search(path) or _TEST_SUPPORT.match(name))


def is_test_file_name(path: str) -> bool:
    """Whether the file's name is a test file's (`test_x.py`, `x.test.ts`, `XTest.java`), not
    a helper, fixture or fake that merely lives in a test folder."""
    name = PurePosixPath(path).name
    return bool(_TEST_FILE.match(name)) and name != "conftest.py"


def is_code_path(path: str) -> bool:
    return language_of(path) is not None


def is_product_code(path: str) -> bool:
    return is_code_path(path) and not is_test_path(path)


def is_manifest(path: str) -> bool:
    return bool(_MANIFESTS.search(path))


def is_lint_config(path: str) -> bool:
    return bool(_LINT_CONFIGS.search(path))


def is_frontend_test(path: str) -> bool:
    return language_of(path) in JS_LIKE and is_test_path(path)


def is_entrypoint(path: str) -> bool:
    """Scripts and CLIs print on purpose; a print there is not a debug leftover."""
    return bool(_ENTRYPOINT.search(path))


def comment_prefixes(language: str | None) -> tuple[str, ...]:
    if language == "python" or language == "ruby":
        return ("#",)
    if language in C_LIKE:
        return ("//", "/*", "*")
    return ("#", "//")
