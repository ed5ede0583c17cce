const test = require('node:test');
const assert = require('node:assert/strict');
const { checkout } = require('./r7_checkout');
const { Cart } = require('./r7_cart');

function inMemoryInventory(stock) {
  const reserved = [];
  return {
    reserved,
    reserve(sku, qty) {
      if ((stock[sku] || 0) < qty) return false;
      stock[sku] -= qty;
      reserved.push([sku, qty]);
      return true;
    },
    releaseAll() { reserved.length = 0; },
  };
}

function deps(overrides) {
  const audit = [];
  return {
    pricing: { finalTotal: (cart) => cart.total() },
    inventory: inMemoryInventory({ mug: 5 }),
    logger: { warn() {} },
    audit: { entries: audit, record: (...e) => audit.push(e) },
    ...overrides,
  };
}

test('declined charge releases reservations and sends no receipt', async (t) => {
  const gateway = { charge: t.mock.fn(async () => ({ ok: false, reason: 'card_declined' })) };
  const mailer = { send: t.mock.fn(async () => {}) };
  const d = deps({ gateway, mailer });

  const result = await checkout(new Cart().add('mug', 12, 2), d);

  assert.deepEqual(result, { status: 'declined', reason: 'card_declined' });
  assert.deepEqual(gateway.charge.mock.calls[0].arguments, [28.95]);
  assert.equal(mailer.send.mock.callCount(), 0);
  assert.deepEqual(d.inventory.reserved, []);
});

test('paid checkout mails a receipt', async (t) => {
  const gateway = { charge: t.mock.fn(async () => ({ ok: true, id: 'ch_9' })) };
  const mailer = { send: t.mock.fn(async () => {}) };

  const result = await checkout(new Cart().add('mug', 12, 2), deps({ gateway, mailer }));

  assert.deepEqual(result, { status: 'paid', total: 28.95, chargeId: 'ch_9' });
  assert.deepEqual(mailer.send.mock.calls[0].arguments, ['receipt', { total: 28.95, chargeId: 'ch_9' }]);
});
