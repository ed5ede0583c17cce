import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InsufficientStockError, Inventory } from './r10_inventory';

function boltsWithTwoReserved(): Inventory {
  const inventory = new Inventory();
  inventory.receive('bolt', 10);
  inventory.reserve('bolt', 2);
  return inventory;
}

describe('Inventory.snapshot', () => {
  it('describes the stock level of one sku', () => {
    const level = boltsWithTwoReserved().snapshot('bolt');

    assert.equal(level.sku, 'bolt');
    assert.equal(level.onHand, 10);
    assert.equal(level.reserved, 2);
    assert.equal(level.available, 8);
    assert.deepEqual(Object.keys(level).sort(), ['available', 'onHand', 'reserved', 'sku']);
  });

  it('a failed reservation leaves the level unchanged', () => {
    const inventory = boltsWithTwoReserved();

    assert.throws(() => inventory.reserve('bolt', 9), (error: unknown) => {
      assert.ok(error instanceof InsufficientStockError);
      assert.equal(error.message, 'cannot reserve 9 of bolt: only 8 available');
      return true;
    });
    assert.deepEqual(inventory.snapshot('bolt'), { sku: 'bolt', onHand: 10, reserved: 2, available: 8 });
  });
});
