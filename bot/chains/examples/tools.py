"""The generator's tools: the usual read and write tools, plus a read-only view of the
training examples as two virtual files that exist nowhere on disk.

`read_file` and `list_dir` on `@training/…` answer from memory; every write there is refused
(so the agent cannot edit the examples it is measured on). The example files themselves are
removed from the checkout and protected (bot/chains/examples/steps/prepare.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.chains.examples.split import Example
from bot.workspace.tools import ToolOutcome, ToolSet

VIEW = "@training"
FILES = {"positives.txt": True, "negatives.txt": False}
WINDOW = 200


class TrainingView:
    """A ToolSet with the training examples readable at `@training/positives.txt` and
    `@training/negatives.txt`."""

    def __init__(self, tools: ToolSet, train: Sequence[Example]) -> None:
        self.tools = tools
        self.lines = {name: [e.text for e in train if e.positive is label]
                      for name, label in FILES.items()}

    def definitions(self) -> list[dict[str, Any]]:
        return self.tools.definitions()

    async def call(self, name: str, args: dict[str, Any]) -> ToolOutcome:
        path = str(args.get("path", "")).strip().lstrip("./")
        if not path.startswith(VIEW):
            return await self.tools.call(name, args)
        outcome = self._answer(name, path, args)
        await self.tools.trajectory.record(step=self.tools.step, actor="agent", tool=name,
                                           args={"path": path}, ok=outcome.ok,
                                           detail="" if outcome.ok else outcome.content)
        return outcome

    def _answer(self, name: str, path: str, args: dict[str, Any]) -> ToolOutcome:
        if name == "list_dir" and path.rstrip("/") == VIEW:
            return ToolOutcome(ok=True, content=f"{VIEW}/\n" + "\n".join(
                f"{file} ({len(lines)} examples)" for file, lines in self.lines.items()))
        file = path.removeprefix(VIEW).strip("/")
        if name != "read_file":
            return ToolOutcome(ok=False, content=f"{VIEW} is a read-only view of the training "
                               "examples: only read_file and list_dir work there")
        if file not in self.lines:
            return ToolOutcome(ok=False, content=f"{path} does not exist; the view holds "
                               + ", ".join(f"{VIEW}/{f}" for f in self.lines))
        lines = self.lines[file]
        offset = max(1, int(args.get("offset") or 1))
        limit = max(1, min(1000, int(args.get("limit") or WINDOW)))
        window = lines[offset - 1:offset - 1 + limit]
        end = offset + len(window) - 1
        body = "\n".join(f"{n}\t{text}" for n, text in enumerate(window, offset))
        more = f"\n[more: read_file offset={end + 1}]" if end < len(lines) else ""
        return ToolOutcome(ok=True, content=f"{path} (lines {offset}-{end} of {len(lines)})\n"
                           f"{body}{more}")
