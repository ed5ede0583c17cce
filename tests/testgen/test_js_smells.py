"""Gate 5 for jest and vitest files: each smell is found, its look-alikes are not, and flaky or
low-value tests are cut out by name."""

from __future__ import annotations

import pytest

from bot.chains.tests.js_smells import analyse_js_source
from bot.chains.tests.js_tautology import js_subject
from bot.chains.tests.js_tests import drop_js_tests, js_test_names
from bot.chains.tests.smells import REJECT_KINDS

SUT = js_subject("src/prices.js", """
function discount(price, rate) {
  return price * (1 - rate);
}
const total = (items) => items.reduce((sum, item) => sum + item.price, 0);
module.exports = { discount, total };
""")
HEAD = "const { discount, total } = require('../src/prices');\n\n"


def kinds(body: str, path: str = "tests/prices.test.js") -> set[str]:
    return {s.kind for s in analyse_js_source(HEAD + body, path, SUT).smells}


@pytest.mark.parametrize(("kind", "body"), [
    ("empty_test", "test('later', () => {});\n"),
    ("empty_test", "it('later', function () {\n  // TODO\n});\n"),
    ("no_assertion", "test('runs', () => { discount(10, 0.5); });\n"),
    ("no_assertion", "test('expect without matcher', () => { expect(discount(10, 0.5)); });\n"),
    ("tautology", ("test('t', () => {\n  const expected = discount(200, 0.25);\n"
                  "  expect(discount(200, 0.25)).toBe(expected);\n});\n")),
    ("tautology", "test('t', () => { expect(discount(200, 0.25)).toBe(200 * (1 - 0.25)); });\n"),
    ("tautology", "test('t', () => { assert.strictEqual(total([]), total([])); });\n"),
    ("mocks_sut", ("jest.mock('../src/prices');\n"
                  "test('t', () => { discount.mockReturnValue(5); expect(discount(1, 1)).toBe(5);"
                  " });\n")),
    ("mocks_sut", ("const prices = require('../src/prices');\n"
                  "test('t', () => { vi.spyOn(prices, 'total').mockReturnValue(3);\n"
                  "  expect(prices.total([])).toBe(3); });\n")),
    ("excessive_mocking", "test('t', () => {\n" + "".join(
        f"  const m{i} = jest.fn();\n" for i in range(7)) + "  expect(total([])).toBe(0);\n});\n"),
    ("assertion_roulette", ("test('t', () => {\n  expect(total([])).toBe(0);\n"
                           "  expect(discount(10, 0)).toBe(10);\n  expect('ab'.length).toBe(2);\n"
                           "  expect(Math.max(1, 2)).toBe(2);\n  expect(String(1)).toBe('1');\n"
                           "  expect([1].includes(1)).toBe(true);\n});\n")),
    ("sleep_in_unit_test", ("test('t', async () => {\n"
                           "  await new Promise((r) => setTimeout(r, 200));\n"
                           "  expect(total([])).toBe(0);\n});\n")),
    ("broad_exception_assert", "test('t', () => { expect(() => discount()).toThrow(); });\n"),
    ("magic_numbers", "test('t', () => { expect(discount(86400, 0)).toBe(86400); });\n"),
])
def test_each_smell_is_found(kind: str, body: str) -> None:
    assert kind in kinds(body)


@pytest.mark.parametrize("body", [
    # messages on every check are not roulette (vitest and jest-expect-message take them)
    "test('t', () => {\n" + "".join(f"  expect(discount({i}, 0), 'no discount').toBe({i});\n"
                                    for i in range(8)) + "});\n",
    # a round trip and an independent oracle
    "test('t', () => { expect(decode(encode('x'))).toBe('x'); });\n",
    "test('t', () => { expect(fastSort([3, 1])).toEqual([3, 1].sort((a, b) => a - b)); });\n",
    # the derivation in a comment, the literal in the code
    "test('t', () => {\n  // 200 * (1 - 0.25)\n  expect(discount(200, 0.25)).toBe(150);\n});\n",
    # a collaborator mocked, the code under test real
    ("jest.mock('../src/rates');\nconst { rateFor } = require('../src/rates');\n"
    "test('t', () => { rateFor.mockReturnValue(0.5); expect(discount(10, rateFor())).toBe(5); });\n"),
    ("test('t', () => { const log = jest.spyOn(console, 'log').mockImplementation(() => {});\n"
    "  total([]); expect(log).not.toHaveBeenCalled(); });\n"),
    # fake timers make the wait harmless
    ("jest.useFakeTimers();\ntest('t', () => { const cb = jest.fn(); setTimeout(cb, 1000);\n"
    "  jest.advanceTimersByTime(1000); expect(cb).toHaveBeenCalled(); });\n"),
    # node's assert, a helper that asserts, chai, a precise error
    "const assert = require('node:assert');\ntest('t', () => { assert.equal(total([]), 0); });\n",
    ("function expectFree(p) { expect(discount(p, 1)).toBe(0); }\n"
    "test('t', () => { expectFree(10); });\n"),
    "test('t', () => { expect(total([])).to.be.a('number'); expect(1).to.be.ok; });\n",
    "test('t', () => { expect(() => discount()).toThrow(TypeError); });\n",
    # tests in a loop and table-driven tests
    "[1, 2].forEach((n) => test(`${n}`, () => { expect(discount(n, 0)).toBe(n); }));\n",
    "test.each([[1, 1], [2, 2]])('%i', (a, b) => { expect(discount(a, 0)).toBe(b); });\n",
    "test.todo('write this later');\n",
])
def test_look_alikes_are_not_smells(body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == set()


def test_typescript_and_tsx_files_parse_with_their_grammar() -> None:
    typed = ("import { discount } from '../src/prices';\n"
             "test('typed', () => { const p: number = 10 as number;\n"
             "  expect(discount(p!, 0)).toBe(10); });\n")
    assert analyse_js_source(typed, "tests/prices.test.ts", SUT).verdict == "accept"
    jsx = ("import { render } from './r';\ntest('renders', () => {\n"
           "  expect(render(<Price value={3} />)).toContain('3'); });\n")
    assert analyse_js_source(jsx, "Price.test.tsx").verdict == "accept"
    broken = analyse_js_source("test('x', () => { expect(1).toBe(1);\n", "x.test.js")
    assert broken.verdict == "reject" and broken.smells[0].test == "<file>"


def test_the_report_names_the_test_with_its_describe_titles_and_the_line() -> None:
    source = HEAD + "describe('discount', () => {\n  it('runs', () => { discount(1, 0); });\n});\n"
    report = analyse_js_source(source, "tests/prices.test.js", SUT)
    assert report.feedback() == "tests/prices.test.js:4: `discount runs` no_assertion"


def test_cutting_tests_out_keeps_the_rest_and_drops_an_emptied_describe() -> None:
    source = ("describe('a', () => {\n  test('one', () => { expect(1).toBe(1); });\n});\n"
              "describe('b', () => {\n  test('two', () => { expect(2).toBe(2); });\n"
              "  test('three', () => { expect(3).toBe(3); });\n});\n")
    assert js_test_names(source) == ["a one", "b two", "b three"]
    left = drop_js_tests(source, ["a one", "b two"])
    assert js_test_names(left) == ["b three"] and "describe('a'" not in left


FORMAT = js_subject("src/money.js", """
export function formatCurrency(amount, currency) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
export function sortBy(items, key) { return [...items].sort((a, b) => a[key] - b[key]); }
""")
MONEY = "import { formatCurrency, sortBy } from '../src/money';\n"


@pytest.mark.parametrize("body, kind", [
    # an expectation derived from the subject's own logic, in forms no corpus case holds
    ("test('f', () => {\n  const amount = 12.5;\n  const expected = new Intl.NumberFormat("
     "'en-US', { style: 'currency', currency: 'EUR' }).format(amount);\n"
     "  expect(formatCurrency(amount, 'EUR')).toBe(expected);\n});\n", "tautology"),
    ("test('s', () => {\n  const xs = [{ n: 2 }, { n: 1 }];\n"
     "  expect(sortBy(xs, 'n')).toEqual(sortBy([...xs], 'n'));\n});\n", "tautology"),
    ("test('s', () => {\n  const got = sortBy([], 'n');\n  expect(got).toEqual(got);\n});\n",
     "tautology"),
    ("test('s', () => {\n  sortBy([], 'n');\n  expect(1 + 1).toBe(2);\n});\n", "tautology"),
    # runs the code and never looks at the result: assertion-free, not (also) empty (the
    # blind corpus's authors call a test empty only when it runs nothing)
    ("test('s', () => {\n  const handler = vi.fn();\n  const sorted = sortBy([], 'n');\n});\n",
     "no_assertion"),
    # only builds objects and stand-ins: empty
    ("test('s', () => {\n  const handler = vi.fn();\n  const box = new Box(handler);\n});\n",
     "empty_test"),
])
def test_smells_from_their_definitions(body: str, kind: str) -> None:
    report = analyse_js_source(MONEY + body, "tests/money.test.js", FORMAT)
    assert {s.kind for s in report.smells if s.level == "reject"} == {kind}


@pytest.mark.parametrize("body", [
    "test('f', () => {\n  expect(formatCurrency(12.5, 'EUR')).toBe('€12.50');\n});\n",
    "test('s', () => {\n  expect(sortBy([{ n: 2 }, { n: 1 }], 'n')).toEqual([{ n: 1 }, { n: 2 }]);"
    "\n});\n",
])
def test_literal_expectations_are_no_tautology(body: str) -> None:
    report = analyse_js_source(MONEY + body, "tests/money.test.js", FORMAT)
    assert {s.kind for s in report.smells if s.level == "reject"} == set()


def test_a_literal_expected_value_is_no_magic_number() -> None:
    def found(body: str) -> set[str]:
        return {s.kind for s in analyse_js_source(MONEY + body, "tests/money.test.js",
                                                  FORMAT).smells}

    assert "magic_numbers" not in found(
        "test('f', () => {\n  expect(sortBy([{ n: 2 }], 'n')[0].n / 3).toBe(0.6666666666666666);"
        "\n});\n")
    assert "magic_numbers" in found(
        "test('f', () => {\n  expect(sortBy([{ n: 86400 }], 'n')).toHaveLength(1);\n});\n")


def test_a_builder_that_refuses_bad_input_is_no_check_but_a_helper_named_as_one_is() -> None:
    builder = ("function makeItems(n) {\n  if (n < 0) { throw new Error('negative'); }\n"
               "  return [{ price: n }];\n}\n")
    assert "no_assertion" in kinds(builder + "test('t', () => { total(makeItems(3)); });\n")
    checker = builder.replace("makeItems", "checkItems")
    assert "no_assertion" not in kinds(checker + "test('t', () => { checkItems(total([])); });\n")


@pytest.mark.parametrize(("expected", "body"), [
    # seven calls of one function on other inputs: seven results, a failure names none
    ({"assertion_roulette"}, "test('t', () => {\n" + "".join(
        f"  expect(discount({n}, 0.1)).toBe({n * 0.9});\n" for n in range(10, 80, 10)) + "});\n"),
    # one result read seven ways is one thing checked
    (set(), "test('t', () => {\n  const got = total([1, 2]);\n" + "".join(
        f"  expect(got).not.toBe({n});\n" for n in range(7)) + "});\n"),
])
def test_one_function_on_many_inputs_in_one_test_is_roulette(expected: set[str],
                                                              body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


DEFER = ("it('t', (done) => {\n  const run = discount.later((v) => {\n"
         "    expect(v).toBe(2);{inside}\n  }, 10);\n  run(2);{after}\n}});\n")


@pytest.mark.parametrize(("expected", "body"), [
    # done() as a statement of the test ends it before the callback it handed over runs
    ({"no_assertion"}, DEFER.replace("{inside}", "").replace("{after}", "\n  done();")
     .replace("}});", "});")),
    (set(), DEFER.replace("{inside}", "\n    done();").replace("{after}", "")
     .replace("}});", "});")),
    # a real timer's callback runs after the test, unless the test advances fake timers
    ({"no_assertion"}, "test('t', () => {\n  const got = total([]);\n"
                       "  setTimeout(() => { expect(got).toBe(0); }, 30);\n});\n"),
    (set(), "jest.useFakeTimers();\ntest('t', () => {\n  const got = total([]);\n"
            "  setTimeout(() => { expect(got).toBe(0); }, 30);\n"
            "  jest.advanceTimersByTime(30);\n});\n"),
])
def test_a_check_that_runs_after_the_test_ended_checks_nothing(expected: set[str],
                                                                body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # objects built by a class's static constructor and thrown away: nothing run
    ({"empty_test"}, "test('t', () => {\n  const a = Money.of(100);\n  const r = [0, 1];\n"
                     "  void a;\n  void r;\n});\n"),
    ({"no_assertion"}, "test('t', () => {\n  const a = Money.fromCents(100);\n"
                       "  const got = total([a]);\n  void got;\n});\n"),
    # a capitalised call that is no constructor runs something: no assertion, not empty
    ({"no_assertion"}, "test('t', () => {\n  const got = Parser.parse('1 + 2');\n"
                       "  void got;\n});\n"),
])
def test_a_test_that_only_builds_and_voids_is_empty(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    ({"empty_test"}, "test('t', () => {\n  const got = total([]);\n"
                     "  // got should be 0 for an empty cart\n});\n"),
    ({"no_assertion"}, "test('t', () => {\n  const got = total([]);\n});\n"),
    (set(), "test('t', () => {\n  expect(total([])).toBe(0);\n  // and nothing is logged\n});\n"),
])
def test_a_check_written_as_a_comment_leaves_the_test_empty(expected: set[str],
                                                            body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("sleeps", "source"), [
    # the file's own helper that waits in real time, awaited by the test
    (True, "const wait = (ms) => new Promise((r) => setTimeout(r, ms));\n"
           "test('t', async () => {\n  await wait(120);\n  expect(total([])).toBe(0);\n});\n"),
    (True, "it('t', (done) => {\n  setTimeout(done, 50);\n  expect(total([])).toBe(0);\n});\n"),
    # a timer nobody waits for holds the test up for no time
    (False, "test('t', () => {\n  expect(total([])).toBe(0);\n"
            "  setTimeout(() => { console.log('late'); }, 50);\n});\n"),
])
def test_a_sleep_is_a_wait_the_test_sits_through(sleeps: bool, source: str) -> None:
    assert ("sleep_in_unit_test" in kinds(source)) is sleeps


NOTIFY_JS = js_subject("src/notify.js", """
export function subjectLine(id, status) { return `Order ${id}: ${status}`; }
export class Notifier {
  constructor(mailer) { this.mailer = mailer; }
  notify(id, status) { const t = subjectLine(id, status); this.mailer.send(t); return t; }
}
""")
NOTIFY_HEAD = "import * as notify from '../src/notify.js';\nimport { Notifier } from '../src/notify.js';\n"


@pytest.mark.parametrize(("expected", "body"), [
    # seven mocks made by one Array.from are seven, all checked only for their calls
    ({"excessive_mocking"}, "test('t', () => {\n"
     "  const [a, b, c, d, e, f, g] = Array.from({ length: 7 }, () => jest.fn());\n"
     "  new Notifier({ send: a }).notify(1, 'x');\n" + "".join(
         f"  expect({m}).toHaveBeenCalled();\n" for m in "abcdefg") + "});\n"),
    # a module function under the class the test exercises is its collaborator...
    (set(), "test('t', () => {\n  jest.spyOn(notify, 'subjectLine').mockReturnValue('T');\n"
            "  const mailer = { send: jest.fn() };\n  new Notifier(mailer).notify(1, 'x');\n"
            "  expect(mailer.send).toHaveBeenCalledWith('T');\n});\n"),
    # ...but given a value and called by the test itself it is what the test checks
    ({"mocks_sut"}, "test('t', () => {\n  jest.spyOn(notify, 'subjectLine').mockReturnValue('T');\n"
                    "  expect(notify.subjectLine(1, 'x')).toBe('T');\n});\n"),
])
def test_mocks_of_a_js_class_under_test(expected: set[str], body: str) -> None:
    report = analyse_js_source(NOTIFY_HEAD + body, "tests/notify.test.js", NOTIFY_JS)
    assert {s.kind for s in report.smells} & set(REJECT_KINDS) == expected


CART_JS = js_subject("src/cart.js", """
export function computeTotal(items) { return items.reduce((s, i) => s + i.price * i.qty, 0); }
export class Cart {
  constructor(items) { this.items = items; }
  total() { return computeTotal(this.items); }
}
""")
CART_HEAD = "import * as cart from '../src/cart.js';\nimport { Cart } from '../src/cart.js';\n"


@pytest.mark.parametrize("body", [
    "test('t', () => {\n  jest.spyOn(cart, 'computeTotal').mockReturnValue(42);\n"
    "  expect(new Cart([]).total()).toBe(42);\n});\n",
    "test('t', () => {\n  const spy = vi.spyOn(cart, 'computeTotal');\n"
    "  spy.mockReturnValue(42);\n  expect(new Cart([]).total()).toEqual(42);\n});\n",
])
def test_a_js_class_method_checked_against_its_patched_helpers_answer_mocks_the_sut(
        body: str) -> None:
    """`Cart.total()` returns `computeTotal(...)`: stubbed to 42 and checked against 42, the
    test checks its own stand-in (it was accepted as a collaborator of the class)."""
    report = analyse_js_source(CART_HEAD + body, "tests/cart.test.js", CART_JS)
    assert "mocks_sut" in {s.kind for s in report.smells}


@pytest.mark.parametrize(("expected", "body"), [
    # the test's only check holds whatever the code does, in every assertion style
    ({"tautology"}, "test('t', () => {\n  total([]);\n  assert.ok(true);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  total([]);\n  assert(1);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  total([]);\n  expect(true).toBeTruthy();\n});\n"),
    ({"tautology"}, "test('t', () => {\n  total([]);\n  expect(true).to.be.true;\n});\n"),
    ({"tautology"}, "test('t', (t) => {\n  total([]);\n  t.pass();\n});\n"),
    ({"tautology"}, "test('t', () => {\n  const got = total([]);\n  expect(got).toBe(got);\n});\n"),
    # beside a real check it marks a point reached; a deliberate failure fails
    (set(), "test('t', () => {\n  expect(total([])).toBe(0);\n  assert.ok(true);\n});\n"),
    (set(), "test('t', () => {\n  try {\n    discount(1, 2);\n    assert.ok(false);\n"
            "  } catch (error) {\n    expect(error.message).toBe('rate above 1');\n  }\n});\n"),
])
def test_a_check_true_by_construction_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a value compared with itself under any relation every value has with itself
    ({"tautology"}, "test('t', () => {\n  const got = total([]);\n"
                    "  expect(got).toBeGreaterThanOrEqual(got);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  const got = total([]);\n  assert.ok(got === got);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  const got = total([]);\n"
                    "  expect(got).to.be.at.most(got);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  const got = { a: total([]) };\n"
                    "  expect(Object.keys(got).length >= Object.keys(got).length).toBe(true);\n"
                    "});\n"),
    # two calls may differ (a clock read twice); two results are two values
    (set(), "test('t', () => {\n  expect(Date.now() <= Date.now()).toBe(true);\n});\n"),
    (set(), "test('t', () => {\n  expect(Math.random() <= Math.random()).toBe(true);\n});\n"),
    (set(), "test('t', () => {\n  const low = total([]);\n  const high = total([{ price: 2 }]);\n"
            "  expect(high).toBeGreaterThanOrEqual(low);\n});\n"),
])
def test_a_value_compared_with_itself_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # checks below a `return` of the test never run
    ({"no_assertion"}, "test('t', () => {\n  const got = total([]);\n  return;\n"
                       "  expect(got).toBe(0);\n});\n"),
    (set(), "test('t', () => {\n  const got = total([]);\n  expect(got).toBe(0);\n  return;\n});\n"),
    # a return inside a callback ends the callback, not the test
    (set(), "test('t', () => {\n  const sum = (xs) => {\n    return total(xs);\n  };\n"
            "  expect(sum([])).toBe(0);\n});\n"),
])
def test_a_check_below_a_return_never_runs(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a length is never negative, and `|| true` holds whatever the code does
    ({"tautology"}, "test('t', () => {\n  const got = [total([])];\n"
                    "  expect(got.length).toBeGreaterThanOrEqual(0);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  assert.ok([total([])].length >= 0);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  expect(total([]) === 0 || true).toBe(true);\n});\n"),
    (set(), "test('t', () => {\n  expect([total([])].length).toBeGreaterThanOrEqual(1);\n});\n"),
    (set(), "test('t', () => {\n  expect(total([]) === 0 || total([]) === -0).toBe(true);\n"
            "});\n"),
])
def test_a_check_that_holds_for_any_value_is_a_tautology(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a property defined over the function under test replaces it, as an assignment does
    ({"mocks_sut"}, "test('t', () => {\n  const prices = require('../src/prices');\n"
                    "  Object.defineProperty(prices, 'total', { value: () => 7 });\n"
                    "  expect(prices.total([])).toBe(7);\n});\n"),
    # a boundary defined over (the clock, storage) is a collaborator
    (set(), "test('t', () => {\n  Object.defineProperty(globalThis, 'localStorage', "
            "{ value: new Map() });\n  expect(total([{ price: 2 }])).toBe(2);\n});\n"),
])
def test_a_property_defined_over_the_code_under_test_replaces_it(expected: set[str],
                                                                  body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


LEXER = js_subject("src/lexer.js", """
class Token {
  constructor(kind, value, pos) { Object.assign(this, { kind, value, pos }); }
}
function tokenize(text) {
  return text.split(' ').map((word) => new Token('NAME', word, text.indexOf(word)));
}
module.exports = { Token, tokenize };
""")


def test_an_instance_of_the_modules_class_built_by_hand_is_a_literal() -> None:
    source = ("const { Token, tokenize } = require('../src/lexer');\n\n"
              "test('t', () => {\n  expect(tokenize('speed')).toEqual([new Token('NAME', 'speed', 0)]);"
              "\n});\n")
    report = analyse_js_source(source, "tests/lexer.test.js", LEXER)
    assert {s.kind for s in report.smells} & set(REJECT_KINDS) == set()


SLUGS = js_subject("src/slugs.js", """
function slugify(title) { return title.toLowerCase().split(' ').join('-'); }
function uniqueSlug(title, taken) {
  const base = slugify(title);
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  return slug;
}
module.exports = { slugify, uniqueSlug };
""")


@pytest.mark.parametrize(("expected", "body"), [
    # the expected value is the step the checked function itself takes, on the same input
    ({"tautology"}, "test('t', () => {\n  const title = 'Hello World';\n"
                    "  expect(uniqueSlug(title, new Set())).toBe(slugify(title));\n});\n"),
    ({"tautology"}, "test('t', () => {\n  const t = 'Hello World';\n"
                    "  assert.equal(uniqueSlug(t, new Set([slugify(t)])), `${slugify(t)}-2`);\n"
                    "});\n"),
    # a worked literal; the same function on its own output; another input
    (set(), "test('t', () => {\n  expect(uniqueSlug('Hello World', new Set(['hello-world'])))"
            ".toBe('hello-world-2');\n});\n"),
    (set(), "test('t', () => {\n  expect(slugify(slugify('A b'))).toBe(slugify('A b'));\n});\n"),
    (set(), "test('t', () => {\n  expect(uniqueSlug('A b', new Set())).toBe(slugify('a B'));\n"
            "});\n"),
])
def test_an_expectation_from_the_checked_functions_own_step_is_a_tautology(
        expected: set[str], body: str) -> None:
    source = "const { slugify, uniqueSlug } = require('../src/slugs');\n\n" + body
    report = analyse_js_source(source, "tests/slugs.test.js", SLUGS)
    assert {s.kind for s in report.smells} & set(REJECT_KINDS) == expected


KELVIN = js_subject("src/temperature.js", """
export const ABSOLUTE_ZERO_C = -273.15;
export function toKelvin(celsius) {
  if (celsius < ABSOLUTE_ZERO_C) throw new RangeError('below absolute zero');
  return Math.round((celsius - ABSOLUTE_ZERO_C) * 100) / 100;
}
""")


@pytest.mark.parametrize(("expected", "body"), [
    # the input with the module's own constant and the function's operator: its formula
    ({"tautology"}, "test('t', () => {\n  const c = 21.5;\n"
                    "  expect(toKelvin(c)).toBe(c - ABSOLUTE_ZERO_C);\n});\n"),
    ({"tautology"}, "test('t', () => {\n  expect(toKelvin(21.5)).toBe(21.5 - ABSOLUTE_ZERO_C);\n"
                    "});\n"),
    # the worked value; the constant as the boundary it is
    (set(), "test('t', () => {\n  expect(toKelvin(21.5)).toBe(294.65);\n});\n"),
    (set(), "test('t', () => {\n  expect(toKelvin(ABSOLUTE_ZERO_C)).toBe(0);\n});\n"),
])
def test_an_expectation_from_the_modules_own_constant_repeats_it(expected: set[str],
                                                                  body: str) -> None:
    source = "import { ABSOLUTE_ZERO_C, toKelvin } from '../src/temperature';\n\n" + body
    report = analyse_js_source(source, "tests/temperature.test.js", KELVIN)
    assert {s.kind for s in report.smells} & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # what follows an unconditional skip, bare return or not-implemented throw never counts
    ({"empty_test"}, "it('t', function () {\n  this.skip();\n  expect(total([])).toBe(0);\n});\n"),
    ({"empty_test"}, "test('t', (t) => {\n  t.skip();\n  expect(total([])).toBe(0);\n});\n"),
    ({"empty_test"}, "test('t', () => {\n  throw new Error('not implemented');\n"
                     "  expect(total([])).toBe(0);\n});\n"),
    # a skip under a condition skips only sometimes: the test checks
    (set(), "it('t', function () {\n  if (!globalThis.Intl) this.skip();\n"
            "  expect(total([])).toBe(0);\n});\n"),
])
def test_checks_below_a_skip_leave_the_test_empty(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected


@pytest.mark.parametrize(("expected", "body"), [
    # a JSON round trip of the result is a deep copy of it: the result compared with itself
    ({"tautology"}, "test('t', () => {\n  const got = { sum: total([]) };\n"
                    "  expect(got).toEqual(JSON.parse(JSON.stringify(got)));\n});\n"),
    (set(), "test('t', () => {\n  const got = { sum: total([]) };\n"
            "  expect(JSON.parse(JSON.stringify(got))).toEqual({ sum: 0 });\n});\n"),
])
def test_a_json_round_trip_of_the_result_is_the_result(expected: set[str], body: str) -> None:
    assert kinds(body) & set(REJECT_KINDS) == expected
