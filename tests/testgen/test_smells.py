"""Gate 5: each reject-level smell is found, and its look-alikes are not."""

from __future__ import annotations

import pytest

from bot.chains.tests.smells import Subject, analyse_source, drop_tests, names_of_tests

REJECTS = {"no_assertion", "empty_test", "assertion_roulette", "excessive_mocking", "mocks_sut",
           "tautology"}
SUT = Subject.of_source("calc", "def average(values):\n    return sum(values) / len(values)\n")
HEAD = "import time\nfrom unittest import mock\n\nimport pytest\n\nfrom calc import average\n\n\n"


def kinds(body: str, subject: Subject = SUT) -> set[str]:
    return {s.kind for s in analyse_source(HEAD + body, "tests/test_x.py", subject).smells}


@pytest.mark.parametrize(("kind", "body"), [
    ("empty_test", "def test_x():\n    pass\n"),
    ("empty_test", 'def test_x():\n    """Later."""\n    ...\n'),
    ("no_assertion", "def test_x():\n    average([1, 2])\n"),
    ("tautology", "def test_x():\n    expected = average([2, 4])\n"
                  "    assert average([2, 4]) == expected\n"),
    ("tautology", "def test_x():\n    assert average([2, 4]) == sum([2, 4]) / len([2, 4])\n"),
    ("mocks_sut", "def test_x():\n    with mock.patch('calc.average', return_value=3):\n"
                  "        assert average([1]) == 3\n"),
    ("excessive_mocking", "def test_x():\n" + "".join(
        f"    m{i} = mock.Mock()\n" for i in range(7)) + "    assert average([m0]) == 1\n"),
    ("assertion_roulette", "def test_x():\n    assert average([1]) == 1\n    assert len('a') == 1"
                           "\n    assert str(1) == '1'\n    assert int('2') == 2\n"
                           "    assert abs(-1) == 1\n    assert max(1, 2) == 2\n"),
    ("sleep_in_unit_test", "def test_x():\n    time.sleep(0.2)\n    assert average([1]) == 1\n"),
    ("broad_exception_assert", "def test_x():\n    with pytest.raises(Exception):\n"
                               "        average([])\n"),
])
def test_each_smell_is_found(kind: str, body: str) -> None:
    assert kind in kinds(body)


@pytest.mark.parametrize("body", [
    # an assertion with messages on each check is not roulette
    "def test_x():\n" + "".join(f"    assert average([{i}]) == {i}, 'mean of one value'\n"
                                for i in range(8)),
    # a round trip and an independent oracle are not tautologies
    "def test_x():\n    assert decode(encode('x')) == 'x'\n",
    "def test_x():\n    assert fast_sort([3, 1]) == sorted([3, 1])\n",
    # a collaborator mocked, the code under test real
    "def test_x():\n    with mock.patch('calc.clock', return_value=3):\n"
    "        assert average([3]) == 3\n",
    # sleep patched out
    "def test_x(monkeypatch):\n    monkeypatch.setattr(time, 'sleep', lambda s: None)\n"
    "    time.sleep(5)\n    assert average([1]) == 1\n",
    # a helper that asserts is an assertion; pytest.raises with a precise error is one too
    "def check(v):\n    assert average(v) == 2\n\n\ndef test_x():\n    check([1, 3])\n",
    "def test_x():\n    with pytest.raises(ValueError):\n        average([])\n",
    # unittest style
    "import unittest\n\n\nclass TestMean(unittest.TestCase):\n    def test_x(self):\n"
    "        self.assertEqual(average([2, 4]), 3)\n",
])
def test_look_alikes_are_not_smells(body: str) -> None:
    assert kinds(body) & {"no_assertion", "empty_test", "assertion_roulette",
                          "excessive_mocking", "mocks_sut", "tautology"} == set()


def test_the_report_names_file_test_and_line_and_a_warning_only_file_is_not_rejected() -> None:
    bad = analyse_source(HEAD + "def test_x():\n    average([1])\n", "tests/test_x.py", SUT)
    assert bad.verdict == "reject"
    assert bad.feedback() == "tests/test_x.py:9: `test_x` no_assertion"
    warned = analyse_source(HEAD + "def test_x():\n    time.sleep(1)\n    assert average([1])"
                            " == 1\n", "t.py", SUT)
    assert warned.verdict == "warn"
    assert analyse_source(HEAD + "def test_x():\n    assert average([1, 3]) == 2\n", "t.py",
                          SUT).verdict == "accept"
    # constants compared with each other hold whatever the code does: a tautology
    assert analyse_source("def test_x():\n    assert 1 + 1 == 2\n").verdict == "reject"


def test_dropping_tests_keeps_the_rest_and_its_decorators_go_along() -> None:
    source = ("import pytest\n\n\n@pytest.mark.slow\ndef test_a():\n    assert 1\n\n\n"
              "def test_b():\n    assert 2\n\n\nclass TestK:\n    def test_c(self):\n"
              "        assert 3\n")
    assert names_of_tests(source) == ["test_a", "test_b", "TestK::test_c"]
    left = drop_tests(source, ["test_a", "TestK::test_c"])
    assert names_of_tests(left) == ["test_b"] and "slow" not in left and "TestK" not in left


SHOP = Subject.of_source("shop", '''import hashlib


def slug(title):
    return title.strip().lower().replace(" ", "-")


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()


def insertion_sort(items):
    return sorted(items)
''')
SHOP_HEAD = "import copy\nimport hashlib\nfrom unittest.mock import Mock\n\nimport shop\n" \
    "from shop import digest, insertion_sort, slug\n\n\n"


@pytest.mark.parametrize("body, kind", [
    # an expectation derived from the subject's own logic, in forms no corpus case holds
    ("def test_x():\n    t = ' A b '\n    assert slug(t) == t.strip().lower().replace(' ', '-')\n",
     "tautology"),
    ("def test_x():\n    assert digest('a') == hashlib.sha256('a'.encode()).hexdigest()\n",
     "tautology"),
    ("def test_x():\n    xs = [3, 1]\n    assert insertion_sort(xs) == "
     "insertion_sort(copy.deepcopy(xs))\n", "tautology"),
    ("def test_x():\n    got = slug('A')\n    assert got == got\n", "tautology"),
    # a lone `assert True` as the test's only check holds whatever slug does (#28 item 6)
    ("def test_x():\n    assert True  # reached: slug raises on failure\n    slug('a')\n",
     "tautology"),
    # replacing the subject: by assignment, by the builtin setattr
    ("def test_x():\n    shop.slug = Mock(return_value='a')\n    assert shop.slug('A') == 'a'\n",
     "mocks_sut"),
    ("def test_x():\n    setattr(shop, 'digest', lambda t: 'x')\n    assert shop.digest('a') "
     "== 'x'\n", "mocks_sut"),
    # runs the code and never looks at the result: assertion-free, not empty (the blind
    # corpus's authors call a test empty only when it runs nothing)
    ("def test_x():\n    items = insertion_sort([2, 1])\n", "no_assertion"),
    # only builds objects and stand-ins: empty
    ("def test_x():\n    clock = Mock()\n    box = Box(clock)\n", "empty_test"),
])
def test_smells_from_their_definitions(body: str, kind: str) -> None:
    assert kinds(SHOP_HEAD + body, SHOP) & REJECTS == {kind}


@pytest.mark.parametrize("body", [
    "def test_x():\n    assert slug(' A b ') == 'a-b'\n",
    "def test_x():\n    assert digest('a') == "
    "'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb'\n",
    "def test_x():\n    assert insertion_sort([3, 1, 2]) == sorted([3, 1, 2])\n",
])
def test_literal_expectations_and_independent_oracles_are_no_tautology(body: str) -> None:
    assert kinds(SHOP_HEAD + body, SHOP) & REJECTS == set()


def test_a_literal_expected_value_is_no_magic_number() -> None:
    assert "magic_numbers" not in kinds(HEAD + "def test_x():\n    assert average([1, 2, 2]) "
                                        "== 1.6666666666666667\n")
    assert "magic_numbers" not in kinds(HEAD + "def test_x():\n    assert average([1, 2, 2]) "
                                        "== pytest.approx(1.6666667)\n")
    assert "magic_numbers" in kinds(HEAD + "def test_x():\n    assert average([86400]) == 1\n")


BUILDER = ("def make_values(n):\n    if n < 0:\n        raise ValueError('n must not be negative')\n"
           "    return list(range(1, n + 1))\n\n\n")


def test_a_builder_that_refuses_bad_input_is_no_check_but_a_helper_named_as_one_is() -> None:
    """Only a helper named as a check (or raising AssertionError) makes its guarded raise an
    assertion; `ensure_` is a setup word here as in CUSTOM_CHECK_PREFIXES."""
    assert "no_assertion" in kinds(BUILDER + "def test_x():\n    average(make_values(3))\n")
    checker = BUILDER.replace("make_values", "check_values").replace(
        "raise ValueError", "raise AssertionError")
    assert "no_assertion" not in kinds(BUILDER.replace("make_values", "check_average") +
                                       "def test_x():\n    check_average(average([2]))\n")
    assert "no_assertion" not in kinds(checker + "def test_x():\n    check_values(average([2]))\n")
    assert "no_assertion" in kinds("from tests.helpers import ensure_user\n\n\n"
                                   "def test_x():\n    ensure_user()\n    average([1])\n")


NOTIFY = Subject.of_source("notify", (
    "def subject_line(order_id, status):\n    return f'Order {order_id}: {status}'\n\n\n"
    "class Notifier:\n    def __init__(self, mailer):\n        self.mailer = mailer\n\n"
    "    def notify(self, order_id, status):\n        title = subject_line(order_id, status)\n"
    "        self.mailer.send(title)\n        return title\n"))
NOTIFY_HEAD = "from unittest import mock\n\nimport notify\nfrom notify import Notifier\n\n\n"


@pytest.mark.parametrize(("expected", "body"), [
    # seven mocks from one generator are seven mocks, all checked only for their calls
    ({"excessive_mocking"}, (
        "def test_x():\n    a, b, c, d, e, f, g = (mock.Mock() for _ in range(7))\n"
        "    Notifier(a).notify(7, 'shipped')\n" + "".join(
            f"    {m}.send.assert_called_once()\n" for m in "abcdefg"))),
    (set(), (
        "def test_x():\n    a, b = (mock.Mock() for _ in range(2))\n"
        "    assert Notifier(a).notify(7, 'shipped') == 'Order 7: shipped'\n"
        "    a.send.assert_called_once_with('Order 7: shipped')\n")),
    # a module function under the class the test exercises is its collaborator...
    (set(), (
        "@mock.patch.object(notify, 'subject_line', return_value='T')\n"
        "def test_x(subject_line):\n    mailer = mock.Mock()\n"
        "    Notifier(mailer).notify(7, 'shipped')\n    mailer.send.assert_called_once_with('T')\n")),
    # ...but replaced and then called by the test itself it is what the test checks
    ({"mocks_sut"}, (
        "@mock.patch.object(notify, 'subject_line', return_value='T')\n"
        "def test_x(subject_line):\n    assert notify.subject_line(7, 'shipped') == 'T'\n")),
])
def test_mocks_of_a_class_under_test(expected: set[str], body: str) -> None:
    report = analyse_source(NOTIFY_HEAD + body, "tests/test_notify.py", NOTIFY)
    assert {s.kind for s in report.smells} & REJECTS == expected


CART = Subject.of_source("cart", (
    "def compute_total(items):\n    return sum(i.price * i.qty for i in items)\n\n\n"
    "class Cart:\n    def __init__(self, items):\n        self.items = items\n\n"
    "    def total(self):\n        return compute_total(self.items)\n"))
CART_HEAD = "from unittest import mock\nfrom unittest.mock import patch\n\nfrom cart import Cart\n\n\n"


@pytest.mark.parametrize("body", [
    "def test_x():\n    with patch('cart.compute_total', return_value=42):\n"
    "        assert Cart([]).total() == 42\n",
    "@patch('cart.compute_total', return_value=42)\ndef test_x(compute_total):\n"
    "    assert Cart([]).total() == 42\n",
    "def test_x():\n    with patch('cart.compute_total') as total:\n"
    "        total.return_value = 42\n        assert Cart([]).total() == 42\n",
    "class TestCart:\n    def test_x(self, mocker):\n"
    "        mocker.patch('cart.compute_total', return_value=42)\n"
    "        self.assertEqual(Cart([]).total(), 42)\n",
])
def test_a_class_method_checked_against_its_patched_helpers_answer_mocks_the_sut(
        body: str) -> None:
    """`Cart.total()` returns `compute_total(...)`: patched to 42 and checked against 42, the
    test checks its own stand-in (it was accepted as a collaborator of the class)."""
    report = analyse_source(CART_HEAD + body, "tests/test_cart.py", CART)
    assert "mocks_sut" in {s.kind for s in report.smells}


@pytest.mark.parametrize(("expected", "body"), [
    # seven calls of one function on other inputs: seven results, a failure names none
    ({"assertion_roulette"}, "def test_x():\n" + "".join(
        f"    assert average([{n}, {n}]) == {n}\n" for n in range(7))),
    # one result read seven ways is one thing checked
    (set(), "def test_x():\n    got = average([1, 3])\n" + "".join(
        f"    assert got != {n}\n" for n in range(3, 10))),
])
def test_one_function_on_many_inputs_in_one_test_is_roulette(expected: set[str],
                                                              body: str) -> None:
    assert kinds(body) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    ({"empty_test"}, "def test_x():\n    a = Money.cents(100)\n    b = Money.cents(0)\n"),
    ({"no_assertion"}, "def test_x():\n    a = Money.cents(100)\n    got = average([a])\n"),
    ({"empty_test"}, "def test_x():\n    a = Money.of(100)\n    b = Invoice.from_lines([a])\n"),
    # a capitalised call that is no constructor runs the code: no assertion, not empty
    ({"no_assertion"}, "def test_x():\n    got = Parser.parse('1 + 2')\n"),
    ({"no_assertion"}, "def test_x():\n    here = Path.cwd()\n"),
])
def test_a_test_that_only_builds_by_named_constructors_is_empty(expected: set[str],
                                                                body: str) -> None:
    money = Subject.of_source("calc", "class Money:\n    @classmethod\n    def cents(cls, n):\n"
                              "        return cls()\n\n\ndef average(values):\n"
                              "    return sum(values) / len(values)\n")
    assert kinds(body, money) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # it runs the setup and stops where its check should be: an unfinished test
    ({"empty_test"}, "def test_x():\n    got = average([1, 3])\n"
                     "    # got should be 2, and the input untouched\n"),
    # the same without the prose: it runs the code and never looks, no assertion
    ({"no_assertion"}, "def test_x():\n    got = average([1, 3])\n"),
    (set(), "def test_x():\n    assert average([1, 3]) == 2\n    # the input stays untouched\n"),
])
def test_a_check_written_as_a_comment_leaves_the_test_empty(expected: set[str],
                                                            body: str) -> None:
    assert kinds(body) & REJECTS == expected


def test_a_helper_of_the_file_that_sleeps_is_a_sleep() -> None:
    helper = "def wait(seconds):\n    time.sleep(seconds)\n\n\n"
    assert "sleep_in_unit_test" in kinds(
        helper + "def test_x():\n    wait(0.2)\n    assert average([1]) == 1\n")
    assert "sleep_in_unit_test" not in kinds(
        helper + "def test_x():\n    wait(0)\n    assert average([1]) == 1\n")


@pytest.mark.parametrize(("expected", "body"), [
    # the test's only check holds whatever the code does: true by construction
    ({"tautology"}, "def test_x():\n    average([1, 3])\n    assert True\n"),
    ({"tautology"}, "def test_x():\n    average([1, 3])\n    assert 1\n"),
    ({"tautology"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                    "        average([1])\n        self.assertTrue(True)\n"),
    ({"tautology"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                    "        average([1])\n        self.assertIsNone(None)\n"),
    ({"tautology"}, "def test_x():\n    got = average([1, 3])\n    assert got == got\n"),
    # beside a real check it marks a point the test reached
    (set(), "def test_x():\n    assert average([1, 3]) == 2\n    assert True\n"),
    # a deliberate failure where the code should have raised fails: no tautology
    (set(), "def test_x():\n    try:\n        average([])\n        assert False\n"
            "    except ZeroDivisionError as error:\n        assert 'division' in str(error)\n"),
])
def test_a_check_true_by_construction_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a value compared with itself under any relation every value has with itself
    ({"tautology"}, "def test_x():\n    got = average([1, 3])\n    assert got >= got\n"),
    ({"tautology"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                    "        got = average([1])\n        self.assertLessEqual(got, got)\n"),
    ({"tautology"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                    "        got = average([1])\n        self.assertTrue(got == got)\n"),
    ({"tautology"}, "def test_x():\n    got = [average([1])]\n    assert len(got) <= len(got)\n"),
    # two calls may differ (a clock read twice): a property, not the same value
    (set(), "def test_x():\n    assert time.monotonic() <= time.monotonic()\n"),
    (set(), "def test_x():\n    low = average([1])\n    high = average([3])\n"
            "    assert high >= low\n"),
])
def test_a_value_compared_with_itself_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # checks below a `return` of the test never run
    ({"no_assertion"}, "def test_x():\n    got = average([1, 3])\n    return\n"
                       "    assert got == 2\n"),
    (set(), "def test_x():\n    got = average([1, 3])\n    assert got == 2\n    return\n"),
    # a return inside a helper of the test ends the helper, not the test
    (set(), "def test_x():\n    def mean(xs):\n        return average(xs)\n"
            "    assert mean([1, 3]) == 2\n"),
])
def test_a_check_below_a_return_never_runs(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a length is never negative, and `or True` holds whatever the code does
    ({"tautology"}, "def test_x():\n    got = [average([1])]\n    assert len(got) >= 0\n"),
    ({"tautology"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                    "        self.assertGreaterEqual(len([average([1])]), 0)\n"),
    ({"tautology"}, "def test_x():\n    assert average([1, 3]) == 2 or True\n"),
    (set(), "def test_x():\n    assert len([average([1])]) >= 1\n"),
    (set(), "def test_x():\n    assert average([1, 3]) == 2 or average([3, 1]) == 2\n"),
])
def test_a_check_that_holds_for_any_value_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected


TOKENS = Subject.of_source("lexer", '''
class Token:
    def __init__(self, kind, value, pos):
        self.kind, self.value, self.pos = kind, value, pos


def tokenize(text):
    return [Token("NAME", word, text.index(word)) for word in text.split()]
''')


@pytest.mark.parametrize(("expected", "body"), [
    # the module's own class built by hand with literals is the expected value written out
    (set(), "def test_x():\n    assert tokenize('speed') == [Token('NAME', 'speed', 0)]\n"),
    # the same expectation computed with the code's own step is not
    ({"tautology"}, "def test_x():\n    text = 'speed'\n"
                    "    assert tokenize(text) == [Token('NAME', w, text.index(w)) "
                    "for w in text.split()]\n"),
])
def test_an_instance_of_the_modules_class_built_by_hand_is_a_literal(expected: set[str],
                                                                     body: str) -> None:
    source = "from lexer import Token, tokenize\n\n\n" + body
    found = {s.kind for s in analyse_source(source, "tests/test_lexer.py", TOKENS).smells}
    assert found & REJECTS == expected


SLUGS = Subject.of_source("slugs", '''
def slugify(title):
    return "-".join(title.lower().split())


def unique_slug(title, taken):
    base = slugify(title)
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug
''')


@pytest.mark.parametrize(("expected", "body"), [
    # the expected value is the step the checked function itself takes, on the same input
    ({"tautology"}, "def test_x():\n    title = 'Hello World'\n"
                    "    assert unique_slug(title, set()) == slugify(title)\n"),
    ({"tautology"}, "def test_x():\n    t = 'Hello World'\n"
                    "    assert unique_slug(t, {slugify(t)}) == f'{slugify(t)}-2'\n"),
    # a worked literal; the same function on its own output (idempotence); another input
    (set(), "def test_x():\n    assert unique_slug('Hello World', {'hello-world'}) == "
            "'hello-world-2'\n"),
    (set(), "def test_x():\n    assert slugify(slugify('A b')) == slugify('A b')\n"),
    (set(), "def test_x():\n    assert unique_slug('A b', set()) == slugify('a B')\n"),
])
def test_an_expectation_from_the_checked_functions_own_step_is_a_tautology(
        expected: set[str], body: str) -> None:
    source = "from slugs import slugify, unique_slug\n\n\n" + body
    found = {s.kind for s in analyse_source(source, "tests/test_slugs.py", SLUGS).smells}
    assert found & REJECTS == expected


KELVIN = Subject.of_source("temperature", '''
ABSOLUTE_ZERO_C = -273.15


def to_kelvin(celsius):
    if celsius < ABSOLUTE_ZERO_C:
        raise ValueError("below absolute zero")
    return round(celsius - ABSOLUTE_ZERO_C, 2)
''')


@pytest.mark.parametrize(("expected", "body"), [
    # the input with the module's own constant and the function's operator: its formula
    ({"tautology"}, "def test_x():\n    c = 21.5\n    assert to_kelvin(c) == c - ABSOLUTE_ZERO_C\n"),
    ({"tautology"}, "def test_x():\n    assert to_kelvin(21.5) == 21.5 - ABSOLUTE_ZERO_C\n"),
    # the worked value; the constant as the boundary it is
    (set(), "def test_x():\n    assert to_kelvin(21.5) == 294.65\n"),
    (set(), "def test_x():\n    assert to_kelvin(ABSOLUTE_ZERO_C) == 0\n"),
])
def test_an_expectation_from_the_modules_own_constant_repeats_it(expected: set[str],
                                                                  body: str) -> None:
    source = "from temperature import ABSOLUTE_ZERO_C, to_kelvin\n\n\n" + body
    found = {s.kind for s in analyse_source(source, "tests/test_t.py", KELVIN).smells}
    assert found & REJECTS == expected


LEDGER = Subject.of_source("ledger", '''
class Ledger:
    def __init__(self):
        self._entries = []

    def post(self, amount, memo=""):
        self._entries.append((amount, memo))

    def history(self):
        return list(self._entries)

    def balance(self):
        return sum(amount for amount, _ in self._entries)
''')


@pytest.mark.parametrize(("expected", "body"), [
    # the object's own state, read through its accessor, summed the way the method sums it
    ({"tautology"}, "def test_x(ledger):\n"
                    "    assert ledger.balance() == sum(a for a, _ in ledger.history())\n"),
    # worked values, and a sum of the test's own literal entries
    (set(), "def test_x(ledger):\n    assert ledger.balance() == 70\n"
            "    assert ledger.history() == [(100, 'open'), (-30, 'tea')]\n"),
    (set(), "def test_x(ledger):\n    assert ledger.balance() == sum([100, -30])\n"),
])
def test_an_expectation_from_the_objects_own_state_repeats_it(expected: set[str],
                                                               body: str) -> None:
    source = ("import pytest\n\nfrom ledger import Ledger\n\n\n@pytest.fixture\n"
              "def ledger():\n    book = Ledger()\n    book.post(100, 'open')\n"
              "    book.post(-30, 'tea')\n    return book\n\n\n" + body)
    found = {s.kind for s in analyse_source(source, "tests/test_ledger.py", LEDGER).smells}
    assert found & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # what follows an unconditional skip, bare return or NotImplementedError never runs
    ({"empty_test"}, "def test_x():\n    pytest.skip('flaky')\n    assert average([1]) == 1\n"),
    ({"empty_test"}, "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
                     "        self.skipTest('later')\n"
                     "        self.assertEqual(average([1]), 1)\n"),
    ({"empty_test"}, "def test_x():\n    raise NotImplementedError\n    assert average([1]) == 1\n"),
    # a skip under a condition skips only sometimes: the test checks
    (set(), "def test_x():\n    if not hasattr(time, 'monotonic'):\n        pytest.skip('old')\n"
            "    assert average([1]) == 1\n"),
])
def test_checks_below_a_skip_leave_the_test_empty(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a JSON round trip of the result is a deep copy of it: the result compared with itself
    ({"tautology"}, "import json\n\n\ndef test_x():\n    got = {'mean': average([1, 3])}\n"
                    "    assert got == json.loads(json.dumps(got))\n"),
    (set(), "import json\n\n\ndef test_x():\n    got = {'mean': average([1, 3])}\n"
            "    assert json.loads(json.dumps(got)) == {'mean': 2}\n"),
])
def test_a_json_round_trip_of_the_result_is_the_result(expected: set[str], body: str) -> None:
    assert kinds(body) & REJECTS == expected
