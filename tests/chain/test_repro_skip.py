"""BRT's skips: which are accepted for which code, and "no test harness" checked by code."""

from __future__ import annotations

import pytest

from bot.chains.fix.artifacts import Diagnosis, ReproTest
from bot.chains.fix.repro_skip import refused_skip
from tests.e2e.script import DIAGNOSIS

BACKEND_REASONS = ["nondeterministic", "no_test_harness"]
EXPLANATION = "The symptom is a layout overlap that only a browser shows."


def diagnosis(*paths: str) -> Diagnosis:
    return Diagnosis.model_validate({**DIAGNOSIS, "locations": [
        {"path": path, "start_line": 1, "end_line": 1} for path in paths]})


def skip(reason: str) -> ReproTest:
    return ReproTest(status="skipped", skip_reason=reason, explanation=EXPLANATION)  # type: ignore[arg-type]


def refused(reason: str, *paths: str, tests: tuple[str, ...] = ()) -> str | None:
    return refused_skip(skip(reason), diagnosis(*paths), test_files=list(tests),
                        backend_reasons=BACKEND_REASONS)


@pytest.mark.parametrize("reason", ["visual", "text", "other"])
def test_backend_code_cannot_be_skipped_as_visual_text_or_other(reason: str) -> None:
    why = refused(reason, "calc.py", tests=("tests/test_calc.py",))
    assert why is not None and "not accepted for backend code (calc.py)" in why
    assert '"nondeterministic" or "no_test_harness"' in why


def test_backend_code_may_be_skipped_as_nondeterministic() -> None:
    assert refused("nondeterministic", "worker/queue.py", tests=("tests/test_q.py",)) is None


@pytest.mark.parametrize("reason", ["visual", "text", "other"])
def test_frontend_and_texts_may_be_skipped(reason: str) -> None:
    assert refused(reason, "web/src/Header.tsx", "locales/de.json") is None


def test_no_test_harness_is_refused_when_the_repository_has_tests_for_that_language() -> None:
    why = refused("no_test_harness", "calc.py", tests=("tests/test_calc.py",))
    assert why is not None and "tests/test_calc.py" in why
    # Python tests say nothing about a harness for the TypeScript front end, nor none at all.
    assert refused("no_test_harness", "web/src/Header.tsx", tests=("tests/test_calc.py",)) is None
    assert refused("no_test_harness", "calc.py") is None


def test_a_written_test_is_never_a_refused_skip() -> None:
    written = ReproTest(status="written", file="tests/test_a.py", test_id="tests/test_a.py::t")
    assert refused_skip(written, diagnosis("calc.py"), test_files=[],
                        backend_reasons=[]) is None


def test_the_repository_can_allow_more_for_backend_code() -> None:
    assert refused_skip(skip("other"), diagnosis("calc.py"), test_files=[],
                        backend_reasons=["other"]) is None
