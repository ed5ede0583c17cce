"""What a competent agent does on a corpus repository, as scripted model turns.

A `Story` is one bug with its paths; the Python repositories all carry the e2e suite's calc bug
(`average` divides by `len - 1`), moved to wherever the repository keeps its code, so the turns
of `tests/e2e/script.py` apply with the paths rewritten.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from bot.llm import estimate_tokens
from tests.e2e import script
from tests.fakes.model import FakeModelServer, Turn


@dataclass(frozen=True)
class Story:
    source: str
    """The file holding the bug (and the fix)."""
    red_file: str
    red_test: str
    red_id: str
    fix: dict[str, str]
    acceptance: dict[str, Any]
    diagnosis: dict[str, Any]
    implementation: dict[str, Any]
    verdict: dict[str, Any]
    judge: dict[str, Any] = field(default_factory=lambda: dict(script.JUDGE_YES))

    @property
    def intended(self) -> list[str]:
        """The files the pull request must hold: the fix and the red test, nothing else."""
        return sorted([self.source, self.red_file])


def _moved(value: Any, prefix: str) -> Any:
    """`value` with every string that starts with a calc.py or tests/ path moved under
    `prefix` (citations such as "calc.py:6" included)."""
    text = json.dumps(value)
    text = text.replace('"calc.py', f'"{prefix}calc.py').replace('"tests/', f'"{prefix}tests/')
    return json.loads(text)


def python_story(prefix: str = "") -> Story:
    """The calc bug with its files under `prefix` (e.g. `services/api/`)."""
    return Story(
        source=f"{prefix}calc.py",
        red_file=f"{prefix}{script.RED_TEST_FILE}",
        red_test=script.RED_TEST,
        red_id=f"{prefix}{script.RED_TEST_ID}",
        fix=_moved(script.FIX_EDIT, prefix),
        acceptance=copy.deepcopy(script.ACCEPTANCE),
        diagnosis=_moved(script.DIAGNOSIS, prefix),
        implementation=_moved(script.IMPLEMENTATION, prefix),
        verdict=copy.deepcopy(script.VERDICT),
    )


def understanding(fake: FakeModelServer, story: Story) -> None:
    fake.script("submit_acceptance", Turn.submit("submit_acceptance", story.acceptance))
    fake.script("submit_diagnosis", Turn.tool("read_file", path=story.source),
                Turn.submit("submit_diagnosis", story.diagnosis))
    fake.script("submit_judgement", Turn.submit("submit_judgement", story.judge))
    fake.script("submit_estimate", Turn.submit("submit_estimate", script.ESTIMATE_SMALL))


def reproduction(fake: FakeModelServer, story: Story) -> None:
    repro = {"status": "written", "file": story.red_file, "test_id": story.red_id}
    fake.script("submit_repro_test",
                Turn.tool("write_file", path=story.red_file, content=story.red_test),
                Turn.submit("submit_repro_test", repro))


def fix_and_checks(fake: FakeModelServer, story: Story) -> None:
    fake.script("submit_implementation", Turn.tool("edit_file", **story.fix),
                Turn.submit("submit_implementation", story.implementation))
    fake.script("submit_self_review", Turn.submit("submit_self_review", script.SELF_REVIEW))
    fake.script("submit_criteria_verdict",
                *[Turn.submit("submit_criteria_verdict", story.verdict)] * 2)


def whole_fix(fake: FakeModelServer, story: Story) -> None:
    understanding(fake, story)
    reproduction(fake, story)
    fix_and_checks(fake, story)


def oversized_requests(fake: FakeModelServer, *, token_cap: int, bound: int) -> list[str]:
    """Every recorded request that could pass the run's token cap, or whose first message or a
    tool result is above the step input bound (estimated the way the preflight estimates)."""
    found = []
    for n, request in enumerate(fake.requests):
        total = estimate_tokens(request.body) + int(request.body.get("max_tokens", 0))
        if total > token_cap:
            found.append(f"request {n} ({request.step}): ~{total} tokens > cap {token_cap}")
        first = request.messages[0]["content"] if request.messages else ""
        if estimate_tokens(first) > bound:
            found.append(f"request {n} ({request.step}): inputs above the bound {bound}")
        for message in request.messages:
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if block.get("type") == "tool_result" and \
                        estimate_tokens(block.get("content", "")) > bound:
                    found.append(f"request {n} ({request.step}): a tool result above {bound}")
    return found
