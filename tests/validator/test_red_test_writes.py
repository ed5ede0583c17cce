"""Any write to the red test after its red run is tampering, however much of it it keeps: each
write below keeps every line the red run saw and still weakens the test (found on review of a
"stronger test" exemption, taken back)."""

from __future__ import annotations

import pytest

from bot.validator.static import validate_static
from bot.workspace.trajectory import TrajectoryEvent

RED_FILE = "tests/test_total.py"
RED = "from app.total import total\n\n\ndef test_total():\n    assert total([1, 2]) == 3\n"
KEPT_BUT_WEAKER = {
    "re-indented under suppress": RED.replace(
        "    assert total", "    with contextlib.suppress(AssertionError):\n        assert total"),
    "moved into a function nobody runs": RED.replace(
        "    assert total([1, 2]) == 3\n",
        "    assert total([1]) == 1\n\n\ndef _kept_for_reference():\n    assert total([1, 2]) == 3\n"),
    "shadowed by a second test": RED + "\n\ndef test_total():\n    assert True\n",
    "the subject stubbed": RED.replace("from app.total import total\n",
                                       "from app.total import total\ntotal = lambda xs: 3\n"),
}


def _events(second_write: str) -> list[TrajectoryEvent]:
    return [
        TrajectoryEvent(seq=1, step="brt", actor="agent", tool="write_file",
                        args={"path": RED_FILE, "content": RED}, ok=True),
        TrajectoryEvent(seq=2, step="brt", actor="code", tool="run_tests",
                        args={"test_id": f"{RED_FILE}::test_total"}, ok=False),
        TrajectoryEvent(seq=3, step="implement", actor="agent", tool="write_file",
                        args={"path": RED_FILE, "content": second_write}, ok=True),
    ]


@pytest.mark.parametrize("after", KEPT_BUT_WEAKER.values(), ids=KEPT_BUT_WEAKER.keys())
def test_a_write_that_keeps_every_red_line_is_still_tampering(after: str, make_diff) -> None:
    diff = make_diff({RED_FILE: {"after": after}})
    verdict = validate_static(diff, _events(after), red_test=f"{RED_FILE}::test_total")
    assert "brt_tampering" in {f.kind for f in verdict.vetoes}
