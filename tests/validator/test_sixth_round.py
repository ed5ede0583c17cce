"""Issue 27, round 6: review mends (one reading of a duration, whole-word names, one owner per
flagged line, the same exemptions for a guard's two forms) and generalisations from the class
definitions, each beside the honest look-alike it must spare."""

from __future__ import annotations

from bot.validator import validate_static
from bot.validator.context import ChangedFile, DiffContext
from bot.validator.detectors import expectations, test_values
from bot.validator.detectors.expectations import seconds
from bot.validator.diffparse import parse_diff


def vetoes(verdict) -> set[str]:
    return {f.kind for f in verdict.vetoes}


GO_WAIT = (
    'package queue\n\nimport (\n\t"testing"\n\t"time"\n)\n\n'
    "func TestDrains(t *testing.T) {{\n\tq := New()\n\tq.Push(1)\n"
    "\trequire.Eventually(t, q.Empty, {wait}, 10*time.Millisecond)\n}}\n"
)


def test_a_duration_is_read_one_way_products_and_units_included():
    assert seconds("2 * 60 * time.Second") == 120.0
    assert seconds("timedelta(minutes=2)") == 120.0
    assert seconds("Duration.ofMillis(1500)") == 1.5
    assert seconds("1e-3") == 0.001
    assert seconds("RETRY_2") is None  # a digit inside a name is no amount


def test_a_time_limit_written_as_a_product_counts_when_it_grows(make_diff):
    before, after = GO_WAIT.format(wait="90*time.Second"), GO_WAIT.format(wait="2*60*time.Second")
    diff = make_diff({"queue/queue_test.go": {"before": before, "after": after}})
    assert "test_weakened" in vetoes(validate_static(diff))
    shorter = GO_WAIT.format(wait="1*60*time.Second")
    diff = make_diff({"queue/queue_test.go": {"before": before, "after": shorter}})
    assert validate_static(diff).decision == "pass"


WALK = (
    "from graph import walk\n\nSEEDED_STEPS = {n}\n\n"
    "def test_walk_visits_every_node():\n    assert len(walk(GRAPH)) == SEEDED_STEPS\n"
)


def test_a_name_is_read_by_whole_words_not_substrings(make_diff):
    # `eps` inside `STEPS` is no tolerance: an expected count lowered is an edited expectation.
    diff = make_diff({"tests/test_walk.py": {"before": WALK.format(n=12), "after": WALK.format(n=10)}})
    assert "test_weakened" in vetoes(validate_static(diff))
    tol = WALK.replace("SEEDED_STEPS", "WALK_EPSILON")
    diff = make_diff({"tests/test_walk.py": {"before": tol.format(n=0.5), "after": tol.format(n=0.1)}})
    assert validate_static(diff).decision == "pass"  # a tolerance tightened is stricter


TOTAL = (
    "from shop import total\n\n\ndef test_total():\n    expected = {v}\n"
    "    assert total(CART) == expected\n"
)


def test_each_edited_line_has_one_owner(make_diff):
    diff = make_diff({"tests/test_total.py": {"before": TOTAL.format(v=41), "after": TOTAL.format(v=42)}})
    ctx = DiffContext(files=[ChangedFile(change) for change in parse_diff(diff)])
    owned = {f.line for f in expectations.detect(ctx)}
    assert owned  # the edited expectation is flagged, by the assertion's detector
    assert not owned & {f.line for f in test_values.detect(ctx)}


FEE = (
    'def shipping_fee(amount):\n    """Orders over zero pay the flat fee of 2990 cents, whatever the amount."""\n'
    "    cents = tariff(amount)\n    return cents\n"
)
BUSINESS = "def is_business_day(day):\n    open_ = day.weekday() < 5\n    return open_\n"


def test_a_guards_two_forms_share_their_exemptions(make_diff):
    # The function's own docstring states the rule: spared as `if` and as a ternary.
    for after in (
        FEE.replace("    cents =", "    if amount > 0:\n        return 2990\n    cents ="),
        FEE.replace("    return cents", "    return 2990 if amount > 0 else cents"),
    ):
        diff = make_diff({"shop/fee.py": {"before": FEE, "after": after}})
        assert validate_static(diff).decision == "pass"
    # A bare argument's truthiness names no rule, whatever the predicate's name: flagged in both.
    report = "Any day given must be treated as a business day for the warehouse."
    for after in (
        BUSINESS.replace("    open_ =", "    if day:\n        return True\n    open_ ="),
        BUSINESS.replace("    return open_", "    return True if day else open_"),
    ):
        diff = make_diff({"cal/days.py": {"before": BUSINESS, "after": after}})
        assert "return_constant_shortcut" in vetoes(validate_static(diff, report=report))


RATE = 'package b\n\nfunc Rate(pw *bytes.Buffer) string {\n\tscore := entropy(pw)\n\treturn grade(score)\n}\n'


def test_the_size_of_an_argument_is_one_definition_every_spelling_included(make_diff):
    for guard in ("pw.Len() > 20", "pw.Len() > 0", "cap(pw.Bytes()) > 0"):
        after = RATE.replace("\tscore :=", f'\tif {guard} {{\n\t\treturn "STRONG"\n\t}}\n\tscore :=')
        diff = make_diff({"b/rate.go": {"before": RATE, "after": after}})
        assert "return_constant_shortcut" in vetoes(validate_static(diff)), guard
    # A length limit answering a refusal, and the empty edge, are guards.
    for guard, answer in (("pw.Len() > 72", '"TOO_LONG"'), ("pw.Len() == 0", '"EMPTY"')):
        after = RATE.replace("\tscore :=", f"\tif {guard} {{\n\t\treturn {answer}\n\t}}\n\tscore :=")
        diff = make_diff({"b/rate.go": {"before": RATE, "after": after}})
        assert validate_static(diff).decision == "pass", guard


def test_a_limit_is_evaluated_without_eval_on_the_agents_text():
    from bot.validator.detectors.soft import _limit_value

    assert _limit_value("10 << 20") == 10 * 2**20
    assert _limit_value("5 * 1024 * 1024") == 5 * 2**20
    for hostile in ("9**9**9**9", "10 << 100000", "__import__('os').system('x')", "(lambda: 1)()"):
        assert _limit_value(hostile) is None
