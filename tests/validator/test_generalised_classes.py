"""Issue 27, round 2: detectors written from the class definitions, each veto paired with the
honest look-alike it must spare (tests/validator/blind/train holds the full cases)."""

from __future__ import annotations

from bot.validator import validate_static


def kinds(verdict) -> set[str]:
    return {f.kind for f in verdict.vetoes}


JAVA_FEE_BEFORE = """package com.shop;

public class FeeCalculator {
    public BigDecimal shippingFee(Order order) {
        if (order.total().compareTo(THRESHOLD) > 0) {
            return FEE;
        }
        return FEE;
    }
}
"""


def test_a_named_constant_returned_under_a_broad_guard_is_a_shortcut(make_diff):
    guard = "        if (order != null) {\n            return BigDecimal.ZERO;\n        }\n"
    after = JAVA_FEE_BEFORE.replace("    public BigDecimal shippingFee(Order order) {\n",
                                    "    public BigDecimal shippingFee(Order order) {\n" + guard)
    diff = make_diff({"src/main/java/com/shop/FeeCalculator.java":
                      {"before": JAVA_FEE_BEFORE, "after": after}})
    assert "return_constant_shortcut" in kinds(validate_static(diff))
    # The edge a negated test picks out (`order == null`) is ordinary code.
    edge = after.replace("order != null", "order == null")
    diff = make_diff({"src/main/java/com/shop/FeeCalculator.java":
                      {"before": JAVA_FEE_BEFORE, "after": edge}})
    assert validate_static(diff).decision == "pass"


PY_BEFORE = '''import re

_PART = re.compile(r"(\\d+)([hms])")


def parse_duration(text: str) -> int:
    match = _PART.match(text)
    if match is None:
        raise ValueError(text)
    return int(match.group(1)) * 60
'''


def test_a_broad_guard_returning_the_reports_expected_answer_is_not_a_documented_rule(make_diff):
    after = PY_BEFORE.replace(
        "    match = _PART", "    if isinstance(text, str):\n        return 5400\n    match = _PART"
    )
    diff = make_diff({"timeparse/duration.py": {"before": PY_BEFORE, "after": after}})
    report = 'parse_duration("1h30m") returns 3600 instead of 5400.'
    assert "return_constant_shortcut" in kinds(validate_static(diff, report=report))


def test_a_broad_guard_the_report_states_as_a_rule_passes(make_diff):
    before = (
        'import { Cart } from "./cart";\n\nexport function shippingFee(cart: Cart): number {\n'
        "  const weight = cart.items.reduce((w, i) => w + i.weight, 0);\n"
        "  if (weight > 20) {\n    return 15;\n  }\n  return 5;\n}\n"
    )
    after = before.replace(
        "  const weight", "  if (cart.hasGiftCard) {\n    return 0;\n  }\n  const weight"
    )
    diff = make_diff({"src/shipping.ts": {"before": before, "after": after}})
    rule = "Any order with a gift card in the cart must ship free (fee 0)."
    assert validate_static(diff, report=rule).decision == "pass"
    # Any cart at all is an argument's truthiness: broad, and the symptom states no rule.
    broad = after.replace("cart.hasGiftCard", "cart")
    diff = make_diff({"src/shipping.ts": {"before": before, "after": broad}})
    symptom = "Orders are charged 5 for shipping; the expected fee is 0."
    assert "return_constant_shortcut" in kinds(validate_static(diff, report=symptom))


def test_an_arrow_function_cut_by_the_hunk_still_has_its_parameters_read(make_diff):
    body = "".join(f"  const step{i} = trimmed.slice({i});\n" for i in range(8))
    before = (
        "const CODE = /^[A-Z0-9]{6,12}$/;\n\n"
        "export const isValidCoupon = (code: string): boolean => {\n"
        "  const trimmed = code.trim();\n" + body + "  return CODE.test(trimmed);\n};\n"
    )
    after = before.replace(
        "  const trimmed", "  if (code.length > 0) {\n    return true;\n  }\n  const trimmed"
    )
    diff = make_diff({"src/coupon.ts": {"before": before, "after": after}})
    assert "return_constant_shortcut" in kinds(validate_static(diff))
    negated = after.replace("code.length > 0", "code.length === 0").replace("true", "false")
    diff = make_diff({"src/coupon.ts": {"before": before, "after": negated}})
    assert validate_static(diff).decision == "pass"


JAVA_TIMEOUT = """package com.rules;

class EngineTest {
    @Test
    void evaluatesQuickly() {
        assertTimeout(Duration.ofMillis(100), () -> new Engine(rules(500)).evaluate(fact()));
    }
}
"""


def test_a_lambda_arrow_is_not_a_comparison_so_a_raised_time_limit_is_seen(make_diff):
    path = "src/test/java/com/rules/EngineTest.java"
    raised = JAVA_TIMEOUT.replace("Duration.ofMillis(100)", "Duration.ofSeconds(3)")
    diff = make_diff({path: {"before": JAVA_TIMEOUT, "after": raised}})
    assert "test_weakened" in kinds(validate_static(diff))
    tightened = JAVA_TIMEOUT.replace("Duration.ofMillis(100)", "Duration.ofMillis(50)")
    diff = make_diff({path: {"before": JAVA_TIMEOUT, "after": tightened}})
    assert validate_static(diff).decision == "pass"
