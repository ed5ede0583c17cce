"""The README read as a newcomer reads it: its sections, its shell blocks, the files its
heredocs write and its `.smith.yml` examples.

Nothing here knows what the README says: the tests find the blocks by the headings a newcomer
follows, so a changed command is a changed test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

_HEADING = re.compile(r"^(#{1,6}) (.+?)\s*$", re.MULTILINE)
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
_HEREDOC = re.compile(r"^cat > (\S+) <<'EOF'\n(.*?)^EOF$", re.MULTILINE | re.DOTALL)


def text() -> str:
    return README.read_text()


def section(heading: str, *, with_subsections: bool = False) -> str:
    """The text under `heading` up to the next heading (of its level or higher when
    `with_subsections`)."""
    source = text()
    # Lines inside fenced blocks are never headings (a bug report's `# title` is not).
    blanked = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), source)
    headings = list(_HEADING.finditer(blanked))
    for index, match in enumerate(headings):
        if match.group(2) != heading:
            continue
        level = len(match.group(1))
        end = len(source)
        for later in headings[index + 1:]:
            if not with_subsections or len(later.group(1)) <= level:
                end = later.start()
                break
        return source[match.end():end]
    raise AssertionError(f"the README has no heading {heading!r}")


def blocks(body: str, language: str) -> list[str]:
    """The fenced blocks of `language` in `body`, in order."""
    return [code for lang, code in _FENCE.findall(body) if lang == language]


def heredocs(block: str) -> dict[str, str]:
    """Files a shell block writes with `cat > FILE <<'EOF'`: name -> content."""
    return {name: content for name, content in _HEREDOC.findall(block)}


def smith_yml_examples() -> dict[str, str]:
    """Every `.smith.yml` the README shows, by where it is: the yaml blocks of the `.smith.yml`
    and held-out sections, and the files named `.smith.yml` its shell blocks write."""
    found: dict[str, str] = {}
    for heading in ("`.smith.yml`", "Artefacts judged on held-out examples (`smith:examples`)"):
        for index, block in enumerate(blocks(section(heading), "yaml")):
            found[f"{heading} #{index + 1}"] = block
    for index, block in enumerate(blocks(text(), "sh")):
        if ".smith.yml" in heredocs(block):
            found[f"shell block #{index + 1}"] = heredocs(block)[".smith.yml"]
    return found
