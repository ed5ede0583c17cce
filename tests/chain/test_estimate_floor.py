"""ESTIMATE's floor: the points the diagnosis' own facts imply, and code raising the model's."""

from __future__ import annotations

from typing import Any

from bot.chains.fix.artifacts import Diagnosis, Estimate
from bot.chains.fix.estimate_floor import estimate_floor
from bot.chains.fix.steps.estimate import checked_points
from bot.codegraph.models import BlastRadius
from tests.e2e.script import DIAGNOSIS, ESTIMATE_SMALL


def diagnosis(**changes: Any) -> Diagnosis:
    return Diagnosis.model_validate({**DIAGNOSIS, **changes})


def at(*paths: str) -> list[dict[str, Any]]:
    return [{"path": path, "start_line": 1, "end_line": 2} for path in paths]


def radius(rating: str, callers: int) -> BlastRadius:
    return BlastRadius(rating=rating, reasons=[], changed=["average"], direct_callers=callers,
                       direct_files=1, direct_packages=1, two_hop_callers=callers,
                       two_hop_files=1, two_hop_packages=1, call_sites=callers, callers=[])


def test_one_file_of_one_layer_with_one_bug_has_no_floor() -> None:
    floor = estimate_floor(diagnosis())
    assert floor.points == 0.5 and floor.reasons == []


def test_two_files_are_at_least_two_points_and_four_are_three() -> None:
    assert estimate_floor(diagnosis(locations=at("calc.py", "stats.py"))).points == 2
    four = estimate_floor(diagnosis(locations=at("a.py", "b.py", "c.py", "d.py")))
    assert four.points == 3 and "4 files" in four.reasons[0]


def test_a_test_file_beside_the_code_is_not_a_second_file() -> None:
    assert estimate_floor(diagnosis(locations=at("calc.py", "tests/test_calc.py"))).points == 0.5


def test_layers_count_the_kinds_of_code_touched() -> None:
    two = estimate_floor(diagnosis(locations=at("api/users.py", "web/src/Profile.tsx")))
    assert two.points == 2 and any("backend and frontend" in r for r in two.reasons)
    three = estimate_floor(diagnosis(locations=at("api/users.py", "web/src/Profile.tsx",
                                                  "migrations/0007_phone.py")))
    assert three.points == 3


def test_an_invariant_change_is_two_and_relied_on_by_many_is_three() -> None:
    few = {"description": "average of [] returns 0", "relied_on_by": ["report.py", "api.py"]}
    assert estimate_floor(diagnosis(invariant_change=few)).points == 2
    many = {**few, "relied_on_by": [f"m{n}.py" for n in range(5)]}
    assert estimate_floor(diagnosis(invariant_change=many)).points == 3
    # Few named, but the code graph finds the change's reach high: also many.
    assert estimate_floor(diagnosis(invariant_change=few), radius("high", 25)).points == 3


def test_a_class_of_bugs_is_at_least_two() -> None:
    floor = estimate_floor(diagnosis(scope="class_of_bugs"))
    assert floor.points == 2 and floor.reasons == ["the diagnosis found a class of bugs, not one"]


def test_points_below_the_floor_are_raised_with_the_reasons_and_a_why_not_lower() -> None:
    model = Estimate.model_validate(ESTIMATE_SMALL)
    raised = checked_points(model, diagnosis(scope="class_of_bugs"), None)
    assert (raised.points, raised.raised_from) == (2, 1)
    assert raised.floor_reasons == ["the diagnosis found a class of bugs, not one"]
    Estimate.model_validate(raised.model_dump())  # still a valid artifact (why_not_lower set)


def test_points_at_or_above_the_floor_stay_and_the_code_fields_are_codes_own() -> None:
    model = Estimate.model_validate({**ESTIMATE_SMALL, "points": 3, "why_not_lower": "wide",
                                     "raised_from": 0.5, "floor_reasons": ["model says so"]})
    kept = checked_points(model, diagnosis(scope="class_of_bugs"), None)
    assert (kept.points, kept.raised_from, kept.floor_reasons) == (3, None, [])
