import { expect } from 'chai';
import { InsufficientStockError, Inventory } from './r10_inventory';

describe('Inventory', () => {
  it('rejects a non-integer delivery', () => {
    expect(() => new Inventory().receive('bolt', 2.5)).to.throw(RangeError, 'positive integer');
  });

  it('handles a day of warehouse activity', () => {
    const inventory = new Inventory();
    inventory.receive('bolt', 10);
    inventory.receive('bolt', 5);
    expect(inventory.available('bolt')).to.equal(15);

    expect(inventory.reserve('bolt', 12)).to.equal(3);
    expect(() => inventory.reserve('bolt', 4)).to.throw(InsufficientStockError);

    inventory.release('bolt', 2);
    expect(inventory.available('bolt')).to.equal(5);

    inventory.release('bolt', 100);
    expect(inventory.snapshot('bolt').reserved).to.equal(0);

    expect(() => inventory.available('nut')).to.throw('unknown sku: nut');
    expect(() => inventory.receive('nut', 0)).to.throw(RangeError);
  });
});
