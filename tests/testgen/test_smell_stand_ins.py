"""Gate 5 on stand-ins (issue #28 item 6): a test that calls a stand-in itself checks what it
told the stand-in to do (`mocks_sut` when the stand-in imitates the code under test, a
`tautology` when it is a collaborator's stub), a spy that calls through replaces nothing, a
constructor skipped to reach the method under test is setup, and an expectation rebuilt
from the code's steps stays a rebuild when it borrows another function of the module; each
beside the clean look-alike it must not be confused with."""

from __future__ import annotations

import pytest

from bot.chains.tests.smells import REJECT_KINDS
from bot.chains.tests.testfiles import analyse, subject_of

ORDERS_PY = subject_of("orders.py", '''
def line(catalog, sku, qty):
    return round(catalog[sku] * qty, 2)


def price(items, catalog):
    return round(sum(line(catalog, sku, qty) for sku, qty in items), 2)


def shipping(items, catalog):
    return 0 if price(items, catalog) >= 50 else 4.99


def checkout(items, catalog, percent):
    sub = price(items, catalog)
    if percent:
        sub = sub * (1 - percent / 100)
    return round(sub + shipping(items, catalog), 2)


class Inventory:
    def __init__(self, stock):
        self.stock = stock

    def available(self, sku):
        return self.stock.get(sku, 0)


class OrderService:
    def __init__(self, inventory, payments):
        self.inventory = inventory
        self.payments = payments

    def place(self, customer, items, catalog):
        for sku, qty in items:
            if self.inventory.available(sku) < qty:
                raise ValueError(sku)
        total = price(items, catalog)
        return {"charge": self.payments.charge(customer, total), "total": total}
''')
ORDERS_JS = subject_of("orders.js", '''
export function line(it) { return Math.round(it.price * it.qty * 100) / 100; }
export function price(items) {
  return Math.round(items.reduce((s, it) => s + line(it), 0) * 100) / 100;
}
export function shipping(items) { return price(items) >= 50 ? 0 : 4.99; }
export function checkout(items, percent) {
  let sub = price(items);
  if (percent) sub = sub * (1 - percent / 100);
  return Math.round((sub + shipping(items)) * 100) / 100;
}
export function pending(queue) { return queue.done.length; }
export class Queue {
  constructor({ store } = {}) { this.store = store; this.done = []; }
  async drain(jobs) {
    const results = await Promise.all(jobs.map((job) => job()));
    this.done.push(...results);
    if (this.store) await this.store.save(results);
    return this.done.slice();
  }
}
''')
PY_HEAD = ("from unittest import mock\n\nimport orders\n"
           "from orders import Inventory, OrderService, checkout, price, shipping\n\n"
           "CATALOG = {'a': 10.0}\n\n\n")
JS_HEAD = "import { Queue, checkout, pending, price, shipping } from './orders.js';\n\n"


def rejected(body: str, path: str) -> set[str]:
    python = path.endswith(".py")
    report = analyse((PY_HEAD if python else JS_HEAD) + body, path,
                     ORDERS_PY if python else ORDERS_JS)
    return {s.kind for s in report.smells if s.kind in REJECT_KINDS}


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # a spec'd stand-in of the class under test, called by the test itself
    ({"mocks_sut"}, "test_a.py", (
        "def test_x():\n    svc = mock.create_autospec(OrderService, instance=True)\n"
        "    svc.place.return_value = {'charge': 'c1', 'total': 5.0}\n"
        "    assert svc.place('bob', [('a', 1)], CATALOG)['total'] == 5.0\n")),
    ({"mocks_sut"}, "test_a.py", (
        "def test_x():\n    fake = mock.Mock(spec=price, return_value=3.0)\n"
        "    assert fake([('a', 1)], CATALOG) == 3.0\n")),
    # the same kind of stand-in handed to the code under test is a collaborator
    (set(), "test_a.py", (
        "def test_x():\n    stock = mock.create_autospec(Inventory, instance=True)\n"
        "    stock.available.return_value = 3\n    payments = mock.Mock()\n"
        "    payments.charge.return_value = 'c1'\n"
        "    got = OrderService(stock, payments).place('bob', [('a', 2)], CATALOG)\n"
        "    assert got == {'charge': 'c1', 'total': 20.0}\n")),
    # a spy that runs the real function replaces nothing; given a value of its own it does
    (set(), "test_a.py", (
        "def test_x():\n    with mock.patch.object(orders, 'price', wraps=orders.price) as spy:\n"
        "        assert orders.shipping([('a', 1)], CATALOG) == 4.99\n"
        "    spy.assert_called_once_with([('a', 1)], CATALOG)\n")),
    ({"mocks_sut"}, "test_a.py", (
        "def test_x():\n    with mock.patch.object(orders, 'price', wraps=orders.price,\n"
        "                           return_value=60.0):\n"
        "        assert orders.price([('a', 1)], CATALOG) == 60.0\n")),
    ({"mocks_sut"}, "a.test.js", (
        "it('drains', async () => {\n  const q = sinon.createStubInstance(Queue);\n"
        "  q.drain.resolves(['a']);\n  expect(await q.drain([])).to.deep.equal(['a']);\n});\n")),
    (set(), "a.test.js", (
        "it('counts', () => {\n  const q = sinon.createStubInstance(Queue);\n"
        "  q.done = ['a', 'b'];\n  expect(pending(q)).to.equal(2);\n});\n")),
    # a constructor skipped to reach the method under test is setup; building is not
    (set(), "test_a.py", (
        "@mock.patch('orders.OrderService.__init__', return_value=None)\n"
        "def test_x(_init):\n    svc = OrderService(None, None)\n"
        "    svc.inventory = Inventory({'a': 5})\n    svc.payments = mock.Mock()\n"
        "    svc.payments.charge.return_value = 'c1'\n"
        "    assert svc.place('bob', [('a', 1)], CATALOG) == {'charge': 'c1', 'total': 10.0}\n")),
    ({"mocks_sut"}, "test_a.py", (
        "@mock.patch('orders.Inventory.__init__', return_value=None)\n"
        "def test_x(_init):\n    stock = Inventory({'a': 5})\n"
        "    assert not hasattr(stock, 'stock')\n")),
    # a collaborator's stub called by the test itself: its own configuration read back
    ({"tautology"}, "test_a.py", (
        "def test_x():\n    payments = mock.Mock()\n    payments.charge.return_value = 'c1'\n"
        "    OrderService(Inventory({'a': 5}), payments).place('bob', [('a', 1)], CATALOG)\n"
        "    receipt = payments.charge('bob', 10.0)\n    assert receipt == 'c1'\n")),
    (set(), "test_a.py", (
        "def test_x():\n    payments = mock.Mock()\n    payments.charge.return_value = 'c1'\n"
        "    got = OrderService(Inventory({'a': 5}), payments).place('bob', [('a', 1)], CATALOG)\n"
        "    assert got['charge'] == 'c1'\n")),
    ({"tautology"}, "a.test.js", (
        "it('saves', async () => {\n  const store = { save: sinon.stub().resolves('saved') };\n"
        "  await new Queue({ store }).drain([async () => 'a']);\n"
        "  const ack = await store.save(['a']);\n  expect(ack).to.equal('saved');\n});\n")),
    ({"tautology"}, "a.test.ts", (
        "test('saves', async () => {\n  const save = vi.fn().mockResolvedValue('saved');\n"
        "  await new Queue({ store: { save } }).drain([async () => 'a']);\n"
        "  expect(await save(['a'])).toBe('saved');\n});\n")),
    (set(), "a.test.js", (
        "it('saves', async () => {\n  const store = { save: sinon.stub().resolves('saved') };\n"
        "  const done = await new Queue({ store }).drain([async () => 'a']);\n"
        "  expect(done).to.deep.equal(['a']);\n  sinon.assert.calledWith(store.save, ['a']);\n"
        "});\n")),
    # an expectation rebuilt in the code's steps, borrowing another function of the module
    ({"tautology"}, "test_a.py", (
        "def test_x():\n    items = [('a', 2)]\n    pct = 10\n"
        "    sub = sum(CATALOG[s] * q for s, q in items) * (1 - pct / 100)\n"
        "    assert checkout(items, CATALOG, pct) == round(sub + shipping(items, CATALOG), 2)\n")),
    ({"tautology"}, "a.test.js", (
        "test('t', () => {\n  const items = [{ price: 8.5, qty: 2 }];\n  const coupon = 10;\n"
        "  const expected = Math.round((items.reduce((s, it) => s + it.price * it.qty, 0) *\n"
        "    (1 - coupon / 100) + shipping(items)) * 100) / 100;\n"
        "  expect(checkout(items, coupon)).toBe(expected);\n});\n")),
    # checkout expected to equal price(items), the step checkout itself takes on the same
    # items: derived from the code's own logic (a wrong price() passes unseen)
    ({"tautology"}, "test_a.py", (
        "def test_x():\n    items = [('a', 6)]\n"
        "    assert checkout(items, CATALOG, 0) == price(items, CATALOG)\n")),
    ({"tautology"}, "a.test.js", (
        "test('t', () => {\n  const items = [{ price: 30, qty: 2 }];\n"
        "  expect(checkout(items, 0)).toBe(price(items));\n});\n")),
    # the worked value is no rebuild
    (set(), "test_a.py", (
        "def test_x():\n    assert checkout([('a', 2)], CATALOG, 10) == 22.99\n")),
    (set(), "a.test.js", (
        "test('t', () => {\n  expect(checkout([{ price: 8.5, qty: 2 }], 10)).toBe(20.29);\n"
        "});\n")),
])
def test_stand_ins_and_their_look_alikes(kinds: set[str], path: str, body: str) -> None:
    assert rejected(body, path) == kinds


def test_a_stand_in_called_twice_is_named_by_the_first_call_in_source_order() -> None:
    """One walk, jsast's, in source order: the finding names the call a reader meets first."""
    from bot.chains.tests.js_stand_ins import called_stand_in
    from bot.chains.tests.jsast import parse

    tree, _ = parse("it('drains', async () => {\n  const q = sinon.createStubInstance(Queue);\n"
                    "  expect(await q.drain([])).to.deep.equal([]);\n"
                    "  expect(q.size()).to.equal(0);\n});\n", "a.test.js")
    body = tree.root_node
    assert called_stand_in([body], body, {"Queue"}, {"drain", "size"}) == "Queue.drain"


@pytest.mark.parametrize(("declared", "configured"), [
    ("sinon.stub().resolvesArg(0)", True),  # a behaviour only the stand-ins' list knew
    ("sinon.stub().withArgs('a').returns(2)", True),  # through a selector to the stub
    ("sinon.stub().withArgs('a')", False),  # a selector alone gives no behaviour
    ("sinon.stub().onFirstCall()", False),
])
def test_one_list_says_what_gives_a_stub_behaviour(declared: str, configured: bool) -> None:
    from bot.chains.tests.js_stand_ins import configured_stubs
    from bot.chains.tests.jsast import parse

    tree, _ = parse(f"it('t', () => {{\n  const save = {declared};\n}});\n", "a.test.js")
    assert (configured_stubs([tree.root_node]) == {"save"}) is configured


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # the stub's configuration, or its own record of what it returned, read back
    ({"tautology"}, "test_a.py", (
        "def test_x():\n    payments = mock.Mock()\n    payments.charge.return_value = 'c1'\n"
        "    orders.OrderService(orders.Inventory({'a': 1}), payments).place("
        "'bob', [('a', 1)], CATALOG)\n    assert payments.charge.return_value == 'c1'\n")),
    ({"tautology"}, "a.test.js", (
        "test('t', () => {\n  const charge = vi.fn().mockReturnValue('c1');\n"
        "  checkout([{ price: 2, qty: 1 }], 0, charge);\n"
        "  expect(charge.mock.results[0].value).toBe('c1');\n});\n")),
    # a spy that calls through records what the real code returned; the calls are inputs
    (set(), "a.test.js", (
        "test('t', () => {\n  const spy = vi.spyOn(Math, 'round');\n"
        "  expect(checkout([{ price: 2, qty: 1 }], 0)).toBe(6.99);\n"
        "  expect(spy.mock.results[0].value).toBe(200);\n});\n")),
    (set(), "test_a.py", (
        "def test_x():\n    payments = mock.Mock()\n    payments.charge.return_value = 'c1'\n"
        "    got = orders.OrderService(orders.Inventory({'a': 1}), payments).place("
        "'bob', [('a', 1)], CATALOG)\n    assert got['receipt'] == 'c1'\n"
        "    payments.charge.assert_called_once_with('bob', 5.0)\n")),
])
def test_a_stubs_own_configuration_read_back_is_a_tautology(kinds: set[str], path: str,
                                                             body: str) -> None:
    assert rejected(body, path) == kinds


@pytest.mark.parametrize(("kinds", "path", "body"), [
    # a mock the test makes, calls itself and checks was called: true by construction
    ({"tautology"}, "test_a.py", (
        "def test_x():\n    notify = mock.Mock()\n    checkout([('a', 1)], CATALOG, 0)\n"
        "    notify('done')\n    notify.assert_called_once_with('done')\n")),
    ({"tautology"}, "a.test.js", (
        "test('t', () => {\n  const onDone = vi.fn();\n  checkout([{ price: 2, qty: 1 }], 0);\n"
        "  onDone('done');\n  expect(onDone).toHaveBeenCalledWith('done');\n});\n")),
    # handed to the code, the mock's calls are the code's
    (set(), "test_a.py", (
        "def test_x():\n    payments = mock.Mock()\n    payments.charge.return_value = 'c1'\n"
        "    got = orders.OrderService(orders.Inventory({'a': 1}), payments).place("
        "'bob', [('a', 1)], CATALOG)\n    assert got['receipt'] == 'c1'\n"
        "    payments.charge.assert_called_once_with('bob', 5.0)\n")),
    (set(), "a.test.js", (
        "test('t', () => {\n  const onDone = vi.fn();\n  const queue = new Queue(onDone);\n"
        "  queue.drain();\n  onDone.mockClear();\n  queue.drain();\n"
        "  expect(onDone).toHaveBeenCalledTimes(1);\n});\n")),
])
def test_a_mock_only_the_test_calls_checked_as_called_is_a_tautology(
        kinds: set[str], path: str, body: str) -> None:
    assert rejected(body, path) == kinds
