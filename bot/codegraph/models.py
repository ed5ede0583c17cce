"""Plain data the code graph hands out: definitions, references, reports and blast radius.

These are the boundary types DIAGNOSE's tools, ESTIMATE and the validator consume, so they are
pydantic models with no behaviour beyond validation.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.codegraph.discover import MAX_FILE_BYTES, SKIP_DIRS

# Defined beside the root checks that raise it, so they run without pydantic; re-exported here.
from bot.codegraph.discover import CodeGraphError as CodeGraphError

ReferenceKind = Literal["call", "import", "attribute"]
Rating = Literal["low", "medium", "high"]

DEFAULT_SKIP_DIRS = SKIP_DIRS


class Definition(BaseModel):
    """A function, method, class (or language equivalent) with its 1-based inclusive span."""

    model_config = ConfigDict(frozen=True)

    name: str
    qualname: str
    kind: str = Field(description='"function", "method", "class", "interface", "struct", ...')
    path: str = Field(description="posix path relative to the indexed root")
    line: int
    end_line: int


class Reference(BaseModel):
    """A use of a name: a call site, an import, or an attribute access."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="called/accessed name; for imports the dotted path as written")
    kind: ReferenceKind
    path: str
    line: int
    enclosing: str | None = Field(description="qualname of the innermost definition, None at top")


class ParseFailure(BaseModel):
    """A file that was not indexed cleanly. `partial` files still contribute what parsed."""

    path: str
    reason: str
    line: int | None = None
    partial: bool = Field(description="True when the file was indexed despite syntax errors")


class IndexOptions(BaseModel):
    """What to index and how hard to work at it."""

    max_file_bytes: int = Field(
        default=MAX_FILE_BYTES, description="larger files are skipped as huge"
    )
    workers: int | None = Field(default=None, description="parser processes; None: the usable CPUs")
    parallel_min_bytes: int = Field(
        default=1_000_000,
        description="parse in a process pool only when this much source needs parsing; on 2 "
        "cores the pool halves a 1 MB parse once its server runs, but the first pool of a "
        "process costs ~0.4 s to start",
    )
    niceness: int = Field(
        default=0,
        ge=0,
        le=19,
        description="added to the parser processes' nice value: a graph built in the "
        "background leaves the CPU to the questions asked meanwhile",
    )
    skip_dirs: frozenset[str] = Field(
        default=DEFAULT_SKIP_DIRS,
        description="directory names never entered (plus every dot-directory)",
    )


class IndexReport(BaseModel):
    """What one indexing pass did, for PREPARE's record and the CLI summary."""

    root: str
    files: int = Field(description="source files in the graph (including partial ones)")
    definitions: int
    references: int
    parse_failures: list[ParseFailure] = Field(default_factory=list)
    skipped: dict[str, int] = Field(
        default_factory=dict, description="files left out, by reason (huge, generated, ...)"
    )
    reparsed: int = Field(description="files parsed in this pass (the rest came from the cache)")
    workers: int = Field(description="parser processes used: 0 nothing parsed, 1 in-process")
    seconds: float


class BlastRadiusThresholds(BaseModel):
    """Where low turns into medium and medium into high; a value at or above a limit counts."""

    medium_callers: int = Field(default=5, description="distinct direct callers (one hop)")
    high_callers: int = Field(default=20, description="distinct direct callers (one hop)")
    medium_files: int = Field(default=4, description="distinct files reached within two hops")
    high_files: int = Field(default=12, description="distinct files reached within two hops")
    medium_packages: int = Field(
        default=2, description="distinct packages (directories) within two hops"
    )
    high_packages: int = Field(
        default=5, description="distinct packages (directories) within two hops"
    )


class BlastRadius(BaseModel):
    """How far a change to some definitions reaches, with the numbers that justify the rating."""

    rating: Rating
    reasons: list[str] = Field(description="which numbers crossed which thresholds")
    changed: list[str] = Field(description="qualnames of the changed definitions")
    direct_callers: int
    direct_files: int
    direct_packages: int
    two_hop_callers: int = Field(description="distinct callers within two hops (includes direct)")
    two_hop_files: int
    two_hop_packages: int
    call_sites: int = Field(description="references to the changed names (calls and attributes)")
    callers: list[Definition] = Field(description="the direct callers")
    possible_callers: int = Field(
        default=0, description="definitions using the name in files with no link to the changed "
        "definition's class or module (same-named methods elsewhere): shown, never counted")
