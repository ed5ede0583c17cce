import { Inventory } from './r10_inventory';

function warehouseWithBolts(): Inventory {
  const inventory = new Inventory();
  inventory.receive('bolt', 10);
  return inventory;
}

describe('Inventory limits', () => {
  it('cannot reserve more than is on hand', () => {
    const inventory = warehouseWithBolts();
    expect(() => inventory.reserve('bolt', 11)).toThrow();
  });

  it('cannot reserve an unknown sku', () => {
    expect(() => warehouseWithBolts().reserve('nut', 1)).toThrow();
  });

  it('reserving everything leaves nothing available', () => {
    const inventory = warehouseWithBolts();
    inventory.reserve('bolt', 10);
    expect(inventory.available('bolt')).toBe(0);
  });
});
