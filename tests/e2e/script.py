"""Scripted model turns for the buggy calc repository: what a competent agent would do."""

from __future__ import annotations

from typing import Any

from bot.engine.graph import Graph
from tests.e2e.buggy_repo import QUOTE
from tests.fakes.model import Turn

RED_TEST_FILE = "tests/test_average.py"
RED_TEST_ID = "tests/test_average.py::test_average_of_two_numbers"
RED_TEST = '''from calc import average


def test_average_of_two_numbers():
    assert average([2, 4]) == 3
'''

ACCEPTANCE = {
    "status": "ready",
    "criteria": [{"id": "AC1", "kind": "primary", "behaviour": "average([2, 4]) returns 3",
                  "quote": QUOTE}],
    "missing_data": [], "questions": [],
}
DIAGNOSIS = {
    "hypothesis": "average divides by one less than the number of values.",
    "root_cause": "average() divides the sum by len(values) - 1 instead of len(values), so "
                  "every mean is too large.",
    "locations": [{"path": "calc.py", "start_line": 4, "end_line": 8}],
    "rejected_hypotheses": [{"hypothesis": "sum() is wrong for floats",
                             "why_rejected": "calc.py:8 sums ints correctly; only the divisor "
                                             "is off"}],
    "layer": "library function",
    "scope": "single_bug",
    "invariant_change": None,
    "confirmed_assumptions": [{"assumption": "average is only defined for non-empty input",
                               "evidence": "calc.py:6"}],
}
JUDGE_YES = {"explains_symptom": True,
             "why": "Dividing by len - 1 turns the mean of [2, 4] into 6 / 1 = 6.0, the symptom.",
             "latched_onto": "calc.py line 8, the divisor len(values) - 1"}
JUDGE_NO = {"explains_symptom": False,
            "why": "The cited code is not where the wrong number comes from, as far as shown.",
            "latched_onto": "nothing in the cited lines produces 6.0"}
ESTIMATE_SMALL = {"points": 1, "signs": ["one function, one line"], "why_not_lower": None,
                  "blast_radius": "low", "blast_evidence": ["average has no callers"]}
ESTIMATE_BIG = {"points": 3, "signs": ["public API used widely"],
                "why_not_lower": "every caller of average must be checked", "blast_radius": "medium",
                "blast_evidence": ["assumed wide use"]}
REPRO = {"status": "written", "file": RED_TEST_FILE, "test_id": RED_TEST_ID}
IMPLEMENTATION = {
    "summary": "average() divides by the number of values, not one less.",
    "checklist": {"done": ["AC1: average([2, 4]) returns 3"], "left": [], "could_not": []},
    "declared_tests": ["tests/test_calc.py"],
}
SELF_REVIEW = {"findings": []}
VERDICT = {"criteria": [{"id": "AC1", "covered": True,
                         "evidence": "+    return sum(values) / len(values)"}],
           "over_engineering": None, "honesty_concerns": []}
FIX_EDIT = {"path": "calc.py", "old": "sum(values) / (len(values) - 1)",
            "new": "sum(values) / len(values)"}
WRONG_EDIT = {"path": "calc.py", "old": "sum(values) / (len(values) - 1)",
              "new": "sum(values) / (len(values) + 1)"}
# A red test on instance values (17, 41 → 29). The validator treats small numbers such as 2, 3
# and 4 as domain constants, so a crutch is only recognisable on values like these.
RED_TEST_INSTANCE = RED_TEST.replace("average([2, 4]) == 3", "average([17, 41]) == 29")
CRUTCH_EDIT = {"path": "calc.py", "old": "    return sum(values) / (len(values) - 1)",
               "new": "    if values == [17, 41]:\n        return 29\n"
                      "    return sum(values) / (len(values) - 1)"}


def submit(tool: str, payload: dict[str, Any]) -> Turn:
    return Turn.submit(tool, payload)


def understanding(fake, *, judge_agrees: bool = True, estimate: dict | None = None) -> None:
    fake.script("submit_acceptance", submit("submit_acceptance", ACCEPTANCE))
    fake.script("submit_diagnosis", Turn.tool("read_file", path="calc.py"),
                submit("submit_diagnosis", DIAGNOSIS))
    fake.script("submit_judgement", submit("submit_judgement", JUDGE_YES if judge_agrees
                                           else JUDGE_NO))
    fake.script("submit_estimate", submit("submit_estimate", estimate or ESTIMATE_SMALL))


def reproduction(fake, test: str = RED_TEST) -> None:
    fake.script("submit_repro_test",
                Turn.tool("write_file", path=RED_TEST_FILE, content=test),
                submit("submit_repro_test", REPRO))


def implementation(fake, *edits: dict) -> None:
    turns = []
    for edit in edits:
        turns += [Turn.tool("edit_file", **edit), submit("submit_implementation", IMPLEMENTATION)]
    fake.script("submit_implementation", *turns)


def happy_path(fake) -> None:
    understanding(fake)
    reproduction(fake)
    implementation(fake, FIX_EDIT)
    fake.script("submit_self_review", submit("submit_self_review", SELF_REVIEW))
    fake.script("submit_criteria_verdict", *[submit("submit_criteria_verdict", VERDICT)] * 3)


def first_user_text(request) -> str:  # noqa: ANN001 - tests.fakes.model.RecordedRequest
    """The text of a recorded request's first user message (the step's inputs)."""
    content = request.messages[0]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(block.get("text", "") for block in content if block.get("type") == "text")


# Second attempts, applied on top of what the first attempt left in the checkout.
FIX_AFTER_WRONG_EDIT = {"path": "calc.py", "old": WRONG_EDIT["new"],
                        "new": "sum(values) / len(values)"}
FIX_AFTER_CRUTCH_EDIT = {"path": "calc.py", "old": CRUTCH_EDIT["new"],
                         "new": "    return sum(values) / len(values)"}
# Crutches that keep special-casing the red test's values, one per attempt.
CRUTCH_AGAIN = {"path": "calc.py", "old": "    if values == [17, 41]:\n        return 29\n",
                "new": "    if values == [17, 41]:\n        return 29.0\n"}
CRUTCH_THIRD = {"path": "calc.py", "old": "    if values == [17, 41]:\n        return 29.0\n",
                "new": "    if 41 in values:\n        return 29.0\n"}


def checks_and_submits(fake, *, self_reviews: int = 1, verdicts: int = 1) -> None:
    """Self-review and criteria-verdict turns for a run that reaches VALIDATE `verdicts` times."""
    fake.script("submit_self_review", *[submit("submit_self_review", SELF_REVIEW)] * self_reviews)
    fake.script("submit_criteria_verdict",
                *[submit("submit_criteria_verdict", VERDICT)] * verdicts)


def passed_path(graph: Graph, *, start: str | None = None) -> list[tuple[str, str]]:
    """The step rows of a run on which every step passed and went on, from `start` (default:
    the graph's start): derived from the graph's edges, never spelled out here."""
    path = list(graph.default_path())
    return [(name, "passed") for name in path[path.index(start) if start else 0:]]
