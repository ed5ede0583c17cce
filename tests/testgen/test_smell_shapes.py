"""Gate 5 from the smells' definitions (issue #28 item 6): the shapes a smell takes that no
corpus file was tuned to, in Python and in JavaScript or TypeScript, each beside the clean
look-alike it must not be confused with."""

from __future__ import annotations

import ast

import pytest

from bot.chains.tests import js_tautology, py_tautology
from bot.chains.tests.jsast import parse
from bot.chains.tests.smells import REJECT_KINDS, Subject
from bot.chains.tests.testfiles import analyse, subject_of

PY_SUBJECT = subject_of("shop.py", '''
import requests

RATE = 12


def fetch_rate(code):
    return requests.get(f"https://rates.example/{code}").json()["rate"]


def to_cents(amount):
    return round(amount * 100) / 100


def convert(amount, code):
    return to_cents(amount * fetch_rate(code))


def payment(principal, annual, years):
    months = years * RATE
    monthly = annual / RATE
    value = principal * monthly / (1 - (1 + monthly) ** -months)
    return round(value, 2)


def total(values):
    out = 0
    for value in values:
        out += value
    return out
''')
JS_SUBJECT = subject_of("shop.js", '''
export async function fetchRate(code) {
  const response = await fetch(`https://rates.example/${code}`);
  return (await response.json()).rate;
}
export function toCents(amount) { return Math.round(amount * 100) / 100; }
export function fee(kg, base) {
  const extra = Math.max(0, kg - 2) * 1.25;
  return Math.round((base + extra) * 100) / 100;
}
export function average(values) {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
''')
PY_HEAD = ("import pytest\nfrom unittest.mock import DEFAULT, Mock, patch\n\nimport shop\n"
           "from shop import payment, to_cents, total\n\n\n")
JS_HEAD = "import * as shop from './shop.js';\nimport { average, fee, toCents } from './shop.js';\n\n"


def kinds_in(source: str, path: str, python: Subject, script: Subject) -> set[str]:
    """The reject-level smells of a whole file, against the subject of its language."""
    subject = python if path.endswith(".py") else script
    return {s.kind for s in analyse(source, path, subject).smells if s.kind in REJECT_KINDS}


def rejected(body: str, path: str) -> set[str]:
    python = path.endswith(".py")
    report = analyse((PY_HEAD if python else JS_HEAD) + body, path,
                     PY_SUBJECT if python else JS_SUBJECT)
    return {s.kind for s in report.smells if s.kind in REJECT_KINDS}


SMELLS = [
    # tautology: the subject's own formula, through its locals, a helper, or its operators
    ("tautology", "test_a.py", ("def test_x():\n    r = 0.05 / 12\n    n = 3 * 12\n"
     "    assert payment(1000, 0.05, 3) == round(1000 * r / (1 - (1 + r) ** -n), 2)\n")),
    ("tautology", "test_a.py", ("def reference(p, a, y):\n    m = a / 12\n"
     "    return round(p * m / (1 - (1 + m) ** -(y * 12)), 2)\n\n\n"
     "def test_x():\n    assert payment(900, 0.04, 2) == reference(900, 0.04, 2)\n")),
    ("tautology", "test_a.py", "def test_x(a, b):\n    assert total([a, b]) == a + b\n"),
    ("tautology", "a.test.js", ("function ref(kg, base) {\n"
     "  return Math.round((base + Math.max(0, kg - 2) * 1.25) * 100) / 100;\n}\n"
     "test('t', () => { expect(fee(5, 4.9)).toBe(ref(5, 4.9)); });\n")),
    ("tautology", "a.test.ts", ("test('t', () => {\n  const [a, b] = [1, 2];\n"
     "  expect(average([a, b])).toBe((a + b) / 2);\n});\n")),
    # mocks_sut: the module's own logic replaced, however it is done
    ("mocks_sut", "test_a.py", ("def test_x():\n    to_cents = Mock(return_value=1.5)\n"
     "    assert to_cents(1.499) == 1.5\n")),
    ("mocks_sut", "test_a.py", ("def test_x():\n"
     "    with patch.multiple('shop', to_cents=DEFAULT) as fakes:\n"
     "        fakes['to_cents'].return_value = 2\n        assert shop.to_cents(3) == 2\n")),
    ("mocks_sut", "a.test.js", ("test('t', () => {\n"
     "  jest.doMock('./shop.js', () => ({ toCents: jest.fn(() => 1) }));\n"
     "  expect(require('./shop.js').toCents(3)).toBe(1);\n});\n")),
    ("mocks_sut", "a.test.js", ("test('t', (t) => {\n  t.mock.method(shop, 'toCents', () => 1);\n"
     "  assert.equal(shop.toCents(3), 1);\n});\n")),
    ("mocks_sut", "a.test.ts", ("test('t', () => {\n  const toCents = vi.fn().mockReturnValue(1);\n"
     "  expect(toCents(3)).toBe(1);\n});\n")),
    # no_assertion: nothing that checks, or checks that need never run
    ("no_assertion", "test_a.py", ("def test_x():\n    alert = Mock()\n    total([alert])\n"
     "    alert.called_once_with(1)\n")),
    ("no_assertion", "test_a.py", ("def test_x():\n    seen = []\n    total(seen)\n"
     "    for value in seen:\n        assert value > 0\n")),
    ("no_assertion", "test_a.py", ("def test_x():\n    if total([1]) > 5:\n"
     "        assert total([1]) == 1\n")),
    ("no_assertion", "a.test.ts", "test('t', () => { expect(toCents(1)).toBeDefined; });\n"),
    ("no_assertion", "a.test.js", "it('t', () => { expect(toCents(1)).to.be; });\n"),
    ("no_assertion", "a.test.js", ("test('t', () => {\n"
     "  shop.list().forEach((x) => { expect(x).toBe(1); });\n});\n")),
    ("no_assertion", "test_a.py", ("def check_total(values):\n    return total(values)\n\n\n"
     "def test_x():\n    check_total([1, 2])\n")),
    ("no_assertion", "a.test.js", ("function verifyAverage(v) { return average(v); }\n"
     "test('t', () => { verifyAverage([1]); });\n")),
    # a setup step or a predicate named like one is no check
    ("no_assertion", "test_a.py", ("from util import ensure_ready, should_retry\n\n\n"
     "def test_x():\n    ensure_ready()\n    should_retry(total([1]))\n")),
    # code run and its result never looked at has no assertion; it is not empty
    ("no_assertion", "test_a.py", "def test_x():\n    result = total([1, 2])\n"),
    ("no_assertion", "a.test.ts", "test('t', () => {\n  const avg = average([1, 3]);\n});\n"),
    # empty_test: a bare return, or setup that is never run
    ("empty_test", "test_a.py", "def test_x():\n    # later\n    return\n"),
    ("empty_test", "test_a.py", ("class Clock:\n    pass\n\n\ndef test_x():\n"
     "    clock = Clock()\n    box = shop.Box(clock=clock)\n    key, value = 'a', 1\n")),
    ("empty_test", "a.test.ts", ("test('t', () => {\n  const clock = new Clock();\n"
     "  const [k, v] = ['a', 1];\n  const box = new Box({ clock, k, v });\n});\n")),
    # assertion_roulette: seven message-less checks of two functions, through readers
    ("assertion_roulette", "test_a.py", "def test_x():\n" + "".join(
        f"    assert {check}\n" for check in (
            "total([]) == 0", "len(str(total([1]))) == 1", "to_cents(1.234) == 1.23",
            "total([1, 2]) == 3", "str(to_cents(2)) == '2.0'", "to_cents(0) == 0",
            "total([5]) == 5"))),
    # ...and message-less checks interleaved with the actions they check, on three things
    ("assertion_roulette", "a.test.js", "test('t', () => {\n" + "".join(
        f"  {line}\n" for line in (
            "expect(toCents(1.234)).toBe(1.23);", "const a = average([1, 3]);",
            "expect(a).toBe(2);", "expect(fee(1, 2)).toBe(2);", "expect(average([2])).toBe(2);",
            "expect(toCents(0)).toBe(0);", "expect(fee(3, 1)).toBe(2.25);")) + "});\n"),
    ("assertion_roulette", "test_a.py", "def test_x():\n" + "".join(
        f"    {line}\n" for line in (
            "out = shop.checkout([1])", "assert out.total == 1", "assert out.paid is True",
            "assert to_cents(1.234) == 1.23", "assert total([1, 2]) == 3",
            "assert out.lines == [1]", "assert to_cents(0) == 0"))),
    # excessive_mocking: one stub per name patch.multiple replaces, node:test mocks
    ("excessive_mocking", "test_a.py", "def test_x():\n    with patch.multiple('shop', "
     + ", ".join(f"f{i}=DEFAULT" for i in range(7)) + "):\n        assert total([1]) == 1\n"),
    ("excessive_mocking", "a.test.mjs", "test('t', () => {\n" + "".join(
        f"  const m{i} = mock.fn();\n" for i in range(7)) + "  assert.equal(average([1]), 1);\n});\n"),
]

LOOK_ALIKES = [
    # a literal, a hand derivation from literals, a property
    ("test_a.py", "def test_x():\n    assert payment(200000, 0.06, 30) == 1199.10\n"),
    ("test_a.py", ("def test_x():\n    # 0.1 grown twice\n"
     "    assert total([1.1, 1.1]) == pytest.approx(2.2)\n")),
    ("a.test.ts", ("test('t', () => {\n  const level = 3;\n"
     "  expect(average([level, level])).toBe(level);\n});\n")),
    # the module's network boundary stood in for, its logic real
    ("test_a.py", ("def test_x(monkeypatch):\n"
     "    monkeypatch.setattr(shop, 'fetch_rate', lambda code: 2)\n"
     "    assert shop.convert(1.5, 'EUR') == 3\n")),
    ("a.test.ts", ("vi.mock('./shop.js', async (importOriginal) => ({\n"
     "  ...(await importOriginal<typeof import('./shop.js')>()), fetchRate: vi.fn() }));\n"
     "test('t', () => { expect(toCents(1.005)).toBe(1); });\n")),
    # checks written by hand, on a context, in should style, in a loop over data
    ("test_a.py", ("def test_x():\n    if total([1, 2]) != 3:\n"
     "        raise AssertionError('sum')\n")),
    ("test_a.py", "def test_x():\n    pytest.raises(TypeError, total, None)\n"),
    ("test_a.py", ("def test_x():\n    for given, want in [([1], 1), ([2, 3], 5)]:\n"
     "        assert total(given) == want\n")),
    ("a.test.mjs", "test('t', (t) => { t.is(toCents(1), 1); t.assert.equal(toCents(2), 2); });\n"),
    ("a.test.js", "it('t', () => { (toCents(1) === 1).should.be.true; expect(1).to.exist; });\n"),
    ("a.test.js", "test('t', () => {\n  if (toCents(1) !== 1) throw new Error('cents');\n});\n"),
    ("a.test.ts", ("test('t', () => {\n  for (const [v, want] of [[1, 1], [2, 2]]) "
     "expect(toCents(v)).toBe(want);\n});\n")),
    # checks from assertion libraries, fixtures and helper modules, however they are named
    ("test_a.py", "def test_x():\n    check.equal(total([1, 2]), 3)\n"),
    ("test_a.py", "def test_x():\n    expect(total([1])).to.equal(1)\n"),
    ("test_a.py", "def test_x():\n    total([1]).should.equal(1)\n"),
    ("test_a.py", "def test_x(check):\n    check(total([1]) == 1)\n"),
    ("test_a.py", ("from util import verify_equal\n\n\ndef test_x():\n"
     "    verify_equal(total([1]), 1)\n")),
    ("a.test.js", ("const { ok, strictEqual } = require('node:assert');\n"
     "it('t', () => { ok(toCents(1) === 1); strictEqual(toCents(2), 2); });\n")),
    ("a.test.ts", ("import { verifyCents } from './util';\n"
     "it('t', () => { verifyCents(toCents(1), 1); });\n")),
    # many interaction checks of one action are no roulette; a subTest explains each check
    ("a.test.js", "test('t', () => {\n  const a = jest.fn(); const b = jest.fn();\n"
     "  shop.run(a, b);\n" + "".join(
         f"  expect({m}).toHaveBeenCalledWith({i});\n" for i, m in enumerate("abab" * 2))
     + "  expect(shop.state()).toBe(1);\n});\n"),
    # one action checked field by field, its result and the fakes it used, is no roulette
    ("test_a.py", "def test_x():\n    saved, sent = [], []\n" + "".join(
        f"    {line}\n" for line in (
            "out = shop.checkout([1, 2], saved.append, sent.append)", "assert out.total == 3",
            "assert out.status == 'paid'", "assert out.number == 1", "assert saved == [out]",
            "assert len(sent) == 1", "assert sent[0] == 'paid'"))),
    ("a.test.ts", "test('t', () => {\n  const saved = []; const bus = new Bus();\n" + "".join(
        f"  {line}\n" for line in (
            "const out = shop.checkout([1, 2], saved, bus);", "expect(out.total).toBe(3);",
            "expect(out.status).toBe('paid');", "expect(saved).toHaveLength(1);",
            "expect(saved[0]).toBe(out);", "expect(bus.events).toHaveLength(1);",
            "expect(bus.events[0]).toEqual(['paid', 3]);")) + "});\n"),
    ("test_a.py", ("class T:\n    def test_x(self):\n        for v in [1, 2, 3, 4, 5, 6, 7]:\n"
     "            with self.subTest(v=v):\n"
     "                self.assertEqual(total([v]), v)\n                self.assertTrue(to_cents(v))\n")),
]


@pytest.mark.parametrize(("kind", "path", "body"), SMELLS)
def test_each_shape_of_a_smell_is_found(kind: str, path: str, body: str) -> None:
    assert kind in rejected(body, path)


@pytest.mark.parametrize(("path", "body"), LOOK_ALIKES)
def test_the_look_alikes_are_clean(path: str, body: str) -> None:
    assert rejected(body, path) == set()


def test_an_expected_value_is_never_a_magic_number() -> None:
    python = PY_HEAD + ("def test_x():\n    assert abs(payment(5000, 0.06, 1) - 430.33) < 0.01\n"
                        "    assert total([1]) == {'sum': 1481.4, 'unit': shop.RATE}\n")
    script = JS_HEAD + ("test('t', () => {\n  expect(Math.abs(fee(7, 9.5) - 16.0625))"
                        ".toBeLessThan(0.01);\n  expect(fee(1, 2)).toEqual({ fee: 22.94, "
                        "zone: shop.ZONE });\n});\n")
    for source, path, subject in ((python, "test_a.py", PY_SUBJECT),
                                  (script, "a.test.js", JS_SUBJECT)):
        warnings = {(s.kind, s.detail) for s in analyse(source, path, subject).smells}
        assert not {d for k, d in warnings if k == "magic_numbers"} - {"5000"}, warnings
    inputs = analyse(JS_HEAD + "test('t', () => { expect(fee(2350, 780)).toBe(41.5); });\n",
                     "a.test.js", JS_SUBJECT).smells
    assert [s.detail for s in inputs if s.kind == "magic_numbers"] == ["2350"]


PY_CLASSES = subject_of("shelf.py", '''
class Catalog:
    def __init__(self):
        self.prices = {}

    def price(self, sku):
        return self.prices[sku]


class Basket:
    def __init__(self, catalog):
        self.catalog, self.lines = catalog, []

    def add(self, sku, qty=1):
        self.lines.append((sku, qty))

    def total(self):
        return sum(self.catalog.price(sku) * qty for sku, qty in self.lines)
''')
JS_CLASSES = subject_of("shelf.ts", '''
export class Catalog {
  price(sku: string): number { return this.prices.get(sku); }
}
export class Basket {
  constructor(private catalog: Catalog) {}
  add(sku: string, qty = 1) { this.lines.push([sku, qty]); }
  total(): number { return this.lines.reduce((s, [k, q]) => s + this.catalog.price(k) * q, 0); }
}
''')
CLASS_CASES = [
    # a method of a class the test exercises itself is the code under test...
    ({"mocks_sut"}, "test_a.py", ("from unittest.mock import patch\nfrom shelf import Basket, "
     "Catalog\n\n\ndef test_x():\n    basket = Basket(Catalog())\n"
     "    with patch.object(Basket, 'total', return_value=3):\n        basket.add('pen')\n"
     "        assert basket.total() == 3\n")),
    ({"mocks_sut"}, "a.test.ts", ("import { Basket, Catalog } from './shelf';\n"
     "test('t', () => {\n  jest.spyOn(Basket.prototype, 'total').mockReturnValue(3);\n"
     "  expect(new Basket(new Catalog()).total()).toBe(3);\n});\n")),
    # ...a method of a class only reached through the object under test is a collaborator
    (set(), "test_a.py", ("from unittest.mock import patch\nfrom shelf import Basket, "
     "Catalog\n\n\ndef test_x():\n    catalog = Catalog()\n"
     "    with patch.object(catalog, 'price', return_value=2.5) as price:\n"
     "        basket = Basket(catalog)\n        basket.add('pen', 2)\n"
     "        assert basket.total() == 5\n    price.assert_called_once_with('pen')\n")),
    (set(), "a.test.ts", ("import { Basket, Catalog } from './shelf';\n"
     "test('t', () => {\n  const catalog = new Catalog();\n"
     "  const price = jest.spyOn(catalog, 'price').mockReturnValue(2.5);\n"
     "  const basket = new Basket(catalog);\n  basket.add('PEN', 2);\n"
     "  expect(basket.total()).toBe(5);\n  expect(price).toHaveBeenCalledWith('PEN');\n});\n")),
]


@pytest.mark.parametrize(("kinds", "path", "source"), CLASS_CASES)
def test_a_class_replaced_is_under_test_only_when_the_test_exercises_it(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, PY_CLASSES, JS_CLASSES) == kinds


def test_the_edges_of_a_module_are_collaborators_its_logic_is_not() -> None:
    """Ids, clocks, the environment, files and mail relays are boundaries a test may stand
    in for (never `mocks_sut`); a function computing from its arguments is not one."""
    python = subject_of("tickets.py", """import os, secrets, smtplib, time, uuid

def new_id():
    return uuid.uuid4().hex
def code():
    return secrets.token_hex(3)
def elapsed(t):
    return time.monotonic() - t
def address():
    return os.environ.get('X', 'a@b')
def files(d):
    return os.listdir(d)
def relay(m):
    with smtplib.SMTP('localhost') as s:
        s.send_message(m)
def title(t):
    return t.strip().title()
""")
    assert python.boundaries == {"new_id", "code", "elapsed", "address", "files", "relay"}
    script = subject_of("tickets.js", """
const crypto = require('node:crypto'); const fs = require('node:fs');
function newId() { return crypto.randomBytes(4).toString('hex'); }
function openedAt() { return new Date().toISOString(); }
function address() { return process.env.ADDRESS || 'a@b'; }
function has(d) { return fs.existsSync(d); }
function day(iso) { return new Date(iso).getUTCDay(); }
function title(t) { return t.trim().toUpperCase(); }
""")
    assert script.boundaries == {"newId", "openedAt", "address", "has"}


@pytest.mark.parametrize(("path", "body"), [
    ("a.test.js", ("test('t', () => { expect(fee(1, 2)).toEqual(expect.objectContaining({ "
     "fee: 1481.4 })); });\n")),
    ("a.test.js", "test('t', () => { expect(fee(1, 2)).toEqual(Money.of(1481.45, 'EUR')); });\n"),
    ("a.test.js", "test('t', () => { expect(fee(1, 2)).toBe(Number((1481.4).toFixed(2))); });\n"),
    ("test_a.py", "def test_x():\n    assert total([1]) == [{'a': 1481.45}, dict(b=2500)]\n"),
    ("test_a.py", "def test_x():\n    assert total([1]) == round(1481.4567, 2)\n"),
])
def test_an_expected_value_built_by_a_call_is_no_magic_number(path: str, body: str) -> None:
    python = path.endswith(".py")
    report = analyse((PY_HEAD if python else JS_HEAD) + body, path,
                     PY_SUBJECT if python else JS_SUBJECT)
    assert [s for s in report.smells if s.kind == "magic_numbers"] == []


def test_a_raises_context_is_one_check() -> None:
    source = ("import unittest\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n"
              "        with self.assertRaises(Exception):\n            total(None)\n")
    broad = [s for s in analyse(source, "test_a.py", PY_SUBJECT).smells
             if s.kind == "broad_exception_assert"]
    assert len(broad) == 1


BUCKET_PY = subject_of("bucket.py", "import time\n\n\nclass TokenBucket:\n"
                       "    def allow(self, cost=1):\n        return cost < 2\n\n"
                       "    def now(self):\n        return time.monotonic()\n")
BUCKET_TS = subject_of("bucket.ts", "export class TokenBucket {\n"
                       "  allow(cost = 1) { return cost < 2; }\n"
                       "  now() { return Date.now(); }\n}\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    # a subclass replacing the very method the test calls: the stand-in is checked
    ({"mocks_sut"}, "test_a.py", ("from bucket import TokenBucket\n\n\nclass Stub(TokenBucket):\n"
     "    def allow(self, cost=1):\n        return True\n\n\n"
     "def test_x():\n    bucket = Stub()\n    assert bucket.allow(5) is True\n")),
    ({"mocks_sut"}, "a.test.ts", ("import { TokenBucket } from './bucket';\n"
     "class Stub extends TokenBucket { allow() { return true; } }\n"
     "test('t', () => { const b = new Stub(); expect(b.allow(3)).toBe(true); });\n")),
    # a subclass replacing the clock while the real method is called: a fake, fine
    (set(), "test_a.py", ("from bucket import TokenBucket\n\n\nclass Frozen(TokenBucket):\n"
     "    def now(self):\n        return 0.0\n\n\n"
     "def test_x():\n    assert Frozen().allow(1) is True\n")),
    (set(), "a.test.ts", ("import { TokenBucket } from './bucket';\n"
     "class Frozen extends TokenBucket { now() { return 0; } }\n"
     "test('t', () => { expect(new Frozen().allow(3)).toBe(false); });\n")),
])
def test_a_subclass_that_replaces_the_method_called_mocks_the_subject(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, BUCKET_PY, BUCKET_TS) == kinds


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # five mocks and every check about their wiring: the mocks are all the test checks
    ({"excessive_mocking"}, "test_a.py", "def test_x():\n" + "".join(
        f"    m{i} = Mock()\n" for i in range(5)) + "    shop.run(m0, m1, m2, m3, m4)\n"
     + "".join(f"    m{i}.send.assert_called_once_with({i})\n" for i in range(4))),
    # the same five mocks, the result checked: collaborators stood in for
    (set(), "test_a.py", "def test_x():\n" + "".join(
        f"    m{i} = Mock()\n" for i in range(5)) + "    out = shop.run(m0, m1, m2, m3, m4)\n"
     "    assert out == 3\n    m0.assert_called_once_with(0)\n    m1.assert_not_called()\n"),
    # ...or nearly every check: five of six on their calls
    ({"excessive_mocking"}, "test_a.py", "def test_x():\n" + "".join(
        f"    m{i} = Mock()\n" for i in range(5)) + "    out = shop.run(m0, m1, m2, m3, m4)\n"
     "    assert out == 3\n" + "".join(f"    m{i}.send.assert_called_once_with({i})\n"
                                    for i in range(5))),
    # patched functions handed in by decorators, each checked for its calls
    ({"excessive_mocking"}, "test_a.py", "".join(f"@patch('shop.f{i}')\n" for i in range(5))
     + "def test_x(a, b, c, d, e):\n    shop.run()\n"
     + "".join(f"    {m}.assert_called_once_with(1)\n" for m in "abcd")),
    # mocks a helper of the file builds are the test's mocks
    ({"excessive_mocking"}, "a.test.js", "function makeDeps() {\n  return {" + ", ".join(
        f"d{i}: jest.fn()" for i in range(7)) + " };\n}\n"
     "test('t', () => {\n  const deps = makeDeps();\n  expect(average([1])).toBe(1);\n});\n"),
])
def test_mocks_dominate_by_number_or_by_being_all_that_is_checked(
        kinds: set[str], path: str, body: str) -> None:
    assert rejected(body, path) == kinds


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # checks only in a callback the code under test calls when, and if, it wants
    ({"no_assertion"}, "a.test.ts", ("test('t', () => {\n  const q = new shop.Queue();\n"
     "  q.onDrop = (item) => { expect(item).toBe(1); };\n  q.push(1);\n});\n")),
    ({"no_assertion"}, "a.test.js", ("test('t', () => {\n  const bus = new shop.Bus();\n"
     "  bus.on('x', (v) => { expect(v).toBe(1); });\n  bus.emit('y', 1);\n});\n")),
    ({"no_assertion"}, "test_a.py", ("def test_x():\n    def on_drop(item):\n"
     "        assert item == 1\n    q = shop.Queue(on_drop=on_drop)\n    q.push(1)\n")),
    # ...unless the test waits for it or counts its assertions, or runs it itself
    (set(), "a.test.js", ("test('t', (done) => {\n  const bus = new shop.Bus();\n"
     "  bus.on('x', (v) => { expect(v).toBe(1); done(); });\n  bus.emit('x', 1);\n});\n")),
    (set(), "a.test.ts", ("test('t', () => {\n  expect.assertions(1);\n"
     "  const q = new shop.Queue();\n  q.onDrop = (item) => { expect(item).toBe(1); };\n"
     "  q.push(1);\n});\n")),
    (set(), "test_a.py", ("def test_x():\n    def check(value):\n        assert value > 0\n"
     "    list(map(check, [1, 2]))\n    check(total([1]))\n")),
])
def test_checks_in_a_handed_over_callback_need_never_run(
        kinds: set[str], path: str, body: str) -> None:
    assert rejected(body, path) == kinds


LRU_PY = subject_of("lru.py", "class Lru:\n    def __init__(self):\n        self.hits = 0\n"
                    "        self.misses = 0\n\n    def hit_rate(self):\n"
                    "        total = self.hits + self.misses\n"
                    "        return self.hits / total if total else 0.0\n")
LRU_TS = subject_of("lru.ts", "export class Lru {\n  hits = 0;\n  misses = 0;\n"
                    "  hitRate(): number {\n    const total = this.hits + this.misses;\n"
                    "    return total === 0 ? 0 : this.hits / total;\n  }\n}\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    # the expectation computed from the object's own state with the method's formula
    ({"tautology"}, "test_a.py", ("from lru import Lru\n\n\ndef test_x():\n    cache = Lru()\n"
     "    cache.get('a')\n    assert cache.hit_rate() == cache.hits / (cache.hits + "
     "cache.misses)\n")),
    ({"tautology"}, "a.test.ts", ("import { Lru } from './lru';\ntest('t', () => {\n"
     "  const cache = new Lru();\n  cache.get('a');\n"
     "  const expected = cache.hits / (cache.hits + cache.misses);\n"
     "  expect(cache.hitRate()).toBe(expected);\n});\n")),
    # the state and the result checked apart, each against a known value
    (set(), "test_a.py", ("from lru import Lru\n\n\ndef test_x():\n    cache = Lru()\n"
     "    cache.get('a')\n    assert cache.hit_rate() == 0.5\n    assert cache.hits == 1\n")),
    (set(), "a.test.ts", ("import { Lru } from './lru';\ntest('t', () => {\n"
     "  const cache = new Lru();\n  cache.get('a');\n  expect(cache.hitRate()).toBe(0.5);\n"
     "  expect(cache.hits).toBe(1);\n});\n")),
])
def test_an_expectation_from_the_objects_own_state_repeats_its_formula(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, LRU_PY, LRU_TS) == kinds


INVOICE_PY = subject_of("invoice.py", '''
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


class Invoice:
    def __init__(self, rate, pct):
        self.rate, self.pct, self.lines = rate, pct, []

    def add(self, qty, price):
        self.lines.append((qty, Decimal(price)))

    def subtotal(self):
        return sum((p * q for q, p in self.lines), Decimal("0"))

    def discount(self):
        return (self.subtotal() * self.pct / 100).quantize(CENT, ROUND_HALF_UP)

    def tax(self):
        return ((self.subtotal() - self.discount()) * self.rate).quantize(CENT, ROUND_HALF_UP)

    def total(self):
        return self.subtotal() - self.discount() + self.tax()
''')
INVOICE_HEAD = ("from decimal import ROUND_HALF_UP, Decimal\n\nfrom invoice import Invoice\n\n"
                "CENT = Decimal('0.01')\n\n\n")


@pytest.mark.parametrize(("kinds", "body"), [
    # a helper of the file rebuilding the implementation step by step
    ({"tautology"}, ("def expected_total(lines, rate, pct):\n"
     "    subtotal = sum(Decimal(p) * q for q, p in lines)\n"
     "    discount = (subtotal * pct / 100).quantize(CENT, ROUND_HALF_UP)\n"
     "    tax = ((subtotal - discount) * rate).quantize(CENT, ROUND_HALF_UP)\n"
     "    return subtotal - discount + tax\n\n\n"
     "def test_x():\n    lines = [(2, '1.10'), (5, '0.99')]\n    inv = Invoice(Decimal('0.21'), 15)\n"
     "    for qty, price in lines:\n        inv.add(qty, price)\n"
     "    assert inv.total() == expected_total(lines, Decimal('0.21'), 15)\n")),
    # ...or in the test's own statements feeding the expected name
    ({"tautology"}, ("def test_x():\n    inv = Invoice(Decimal('0.21'), 15)\n"
     "    inv.add(2, '1.10')\n    subtotal = Decimal('2.20')\n"
     "    discount = (subtotal * 15 / 100).quantize(CENT, ROUND_HALF_UP)\n"
     "    tax = ((subtotal - discount) * Decimal('0.21')).quantize(CENT, ROUND_HALF_UP)\n"
     "    expected = subtotal - discount + tax\n    assert inv.total() == expected\n")),
    # values worked out by hand, and steps of the test that do not feed the expectation
    (set(), ("def test_x():\n    inv = Invoice(Decimal('0.21'), 15)\n    inv.add(2, '1.10')\n"
     "    shown = (Decimal('2.20') * 15 / 100).quantize(CENT, ROUND_HALF_UP)\n"
     "    assert str(shown) == '0.33'\n    expected = Decimal('2.26')\n"
     "    assert inv.total() == expected\n")),
])
def test_an_expectation_rebuilt_step_by_step_is_a_tautology(kinds: set[str], body: str) -> None:
    report = analyse(INVOICE_HEAD + body, "test_a.py", INVOICE_PY)
    assert {s.kind for s in report.smells if s.kind in REJECT_KINDS} == kinds


INVOICE_TS = subject_of("invoice.ts", """
export class Invoice {
  lines: [number, number][] = [];
  constructor(private rate: number, private pct: number) {}
  add(qty: number, price: number) { this.lines.push([qty, price]); }
  subtotal(): number { return this.lines.reduce((s, [q, p]) => s + q * p, 0); }
  discount(): number { return Math.round(this.subtotal() * this.pct) / 100; }
  tax(): number { return Math.round((this.subtotal() - this.discount()) * this.rate * 100) / 100; }
  total(): number { return this.subtotal() - this.discount() + this.tax(); }
}
""")
TS_INVOICE_HEAD = "import { Invoice } from './invoice';\n"


@pytest.mark.parametrize(("kinds", "body"), [
    ({"tautology"}, ("function expectedTotal(lines, rate, pct) {\n"
     "  const subtotal = lines.reduce((s, [q, p]) => s + q * p, 0);\n"
     "  const discount = Math.round(subtotal * pct) / 100;\n"
     "  const tax = Math.round((subtotal - discount) * rate * 100) / 100;\n"
     "  return subtotal - discount + tax;\n}\n"
     "test('t', () => {\n  const lines = [[2, 1.1], [5, 0.99]];\n"
     "  const inv = new Invoice(0.21, 15);\n  lines.forEach(([q, p]) => inv.add(q, p));\n"
     "  expect(inv.total()).toBe(expectedTotal(lines, 0.21, 15));\n});\n")),
    ({"tautology"}, ("test('t', () => {\n  const inv = new Invoice(0.21, 15);\n"
     "  inv.add(2, 1.1);\n  const subtotal = 2.2;\n"
     "  const discount = Math.round(subtotal * 15) / 100;\n"
     "  const tax = Math.round((subtotal - discount) * 0.21 * 100) / 100;\n"
     "  const expected = subtotal - discount + tax;\n  expect(inv.total()).toBe(expected);\n"
     "});\n")),
    (set(), ("test('t', () => {\n  const inv = new Invoice(0.21, 15);\n  inv.add(2, 1.1);\n"
     "  const shown = Math.round(2.2 * 15) / 100;\n  expect(shown).toBe(0.33);\n"
     "  const expected = 2.26;\n  expect(inv.total()).toBe(expected);\n});\n")),
])
def test_a_js_expectation_rebuilt_step_by_step_is_a_tautology(kinds: set[str],
                                                               body: str) -> None:
    report = analyse(TS_INVOICE_HEAD + body, "a.test.ts", INVOICE_TS)
    assert {s.kind for s in report.smells if s.kind in REJECT_KINDS} == kinds


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # a failed check swallowed, a check nobody runs, a check nobody waits for
    ({"no_assertion"}, "test_a.py", ("def test_x():\n    try:\n        assert total([1]) == 2\n"
     "    except AssertionError:\n        pass\n")),
    ({"no_assertion"}, "a.test.js", ("test('t', () => {\n  try {\n    expect(toCents(1)).toBe(2);\n"
     "  } catch (e) {\n    // flaky\n  }\n});\n")),
    ({"no_assertion"}, "test_a.py", ("def test_x():\n    def check(value):\n"
     "        assert value == 1\n    total([1])\n")),
    ({"no_assertion"}, "a.test.ts", ("test('t', () => {\n  const check = (v) => expect(v).toBe(1);\n"
     "  toCents(1);\n});\n")),
    ({"no_assertion"}, "a.test.js", ("test('t', () => {\n"
     "  expect(shop.load()).resolves.toBe(1);\n});\n")),
    ({"no_assertion"}, "a.test.js", ("test('t', () => {\n"
     "  shop.load().then((v) => { expect(v).toBe(1); });\n});\n")),
    # ...and the same checks that do run and can fail
    (set(), "test_a.py", ("def test_x():\n    try:\n        total(None)\n    except TypeError:\n"
     "        pass\n    assert total([1]) == 1\n")),
    (set(), "a.test.js", ("test('t', async () => {\n"
     "  await expect(shop.load()).resolves.toBe(1);\n});\n")),
    (set(), "a.test.js", ("test('t', () => {\n"
     "  return shop.load().then((v) => { expect(v).toBe(1); });\n});\n")),
    (set(), "a.test.ts", ("test('t', () => {\n  const check = (v) => expect(v).toBe(1);\n"
     "  check(toCents(1));\n});\n")),
    (set(), "a.test.js", ("test('t', () => {\n  try {\n    toCents(null);\n  } catch (e) {\n"
     "    expect(e.message).toBe('no amount');\n  }\n  expect(toCents(1)).toBe(1);\n});\n")),
])
def test_checks_that_can_never_fail_are_no_assertions(kinds: set[str], path: str,
                                                      body: str) -> None:
    assert rejected(body, path) == kinds


@pytest.mark.parametrize(("path", "body"), [
    # five listener spies, each checked: they are the outcome of the code that calls them
    ("test_a.py", "def test_x():\n" + "".join(f"    h{i} = Mock()\n" for i in range(5))
     + "    shop.emit([h0, h1, h2, h3, h4], 1)\n"
     + "".join(f"    h{i}.assert_called_once_with(1)\n" for i in range(5))),
    ("a.test.ts", "test('t', () => {\n" + "".join(f"  const h{i} = vi.fn();\n" for i in range(5))
     + "  shop.emit([h0, h1, h2, h3, h4], 1);\n"
     + "".join(f"  expect(h{i}).toHaveBeenCalledWith(1);\n" for i in range(5)) + "});\n"),
])
def test_listener_spies_checked_are_not_excessive_mocking(path: str, body: str) -> None:
    assert rejected(body, path) == set()


CART_TS = subject_of("cart.ts", """
const roundCents = (n: number) => Math.round(n);
export class Cart {
  subtotal(): number { return this.lines.reduce((s, l) => s + l, 0); }
  discount(): number { return this.coupon ? 100 : 0; }
  tax(): number { return roundCents((this.subtotal() - this.discount()) * this.rate); }
  total(): number { return this.subtotal() - this.discount() + this.tax(); }
}
""")
CART_PY = subject_of("cart.py", "def round_cents(n):\n    return int(n + 0.5)\n\n\nclass Cart:\n"
                     "    def tax(self):\n        return round_cents((self.subtotal() - "
                     "self.discount()) * self.rate)\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    # a formula written through the module's one-line helper is the formula it computes
    ({"tautology"}, "a.test.ts", ("import { Cart } from './cart';\ntest('t', () => {\n"
     "  const cart = new Cart();\n  const net = cart.subtotal() - cart.discount();\n"
     "  expect(cart.tax()).toBe(Math.round(net * 0.2));\n});\n")),
    ({"tautology"}, "test_a.py", ("from cart import Cart\n\n\ndef test_x():\n    cart = Cart()\n"
     "    assert cart.tax() == int((cart.subtotal() - cart.discount()) * 0.2 + 0.5)\n")),
    (set(), "test_a.py", "from cart import Cart\n\n\ndef test_x():\n    assert Cart().tax() == 240\n"),
    # a method of the object under test replaced by an arrow function
    ({"mocks_sut"}, "a.test.ts", ("import { Cart } from './cart';\ntest('t', () => {\n"
     "  const cart = new Cart();\n  cart.discount = () => 100;\n"
     "  expect(cart.total()).toBe(1399);\n});\n")),
])
def test_helpers_and_arrow_stand_ins_of_the_module(kinds: set[str], path: str,
                                                   source: str) -> None:
    assert kinds_in(source, path, CART_PY, CART_TS) == kinds


WX_PY = subject_of("wx.py", "def to_celsius(data):\n"
                   "    c = round(data['main']['temp'] - 273.15, 1)\n    return {'c': c}\n")
WX_JS = subject_of("wx.js", "export function toCelsius(data) {\n"
                   "  const c = Math.round((data.main.temp - 273.15) * 10) / 10;\n"
                   "  return c;\n}\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    # one computing step of the code applied to the input the test handed it
    ({"tautology"}, "test_a.py", ("from wx import to_celsius\n\n\ndef test_x():\n"
     "    kelvin = 280.0\n    payload = {'main': {'temp': kelvin}}\n"
     "    assert to_celsius(payload)['c'] == round(kelvin - 273.15, 1)\n")),
    ({"tautology"}, "a.test.js", ("import { toCelsius } from './wx.js';\ntest('t', () => {\n"
     "  const kelvin = 280;\n  const payload = { main: { temp: kelvin } };\n"
     "  expect(toCelsius(payload)).toBe(Math.round((kelvin - 273.15) * 10) / 10);\n});\n")),
    # the same step on literals written down by hand, or the value itself
    (set(), "test_a.py", ("from wx import to_celsius\n\n\ndef test_x():\n"
     "    assert to_celsius({'main': {'temp': 280.0}})['c'] == 6.9\n")),
    (set(), "a.test.js", ("import { toCelsius } from './wx.js';\ntest('t', () => {\n"
     "  expect(toCelsius({ main: { temp: 280 } })).toBe(6.9);\n});\n")),
])
def test_a_step_of_the_code_on_the_tests_input_is_a_tautology(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, WX_PY, WX_JS) == kinds


SIGNUP = subject_of("signup.py", "def assert_signup(form):\n    if '@' not in form['email']:\n"
                    "        raise ValueError('email')\n")
SIGNUP_JS = subject_of("signup.js", "function assertSignup(form) {\n"
                       "  if (!form.email.includes('@')) throw new Error('email');\n}\n"
                       "module.exports = { assertSignup };\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    ({"no_assertion"}, "test_a.py", ("from signup import assert_signup\n\n\ndef test_x():\n"
     "    assert_signup({'email': 'a@b.co'})\n")),
    ({"no_assertion"}, "a.test.js", ("const { assertSignup } = require('./signup');\n"
     "test('t', () => { assertSignup({ email: 'a@b.co' }); });\n")),
    (set(), "a.test.js", ("const { assertSignup } = require('./signup');\n"
     "test('t', () => { expect(() => assertSignup({ email: 'a@b.co' })).not.toThrow(); });\n")),
])
def test_a_function_of_the_code_named_like_a_check_is_no_assertion(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, SIGNUP, SIGNUP_JS) == kinds


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # a spy given behaviour replaces the function; a bare spy calls through and records
    ({"mocks_sut"}, "a.test.ts", ("test('t', () => {\n"
     "  vi.spyOn(shop, 'toCents').mockReturnValue(2);\n  expect(shop.toCents(1)).toBe(2);\n});\n")),
    ({"mocks_sut"}, "a.test.ts", ("test('t', () => {\n  const spy = vi.spyOn(shop, 'toCents');\n"
     "  spy.mockImplementation(() => 2);\n  expect(shop.toCents(1)).toBe(2);\n});\n")),
    (set(), "a.test.ts", ("test('t', () => {\n  const spy = vi.spyOn(shop, 'toCents');\n"
     "  expect(shop.toCents(1.234)).toBe(1.23);\n  expect(spy).toHaveBeenCalledTimes(1);\n});\n")),
    (set(), "test_a.py", ("def test_x(mocker):\n    spy = mocker.spy(shop, 'to_cents')\n"
     "    assert shop.to_cents(1.234) == 1.23\n    assert spy.call_count == 1\n")),
])
def test_a_spy_that_calls_through_replaces_nothing(kinds: set[str], path: str,
                                                   body: str) -> None:
    assert rejected(body, path) == kinds


@pytest.mark.parametrize(("path", "body"), [
    ("test_a.py", "def test_x():\n    pytest.skip('todo')\n"),
    ("test_a.py", "def test_x():\n    '''Later.'''\n    raise NotImplementedError\n"),
    ("test_a.py", ("class TestT:\n    def test_x(self):\n        self.skipTest('later')\n")),
    ("a.test.js", "it('x', function () { this.skip(); });\n"),
    ("a.test.js", "test('x', (t) => { t.skip('later'); });\n"),
    ("a.test.ts", "it('x', () => {\n  throw new Error('not implemented');\n});\n"),
])
def test_a_placeholder_is_an_empty_test(path: str, body: str) -> None:
    assert rejected(body, path) == {"empty_test"}


def test_a_skip_of_the_code_under_test_is_no_placeholder() -> None:
    assert rejected("test('x', () => { shop.queue.skip(); });\n", "a.test.js") == \
        {"no_assertion"}


LEDGER_PY = subject_of("cart.py", "class Cart:\n    def __init__(self):\n        self.lines = []\n\n"
                       "    def add(self, qty, price):\n        self.lines.append((qty, price))\n\n"
                       "    def subtotal(self):\n        total = 0\n"
                       "        for qty, price in self.lines:\n            total += qty * price\n"
                       "        return total\n")
LEDGER_JS = subject_of("cart.js", "export class Cart {\n  add(q, p) { this.lines.push([q, p]); }\n"
                       "  subtotal() {\n    let s = 0;\n"
                       "    for (const [q, p] of this.lines) s += q * p;\n    return s;\n  }\n}\n")


@pytest.mark.parametrize(("kinds", "path", "source"), [
    # the checked code's arithmetic folded over the test's own input
    ({"tautology"}, "test_a.py", ("from cart import Cart\n\n\ndef test_x():\n"
     "    lines = [(2, 1.5), (3, 2.0)]\n    cart = Cart()\n    for q, p in lines:\n"
     "        cart.add(q, p)\n    assert cart.subtotal() == sum(q * p for q, p in lines)\n")),
    ({"tautology"}, "a.test.js", ("import { Cart } from './cart.js';\ntest('t', () => {\n"
     "  const lines = [[2, 150], [3, 200]];\n  const cart = new Cart();\n"
     "  lines.forEach(([q, p]) => cart.add(q, p));\n"
     "  const expected = lines.reduce((s, [q, p]) => s + q * p, 0);\n"
     "  expect(cart.subtotal()).toBe(expected);\n});\n")),
    # the value worked out, or arithmetic of literals written down
    (set(), "test_a.py", ("from cart import Cart\n\n\ndef test_x():\n    cart = Cart()\n"
     "    cart.add(2, 1.5)\n    cart.add(3, 2.0)\n    assert cart.subtotal() == 9.0\n")),
    (set(), "a.test.js", ("import { Cart } from './cart.js';\ntest('t', () => {\n"
     "  const cart = new Cart();\n  cart.add(2, 150);\n"
     "  expect(cart.subtotal()).toBe(2 * 150 + 0);\n});\n")),
])
def test_the_checked_codes_arithmetic_on_the_tests_input_is_a_tautology(
        kinds: set[str], path: str, source: str) -> None:
    assert kinds_in(source, path, LEDGER_PY, LEDGER_JS) == kinds



@pytest.mark.parametrize(("python", "script", "operations"), [
    ("round(kg * rate * 100)", "Math.round(kg * rate * 100)", 3),
    ("round(kg * rate)", "Math.round(kg * rate)", 2),
    ("base + cents / 100", "base + cents / 100", 2),
    ("f(a) * b + c", "f(a) * b + c", 3),
])
def test_a_computing_step_counts_the_same_operations_in_either_language(
        python: str, script: str, operations: int) -> None:
    """One definition of "one step of three operations rebuilds the code" (JavaScript
    counted four before): the same step weighs the same in both languages."""
    py_steps = py_tautology.expression_steps(ast.parse(python, mode="eval").body)
    tree, _ = parse(f"x = {script};", "a.js")
    js_steps = js_tautology.expression_steps(tree.root_node)
    py_step = max(py_steps, key=len)
    js_step = max(js_steps, key=len)
    assert py_tautology.step_operations(py_step) == operations
    assert js_tautology.step_operations(js_step) == operations
    rebuilt = operations >= 3
    assert py_tautology.rebuilds({py_step}, py_tautology.step_operations) is rebuilt
    assert py_tautology.rebuilds({js_step}, js_tautology.step_operations) is rebuilt


PAGES_JS = subject_of("pages.js", "export function paginate(items, page, size) {\n"
                                  "  const start = (page - 1) * size;\n"
                                  "  return { start, items: items.slice(start, start + size) };\n}\n")


@pytest.mark.parametrize(("kinds", "expected"), [
    ({"tautology"}, "(page - 1) * size"),  # the subject's own step, on a field of its result
    (set(), "10"),
])
def test_a_field_of_the_result_is_what_the_code_computed(kinds: set[str], expected: str) -> None:
    source = ("import { paginate } from './pages.js';\ntest('t', () => {\n"
              "  const page = 3;\n  const size = 5;\n"
              "  const result = paginate(['a', 'b'], page, size);\n"
              f"  expect(result.start).toBe({expected});\n}});\n")
    assert kinds_in(source, "pages.test.js", PY_SUBJECT, PAGES_JS) == kinds
