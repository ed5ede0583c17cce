"""Gates 1-3 and 5 on small real projects, every run in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.gates import GateSettings, code_kind, run_gates
from tests.sandboxed import CONFIG, SANDBOX

CALC = "def double(x):\n    return x * 2\n"
STABLE = "from calc import double\n\n\ndef test_double():\n    assert double(2) == 4\n"
FLIPS = '''

def test_flips():
    import pathlib
    marker = pathlib.Path(__file__).with_name(".flip")
    if marker.exists():
        marker.unlink()
        assert False, "flipped"
    marker.write_text("x")
'''
NO_MUTATION = GateSettings(mutation=False)


def project(tmp_path: Path, test: str) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / "calc.py").write_text(CALC)
    (root / "conftest.py").write_text("")
    (root / "tests" / "test_gen.py").write_text(test)
    return root


async def gates(root: Path, upto: int = 5, settings: GateSettings = NO_MUTATION):
    return await run_gates(SANDBOX, root, CONFIG, test_file="tests/test_gen.py",
                           target="calc.py", functions=["double"], settings=settings,
                           upto=upto)


async def test_a_stable_file_passes_with_three_runs(tmp_path: Path) -> None:
    result = await gates(project(tmp_path, STABLE))
    assert result.passed and result.runs == 3 and result.tests == ["test_double"]


async def test_a_test_that_flips_is_cut_out_and_the_rest_goes_on(tmp_path: Path) -> None:
    root = project(tmp_path, STABLE + FLIPS)
    result = await gates(root)
    assert result.passed and result.flaky == ["test_flips"]
    assert "test_flips" not in (root / "tests" / "test_gen.py").read_text()
    assert "test_double" in (root / "tests" / "test_gen.py").read_text()


async def test_integration_code_gets_five_runs(tmp_path: Path) -> None:
    root = project(tmp_path, STABLE)
    (root / "calc.py").write_text("import socket\n\n" + CALC)
    result = await gates(root)
    assert result.passed and result.kind == "io" and result.runs == 5


@pytest.mark.parametrize(("test", "gate", "says"), [
    ("from calc import nothing_here\n\ndef test_x():\n    assert 1\n", "collect",
     "nothing_here"),
    ("def helper():\n    assert 1\n", "collect", "no tests were collected"),
    ("from calc import double\n\ndef test_x():\n    assert double(2) == 5\n", "green",
     "assert 4 == 5"),
    ("from calc import double\n\ndef test_x():\n    double(2)\n", "smells", "no_assertion"),
])
async def test_a_failed_gate_says_what_to_fix(tmp_path: Path, test: str, gate: str,
                                             says: str) -> None:
    result = await gates(project(tmp_path, test))
    assert not result.passed and result.failed_gate == gate
    assert says in result.feedback


async def test_a_low_mutation_score_fails_gate_four_with_the_survivors(tmp_path: Path) -> None:
    weak = "from calc import double\n\ndef test_x():\n    assert double(0) == 0\n"
    result = await gates(project(tmp_path, weak), settings=GateSettings())
    assert result.failed_gate == "mutation" and result.threshold == 0.5
    assert "calc.py:2: `*` → `/` survived" in result.feedback


def test_the_kind_of_code_comes_from_imports_unless_the_config_says_otherwise() -> None:
    assert code_kind(CALC, "calc.py", {}) == "pure"
    assert code_kind("import requests\n", "api.py", {}) == "io"
    assert code_kind("class Cart:\n    def __init__(self, repo):\n        self.repo = repo\n",
                     "cart.py", {}) == "service"
    assert code_kind("import requests\n", "pkg/api.py", {"pkg/**": "pure"}) == "pure"
