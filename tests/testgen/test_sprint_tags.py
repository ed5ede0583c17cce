"""A sprint's tags reach generated files from attacker-controlled milestone and issue titles:
they stay one printable line, never close a comment, and are written as Python literals."""

from __future__ import annotations

import ast

from bot.chains.tests.js_tagging import PRAGMA, tag_js
from bot.chains.tests.sprint import one_line, sprint_params
from bot.forge.base import Milestone, pick_milestone

HOSTILE = "Sprint */ 24\nprocess.exit(1) // \x1b[31m"


def test_a_hostile_milestone_title_becomes_one_safe_line() -> None:
    params = sprint_params(Milestone(number=3, id=9, title=HOSTILE + "x" * 200))
    title = params["tests_sprint"]["title"]
    assert "\n" not in title and "*/" not in title and "\x1b" not in title
    assert len(title) == 100 and title.startswith("Sprint * / 24 process.exit(1) //")
    # File names, branch and subject come from the number, never from the title.
    assert (params["tests_tag"], params["tests_branch"]) == ("sprint3", "smith/tests-sprint-3")


def test_a_js_docblock_carries_sprint_and_task_and_stays_closed() -> None:
    tagged = tag_js("test('x', () => {});\n", "issue #12 of sprint S", {
        "sprint": "S */ alert(1)\nnext", "task": "#12"})
    docblock, code = tagged.split(" */\n", 1)
    assert docblock.startswith(f"/**\n * {PRAGMA} for issue #12 of sprint S;")
    assert " * @sprint S * / alert(1) next" in docblock.splitlines()
    assert " * @task #12" in docblock.splitlines()
    assert code == "test('x', () => {});\n"
    assert tag_js(tagged, "again") == tagged  # tagged once


def test_the_marker_keywords_are_python_literals_whatever_the_title() -> None:
    title = one_line("it's \"quoted\" \\ and ')")
    line = f"pytestmark = pytest.mark.smith_generated(sprint={title!r}, task='#2')"
    call = ast.parse(line).body[0].value  # type: ignore[attr-defined]
    assert ast.literal_eval(call.keywords[0].value) == title


def test_milestones_are_named_by_exact_title_then_any_case_then_number() -> None:
    twelve = Milestone(number=12, id=1, title="Q3")
    digits = Milestone(number=1, id=2, title="12")
    lower = Milestone(number=2, id=3, title="sprint 24")
    upper = Milestone(number=3, id=4, title="Sprint 24")
    known = [twelve, digits, lower, upper]
    assert pick_milestone(known, "Sprint 24") is upper
    assert pick_milestone(known, "SPRINT 24") is lower
    assert pick_milestone(known, "12") is digits  # a title of digits wins over a number
    assert pick_milestone(known, "#12") is twelve and pick_milestone(known, "%12") is twelve
    assert pick_milestone(known, "13") is None
