import { describe, expect, it } from 'vitest';
import { Inventory, UnknownSkuError } from './r10_inventory';

describe('Inventory', () => {
  it('received stock is available', () => {
    const inventory = new Inventory();
    inventory.receive('nut', 40);
    expect(inventory.available('nut')).toBe(40);
  });

  it('unknown sku is reported by name', () => {
    expect(() => new Inventory().available('gear')).toThrow(new UnknownSkuError('gear'));
  });

  it('reserving a whole order is all-or-nothing', () => {
    const order = [
      { sku: 'bolt', quantity: 4 },
      { sku: 'nut', quantity: 40 },
    ];
    const inventory = new Inventory();
    // waiting on Inventory.reserveAll
  });
});
