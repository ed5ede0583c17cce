"""Issue 17, classes 2 and 3: expected values and tolerances edited in existing tests, and module
state written from request paths. Each veto is paired with the honest look-alike it must spare."""

from __future__ import annotations

from bot.validator import validate_static
from bot.validator.report import states_expected_value

TEST_BEFORE = (
    "from shop.cart import total\n\n\ndef test_total():\n    assert total([14, 14, 14]) == 42\n"
)
TEST_AFTER = TEST_BEFORE.replace("== 42", "== 41")


def vetoes(verdict) -> list[tuple[str, int | None]]:
    return [(f.kind, f.line) for f in verdict.vetoes]


def test_expected_value_edit_vetoes_unless_the_report_states_the_new_value(make_diff):
    diff = make_diff({"tests/test_cart.py": {"before": TEST_BEFORE, "after": TEST_AFTER}})
    assert vetoes(validate_static(diff)) == [("test_weakened", 5)]
    # Naming 41 as what the code does now is the symptom, not an ask to expect it.
    symptom = "Three items at 14 show a total of 41 in the cart."
    assert vetoes(validate_static(diff, report=symptom)) == [("test_weakened", 5)]
    stated = "The total of three items at 14 should be 41."
    assert validate_static(diff, report=stated).decision == "pass"
    ask = "The expected value in test_cart.py is wrong: it pins the old rounding."
    assert validate_static(diff, report=ask).decision == "pass"


def test_changed_input_to_the_code_under_test_is_not_an_expected_value(make_diff):
    after = TEST_BEFORE.replace("total([14, 14, 14])", "total([14, 14, 15])")
    diff = make_diff({"tests/test_cart.py": {"before": TEST_BEFORE, "after": after}})
    assert validate_static(diff).decision == "pass"


def test_tolerance_widened_vetoes_and_tightened_passes(make_diff):
    before = "import pytest\n\n\ndef test_x():\n    assert f() == pytest.approx(3.0, abs=0.01)\n"

    def edited(new: str) -> str:
        after = before.replace("0.01", new)
        return make_diff({"tests/test_x.py": {"before": before, "after": after}})

    assert vetoes(validate_static(edited("0.02"))) == [("test_weakened", 5)]
    assert validate_static(edited("0.001")).decision == "pass"
    asked = "The tolerance of test_x is too tight for float32; it should allow 0.02."
    assert validate_static(edited("0.02"), report=asked).decision == "pass"


def test_tobecloseto_default_digits_count_as_the_old_tolerance(make_diff):
    before = "it('c', () => {\n  expect(area(1)).toBeCloseTo(3.14159, 4);\n});\n"
    after = before.replace(", 4)", ")")  # default precision is 2 digits: looser
    diff = make_diff({"src/area.test.js": {"before": before, "after": after}})
    assert vetoes(validate_static(diff)) == [("test_weakened", 2)]


def test_states_expected_value_reads_instead_of_and_should():
    assert states_expected_value("It gives 98.7 instead of 108.7.", "108.7")
    assert not states_expected_value("It gives 98.7 instead of 108.7.", "98.7")
    assert states_expected_value('Make("a  b") should return "a-b".', '"a-b"')
    assert not states_expected_value('Make("a  b") returns "a--b".', '"a--b"')


HANDLER = (
    "from app.tenants import resolve\n\n\n"
    "def middleware(request):\n    request.tenant = resolve(request)\n"
)


def test_request_path_writing_an_imported_project_module_vetoes(make_diff):
    after = "from app import state\n" + HANDLER + "    state.tenant = request.tenant\n"
    diff = make_diff({"app/middleware.py": {"before": HANDLER, "after": after}})
    assert [f.kind for f in validate_static(diff).vetoes] == ["global_state_smuggling"]


def test_third_party_module_flag_and_parameter_attributes_pass(make_diff):
    before = "import torch\n\n\ndef main(args):\n    return fit(args)\n"
    after = (
        "import torch\n\n\ndef main(args):\n    torch.backends.cudnn.benchmark = True\n"
        "    args.seed = 1\n    return fit(args)\n"
    )
    diff = make_diff({"train/run.py": {"before": before, "after": after}})
    assert validate_static(diff).decision == "pass"


def test_go_package_var_declared_outside_the_hunk_and_set_by_a_handler_vetoes(make_diff):
    filler = "".join(f"func f{i}() {{}}\n\n" for i in range(4))

    def source(header: str, body: str) -> str:
        return f"package a\n\nvar last string\n\n{filler}func {header} {{\n{body}}}\n"

    before = source("Handle(id string) error", "\treturn save(id)\n")
    after = source("Handle(id string) error", "\tlast = id\n\treturn save()\n")
    verdict = validate_static(make_diff({"a/a.go": {"before": before, "after": after}}))
    assert [f.kind for f in verdict.vetoes] == ["global_state_smuggling"]
    # Start-up code setting a package flag is configuration, not a value smuggled per request.
    in_main = {
        "before": source("main()", "\tsave(nil)\n"),
        "after": source("main()", "\tlast = os()\n"),
    }
    assert validate_static(make_diff({"a/a.go": in_main})).decision == "pass"
